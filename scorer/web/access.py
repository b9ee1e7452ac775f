"""The access code of ``scorer serve`` and the names the server answers to.

The code is kept in the user's data folder (platformdirs), so a restart mid-evening does not
send every phone back to the QR code; ``scorer serve --new-code`` makes a new one (every
phone must then scan again). Codes are short enough to type from the host's screen: three
groups of four letters and digits without look-alikes (0/o, 1/l/i), about 60 bits.
"""

from __future__ import annotations

import os
import secrets

CODE_FILE = "web-access-code"
# No 0/o, 1/l/i, so a code read off a screen is typed right.
ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
GROUPS, GROUP_LEN = 3, 4
LOCAL_NAMES = ("localhost", "127.0.0.1", "::1")


class AccessCodeError(ValueError):
    """The stored access code cannot be read or written (the message names no secret)."""


def data_dir() -> str:
    from platformdirs import user_data_dir

    return user_data_dir("scorer", appauthor=False)


def new_code() -> str:
    return "-".join(
        "".join(secrets.choice(ALPHABET) for _ in range(GROUP_LEN)) for _ in range(GROUPS)
    )


def normalize(typed: str) -> str:
    """A code as typed (any case, spaces or dashes anywhere) in its stored spelling."""
    letters = "".join(c for c in typed.lower() if c.isalnum())
    if len(letters) != GROUPS * GROUP_LEN:
        return letters
    return "-".join(letters[i:i + GROUP_LEN] for i in range(0, len(letters), GROUP_LEN))


def is_code(text: str) -> bool:
    parts = text.split("-")
    return len(parts) == GROUPS and all(
        len(p) == GROUP_LEN and all(c in ALPHABET for c in p) for p in parts
    )


def load_code(*, renew: bool = False, folder: str | None = None) -> str:
    """The stored access code, made (and stored, readable by this user only) when there is
    none, when it is not a code, or when ``renew``."""
    folder = folder or data_dir()
    path = os.path.join(folder, CODE_FILE)
    if not renew:
        try:
            with open(path, encoding="ascii") as fh:
                code = fh.read().strip()
        except FileNotFoundError:
            code = ""
        except (OSError, UnicodeDecodeError) as err:
            raise AccessCodeError(f"cannot read the access code in {folder} ({err})") from None
        if is_code(code):
            return code
    code = new_code()
    try:
        os.makedirs(folder, exist_ok=True)
        fd = os.open(path + ".new", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as fh:
            fh.write(code + "\n")
        os.replace(path + ".new", path)
    except OSError as err:
        raise AccessCodeError(f"cannot store the access code in {folder} "
                              f"({err.strerror})") from None
    return code


def host_names(host: str, lan: str | None) -> list[str]:
    """The names a request's ``Host`` may carry: what the server prints, and localhost.

    ``host`` is the address listened on; ``lan`` this machine's address on the network
    when it listens on every interface (``0.0.0.0``/``::``).
    """
    import socket

    names = list(LOCAL_NAMES)
    wide = host in ("0.0.0.0", "::", "")
    for name in ([lan] if wide and lan else []) + ([] if wide else [host]):
        if name and name.lower() not in names:
            names.append(name.lower())
    if wide:
        me = socket.gethostname().lower()
        for name in (me, f"{me}.local"):
            if me and me != "localhost" and name not in names:
                names.append(name)
    return names


def host_of(header: str) -> str:
    """A ``Host`` header's name without its port: ``[::1]:8000`` -> ``::1``."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:].partition("]")[0]
    if header.count(":") == 1:
        return header.partition(":")[0]
    return header

"""`scorer serve`: the table's web page, for the players' phones (the ``web`` extra)."""

from __future__ import annotations

import socket
from typing import Annotated

import typer

from scorer.cli.bilingual import option, spanish_doc
from scorer.cli.choices import Lang, declared
from scorer.cli.output import describe, fail
from scorer.options import DB, LANG


def lan_address() -> str:
    """This machine's address on the local network (the one a phone on the Wi-Fi reaches).

    Connecting a UDP socket sends nothing; it only makes the OS pick the outgoing interface.
    """
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def port_problem(host: str, port: int, lang: str) -> str | None:
    """Why the server could not listen on ``host:port`` (taken, not allowed, not an address
    of this machine), asked before anything is printed; None when it can. Binding with
    SO_REUSEADDR as uvicorn does, so a port in TIME_WAIT reads as free, as it is for it."""
    import errno

    from scorer.i18n import t

    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
        with socket.socket(family, kind, proto) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind(address)
    except socket.gaierror:
        return t("serve.no-address", lang, host=host)
    except OSError as err:
        key = {errno.EADDRINUSE: "serve.port-taken", errno.EACCES: "serve.port-refused",
               errno.EADDRNOTAVAIL: "serve.no-address"}.get(err.errno or 0, "serve.port-other")
        return t(key, lang, host=host, port=port, reason=err.strerror or err)
    return None


def qr_text(url: str) -> str:
    """The URL as a QR code drawn with text blocks, for the terminal."""
    import io

    import qrcode

    qr = qrcode.QRCode(border=2)
    qr.add_data(url)
    qr.make(fit=True)
    out = io.StringIO()
    qr.print_ascii(out=out, invert=True)
    return out.getvalue()


@spanish_doc("""Sirve la página web de la mesa: los teléfonos fotografían montones y ven las
    puntuaciones y el libro.

    Cada petición necesita el código de acceso, que va en la dirección y en el código QR que
    se escriben; el código se guarda en la carpeta de datos del usuario, así que los
    teléfonos siguen dentro aunque se reinicie.

    Ejemplo: `scorer serve --host 0.0.0.0` y escanea el código QR que escribe.
    """)
def serve(
    host: Annotated[
        str,
        option("--host", help="Address to listen on. 127.0.0.1: this machine only; "
               "0.0.0.0: the local network (the phones at the table).",
               help_es="La dirección en la que escuchar. 127.0.0.1: solo esta máquina; "
               "0.0.0.0: la red local (los teléfonos de la mesa)."),
    ] = "127.0.0.1",
    port: Annotated[int, option("--port", help="TCP port.", help_es="El puerto TCP.",
                                min=1, max=65535)] = 8000,
    db: Annotated[
        str | None,
        declared(DB, "The ledger database (default: SCORER_DB, else the user data folder).",
                 "El fichero del libro (por defecto: SCORER_DB, si no, en la carpeta de datos "
                 "del usuario)."),
    ] = None,
    lang: Annotated[
        Lang | None,
        declared(LANG, "Language for browsers that ask for neither English nor Spanish.",
                 "El idioma para los navegadores que no piden ni inglés ni español."),
    ] = None,
    new_code: Annotated[
        bool,
        option("--new-code", help="Make a new access code (every phone must scan the "
               "new QR code); otherwise the one kept in the user data folder.",
               help_es="Crea un código de acceso nuevo (cada teléfono debe escanear el nuevo "
               "código QR); si no, se usa el guardado en la carpeta de datos del usuario."),
    ] = False,
) -> None:
    """Serve the table's web page: phones photograph piles, see scores and the ledger.

    Every request needs the access code, which the printed address and QR code carry; the
    code is kept in the user data folder, so phones stay in across restarts.

    Example: `scorer serve --host 0.0.0.0` and scan the QR code it prints.
    """
    from scorer.cli.run import resolve_lang
    from scorer.i18n import t

    language = resolve_lang(lang.value if lang else None)
    try:
        import uvicorn

        from scorer.web.app import create_app
    except ImportError as err:
        fail(t("serve.needs-web", language, name=err.name))
    from scorer.vision.models import ModelError
    from scorer.web.access import AccessCodeError, host_names, load_code

    taken = port_problem(host, port, language)
    if taken is not None:  # before the code and QR code: nothing printed would answer
        fail(f"scorer serve: {taken}")
    wide = host in ("0.0.0.0", "::")
    lan = lan_address() if wide else None
    names = host_names(host, lan)
    try:
        code = load_code(renew=new_code)
        app = create_app(db, code, language, hosts=names)
    except (ModelError, AccessCodeError, ValueError) as err:
        fail(f"scorer serve: {describe(err, language)}")
    shown = lan if wide and lan else host
    url = f"http://{_url_host(shown)}:{port}/?code={code}"

    typer.echo(t("serve.open", language, url=url))
    typer.echo(qr_text(url))
    typer.echo(t("serve.code-new" if new_code else "serve.code-kept", language, code=code))
    typer.echo(t("serve.answers", language, names=", ".join(_url_host(n) for n in names),
                 port=port))
    uvicorn.run(app, host=host, port=port, log_level="warning")


def _url_host(name: str) -> str:
    return f"[{name}]" if ":" in name else name

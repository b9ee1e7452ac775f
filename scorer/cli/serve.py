"""`scorer serve`: the table's web page, for the players' phones (the ``web`` extra)."""

from __future__ import annotations

import secrets
import socket
from typing import Annotated

import typer

from scorer.cli.choices import Lang
from scorer.cli.output import fail

LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")


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


def serve(
    host: Annotated[
        str,
        typer.Option("--host", help="Address to listen on. 127.0.0.1: this machine only; "
                     "0.0.0.0: the local network, with an access code in the URL."),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="TCP port.", min=1, max=65535)] = 8000,
    db: Annotated[
        str | None, typer.Option("--db", help="The ledger database (default: SCORER_DB, else "
                                 "the user data folder).")
    ] = None,
    lang: Annotated[
        Lang | None,
        typer.Option("--lang", help="Language for browsers that ask for neither English nor "
                     "Spanish."),
    ] = None,
) -> None:
    """Serve the table's web page: phones photograph piles, see scores and the ledger.

    Example: `scorer serve --host 0.0.0.0` and scan the QR code it prints.
    """
    try:
        import uvicorn

        from scorer.web.app import create_app
    except ImportError as err:
        fail(f"scorer serve needs the web extra: pip install 'scorer[web]' ({err.name} missing)")
    from scorer.cli.run import resolve_lang
    from scorer.vision.models import ModelError

    shared = host not in LOCAL_HOSTS
    token = secrets.token_urlsafe(9) if shared else None
    try:
        app = create_app(db, token, resolve_lang(lang.value if lang else None))
    except (ModelError, ValueError) as err:
        fail(f"scorer serve: {err}")
    shown = lan_address() if host in ("0.0.0.0", "::") else host
    url = f"http://{shown}:{port}/" + (f"?token={token}" if token else "")
    typer.echo(f"scorer serve: open {url}")
    if token:
        typer.echo(qr_text(url))
        typer.echo("Anyone on this network with the URL (or the QR code) can use the page; "
                   "other requests get 403.")
    uvicorn.run(app, host=host, port=port, log_level="warning")

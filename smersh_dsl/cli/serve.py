"""`smersh serve`: the web app (smersh_dsl/serve)."""

from __future__ import annotations

import ipaddress
import webbrowser
from pathlib import Path

import click

from smersh_dsl.cli.app import cli, project_paths


def loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


@cli.command("serve")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--port", type=click.IntRange(0, 65535), default=8019, show_default=True,
              help="The port (0: any free one).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on. Anything but loopback lets others on the "
                   "network read the book and play: give it only on purpose.")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a browser.")
@click.option("--token", envvar="SMERSH_SERVE_TOKEN", metavar="TOKEN",
              help="The token every request must hold (default: a new random one each "
                   "time, in the address printed); also $SMERSH_SERVE_TOKEN.")
def serve_command(paths: tuple[Path, ...], port: int, host: str, open_browser: bool,
                  token: str | None) -> None:
    """Read, check and play the book in a browser, live.

    The encounter and showdown books as they print, every goto and key a link;
    the checker's findings; each showdown's flow graph with its defects marked;
    the odds; each entry as honest spies meet it in whole games (read, passed,
    health and Lobo it costs); and a showdown or an encounter to play. Saving a
    .smersh file updates every open page. See docs/serve.md.

    \b
    Examples:
      smersh serve                       the project around this folder
      smersh serve books/epic --open
      smersh serve books/ --port 8080
    """
    import socket

    import uvicorn

    from smersh_dsl.serve.app import make_app
    from smersh_dsl.serve.guard import new_token, valid_token

    served = project_paths(paths)
    if token is not None and not valid_token(token):
        raise click.BadParameter("letters, digits and - _ . ~ only, at most 200",
                                 param_hint="--token")
    token = token or new_token()
    if not loopback(host):
        click.echo(f"smersh serve: listening on {host}: anyone who can reach it can read "
                   "and play the book", err=True)
    listener = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    try:
        listener.bind((host.strip("[]"), port))
        listener.listen(128)            # the address printed below accepts connections at once
    except OSError as error:
        raise click.UsageError(f"cannot listen on {host}:{port}: {error.strerror or error}") from None
    bound = listener.getsockname()[1]
    url = f"http://{'[' + host.strip('[]') + ']' if ':' in host else host}:{bound}/?token={token}"
    click.echo(f"smersh serve: {url} (Ctrl-C stops)", err=True)
    if open_browser:
        webbrowser.open(url)
    # On loopback only requests naming a loopback host are answered (no DNS rebinding);
    # a writer who opens the server to the network names it by any of the machine's names.
    app = make_app(served, token, hosts=[host] if loopback(host) else ["*"])
    config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=1)
    server = uvicorn.Server(config)
    server.run(sockets=[listener])

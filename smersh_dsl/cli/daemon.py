"""`smersh daemon`: look after the background checker that `smersh check --daemon` uses."""

from __future__ import annotations

import click

from smersh_dsl.cli.app import EXIT_FINDINGS, cli


@cli.group("daemon")
def daemon_group() -> None:
    """The background checker behind `smersh check --daemon`.

    `smersh check --daemon` hands the check to a daemon of this smersh, starting one
    when none runs. The daemon keeps every parsed file in memory, so a re-check after
    an edit skips Python's start-up and reading the whole project back: on a
    10,000-entry project it answers in a fraction of a second. It re-reads a file
    only when its size or times change, runs one check at a time (a check that would
    wait long for another runs in its own process instead), serves `check` and
    nothing else, and exits after 15 idle minutes. One daemon serves one user, one
    installed smersh and one cache folder; its socket lives in a folder only that
    user may enter.

    \b
    Examples:
      smersh check --daemon books/     check (starting the daemon if need be)
      smersh daemon status             is one running?
      smersh daemon stop               stop it now
    """


def _socket():
    from smersh_dsl.daemon.address import Unsafe, socket_path
    try:
        return socket_path()
    except (OSError, Unsafe) as error:
        raise click.ClickException(f"no place for the daemon's socket: {error}") from None


@daemon_group.command("start")
def start_command() -> None:
    """Start the daemon now (`check --daemon` starts it when needed)."""
    from smersh_dsl.daemon.client import running, start
    path = _socket()
    pid = running(path)
    if pid is not None:
        click.echo(f"the daemon is already running (process {pid})")
        return
    try:
        start(path)
    except (OSError, TimeoutError) as error:
        raise click.ClickException(str(error)) from None
    click.echo(f"the daemon is running, at {path}")


@daemon_group.command("status")
def status_command() -> None:
    """Say whether a daemon for this smersh is running (exit 1 when none is)."""
    from smersh_dsl.daemon.client import ping
    path = _socket()
    reply = ping(path)
    if reply is None:
        click.echo("no daemon is running")
        raise SystemExit(EXIT_FINDINGS)
    busy = f"; busy with a check for {reply['busy']:g} s" if reply.get("busy") is not None else ""
    click.echo(f"the daemon is running (process {reply['pong']}), at {path}{busy}")


@daemon_group.command("stop")
def stop_command() -> None:
    """Stop the daemon (nothing to do when none runs)."""
    from smersh_dsl.daemon.client import request
    path = _socket()
    try:
        reply = request({"stop": True}, path, timeout=30)
    except (OSError, ValueError):
        click.echo("no daemon is running")
        return
    click.echo(f"stopped the daemon (process {reply.get('stopped')})")

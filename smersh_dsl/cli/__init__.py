"""The `smersh` command: one click group, one module per family of commands.

`main` looks at its arguments before importing any of them: `smersh check --daemon` is
handed to the daemon (smersh_dsl/daemon) by a client that loads almost nothing."""

from __future__ import annotations

import sys


def commands():
    """The click group with every command registered."""
    from smersh_dsl.cli import (build, check, daemon, epic, play_campaign,  # noqa: F401
                                play_epic, play_smush, schema, serve, simulate,
                                simulate_campaign, stats, writer)  # (registration)
    from smersh_dsl.cli.app import cli
    return cli


def main() -> None:
    from smersh_dsl.daemon.client import forward
    code = forward(sys.argv[1:])
    if code is not None:
        sys.exit(code)
    commands()
    from smersh_dsl.cli.app import main as run_main
    run_main()


def __getattr__(name: str):
    if name == "cli":
        return commands()
    raise AttributeError(name)


__all__ = ["cli", "commands", "main"]

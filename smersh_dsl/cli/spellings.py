"""Old spellings of commands and options, kept for one release: each still works, and
says in one line on stderr what replaced it."""

from __future__ import annotations

import shlex

import click


def renamed(old: list[str], new: list[str]) -> None:
    """Say that the command line ``old`` is now spelt ``new`` (both without `smersh`)."""
    click.echo(f"smersh: `{shlex.join(['smersh', *old])}` is now "
               f"`{shlex.join(['smersh', *new])}`; the old spelling goes in the next release",
               err=True)


def renamed_option(old: str, new: str | None):  # noqa: ANN201 - a click callback
    """A click callback for a hidden option kept under its old spelling ``old``: when it is
    given, say that it is now ``new`` (None: no longer needed), and pass its value on."""
    def said(ctx: click.Context, _param: click.Parameter, value):  # noqa: ANN001, ANN202
        if value not in (None, False, ()):
            command = ctx.command_path.split()[1:]
            shown = [] if value is True else [str(value)]
            renamed([*command, old, *shown], [*command, *([new, *shown] if new else [])])
        return value
    return said

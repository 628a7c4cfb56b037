"""`smersh play`: a group of one command per game, as `smersh simulate` is. Its commands
live in play_epic.py, play_smush.py and play_campaign.py; the old spellings, with a path
first, are rewritten by play_aliases.py."""

from __future__ import annotations

import click

from smersh_dsl.cli.app import cli
from smersh_dsl.cli.play_aliases import new_spelling
from smersh_dsl.cli.spellings import renamed


class PlayGroup(click.Group):
    """`smersh play GAME ...`. A first argument that names no game (`smersh play
    books/epic --game`, `smersh play --log FILE`) is the old spelling: it is rewritten
    into the new one, which is said on stderr, and run."""

    def resolve_command(self, ctx: click.Context, args: list[str]):  # noqa: ANN201
        if args and args[0] not in self.commands and not ctx.resilient_parsing:
            old, args = args, new_spelling(args)
            renamed(["play", *old], ["play", *args])
        return super().resolve_command(ctx, args)


@cli.group("play", cls=PlayGroup, context_settings={"ignore_unknown_options": True})
def play_group() -> None:
    """Play a game in the terminal: people at the keyboard, or bots (--auto).

    \b
    Games:
      smersh play epic       Agents of SMERSH: a whole game, or one encounter
                             (--encounter, --at) or showdown (--showdown)
      smersh play smush      Agents of S.M.U.S.H.: the card game for two
      smersh play campaign   Agents of S.H.I.E.L.D.: the campaign's next
                             scenario, its log kept in a file (--log)

    Each plays BOOK: a built document (build/<id>/<id>.json), a project, or a
    bundled book by name; none: the project around the working folder, else
    the bundled book of that game. `smersh play GAME --help` says more.
    """

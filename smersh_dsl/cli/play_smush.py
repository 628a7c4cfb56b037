"""`smersh play smush`: the card game Agents of S.M.U.S.H. at the terminal."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import click

from smersh_dsl.cli.app import EXIT_USAGE
from smersh_dsl.cli.games import SMUSH_POLICIES, cardgame_rules
from smersh_dsl.cli.play import play_group


@play_group.command("smush")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path), metavar="[BOOK]...")
@click.option("--bot", "bot_side", type=click.Choice(["smush", "harmony"]), default=None,
              help="A bot (of --policy) plays this side, a person the other.")
@click.option("--auto", is_flag=True, help="Nobody at the keyboard: two bots play.")
@click.option("--policy", type=click.Choice(SMUSH_POLICIES), default="greedy",
              show_default=True, help="How the bots play (strong: a search, docs/smush.md).")
@click.option("--seed", type=int, default=None,
              help="Seed the shuffles: the same seed, the same game.")
def play_smush_command(paths: tuple[Path, ...], bot_side: str | None, auto: bool, policy: str,
                       seed: int | None) -> None:
    """Play Agents of S.M.U.S.H. in the terminal: Harmony Grace against SMUSH.

    Two people share the screen (SMUSH's choices name her face-down cards, so
    Harmony looks away), or one plays a bot (--bot), or two bots play
    (--auto). BOOK is the card game: a built document, a project, or a
    bundled book by name; none: the project around the working folder, else
    the bundled smush (docs/smush.md).

    \b
    Examples:
      smersh play smush                  two people at one terminal
      smersh play smush --bot smush      against a bot playing SMUSH
      smersh play smush --auto --policy random --seed 3
      smersh play smush --bot smush --policy strong
      smersh play smush build/smush/smush.json
    """
    from smersh_dsl.play.smush.engine import Game
    from smersh_dsl.play.smush.players import players

    rules = cardgame_rules(paths)
    rng = random.Random(seed)
    seats = players(rng, auto=auto, bot_side=bot_side, policy=policy)
    click.echo(f"Agents of S.M.U.S.H.: Harmony Grace against SMUSH. {seating(auto, bot_side)}")
    try:
        Game(rules, rng, seats, click.echo).play()
    except (click.exceptions.Abort, EOFError, KeyboardInterrupt):
        click.echo("\nGame abandoned: no more input.", err=True)
        sys.exit(EXIT_USAGE)


def seating(auto: bool, bot_side: str | None) -> str:
    """Who is at the screen: two people share it (and look away in turn), or one person
    plays a bot, or two bots play while nobody watches the cards."""
    if auto:
        return "Two bots play; every card is shown."
    if bot_side is not None:
        person = "Harmony Grace" if bot_side == "smush" else "SMUSH"
        bot = "SMUSH" if bot_side == "smush" else "Harmony Grace"
        return f"You play {person}; a bot plays {bot}, and its cards stay hidden from you."
    return ("Both players share this screen: SMUSH's choices name her face-down cards, "
            "so Harmony looks away.")

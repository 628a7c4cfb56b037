"""Who plays Agents of S.M.U.S.H.: people at one terminal, bots, or one of each."""

from __future__ import annotations

import random

import click

from smersh_dsl.play.smush.bots import GreedyBot, RandomBot
from smersh_dsl.play.smush.choices import Choice
from smersh_dsl.play.smush.engine import Game, Player
from smersh_dsl.play.smush.rules import HARMONY, SMUSH

POLICIES = ("random", "greedy", "strong")
NAMES = {HARMONY: "Harmony", SMUSH: "SMUSH"}


class Person:
    """Asks at the terminal: the legal moves by number; a bad answer asks again. End of
    input or Ctrl-C raises click's Abort, which the command turns into a message."""

    def decide(self, game: Game, choice: Choice) -> int:
        click.echo(f"\n{choice.prompt}")
        for number, option in enumerate(choice.options, start=1):
            click.echo(f"  {number}. {option.label}")
        picked = click.prompt(f"{NAMES[choice.side]}, choose",
                              type=click.IntRange(1, len(choice.options)))
        return picked - 1


def bot(policy: str, rng: random.Random) -> Player:
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}; there are {', '.join(POLICIES)}")
    if policy == "strong":
        from smersh_dsl.play.smush.strong import StrongBot
        return StrongBot(rng)
    return GreedyBot() if policy == "greedy" else RandomBot(rng)


def players(rng: random.Random, *, auto: bool = False, bot_side: str | None = None,
            policy: str = "greedy", harmony_policy: str | None = None,
            smush_policy: str | None = None) -> dict[str, Player]:
    """Two people; or a person against a bot of `policy` playing `bot_side`; or, with
    `auto`, two bots (each side's policy may be set apart)."""
    if auto:
        return {HARMONY: bot(harmony_policy or policy, rng), SMUSH: bot(smush_policy or policy, rng)}
    seats: dict[str, Player] = {HARMONY: Person(), SMUSH: Person()}
    if bot_side is not None:
        seats[bot_side] = bot(policy, rng)
    return seats

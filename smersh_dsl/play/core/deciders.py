"""Who decides: a person at the terminal, or a policy for unattended runs (`--auto`)."""

from __future__ import annotations

import random
from typing import Protocol

import click

from smersh_dsl.play.core.terminal import say, shown


class Decider(Protocol):
    def choose(self, prompt: str, options: list[str], scores: list[float] | None = None,
               note: str | None = "to pass") -> int: ...

    def number(self, prompt: str, low: int, high: int, best: int) -> int: ...


class RandomPolicy:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, prompt: str, options: list[str], scores: list[float] | None = None,
               note: str | None = "to pass") -> int:
        return self.rng.randrange(len(options))

    def number(self, prompt: str, low: int, high: int, best: int) -> int:
        return self.rng.randint(low, high)


class GreedyPolicy:
    """Takes the option with the best chance; on ties, the first."""

    def choose(self, prompt: str, options: list[str], scores: list[float] | None = None,
               note: str | None = "to pass") -> int:
        if not scores:
            return 0
        return max(range(len(options)), key=lambda i: (scores[i], -i))

    def number(self, prompt: str, low: int, high: int, best: int) -> int:
        return best


class Person:
    """Asks at the terminal; the numbers on offer are shown with their chances (a
    ``note`` of None: scores that are a bot's preferences, not chances, are not shown)."""

    def choose(self, prompt: str, options: list[str], scores: list[float] | None = None,
               note: str | None = "to pass") -> int:
        say(prompt)
        for i, option in enumerate(options, start=1):
            chance = f"   ({scores[i - 1]:.0%} {note})" if scores and note else ""
            say(f"  {i}. {option}{chance}")
        picked = click.prompt("choose", type=click.IntRange(1, len(options)), default=1)
        return picked - 1

    def number(self, prompt: str, low: int, high: int, best: int) -> int:
        return click.prompt(shown(f"{prompt} ({low}-{high})"), type=click.IntRange(low, high),
                            default=best)


def decider(auto: bool, policy: str, rng: random.Random) -> Decider:
    if not auto:
        return Person()
    return GreedyPolicy() if policy == "greedy" else RandomPolicy(rng)

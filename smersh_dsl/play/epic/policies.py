"""Bots that play from what a player sees (EP-PLAYER-1): `honest`, `planning`, `random`.

Each is handed a `view.Decision` and answers with an option's index or a number; none
holds the document or the game (docs/books.md, "The bots"). `seasoned`, the player who
has memorised the book, is not here: it is the engine's own `GreedyPolicy`, the one
decider `game.decider_of` lets past the view.

`honest` reads each response (and each option of a `choose`) for the skills its words
suggest (`lexicon.suggested`) and takes the one its spy is best at, a held advanced skill
counting as a likely automatic pass or bonus; it takes the table's own figures where a
player can work them out (a test's odds once read out, a route's worth, resting when
hurt, confronting when the pool pays with some to spare); it wagers a middling gamble.
Told to learn (`--learn N`), it keeps what it saw of each encounter and takes the
response worth most by what it learnt, the lexicon's guess as its prior (learning.py);
untold, every game is its first.
"""

from __future__ import annotations

import random
from functools import lru_cache

from smersh_dsl.play.epic.learning import Aftermath, Learner, Memory
from smersh_dsl.play.epic.lexicon import suggested
from smersh_dsl.play.epic.view import Decision, SpyView

ADVANCED_BONUS = 1.5      # a held advanced skill the words suggest: a likely pass with it
HONEST_WAGER = 3          # a middling gamble: about 70% to win with 2 success faces in 6


def basic_level(spy: SpyView, skills: tuple[str, ...], basics: tuple[str, ...]) -> float:
    """The spy's best level among the basic skills ``skills`` names; none named, its
    mean level (a player's guess: any of them may be tested)."""
    return _level(spy, _reading(tuple(skills), basics)[0], basics)


def fit(spy: SpyView, text: str, basics: tuple[str, ...]) -> float:
    """How well ``text`` (a response, an option) suits ``spy``, from its words."""
    named, advanced = _reading(suggested(text), basics)
    bonus = ADVANCED_BONUS if any(spy.holds(s) for s in advanced) else 0.0
    return _level(spy, named, basics) + bonus


@lru_cache(maxsize=4096)
def _reading(skills: tuple[str, ...], basics: tuple[str, ...]) -> tuple[tuple[str, ...],
                                                                        tuple[str, ...]]:
    """The basic skills among ``skills`` and the others (advanced), each in their order:
    what a response's words say, worked out once (a game reads the same texts often)."""
    return (tuple(s for s in skills if s in basics),
            tuple(s for s in skills if s not in basics))


def _level(spy: SpyView, named: tuple[str, ...], basics: tuple[str, ...]) -> float:
    if named:
        return float(max(spy.level(s) for s in named))
    return sum(spy.level(s) for s in basics) / max(1, len(basics))


def takers(decision: Decision) -> tuple[SpyView, ...]:
    """Who may take what comes of it: in a showdown any living spy (EP-SHOW-3)."""
    if decision.board.in_showdown:
        return tuple(s for s in decision.spies if s.alive) or decision.spies
    return (decision.spy,) if decision.spy else decision.spies


def best(scores: list[float]) -> int:
    """The best score's index; on ties, the first."""
    if not scores:
        return 0
    total = sum(scores)
    if total == total:                              # no NaN: the first of the best
        return scores.index(max(scores))
    return max(range(len(scores)), key=lambda i: (scores[i], -i))


class HonestPolicy:
    name = "honest"
    learner: Learner | None = None

    def __init__(self, memory: Memory | None = None) -> None:
        self.learner = Learner(memory) if memory is not None else None

    def decide(self, decision: Decision) -> int:
        if decision.kind in ("response", "choice"):
            basics = decision.board.skills
            who = takers(decision)
            fits = [max((fit(s, text, basics) for s in who), default=0.0)
                    for text in decision.options]
            if self.learner is not None and decision.kind == "response" and decision.card:
                return self.learner.choose(decision, fits)
            return best(fits)
        return best(list(decision.hints)) if decision.hints else 0

    @property
    def learning(self) -> bool:
        return self.learner is not None and self.learner.memory.learning

    def encounter_over(self, seen: Aftermath) -> None:
        if self.learner is not None:
            self.learner.encounter_over(seen)

    def amount(self, decision: Decision) -> int:
        if decision.kind == "wager":
            return max(decision.low, min(decision.high, HONEST_WAGER))
        return decision.suggested


class RandomPolicy:
    """Any option, any number; its own dice, never the game's."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def decide(self, decision: Decision) -> int:
        return self._rng.randrange(len(decision.options)) if decision.options else 0

    def amount(self, decision: Decision) -> int:
        return self._rng.randint(decision.low, decision.high)

"""How the honest bot learns from its own games, as a player learns at the table (#28).

After an encounter a player knows what the table showed: the card's title, the response
they chose, how good the spy who took it is at what its words suggest (the lexicon's
`fit`), whether the encounter passed or failed (said aloud: EP-ENC-6), and what followed
on the boards: health lost, spaces Dr. Lobo moved, intel gained or lost. `Aftermath` is
that, copied off the table as `view.Blind` copies a decision; a `Learner` is handed only
`view.Decision`s and `Aftermath`s, never the entry read, the dice to come, a deck or the
engine (EP-PLAYER-1), and it learns from nothing else.

A `Memory` keeps, per card title and response text, the readings, the passes, the passes
the lexicon expected of the spies who took it (its prior), and the health, Lobo spaces and
intel that followed. A response is worth, in intel (the taste of `bots.WORTH`):

    p     = prior(fit) + (passed - expected) / (readings + PRIOR)
    worth = -FAIL_COST * (1 - p) + shrunk(intel) - HEALTH * shrunk(health) - LOBO * shrunk(lobo)

so the lexicon's guess (`prior`: the chance to pass a one-success test at the fit's level)
counts as ``PRIOR`` readings, and each mean is drawn toward the mean of every encounter
remembered, with ``PRIOR`` readings' weight. A response never met is worth its prior, so
a bot that has learnt nothing plays as the honest bot always did. While it learns, a
response met less often gets a bonus (``EXPLORE`` / sqrt(readings + 1)): a player tries
what they know little of. Frozen (`Memory.freeze`), it only plays by what it learnt.

`train` plays the games it learns from, one after another on seeds of their own, so the
table is the same whatever the number of processes that play the measured games after.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from smersh_dsl.play.core.odds import pass_chance
from smersh_dsl.play.epic.engine import quiet
from smersh_dsl.play.epic.view import (BoardView, Decision, SpyView, board_view, places_of,
                                       spy_view)
from smersh_dsl.records import dataclass

if TYPE_CHECKING:
    from smersh_dsl.play.epic.game import Game, Options

PRIOR = 4.0              # readings the lexicon's guess and the mean cost weigh as
EXPLORE = 1.0            # intel: the learning bot's bonus for a response never met
FAIL_COST = 2.5          # a failed encounter's Lobo space, in intel (bots.WORTH advance_lobo)
HEALTH = 1.2             # one health lost, in intel (bots.WORTH take_injury)
LOBO = 2.5               # one Lobo space an entry moves him, in intel
TOP_LEVEL = 6            # the prior's highest level: six dice (EP-TEST-1)
FORMAT, VERSION, SCHEMA = "smersh-learnt", 1, "learnt.schema.json"
FIELDS = ("readings", "passed", "expected", "health_lost", "lobo_moved", "intel_gained")


class LearntProblem(Exception):
    """A learnt table that cannot be read or written, said with its file."""


@dataclass(frozen=True)
class Aftermath:
    """What the table shows when an encounter is over: whether it passed, and the spies'
    boards and the board as they stand (before a fail's Lobo space, EP-ENC-6)."""

    passed: bool
    spies: tuple[SpyView, ...]
    board: BoardView


def aftermath(game: Game, passed: bool) -> Aftermath:
    """The engine's side: an encounter's end copied off the table, as `view.Blind` does."""
    seats = game.state.seats
    spies = tuple(spy_view(s, seats[i].location if i < len(seats) else None)
                  for i, s in enumerate(game.party.spies))
    return Aftermath(passed, spies, board_view(game, places_of(game)))


def encounter_over(game: Game, index: int) -> None:
    """Tell seat ``index``'s bot that its encounter is over, if it is learning (a game
    with no learning table in it asks nothing more)."""
    if game.learnt is None or not game.learnt.learning:
        return
    policy = getattr(game.decider_of(index), "policy", None)
    if getattr(policy, "learning", False):
        policy.encounter_over(aftermath(game, not game.table.failed))


@lru_cache(maxsize=4096)
def prior(fit: float, faces: tuple[str, ...]) -> float:
    """The lexicon's guess of a pass: a one-success test at level ``fit`` with no resolve,
    between the whole levels either side (so a better fit is never a worse guess)."""
    level = min(max(fit, 0.0), float(TOP_LEVEL))
    low = min(int(level), TOP_LEVEL - 1)
    below, above = (float(pass_chance(n, 1, 0, faces)) for n in (low, low + 1))
    return below + (level - low) * (above - below)


class Memory:
    """What the honest bots remember of the encounters they met: per (title, response),
    the sums of `FIELDS`. Learning until frozen; shared by every seat of the games."""

    def __init__(self, rows: dict[tuple[str, str], list[float]] | None = None,
                 games: int = 0, learning: bool = True) -> None:
        self.rows = rows or {}
        self.games = games
        self.learning = learning
        self.total = [sum(r[i] for r in self.rows.values()) for i in range(len(FIELDS))]

    def freeze(self) -> Memory:
        self.learning = False
        return self

    def remember(self, title: str, response: str, expected: float, passed: bool,
                 health_lost: int, lobo_moved: int, intel_gained: int) -> None:
        seen = (1, int(passed), expected, health_lost, lobo_moved, intel_gained)
        row = self.rows.setdefault((title, response), [0] * len(FIELDS))
        for i, value in enumerate(seen):
            row[i] += value
            self.total[i] += value

    def worth(self, title: str, response: str, fit: float, faces: tuple[str, ...]) -> float:
        """What the response is worth to a spy of this ``fit``, in intel (module docstring)."""
        row = self.rows.get((title, response))
        n, passed, expected, health, lobo, intel = row or (0, 0, 0.0, 0, 0, 0)
        p = min(1.0, max(0.0, prior(fit, faces) + (passed - expected) / (n + PRIOR)))
        readings = self.total[0]

        def shrunk(i: int, own: float) -> float:
            typical = self.total[i] / readings if readings else 0.0
            return (own + PRIOR * typical) / (n + PRIOR)

        value = (-FAIL_COST * (1 - p) + shrunk(5, intel) - HEALTH * shrunk(3, health)
                 - LOBO * shrunk(4, lobo))
        return value + (EXPLORE / math.sqrt(n + 1) if self.learning else 0.0)

    # -- the file (--learnt FILE), schemas/learnt.schema.json -----------------------------
    def to_json(self, meta: dict) -> dict:
        return {"$schema": SCHEMA, "format": FORMAT, "format_version": VERSION, **meta,
                "games": self.games,
                "responses": [{"title": t, "response": r, **dict(zip(FIELDS, row))}
                              for (t, r), row in sorted(self.rows.items())]}

    @classmethod
    def of_json(cls, data: dict) -> Memory:
        rows = {(r["title"], r["response"]): [r[f] for f in FIELDS] for r in data["responses"]}
        return cls(rows, data["games"], learning=False)


class Learner:
    """One seat's honest bot as it learns: the response it chose, held until the
    encounter's `Aftermath`, and the `Memory` it plays by."""

    def __init__(self, memory: Memory) -> None:
        self.memory = memory
        self._asked: tuple[Decision, str, float] | None = None

    def choose(self, decision: Decision, fits: list[float]) -> int:
        """The response worth most (on a tie, the best fit, then the first)."""
        title, faces = decision.card.title, decision.board.skill_faces
        worths = [self.memory.worth(title, text, f, faces)
                  for text, f in zip(decision.options, fits)]
        pick = max(range(len(fits)), key=lambda i: (worths[i], fits[i], -i)) if fits else 0
        if self.memory.learning and fits:
            self._asked = (decision, decision.options[pick], prior(fits[pick], faces))
        return pick

    def encounter_over(self, seen: Aftermath) -> None:
        if self._asked is None:
            return
        decision, response, expected = self._asked
        self._asked = None
        before = decision.spy
        after = next((s for s in seen.spies if s.name == before.name), None) if before else None
        health_lost = before.health - max(after.health, 0) if after else 0
        self.memory.remember(decision.card.title, response, expected, seen.passed,
                             health_lost, decision.board.lobo_after - seen.board.lobo_after,
                             seen.board.pool - decision.board.pool)


def train(doc: dict, options: Options, games: int, seed: int,
          progress: Callable[[int], None] | None = None) -> Memory:
    """``games`` games of honest bots learning as they play, one after another, game ``j``
    from `random.Random(f"{seed}:learn:{j}")` (no measured game's seed), then frozen."""
    from dataclasses import replace

    from smersh_dsl.play.epic.game import setup
    from smersh_dsl.play.epic.rounds import play_game
    memory = Memory()
    taught = replace(options, learnt=memory)
    for j in range(games):
        play_game(setup(doc, taught, random.Random(f"{seed}:learn:{j}"), quiet))
        memory.games += 1
        if progress:
            progress(j + 1)
    return memory.freeze()


def save(path: Path, memory: Memory, meta: dict) -> None:
    from smersh_dsl.files.atomic import write_atomic
    try:
        write_atomic(path, json.dumps(memory.to_json(meta), indent=1, ensure_ascii=False) + "\n")
    except OSError as error:
        raise LearntProblem(f"{path}: cannot be written: {error.strerror or error}") from None


def load(path: Path, doc: dict) -> Memory:
    """The table in ``path``, checked against schemas/learnt.schema.json and ``doc``."""
    from smersh_dsl.export.validate import problems
    from smersh_dsl.play.core.files import read_json
    data = read_json(path, LearntProblem, what="learnt table")
    found = problems(data, kind="learnt") if isinstance(data, dict) else None
    if found is None or found:
        where = f"{found[0].path}: {found[0].message}" if found else "not a JSON object"
        raise LearntProblem(f"{path}: not a table the honest bot learnt: {where}")
    if data["book"] != doc.get("id"):
        raise LearntProblem(f"{path}: learnt on the book {data['book']!r}, not "
                            f"{doc.get('id')!r}")
    return Memory.of_json(data)


def taught(doc: dict, options: Options, learn: int, path: Path | None, seed: int,
           progress: Callable[[int], None] | None = None) -> Memory | None:
    """`simulate epic --learn N --learnt FILE`: the table the measured games play by.
    With ``learn`` games, learnt first (and written to ``path`` if given); without, read
    from ``path``; neither: None, every game the honest bot's first."""
    if not learn and path is None:
        return None
    if options.bot != "honest":
        raise LearntProblem(f"--learn and --learnt teach the honest bot, not {options.bot}")
    if not learn:
        return load(path, doc)
    memory = train(doc, options, learn, seed, progress)
    if path is not None:
        save(path, memory, {"book": doc.get("id"), "bot": options.bot,
                            "players": options.players, "seed": seed})
    return memory


def told(memory: Memory) -> dict:
    """What a report says of the table: the games it was learnt in, the responses in it."""
    return {"games": memory.games, "responses": len(memory.rows)}

"""What the whole-game tests share: the bundled books as JSON, a game set up on them,
dice that show chosen faces, and a decider that answers chosen prompts."""

from __future__ import annotations

import json
import random
from functools import lru_cache

from conftest import REPO
from smersh_dsl.pipeline.run import check_paths
from smersh_dsl.export.document import document, dumps
from smersh_dsl.play.core.deciders import GreedyPolicy
from smersh_dsl.play.epic.game import Game, Options, setup


@lru_cache(maxsize=1)
def _books() -> tuple[str, str]:
    projects, _ = check_paths([REPO / "books"])
    by_name = {p.name: p for p in projects}
    return (dumps(document(by_name["smersh"])),
            dumps(document(by_name["swagmans_hope"], merged=True)))


def epic_doc() -> dict:
    """A fresh copy of the bundled Epic book's JSON (a test may change it)."""
    return json.loads(_books()[0])


def swagmans_doc() -> dict:
    return json.loads(_books()[1])


class Faces(random.Random):
    """A seeded die, except that `choice` shows the faces queued in ``faces`` first; a
    queued face the sequence lacks waits for a roll that has it (a skill die's face is
    not taken by the fate die rolled before it)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.faces: list[str] = []

    def choice(self, seq):  # noqa: D102
        if self.faces and self.faces[0] in seq:
            return self.faces.pop(0)
        return super().choice(seq)


class Answers(GreedyPolicy):
    """The sensible bot, except for prompts that start with one of ``answers``' keys: the
    value is the option chosen, an index or the start of the option's label. Records the
    prompts and their options."""

    def __init__(self, answers: dict[str, int | str] | None = None) -> None:
        self.answers = answers or {}
        self.asked: list[tuple[str, list[str]]] = []

    def choose(self, prompt, options, scores=None, note="to pass"):  # noqa: D102
        self.asked.append((prompt, list(options)))
        for start, answer in self.answers.items():
            if prompt.startswith(start):
                if isinstance(answer, int):
                    return answer
                return next(i for i, o in enumerate(options) if o.startswith(answer))
        return super().choose(prompt, options, scores, note)


def new_game(doc: dict, players: int = 2, seed: int = 0, answers: Answers | None = None,
             **options) -> tuple[Game, list[str]]:
    """A game set up on ``doc``; every seat decided by ``answers`` (the sensible bot by
    default); returns it with its transcript."""
    lines: list[str] = []
    game = setup(doc, Options(players=players, **options), Faces(seed), lines.append)
    if answers is not None:
        game.decider_of = lambda index: answers          # type: ignore[method-assign]
        game.table.decide = answers
    return game, lines


def entry_doc(doc: dict, region: str, steps: list[dict], number: int = 99,
              values: range = range(1, 6)) -> dict:
    """``doc`` whose ``region`` deck is one card (``number``, one response) whose every
    entry is ``steps``."""
    doc["encounter_cards"] = [c for c in doc["encounter_cards"] if c["region"] != region]
    doc["encounter_cards"].append({"number": number, "region": region, "title": "T",
                                   "sections": [], "responses": [{"number": 1, "text": "Try"}]})
    doc["entries"] = [e for e in doc["entries"] if e["encounter"] != number] + [
        {"key": f"{number:02d}.1.{v}", "encounter": number, "response": 1, "die": v,
         "steps": steps} for v in values]
    return doc


def a_test(skill: str = "Spycraft", successes: int = 1, passed: list[dict] | None = None,
              failed: list[dict] | None = None) -> dict:
    return {"kind": "test", "options": [{"pick": "named", "skill": skill, "modifier": 0,
                                          "successes": successes}],
            "auto_pass_with": [], "dice_with": [],
            "pass": [{"kind": "prose", "text": "PASS read"}] + (passed or []),
            "fail": [{"kind": "prose", "text": "FAIL read"}] + (failed or [])}


def place(game: Game, index: int, where: str) -> None:
    game.state.seats[index].location = where
    game.party.location = where

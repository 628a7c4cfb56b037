"""The honest bot learns from its own games when told to (issue #28, EP-PLAYER-1): what it
learns from is only what the table showed, the same seeds and games learn the same table
whatever the processes, and what it learnt changes what it does."""

from __future__ import annotations

import dataclasses
import json
import random

from conftest import REPO, smersh
from epic_game_helpers import epic_doc
from smersh_dsl.export.validate import problems
from smersh_dsl.play.epic import learning
from smersh_dsl.play.epic.game import Options, setup
from smersh_dsl.play.epic.learning import Aftermath, Learner, Memory
from smersh_dsl.play.epic.rounds import play_game
from smersh_dsl.play.epic.view import Decision
from test_bot_view import PLAIN, only_it_fails, reachable


class Watched(Learner):
    """A learner keeping every thing it is handed."""

    def __init__(self, memory: Memory) -> None:
        super().__init__(memory)
        self.handed: list[object] = []

    def choose(self, decision: Decision, fits: list[float]) -> int:
        self.handed.append(decision)
        self.handed.append(tuple(fits))
        return super().choose(decision, fits)

    def encounter_over(self, seen: Aftermath) -> None:
        self.handed.append(seen)
        super().encounter_over(seen)


def watched_games(memory: Memory, games: int = 3, players: int = 2) -> tuple[list, list]:
    doc, handed, played = epic_doc(), [], []
    for seed in range(games):
        game = setup(doc, Options(players=players, bot="honest", learnt=memory),
                     random.Random(seed), lambda _: None)
        for index in range(players):
            policy = game.decider_of(index).policy
            policy.learner = Watched(memory)
            handed.append(policy.learner.handed)
        play_game(game)
        played.append(game)
    return [x for h in handed for x in h], played


def test_learning_is_handed_only_copies_of_the_table_never_the_book_the_dice_or_the_engine():
    memory = Memory()
    handed, played = watched_games(memory)
    seen = [h for h in handed if isinstance(h, Aftermath)]
    asked = [h for h in handed if isinstance(h, Decision)]
    assert seen and asked and all(d.kind == "response" for d in asked)
    doc = played[0].doc
    entry_steps = {json.dumps(e["steps"], sort_keys=True) for e in doc["entries"]}
    for thing in handed:
        for obj in reachable(thing):
            assert (isinstance(obj, PLAIN + (tuple,))
                    or (dataclasses.is_dataclass(obj)
                        and type(obj).__dataclass_params__.frozen)), type(obj)
            assert not isinstance(obj, (random.Random, dict, list, set))
            assert all(obj is not g and obj is not g.doc and obj is not g.table for g in played)
        assert not any(t in entry_steps for t in reachable(thing) if isinstance(t, str))
    # the table holds only the titles and responses the cards showed, and plain numbers
    shown = {(d.card.title, text) for d in asked for text in d.options}
    assert memory.rows and set(memory.rows) <= shown
    assert sum(row[0] for row in memory.rows.values()) == len(seen)
    for obj in reachable(memory):
        assert isinstance(obj, (*PLAIN, tuple, list, dict, Memory)), type(obj)


def transcript(doc: dict, memory: Memory | None, seed: int, players: int = 1) -> list[str]:
    lines: list[str] = []
    play_game(setup(doc, Options(players=players, bot="honest", learnt=memory),
                    random.Random(seed), lines.append))
    return lines


def test_a_bot_that_learnt_nothing_plays_as_the_honest_bot_always_did():
    doc = epic_doc()
    for seed in (1, 2):
        assert transcript(doc, Memory().freeze(), seed) == transcript(doc, None, seed)


def test_a_response_that_always_fails_is_learnt_and_left_for_another():
    doc = epic_doc()
    lines = transcript(doc, None, 1)
    at = next(i for i, line in enumerate(lines) if line.startswith("Encounter "))
    number = int(lines[at].split()[1].rstrip(":"))
    chosen = int(lines[at + 1].split(".")[0].lstrip("> "))
    only_it_fails(doc, number, chosen)          # the honest bot's first choice
    memory = learning.train(doc, Options(players=1, bot="honest"), 60, 1)
    title = next(c["title"] for c in doc["encounter_cards"] if c["number"] == number)
    rows = {r: v for (t, r), v in memory.rows.items() if t == title}
    card = next(c for c in doc["encounter_cards"] if c["number"] == number)
    failing = next(r["text"] for r in card["responses"] if r["number"] == chosen)
    assert rows[failing][0] >= 1 and rows[failing][1] == 0        # met, never passed
    assert any(v[1] == v[0] for r, v in rows.items() if r != failing)   # another always did
    learnt = transcript(doc, memory, 1)
    assert learnt[at] == lines[at] and learnt[at + 1] != lines[at + 1]


ARGS = ("simulate", "epic", "books/epic", "--games", "60", "--players", "1", "--format", "json")


def test_the_same_seed_and_learning_give_the_same_figures_whatever_the_jobs(tmp_path):
    table = tmp_path / "learnt.json"
    one = smersh(*ARGS, "--learn", "20", "--learnt", str(table), "--jobs", "1", cwd=REPO)
    assert one.returncode == 0, one.stderr
    two = smersh(*ARGS, "--learn", "20", "--jobs", "2", cwd=REPO)
    again = smersh(*ARGS, "--learnt", str(table), "--jobs", "2", cwd=REPO)
    assert two.returncode == 0 and again.returncode == 0, two.stderr + again.stderr
    assert one.stdout == two.stdout == again.stdout
    figures = json.loads(one.stdout)
    assert figures["learnt"]["games"] == 20 and figures["learnt"]["responses"] > 0
    saved = json.loads(table.read_text(encoding="utf-8"))
    assert problems(saved, kind="learnt") == [] and saved["games"] == 20
    assert len(saved["responses"]) == figures["learnt"]["responses"]
    plain = smersh(*ARGS, "--jobs", "1", cwd=REPO)
    assert "learnt" not in json.loads(plain.stdout)


def test_learning_is_refused_where_it_means_nothing_and_a_bad_table_is_named(tmp_path):
    seasoned = smersh(*ARGS, "--bot", "seasoned", "--learn", "2", cwd=REPO)
    assert seasoned.returncode == 2 and "teach the honest bot, not seasoned" in seasoned.stderr
    bad = tmp_path / "learnt.json"
    bad.write_text('{"format": "smersh-learnt"}', encoding="utf-8")
    read = smersh(*ARGS, "--learnt", str(bad), cwd=REPO)
    assert read.returncode == 2 and f"{bad}: not a table the honest bot learnt" in read.stderr
    both = smersh(*ARGS, "--learnt", str(bad), "--against", "books/epic", cwd=REPO)
    assert both.returncode == 2 and "each book learns its own" in both.stderr
    assert "--learn N" in smersh("simulate", "epic", "--help").stdout

"""Property test over saved games (issue #26): whatever a save file holds, loading it gives
either a game or a `SaveProblem` that names the file, never another exception; and a
game that loads plays its next round (bots at every seat) without one.

The inputs are mutations of real saves (an Epic Edition game at its first round and
later, a Swagman's Hope game): 1-4 edits of the JSON tree (a field deleted, a value
swapped for one of another type, a huge or negative number, nesting hundreds deep, an
unknown name, an extra field), and sometimes an edit of the text itself (cut short, a
run of digits, brackets).

The default run is small; a long run:

    SMERSH_FUZZ_EXAMPLES=40000 pytest -q -p no:cacheprovider tests/test_fuzz_saves.py

(``SMERSH_FUZZ_EXAMPLES`` sets ``max_examples``, as in tests/test_fuzz.py;
``SMERSH_FUZZ_PROGRESS=FILE`` keeps there how many saves were loaded so far, and how
many loaded and played a round, rewritten every 100, so a run stopped by a time limit
still says how far it got. docs/robustness.md records the last long run.)
"""

from __future__ import annotations

import copy
import json
import os
import tempfile
from functools import lru_cache
from pathlib import Path

from epic_game_helpers import epic_doc, new_game, swagmans_doc
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from smersh_dsl.play.epic import save
from smersh_dsl.play.epic.game import Game
from smersh_dsl.play.epic.rounds import play_round

EXAMPLES = int(os.environ.get("SMERSH_FUZZ_EXAMPLES") or 150)
PROGRESS = os.environ.get("SMERSH_FUZZ_PROGRESS")
COUNTS = {"examples": 0, "refused": 0, "played": 0}
FOLDER = Path(tempfile.mkdtemp(prefix="smersh-fuzz-saves-"))
NAMES = ["Atlantis", "Goldfinger", "Nowhere", "", "Europe", "Paris", "Darling", "\x00", "é" * 300]
ODD = [None, True, False, 0, -1, 1.5, -(10 ** 6), 10 ** 7, 2 ** 32, 2 ** 70, 10 ** 29, "x", "",
       [], {}, [1, 2], {"a": 1}, float(10 ** 300)]


@lru_cache(maxsize=1)
def _documents() -> dict[str, dict]:
    return {"epic": epic_doc(), "swagmans": swagmans_doc()}


@lru_cache(maxsize=1)
def _saves() -> list[tuple[str, str]]:
    """(document, save text): saves made at the start of rounds of real games."""
    made = []
    for name, players in (("epic", 2), ("epic", 4), ("swagmans", 3)):
        game, _ = new_game(copy.deepcopy(_documents()[name]), players=players, seed=7)
        made.append((name, json.dumps(save.dump(game))))
        for _ in range(3):
            play_round(game)
        made.append((name, json.dumps(save.dump(game))))
    return made


def _places(node: object, here: tuple = ()) -> list[tuple]:
    """Every path to a value in the tree (the root too)."""
    found = [here]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _places(value, here + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node[:40]):         # the rng's 625 words: a few
            found += _places(value, here + (index,))
    return found


def _set(tree: object, path: tuple, value: object) -> object:
    if not path:
        return value
    parent = tree
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value
    return tree


def _deep(depth: int, leaf: object) -> object:
    for _ in range(depth):
        leaf = [leaf]
    return leaf


@st.composite
def mutated(draw) -> tuple[str, str]:
    name, text = draw(st.sampled_from(_saves()))
    tree = json.loads(text)
    for _ in range(draw(st.integers(1, 4))):
        places = _places(tree)
        path = places[draw(st.integers(0, len(places) - 1))]
        kind = draw(st.sampled_from(["delete", "odd", "deep", "name", "extra", "int", "list"]))
        if kind == "delete" and path:
            parent = tree
            for step in path[:-1]:
                parent = parent[step]
            del parent[path[-1]]
        elif kind == "odd":
            tree = _set(tree, path, copy.deepcopy(draw(st.sampled_from(ODD))))
        elif kind == "deep":
            leaf = draw(st.sampled_from(ODD[:4]))
            tree = _set(tree, path, _deep(draw(st.integers(1, 300)), leaf))
        elif kind == "name":
            tree = _set(tree, path, draw(st.sampled_from(NAMES) | st.text(max_size=20)))
        elif kind == "extra":
            target = tree
            for step in path:
                target = target[step]
            if isinstance(target, dict):
                target[draw(st.sampled_from(NAMES) | st.text(max_size=8))] = 1
            elif isinstance(target, list):
                target.extend(copy.deepcopy(target[:1]) * draw(st.integers(1, 120)))
        elif kind == "int":
            tree = _set(tree, path, draw(st.integers(-(2 ** 80), 2 ** 80)))
        else:
            tree = _set(tree, path, draw(st.lists(st.sampled_from(NAMES), max_size=5)))
    text = json.dumps(tree)
    edit = draw(st.sampled_from(["none"] * 6 + ["cut", "digits", "brackets"]))
    at = draw(st.integers(0, len(text)))
    if edit == "cut":
        text = text[:at]
    elif edit == "digits":
        text = text[:at] + "9" * draw(st.integers(1, 6000)) + text[at:]
    elif edit == "brackets":
        text = text[:at] + "[" * draw(st.integers(1, 5000)) + text[at:]
    return name, text


@settings(max_examples=EXAMPLES, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.large_base_example])
@given(mutated())
def test_a_mutated_save_loads_or_is_a_clear_error(case):
    name, text = case
    COUNTS["examples"] += 1
    if PROGRESS and COUNTS["examples"] % 100 == 0:
        Path(PROGRESS).write_text(json.dumps(COUNTS), encoding="utf-8")
    path = FOLDER / "g.json"
    path.write_text(text, encoding="utf-8")
    try:
        game = save.load(path, _documents()[name], lambda _: None)
    except save.SaveProblem as problem:
        message = str(problem)
        assert message.startswith(f"{path}") and "\n" not in message, message
        assert "Traceback" not in message
        COUNTS["refused"] += 1
        return
    assert isinstance(game, Game)
    for seat in game.state.seats:       # as `smersh play --auto` continues it
        seat.bot = "sensible"
    game.table.decide = game.decider_of(0)
    play_round(game)
    COUNTS["played"] += 1

"""Hostile saves, logs and documents (issue #26, item 5): each is refused with one clear
line naming the file and the field, exit 2, the file left as it was; none crashes with an
"internal error" or loads into a game that goes wrong later.

Each reproduction is run as a user runs it, through `smersh play`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from waiting import HANG_GUARD_S
from conftest import REPO, smersh
from epic_game_helpers import epic_doc, new_game, swagmans_doc

from smersh_dsl.play.epic import save

SCHEMA = REPO / "schemas" / "save.schema.json"
CHECKER = Path(sys.executable).with_name("check-jsonschema")
DEEP = "[" * 100_000 + "]" * 100_000
DIGITS = "9" * 5000


def _saved(tmp_path: Path, doc: dict | None = None, players: int = 2) -> dict:
    path = tmp_path / "g.json"
    game, _ = new_game(doc or epic_doc(), players=players, seed=3)
    save.save(path, game)
    return json.loads(path.read_text(encoding="utf-8"))


def _refused(run: subprocess.CompletedProcess, path: Path, before: bytes, *said: str) -> None:
    assert run.returncode == 2, (run.stdout[-500:], run.stderr)
    assert "internal error" not in run.stderr and "Traceback" not in run.stderr, run.stderr
    assert f"{path}:" in run.stderr, run.stderr
    for text in said:
        assert text in run.stderr, run.stderr
    assert path.read_bytes() == before


def _play_save(tmp_path: Path, text: str,
               *paths: str) -> tuple[subprocess.CompletedProcess, Path, bytes]:
    path = tmp_path / "g.json"
    path.write_text(text, encoding="utf-8")
    before = path.read_bytes()
    run = smersh("play", "epic", *(paths or ("books/epic",)), "--auto", "--save", str(path),
                 cwd=REPO)
    return run, path, before


def _seats(d: dict, count: int) -> None:
    d["state"]["seats"] = [dict(d["state"]["seats"][0]) for _ in range(count)]
    d["spies"] = [dict(d["spies"][0]) for _ in range(count)]


# Each: how the save is damaged, and what the error says (the JSON pointer first).
DAMAGE = {
    "rng word too large": (lambda d: d["rng"][1].__setitem__(0, 2 ** 70),
                           "/rng/1/0: 1180591620717411303424 is out of range"),
    "rng position past the state": (lambda d: d["rng"][1].__setitem__(624, 10_000),
                                    "/rng/1/624: 10000 is not a position"),
    "no henchmen": (lambda d: d["state"].__setitem__("henchmen", []),
                    "/state/henchmen: 0 items"),
    "unknown card in a deck": (lambda d: d["state"]["decks"]["Europe"].insert(0, 999),
                               "/state/decks/Europe/0: no card Europe 999"),
    "unknown spy sheet": (lambda d: d["state"]["seats"][1].__setitem__("sheet", "Nobody"),
                          "/state/seats/1/sheet: no spy sheet 'Nobody'"),
    "five seats in a 1-4 player game": (lambda d: _seats(d, 5),
                                        "/state/seats: 5 seats in a game for 1 to 4 players"),
    "100 seats": (lambda d: _seats(d, 100),
                  "/state/seats: 100 items, where a save holds at most 8"),
    "unknown mission held": (lambda d: d["state"]["seats"][0]["missions"].append("Nowhere"),
                             "/state/seats/0/missions/2: no secret mission 'Nowhere'"),
    "unknown mission in the deck": (lambda d: d["state"]["mission_deck"].insert(0, "Nowhere"),
                                    "/state/mission_deck/0: no secret mission 'Nowhere'"),
    "unknown place with intel": (lambda d: d["board_intel"].__setitem__("Atlantis", 3),
                                 "/board_intel/Atlantis: no place 'Atlantis'"),
    "unknown henchman": (lambda d: d["state"].__setitem__("henchmen", ["Goldfinger"]),
                         "/state/henchmen/0: no henchman sheet 'Goldfinger'"),
    "negative round": (lambda d: d["state"].__setitem__("round", -5),
                       "/state/round: -5 is out of range (at least 1)"),
    "round past the track": (lambda d: d["state"].__setitem__("round", 99),
                             "/state/round: 99 is past the track's 20 rounds"),
    "a text for a list": (lambda d: d["state"].__setitem__("closed", "Sydney"),
                          "/state/closed: expected a list, not 'Sydney'"),
}


@pytest.mark.parametrize("name", sorted(DAMAGE))
def test_a_damaged_save_names_the_field(tmp_path, name):
    damage, message = DAMAGE[name]
    data = _saved(tmp_path)
    damage(data)
    run, path, before = _play_save(tmp_path, json.dumps(data))
    _refused(run, path, before, message)


def test_an_unknown_stranded_card_of_swagmans_hope_is_refused(tmp_path):
    """Once a StopIteration when the spy came to read it."""
    data = _saved(tmp_path, swagmans_doc())
    data["state"]["seats"][0]["stranded"] = "Nowhere Creek"
    run, path, before = _play_save(tmp_path, json.dumps(data), "books/epic", "--with",
                                   "books/swagmans-hope")
    _refused(run, path, before, "/state/seats/0/stranded: no stranded card 'Nowhere Creek'")


@pytest.mark.parametrize("text, message", [
    (DEEP, "nested more than 64 levels deep"),
    ('{"format": ' + DIGITS + "}", "g.json:1:12: a number of 5000 digits"),
    ('{"format": NaN}', "NaN is not a number JSON allows"),
], ids=["deep", "digits", "nan"])
def test_a_save_beyond_the_budget_is_not_decoded(tmp_path, text, message):
    run, path, before = _play_save(tmp_path, text)
    _refused(run, path, before, message)


def test_a_save_larger_than_any_save_is_not_read(tmp_path):
    path = tmp_path / "g.json"
    with path.open("wb") as out:
        out.write(b'{"format": "' + b"x" * (9 * 1024 * 1024) + b'"}')
    before = path.read_bytes()
    run = smersh("play", "epic", "books/epic", "--auto", "--save", str(path), cwd=REPO)
    _refused(run, path, before, "larger than 8 MB")


# A campaign log (`--log`) and a built document (`smersh play epic x.json`) are read the same way.
KEPT = {"log": ("log.json", lambda path: ("campaign", "books/shield", "--log", str(path), "--auto")),
        "document": ("x.json", lambda path: ("epic", str(path)))}


@pytest.mark.parametrize("kind", sorted(KEPT))
@pytest.mark.parametrize("text, message", [
    (DEEP, "levels deep, more than such a file ever is"),
    ('{"kind": "game", "format_version": ' + DIGITS + "}", "a number of 5000 digits"),
], ids=["deep", "digits"])
def test_a_hostile_log_or_document_is_refused(tmp_path, kind, text, message):
    name, arguments = KEPT[kind]
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    before = path.read_bytes()
    run = smersh("play", *arguments(path), cwd=REPO)
    _refused(run, path, before, message)


def test_a_real_save_still_continues(tmp_path):
    data = _saved(tmp_path)
    run, path, _ = _play_save(tmp_path, json.dumps(data))
    assert run.returncode == 0, run.stderr
    assert "Continuing the game saved in" in run.stdout


# -- the schema, published with the others ------------------------------------------------

def test_smersh_schema_save_prints_the_published_file():
    run = smersh("schema", "save")
    assert run.returncode == 0
    assert run.stdout == SCHEMA.read_text(encoding="utf-8")
    assert "save.schema.json" in smersh("schema").stdout


def test_saves_of_whole_games_follow_the_schema_and_a_damaged_one_does_not(tmp_path):
    """check-jsonschema, not ours, with the published file: saves made at each round of
    played games pass, and a damaged one fails at its field."""
    from smersh_dsl.play.epic.rounds import play_game
    saves = []
    for doc in (epic_doc(), swagmans_doc()):
        game, _ = new_game(doc, players=2, seed=5)
        play_game(game, lambda g: saves.append(save.dump(g)))
        saves.append(save.dump(game))
    paths = []
    for i, data in enumerate(saves[:: max(1, len(saves) // 12)] + saves[-1:]):
        paths.append(tmp_path / f"s{i}.json")
        paths[-1].write_text(json.dumps(data), encoding="utf-8")
    good = subprocess.run([str(CHECKER), "--no-cache", "--schemafile", str(SCHEMA),
                           *map(str, paths)], capture_output=True, text=True, timeout=HANG_GUARD_S)
    assert good.returncode == 0, good.stdout[-2000:]
    broken = dict(saves[0], lobo="far")
    paths[0].write_text(json.dumps(broken), encoding="utf-8")
    bad = subprocess.run([str(CHECKER), "--no-cache", "--schemafile", str(SCHEMA), str(paths[0])],
                         capture_output=True, text=True, timeout=HANG_GUARD_S)
    assert bad.returncode == 1 and "lobo" in bad.stdout


# -- an abandoned game says what was saved (issue #26, item 7) ------------------------------

def _play_people(path: Path, answers: str) -> subprocess.CompletedProcess:
    exe = Path(sys.executable).with_name("smersh")
    env = {k: v for k, v in os.environ.items() if k != "SMERSH_DEBUG"}
    return subprocess.run([str(exe), "play", "epic", "books/epic", "--save", str(path)],
                          input=answers, capture_output=True, text=True, cwd=REPO, env=env,
                          timeout=HANG_GUARD_S)


def test_input_ending_before_the_first_round_says_nothing_was_saved(tmp_path):
    path = tmp_path / "g.json"
    run = _play_people(path, "")                  # as `< /dev/null`: ends at the HQ choice
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert "not saved" in run.stderr and "saved at the start" not in run.stderr, run.stderr
    assert not path.exists()


def test_input_ending_in_the_first_round_says_which_round_was_saved(tmp_path):
    path = tmp_path / "g.json"
    run = _play_people(path, "1\n")               # the HQ chosen; input ends in the round
    assert run.returncode == 2, run.stderr
    assert f"saved at the start of the round in {path} (round 1)" in run.stderr, run.stderr
    assert save.load(path, epic_doc(), lambda _: None).state.round == 1


def _nested_ifs(doc: dict, levels: int) -> dict:
    """``doc`` with one entry's step replaced by ``levels`` `if` steps, one in another."""
    condition = {"kind": "status", "name": "Double Crossed"}
    step = {"kind": "if", "condition": condition, "then": [{"kind": "prose", "text": "x"}]}
    for _ in range(levels - 1):
        step = {"kind": "if", "condition": condition, "then": [step], "else": []}
    doc["entries"][0]["steps"] = [step]
    return doc


def test_a_document_at_the_depth_limit_is_validated_and_one_past_it_refused(tmp_path):
    """Validating a document recurses: the depth read stops short of Python's stack, so
    the deepest document read gets its schema's verdict, never a RecursionError."""
    from smersh_dsl.play.core.files import DOCUMENT_DEPTH, too_deep
    levels = next(n for n in range(1, 200)
                  if too_deep(json.dumps(_nested_ifs(epic_doc(), n + 1)).encode(), DOCUMENT_DEPTH))
    for depth, said in ((levels, "not a smersh document"), (levels + 1, "levels deep")):
        path = tmp_path / f"deep{depth}.json"
        path.write_text(json.dumps(_nested_ifs(epic_doc(), depth)), encoding="utf-8")
        before = path.read_bytes()
        _refused(smersh("play", "epic", str(path), cwd=REPO), path, before, said)

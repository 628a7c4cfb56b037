"""The spellings of `smersh play` (and `smersh simulate`, `smersh new`) from before `play`
was a group of games (#33): each still works for one release, plays what its new spelling
plays, and says that new spelling in one line on stderr."""

from __future__ import annotations

import pytest

from conftest import REPO
from smersh_dsl.cli import commands
from smersh_dsl.cli.app import run

# An option's old spelling is said by itself, the rest of the command line left out.
# (By the first three words of the old command line.)
SAID_APART = {
    ("play", "epic", "--game"): (["play", "epic", "--game"], ["play", "epic"]),
    ("simulate", "smush", "--workers"): (["simulate", "smush", "--workers", "1"],
                                         ["simulate", "smush", "--jobs", "1"]),
    ("new", "encounter", "books/epic"): (["new", "encounter"], ["new", "encounter-card"]),
}

OLD_AND_NEW = [
    (["play", "books/epic", "--game", "--auto", "--seed", "1"],
     ["play", "epic", "books/epic", "--auto", "--seed", "1"]),
    (["play", "--game", "books/epic", "--auto", "--seed", "1", "--players", "2"],
     ["play", "epic", "books/epic", "--auto", "--seed", "1", "--players", "2"]),
    (["play", "epic", "--game", "--auto", "--seed", "1"],
     ["play", "epic", "--auto", "--seed", "1"]),         # said as `play epic --game`, below
    (["play", "books/epic", "--showdown", "Pierre", "--auto", "--seed", "7", "--players", "2"],
     ["play", "epic", "books/epic", "--showdown", "Pierre", "--auto", "--seed", "7",
      "--players", "2"]),
    (["play", "books/epic", "--auto", "--seed", "2"],
     ["play", "epic", "books/epic", "--auto", "--seed", "2", "--encounter"]),
    (["play", "books/epic", "--encounter", "Asia", "--auto", "--seed", "2", "--intel", "1"],
     ["play", "epic", "books/epic", "--encounter", "Asia", "--auto", "--seed", "2",
      "--intel", "1"]),
    (["play", "books/epic", "--at", "Paris", "--lair", "--auto", "--seed", "3"],
     ["play", "epic", "books/epic", "--at", "Paris", "--lair", "--auto", "--seed", "3"]),
    (["play", "books/swagmans-hope", "--levelled", "Aussie Butcher", "--level", "2", "--auto",
      "--seed", "1"],
     ["play", "epic", "books/swagmans-hope", "--levelled", "Aussie Butcher", "--level", "2",
      "--auto", "--seed", "1"]),
    (["play", "books/swagmans-hope", "--stranded", "--auto", "--seed", "1"],
     ["play", "epic", "books/swagmans-hope", "--stranded", "--auto", "--seed", "1"]),
    (["play", "books/smush", "--auto", "--seed", "3", "--policy", "random"],
     ["play", "smush", "books/smush", "--auto", "--seed", "3", "--policy", "random"]),
    (["play", "books/smush", "--bot", "harmony", "--auto", "--seed", "3"],
     ["play", "smush", "books/smush", "--bot", "harmony", "--auto", "--seed", "3"]),
    (["simulate", "books/smush", "--games", "20"],
     ["simulate", "smush", "books/smush", "--games", "20"]),
    (["simulate", "smush", "--workers", "1", "--games", "20"],
     ["simulate", "smush", "--jobs", "1", "--games", "20"]),
    (["new", "encounter", "books/epic", "--region", "Europe"],
     ["new", "encounter-card", "books/epic", "--region", "Europe"]),
]


def _run(capsys, args: list[str]) -> tuple[int, str, str]:
    commands()
    code = run(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _said(old: list[str], new: list[str]) -> str:
    import shlex
    return (f"smersh: `{shlex.join(['smersh', *old])}` is now `{shlex.join(['smersh', *new])}`;"
            " the old spelling goes in the next release")


@pytest.mark.parametrize("old, new", OLD_AND_NEW, ids=[" ".join(o) for o, _ in OLD_AND_NEW])
def test_an_old_spelling_plays_what_its_new_one_plays_and_says_it(capsys, monkeypatch, old, new):
    monkeypatch.chdir(REPO)
    code, out, err = _run(capsys, old)
    again, new_out, new_err = _run(capsys, new)
    assert (code, again) == (0, 0), err + new_err
    assert out == new_out and out.strip()
    assert err.splitlines()[0] == _said(*SAID_APART.get(tuple(old[:3]), (old, new)))
    assert "is now" not in new_err and "old spelling" not in new_err


def test_an_old_spelling_without_a_path_plays_the_project_around_the_folder(capsys, monkeypatch):
    monkeypatch.chdir(REPO / "books" / "epic")
    old = ["play", "--showdown", "Pierre", "--auto", "--seed", "1"]
    code, out, err = _run(capsys, old)
    assert code == 0, err
    assert err.splitlines()[0] == _said(old, ["play", "epic", *old[1:]])
    assert "Victory" in out or "Defeat" in out


def test_the_old_campaign_spelling_keeps_the_same_log(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(REPO)
    old_log, new_log = tmp_path / "old.json", tmp_path / "new.json"
    old = ["play", "books/shield", "--log", str(old_log), "--auto", "--seed", "1"]
    code, out, err = _run(capsys, old)
    new = ["play", "campaign", "books/shield", "--log", str(new_log), "--auto", "--seed", "1"]
    again, new_out, _ = _run(capsys, new)
    assert (code, again) == (0, 0), err
    assert err.splitlines()[0] == _said(old, ["play", "campaign", *old[1:]])
    assert out.replace(str(old_log), "LOG") == new_out.replace(str(new_log), "LOG")
    assert old_log.read_text() == new_log.read_text()


def test_a_campaign_named_the_old_way_without_its_log_says_how_to_play_it(capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    code, out, err = _run(capsys, ["play", "books/shield", "--auto"])
    assert code == 2 and out == ""
    assert "smersh play campaign books/shield --log FILE" in err


def test_an_unknown_option_in_the_old_spelling_is_a_usage_error(capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    code, out, err = _run(capsys, ["play", "books/epic", "--gmae"])
    assert code == 2 and "--gmae" in err and "is now" not in err and out == ""


def test_the_new_epic_command_refuses_a_whole_games_option_with_one_piece(capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    code, _, err = _run(capsys, ["play", "epic", "books/epic", "--showdown", "Pierre",
                                 "--save", "game.json"])
    assert code == 2 and "--save is for a whole game" in err and "--showdown" in err
    assert not (REPO / "game.json").exists()

"""`smersh play epic` and `smersh simulate epic` as a user meets them: whole games to
the end, saves that continue, clear errors, figures reproducible from a seed, and the
interactive game in a real terminal (tmux)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, smersh
from waiting import until
from epic_game_helpers import epic_doc, new_game
from smersh_dsl.play.epic import save
from smersh_dsl.play.epic.rounds import play_game
from smersh_dsl.wording import count


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_an_unattended_whole_game_finishes(players):
    done = smersh("play", "epic", "books/epic", "--auto", "--seed", "1", "--players",
                  str(players), cwd=REPO)
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip().splitlines()[-1].startswith(("The game is won", "The game is lost"))
    assert f"{count(players, 'spy')} against Darling" in done.stdout.splitlines()[0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_an_unattended_whole_game_with_swagmans_hope_finishes(players):
    done = smersh("play", "epic", "books/epic", "--with", "books/swagmans-hope", "--auto",
                  "--seed", "1", "--players", str(players), cwd=REPO)
    assert done.returncode == 0, done.stderr
    assert "Red intel (Weapons" in done.stdout
    assert done.stdout.rstrip().splitlines()[-1].startswith("The game is")


def test_the_same_seed_prints_the_same_game():
    first = smersh("play", "epic", "books/epic", "--auto", "--seed", "7", "--players", "2", cwd=REPO)
    again = smersh("play", "epic", "books/epic", "--auto", "--seed", "7", "--players", "2", cwd=REPO)
    assert first.stdout == again.stdout and first.returncode == again.returncode == 0


@pytest.mark.parametrize("args, message", [
    (["--players", "1", "--with", "books/swagmans-hope"], "two or more UN Agents"),
    (["--spy", "Nobody Special"], "no spy sheet 'Nobody Special'; there are"),
    (["--henchman", "Goldfinger"], "no henchman sheet 'Goldfinger'; there are Darling"),
    (["--henchman", "Pierre", "--henchman", "Fedor"], "multiple_henchmen variant"),
    (["--variant", "chess_boxing"], "no variant 'chess_boxing'"),
    (["--players", "2", "--spy", "Pierre, Double Agent", "--henchman", "Pierre"],
     "a double agent of Pierre"),
])
def test_bad_choices_are_clear_errors(args, message):
    done = smersh("play", "epic", "books/epic", "--auto", *args, cwd=REPO)
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr


# -- saves ---------------------------------------------------------------------------------

class Stop(Exception):
    pass


def test_a_saved_game_continues_exactly_as_it_would_have_gone_on(tmp_path):
    """A save at the start of round 3, continued, plays the rest of the game as the game
    played without a break does."""
    whole, lines = new_game(epic_doc(), players=2, seed=11)
    play_game(whole)
    path = tmp_path / "game.json"
    broken, first = new_game(epic_doc(), players=2, seed=11)

    def keep(game):
        save.save(path, game)
        if game.state.round == 3:
            raise Stop

    with pytest.raises(Stop):
        play_game(broken, keep)
    rest: list[str] = []
    again = save.load(path, epic_doc(), rest.append)
    play_game(again)
    assert first + rest == lines
    assert again.state.outcome == whole.state.outcome


def test_a_finished_game_says_so_when_continued(tmp_path):
    path = tmp_path / "g.json"
    done = smersh("play", "epic", "books/epic", "--auto", "--seed", "2", "--save", str(path), cwd=REPO)
    assert done.returncode == 0 and path.exists()
    again = smersh("play", "epic", "books/epic", "--auto", "--save", str(path), cwd=REPO)
    assert again.returncode == 0 and "That game is over" in again.stdout


def _saved(tmp_path: Path) -> dict:
    path = tmp_path / "g.json"
    game, _ = new_game(epic_doc(), players=2, seed=3)
    save.save(path, game)
    return json.loads(path.read_text())


@pytest.mark.parametrize("damage, message", [
    (lambda d: "{\"format\": ", "g.json:1:12: not JSON (a truncated save?)"),
    (lambda d: json.dumps({"format": "something else"}), "not a saved game of smersh play epic"),
    (lambda d: json.dumps({**d, "format_version": 99}), "/format_version: a save of version 99"),
    (lambda d: json.dumps({**d, "document": {**d["document"], "id": "shield"}}),
     "/document: this game was saved from shield"),
    (lambda d: json.dumps({**d, "state": {**d["state"], "round": "three"}}),
     "/state/round: expected a whole number, not 'three'"),
    (lambda d: json.dumps({**d, "state": {**d["state"], "seats": [
        {**d["state"]["seats"][0], "location": "Atlantis"}, d["state"]["seats"][1]]}}),
     "/state/seats/0/location: no place 'Atlantis' on the board"),
    (lambda d: json.dumps({**d, "spies": d["spies"][:1]}), "/spies: 1 spies for 2 seats"),
    (lambda d: json.dumps({**d, "state": {**d["state"], "wormholes": 1}}),
     "/state/wormholes: not a field of a saved game"),
    (lambda d: json.dumps({k: v for k, v in d.items() if k != "rng"}), "/rng: missing"),
])
def test_a_bad_save_is_a_clear_error_and_is_left_as_it_was(tmp_path, damage, message):
    data = _saved(tmp_path)
    path = tmp_path / "g.json"
    path.write_text(damage(data))
    before = path.read_bytes()
    done = smersh("play", "epic", "books/epic", "--auto", "--save", str(path), cwd=REPO)
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr
    assert path.read_bytes() == before


# -- the simulator -----------------------------------------------------------------------------

def test_simulate_epic_reports_the_figures_a_writer_needs():
    done = smersh("simulate", "epic", "books/epic", "--games", "40", "--players", "2",
                  "--seed", "4", cwd=REPO)
    assert done.returncode == 0, done.stderr
    for heading in ("Spies won", "95% interval", "Rounds played", "Dr. Lobo confronted after round",
                    "Main henchman beaten before Dr. Lobo came", "Deaths per game",
                    "Entries that cost spies the most health", "Entries that moved Dr. Lobo the most"):
        assert heading in done.stdout


def test_simulate_epic_figures_come_from_the_seed_not_the_processes():
    args = ("simulate", "epic", "books/epic", "--games", "60", "--players", "3", "--format", "json")
    one = smersh(*args, "--seed", "9", "--jobs", "1", cwd=REPO)
    two = smersh(*args, "--seed", "9", "--jobs", "2", cwd=REPO)
    other = smersh(*args, "--seed", "10", "--jobs", "2", cwd=REPO)
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    assert json.loads(one.stdout) == json.loads(two.stdout)
    assert json.loads(one.stdout)["games"] == 60
    assert json.loads(other.stdout) != json.loads(one.stdout)


def test_simulate_epic_csv_has_a_row_per_game_and_long_runs_show_progress():
    done = smersh("simulate", "epic", "books/epic", "--games", "200", "--players", "1",
                  "--format", "csv", "--seed", "2", cwd=REPO)
    assert done.returncode == 0, done.stderr
    rows = done.stdout.strip().splitlines()
    assert rows[0].startswith("game,outcome,rounds,lobo_round,deaths") and len(rows) == 201
    assert "played 200 of 200 games" in done.stderr


def test_simulate_epic_with_swagmans_hope_and_a_bad_option():
    done = smersh("simulate", "epic", "books/epic", "--with", "books/swagmans-hope",
                  "--games", "20", "--players", "2", cwd=REPO)
    assert done.returncode == 0 and "Swagman's Hope" in done.stdout.splitlines()[0]
    bad = smersh("simulate", "epic", "books/epic", "--henchman", "Blofeld", "--games", "5", cwd=REPO)
    assert bad.returncode == 2 and "no henchman sheet 'Blofeld'" in bad.stderr


# -- the terminal ---------------------------------------------------------------------------------

def _screen(session: str) -> str:
    return subprocess.run(["tmux", "capture-pane", "-p", "-t", session], capture_output=True,
                          text=True).stdout


def _wait_for(session: str, text: str) -> str:
    try:
        return until(lambda: (lambda screen: screen if text in screen else "")(_screen(session)),
                     f"{text!r} appeared", poll_s=0.2)
    except AssertionError as error:
        raise AssertionError(f"{error}; the screen:\n{_screen(session)}") from None


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_a_person_plays_a_turn_in_a_real_terminal_and_the_game_is_saved(tmp_path):
    session = f"smersh-epic-{tmp_path.name}"
    exe = Path(sys.executable).with_name("smersh")
    save_file = tmp_path / "mine.json"
    command = (f"cd {REPO} && {exe} play epic books/epic --players 1 --seed 3 "
               f"--save {save_file}; sleep 60")
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "120", "-y", "90", command],
                   check=True)
    try:
        _wait_for(session, "Choose an HQ to start from:")
        subprocess.run(["tmux", "send-keys", "-t", session, "1", "Enter"], check=True)
        # Adebayo Okafor's sheet starts him with a gadget (EP-SETUP-1), offered first
        screen = _wait_for(session, "Adebayo Okafor: play a card?")
        assert "1. Play Wristwatch Receiver: gain intel" in screen and "2. Play nothing" in screen
        subprocess.run(["tmux", "send-keys", "-t", session, "2", "Enter"], check=True)
        screen = _wait_for(session, "Your turn:")
        assert "1. Move and have an encounter" in screen and "2. Rest" in screen
        assert "% to pass" not in screen.split("Your turn:")[-1]    # a choice, not a chance
        subprocess.run(["tmux", "send-keys", "-t", session, "1", "Enter"], check=True)
        _wait_for(session, "Where do you move?")
        screen = _wait_for(session, "Move to")
        assert "Stay in" in screen.split("Where do you move?")[-1]
        subprocess.run(["tmux", "send-keys", "-t", session, "C-d"], check=True)
        _wait_for(session, "Game abandoned; saved at the start of the round")
        assert json.loads(save_file.read_text())["state"]["round"] == 1
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def test_a_document_that_lacks_what_a_game_needs_is_a_clear_error(tmp_path):
    """A built document with no deck for Asia (EP-ENC-2) and one with no henchman sheets:
    each says what is missing, exit 2, no traceback."""
    for drop, message in ((lambda d: d.update(encounter_cards=[c for c in d["encounter_cards"]
                                                                if c["region"] != "Asia"]),
                           "no encounter cards for Asia"),
                          (lambda d: d.update(henchmen=[]), "it has no henchman sheets")):
        doc = epic_doc()
        drop(doc)
        path = tmp_path / "smersh.json"
        path.write_text(json.dumps(doc))
        done = smersh("play", "epic", str(path), "--auto", cwd=REPO)
        assert done.returncode == 2, done.stdout[-500:]
        assert message in done.stderr and "Traceback" not in done.stderr

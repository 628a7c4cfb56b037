"""`smersh simulate` and `smersh play` for Agents of S.M.U.S.H.: the simulator against
positions worked out by hand, reproducible seeds, and the commands' clean edges."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, smersh
from waiting import HANG_GUARD_S
from smersh_dsl.play.smush.rules import load_rules
from smersh_dsl.play.smush.sim import simulate
from smersh_dsl.play.core.estimate import Estimate
from test_smush_play import built

ONE_DEFENCE = '''cardgame tiny "One Defence" {
  rules { rounds 1 crystals 1 clues 1 cp_start 2 gadget_cards 1 defence_cards 1 }
  types { Tech Force }
}
gadget_card 1 {
  half "Watch" { type Tech strength 1 }
  half "Gum" { type Force strength 1 }
}
defence_card 1 {
  face "Wall" { type Tech strength %d }
  face "Pit" { type Force strength %d }
}
'''


def tiny(tmp_path: Path, wall: int = 1, pit: int = 1):
    book = tmp_path / "tiny"
    book.mkdir()
    (book / "tiny.smersh").write_text(ONE_DEFENCE % (wall, pit), encoding="utf-8")
    return load_rules(built(book))


def test_random_play_of_one_defence_matches_the_hand_computed_odds(tmp_path):
    """One round, one defence of strength 1 (either face), one gadget card without boosts,
    2 CP; everybody picks uniformly among the legal moves. Harmony wins iff she makes the
    incursion (1/2) and then pays rather than withdraws: with the matching half active
    (she played the card, 1/2, and turned the right half, 1/2) three ways are open (the
    gadget, 2 CP without it, withdraw), else two. P = 1/2 (1/4 * 2/3 + 3/4 * 1/2) = 13/48."""
    summary = simulate(tiny(tmp_path), 4000, 7, "random", "random")
    low, high = Estimate(summary.wins["harmony"], summary.games).interval()
    assert low <= 13 / 48 <= high
    assert summary.wins["harmony"] + summary.wins["smush"] == 4000
    assert summary.rounds == 4000                                  # every game is one round


def test_greedy_play_of_an_unbeatable_defence_always_loses(tmp_path):
    """Strength 9 either way, 2 CP and no boosts: no way through (9 x 2 CP without a gadget,
    1 with one). Greedy Harmony must go in the only round, fails, and the one clue ends it;
    greedy SMUSH lays either face: SMUSH wins every game, by clues (SM-INC-4, SM-END-1)."""
    summary = simulate(tiny(tmp_path, 9, 9), 50, 1, "greedy", "greedy")
    assert summary.wins["smush"] == 50 and summary.endings["clues"] == 50


def test_greedy_play_of_an_easy_defence_always_wins(tmp_path):
    """Strength 1 either way and 2 CP: whichever half greedy Harmony turns, 2 CP pay for
    strength 1 even without a matching gadget, so she goes and wins every game (SM-INC-2,
    SM-INC-5, SM-END-1)."""
    summary = simulate(tiny(tmp_path, 1, 1), 50, 1, "greedy", "greedy")
    assert summary.wins["harmony"] == 50 and summary.endings["crystals"] == 50


def test_the_same_seed_gives_the_same_figures():
    rules = load_rules(built(REPO / "books" / "smush"))
    first = simulate(rules, 25, 11, "greedy", "random").as_json(rules)
    again = simulate(rules, 25, 11, "greedy", "random").as_json(rules)
    other = simulate(rules, 25, 12, "greedy", "random").as_json(rules)
    assert first == again
    assert first != other


def test_simulate_command_reports_rates_intervals_length_and_uses():
    done = smersh("simulate", "smush", "--games", "30", "--policy", "random", "--seed", "5",
                  "--format", "json", cwd=REPO)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["harmony"]["wins"] + data["smush"]["wins"] == 30
    low, high = data["smush"]["interval"]
    assert low <= data["smush"]["rate"] <= high
    assert 1 <= data["average_rounds"] <= 6
    assert [g["name"] for g in data["gadget_halves"]][:2] == ["Dynamite Gum", "Laser Watch"]
    assert len(data["defence_faces"]) == 12
    assert sum(d["played"] for d in data["defence_faces"]) == pytest.approx(data["average_rounds"],
                                                                             abs=0.01)
    again = smersh("simulate", "smush", "--games", "30", "--policy", "random", "--seed", "5",
                   "--format", "json", cwd=REPO)
    assert again.stdout == done.stdout
    text = smersh("simulate", "smush", "books/smush", "--games", "200", "--policy", "random",
                  "--smush-policy", "greedy", "--seed", "1", cwd=REPO)
    assert "95% interval" in text.stdout and "Average length" in text.stdout
    assert "simulated 200 of 200 games" in text.stderr


def test_simulate_a_missing_book_is_a_clear_error():
    done = smersh("simulate", "smush", "no-such-book", "--games", "3", cwd=REPO)
    assert done.returncode == 2 and "no bundled book of that name" in done.stderr
    assert "Traceback" not in done.stderr


def play(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "smersh_dsl", "play", "smush", *args],
                          input=stdin, capture_output=True, text=True, cwd=REPO, timeout=HANG_GUARD_S)


def test_play_auto_runs_a_whole_game():
    done = play("--auto", "--policy", "random", "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert "-- Round 1" in done.stdout and " wins: " in done.stdout.splitlines()[-1]


def test_play_against_a_bot_reprompts_on_bad_input_and_ends_cleanly_on_eof():
    done = play("--bot", "smush", "--seed", "1", stdin="1\nx\n9\n2\n")
    assert "Harmony: play a gadget card?" in done.stdout
    assert "  1. Play gadget card 1: Dynamite Gum / Laser Watch" in done.stdout
    assert "is not a valid integer" in done.stdout + done.stderr
    assert "Game abandoned" in done.stderr and "Traceback" not in done.stderr
    assert done.returncode == 2

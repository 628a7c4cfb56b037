"""The slips a first hour with `smersh play` and `smersh stats` found (issue #18), each
held by a test: the expansion's document, the end of input, the card game's seating,
the resolve columns of the odds, and the party's skill levels."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from conftest import REPO, smersh
from smersh_dsl.pipeline.run import check_paths
from smersh_dsl.export.build import build_json
from smersh_dsl.play.epic import stats
from smersh_dsl.play.epic.stats import LEVELS, RESOLVE, render
from smersh_dsl.play.epic.victory import parse_party

SKILLS = ["Spycraft", "Persuasion", "Deception", "Athletics", "Hand to Hand"]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    projects, _ = check_paths([REPO / "books" / "epic", REPO / "books" / "swagmans-hope"])
    out = tmp_path_factory.mktemp("build")
    assert build_json(projects, out, merged=True).invalid == {}
    return out


def test_an_expansions_document_is_played_through_its_merged_document(built):
    run = smersh("play", "epic", str(built / "swagmans_hope" / "swagmans_hope.json"),
                 "--encounter", "Europe", "--auto", "--seed", "1")
    assert run.returncode == 0, run.stderr
    assert "swagmans_hope.merged.json" in run.stderr and "Encounter" in run.stdout


def test_an_expansions_document_alone_says_what_to_give(built, tmp_path):
    alone = tmp_path / "swagmans_hope.json"
    alone.write_bytes((built / "swagmans_hope" / "swagmans_hope.json").read_bytes())
    run = smersh("play", "epic", str(alone), "--encounter", "Europe", "--auto")
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert "expansion of smersh" in run.stderr and "--merged" in run.stderr
    assert "campaigns are played with --log" not in run.stderr


@pytest.mark.parametrize("args", [("--encounter", "Europe"), ("--showdown", "Pierre")])
def test_the_end_of_input_abandons_the_game_and_says_so(built, args):
    run = smersh("play", "epic", str(built / "smersh" / "smersh.json"), *args)     # stdin: nothing
    assert run.returncode == 2
    assert "Game abandoned: no more input." in run.stderr and "aborted" not in run.stderr


def test_against_a_bot_nobody_is_told_to_share_the_screen():
    run = smersh("play", "smush", str(REPO / "books" / "smush"), "--bot", "smush")
    assert "share this screen" not in run.stdout
    assert "You play Harmony Grace; a bot plays SMUSH" in run.stdout
    two = smersh("play", "smush", str(REPO / "books" / "smush"))
    assert "Both players share this screen" in two.stdout


def test_stats_text_shows_every_resolve_column_the_readme_promises():
    table = tuple(tuple(Fraction(level * 10 + spent, 100) for spent in RESOLVE) for level in LEVELS)
    text = render([stats.TestOdds("entry 01.1.1", "card 01", "Spycraft", table)], "text")
    rows = [line for line in text.splitlines() if line.rstrip().endswith("%")][:len(RESOLVE)]
    assert len(rows) == len(RESOLVE) == 4
    for spent, row in enumerate(rows):
        assert row.split()[-6:] == [f"{level * 10 + spent}%" for level in LEVELS], row
    assert "0-3 resolve" in text and "1 test option" in text


def test_a_skill_level_above_the_board_is_refused():
    """EP-SKILL-1: "board levels up to 5"."""
    assert parse_party(("Spycraft=5",), SKILLS)[0]["Spycraft"] == 5
    for wrong in ("Spycraft=9", "Spycraft=6", "Spycraft=-1"):
        with pytest.raises(ValueError, match="0 to 5"):
            parse_party((wrong,), SKILLS)


def test_a_showdown_without_a_party_is_a_usage_error():
    run = smersh("stats", str(REPO / "books" / "epic"), "--showdown", "Pierre")
    assert run.returncode == 2 and "--showdown needs the party" in run.stderr
    high = smersh("stats", str(REPO / "books" / "epic"), "--showdown", "Pierre",
                  "--party", "Spycraft=9")
    assert high.returncode == 2 and "0 to 5" in high.stderr and "Traceback" not in high.stderr


def test_play_says_1_die_and_names_a_conclusion_only_when_it_adds_something(built):
    run = smersh("play", "epic", str(built / "smersh" / "smersh.json"), "--auto",
                 "--seed", "1", "--players", "1")
    assert run.returncode == 0, run.stderr
    assert "rolls 1 die:" in run.stdout                   # this seed rolls a single die
    for slip in ("1 dice", "1 success tokens", "Victory (victory)", "Defeat (defeat)"):
        assert slip not in run.stdout, slip
    assert "Victory with" in run.stdout

"""Q001, the difficulty lint: off by default, on when selected, with the exact odds."""

from __future__ import annotations

from pathlib import Path

from conftest import codes
from smersh_dsl.pipeline.run import check_paths as run_check
from smersh_dsl.settings.policy import Policy

_GAME = ('game g "Test" {\n  skills { Spycraft }\n'
         '  die skill { success success resolve blank blank blank }\n}\n'
         'region Europe {\n  values 1..1\n  city Lisbon [airport]\n}\n'
         'card Europe 01 "Tram" { response 1 "Ride" }\n')
_ENTRY = 'entry 01.1.1 {\n  test Spycraft +2 [2]\n  pass { gain 1 intel }\n  fail { take 1 injury }\n}\n'


def _check(folder: Path, toml: str | None = None, select: list[str] | None = None):
    (folder / "book.smersh").write_text(_GAME + _ENTRY, encoding="utf-8")
    if toml is not None:
        (folder / "smersh.toml").write_text(toml, encoding="utf-8")
    return run_check([folder], Policy(select=select))[1]


def test_the_lint_is_off_by_default_and_all_does_not_turn_it_on(tmp_path):
    toml = '[difficulty]\nlevel = 1\nresolve = 0\nlow = 50\n'
    assert codes(_check(tmp_path, toml)) == []
    assert codes(_check(tmp_path, toml, select=["ALL"])) == []


def test_the_chance_is_the_rulebooks_roll(tmp_path):
    """EP-TEST-1, the rulebook: "Example A: Spycraft +2 [2]. Roll a number of Skill dice
    equal to your Spycraft Skill +2, needing [2] successes. If your Spycraft Skill was 2,
    you would roll 4 dice." At level 1, no resolve: 3 dice at 1/3 each, 2 successes: 7/27."""
    found = _check(tmp_path, '[difficulty]\nlevel = 1\nresolve = 0\nlow = 50\n', select=["Q001"])
    assert codes(found) == ["Q001"] and "25.9%" in found[0].message
    assert (found[0].span.line, found[0].span.column) == (11, 3)


def test_a_typical_spy_who_can_pass_or_fail_is_left_alone(tmp_path):
    assert codes(_check(tmp_path, None, select=["test-difficulty"])) == []


def test_a_bad_difficulty_table_is_a_configuration_finding(tmp_path):
    found = _check(tmp_path, '[difficulty]\nlevel = "two"\npace = 3\n')
    assert [(d.code, d.span.line) for d in found] == [("L003", 2), ("L003", 3)]

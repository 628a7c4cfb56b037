"""The exact chance of winning a showdown (issue #5): equal to hand-worked figures on
small sections, inside the Monte Carlo interval on the bundled showdowns."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from smersh_dsl.pipeline.run import check_paths
from smersh_dsl.export.document import document
from smersh_dsl.play.core.odds import pass_chance
from smersh_dsl.play.epic.exact import exact_victory
from smersh_dsl.play.epic.victory import estimate, make_party, parse_party
from conftest import REPO, smersh
from test_victory import SKILL, one_test_section

BASE = {"Spycraft": 2, "Athletics": 1}
FACES = tuple(SKILL)


def test_one_test_is_exactly_its_pass_chance():
    """EP-SHOW-3: intel from the pool spends as resolve; the resolve is spent the best way,
    so the showdown's chance is the test's best chance with 1 resolve and 2 intel."""
    doc = one_test_section(needed=3)
    chance = exact_victory(doc, "Z", make_party([BASE], intel=2, resolve=1))
    assert chance == pass_chance(2, 3, 3, FACES)
    assert isinstance(chance, Fraction)


def _retry_section(injury: int) -> dict:
    """Encounter 1: a [2] test; pass wins, fail costs ``injury`` and tries again."""
    doc = one_test_section(needed=2)
    test = doc["sections"][0]["nodes"][0]["steps"][0]
    test["fail"] = [{"kind": "take_injury", "amount": injury},
                    {"kind": "goto", "target": "encounter:1"}]
    return doc


def test_a_loop_that_changes_nothing_is_won_in_the_end():
    """Trying again for ever, with nothing lost: victory is certain (x = p + (1 - p) x)."""
    doc = _retry_section(injury=0)
    assert exact_victory(doc, "Z", make_party([BASE], intel=0, resolve=0)) == 1


def test_a_loop_that_costs_health_ends_in_death():
    """EP-HEALTH-1 and EP-SHOW-2: with 2 health and 1 injury a failure, the spy has two
    tries: p + (1 - p) p, worked out by hand."""
    doc = _retry_section(injury=1)
    p = pass_chance(2, 2, 0, FACES)
    assert exact_victory(doc, "Z", make_party([BASE], intel=0, resolve=0, health=2)) == p + (1 - p) * p


def test_too_many_states_is_said_not_guessed():
    doc = _retry_section(injury=1)
    assert exact_victory(doc, "Z", make_party([BASE], health=2), max_states=1) is None


@pytest.fixture(scope="module")
def epic() -> dict:
    projects, _ = check_paths([REPO / "books" / "epic"])
    return json.loads(json.dumps(document(projects[0])))


@pytest.mark.parametrize("section", ["Pierre", "Mr. Big", "C"])
def test_the_exact_chance_lies_inside_the_sampled_interval(epic, section):
    levels = parse_party(("Spycraft=3,Deception=3",), epic["vocabulary"]["skills"])
    chance = exact_victory(epic, section, make_party(levels))
    assert chance is not None and 0 < chance < 1
    low, high = estimate(epic, section, levels, games=1500, seed=11).interval()
    assert low <= chance <= high, (section, float(chance), low, high)


def test_stats_prints_the_exact_and_the_sampled_chance():
    done = smersh("stats", str(REPO / "books" / "epic"), "--showdown", "Pierre",
                  "--party", "Spycraft=3,Deception=3", "--games", "300", "--format", "json")
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert Fraction(figures["exact_fraction"]) == pytest.approx(figures["exact"])
    low, high = figures["sampled"]["interval95"]
    assert figures["sampled"]["games"] == 300 and low <= figures["sampled"]["rate"] <= high

"""How often a party wins a showdown: the sampled rate against the exact chance where the
showdown is one test, and the interval it reports."""

from __future__ import annotations

from smersh_dsl.play.core.estimate import Estimate
from smersh_dsl.play.core.odds import pass_chance
from smersh_dsl.play.epic.victory import estimate, parse_party

SKILL = ["success", "success", "resolve", "blank", "blank", "blank"]


def one_test_section(needed: int) -> dict:
    test = {"kind": "test", "options": [{"pick": "named", "skill": "Spycraft", "modifier": 0,
                                         "successes": needed}],
            "auto_pass_with": [], "dice_with": [],
            "pass": [{"kind": "goto", "target": "conclusion:victory"}],
            "fail": [{"kind": "goto", "target": "conclusion:defeat"}]}
    nodes = [{"id": "encounter:1", "kind": "encounter", "number": 1, "steps": [test]},
             {"id": "conclusion:victory", "kind": "conclusion", "outcome": "victory",
              "name": "victory", "steps": []},
             {"id": "conclusion:defeat", "kind": "conclusion", "outcome": "defeat",
              "name": "defeat", "steps": []}]
    return {"vocabulary": {"skills": ["Spycraft", "Athletics"], "dice": {"skill": SKILL}},
            "sections": [{"id": "lobo:Z", "kind": "lobo", "name": "Z", "successes": None,
                          "start": "encounter:1", "intro": None, "nodes": nodes}]}


def test_sampled_victories_agree_with_the_exact_chance():
    """EP-SHOW-3: intel from the pool spends as resolve, so the spy's 1 resolve and the
    party's 2 intel make 3 to spend on one [3] test at level 2."""
    doc = one_test_section(needed=3)
    result = estimate(doc, "Z", [{"Spycraft": 2, "Athletics": 1}], games=4000, seed=5,
                      intel=2, resolve=1)
    exact = float(pass_chance(2, 3, 3, tuple(SKILL)))
    low, high = result.interval()
    assert low <= exact <= high, (exact, result.rate, low, high)


def test_the_interval_is_a_wilson_interval():
    low, high = Estimate(50, 100).interval()
    assert round(low, 4) == 0.4038 and round(high, 4) == 0.5962
    assert Estimate(0, 10).interval()[0] == 0.0


def test_party_specs_name_skills():
    assert parse_party(("Spycraft=3",), ["Spycraft", "Athletics"]) == [{"Spycraft": 3, "Athletics": 1}]
    try:
        parse_party(("Spycrafty=3",), ["Spycraft"])
    except ValueError as problem:
        assert "Spycraft" in str(problem)
    else:
        raise AssertionError("an unknown skill must be refused")

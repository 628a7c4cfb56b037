"""Exact odds of a test, checked against sums done by hand (EP-TEST-1, -2, -6, -7)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from smersh_dsl.play.core.odds import gamble_chance, pass_chance

# The bundled game's skill die: two successes, one resolve icon, three blanks.
SKILL = ("success", "success", "resolve", "blank", "blank", "blank")


@pytest.mark.parametrize("level, needed, resolve, expected", [
    (1, 1, 0, F(1, 3)),                       # one die, one success in three faces
    (0, 1, 0, F(1, 3)),                       # EP-TEST-1: never fewer than 1 die
    (-2, 1, 0, F(1, 3)),
    (2, 1, 0, 1 - F(2, 3) ** 2),              # at least one success in two dice
    (9, 1, 0, 1 - F(2, 3) ** 6),              # EP-TEST-1: never more than 6 dice
    (2, 2, 0, F(1, 3) ** 2),                  # EP-TEST-2: [2] needs both dice
    (1, 1, 1, 1 - F(2, 3) ** 2),              # EP-TEST-6: a second die (5/9) beats keeping it (1/2)
    (0, 1, 1, F(1, 2)),                       # EP-TEST-6 climbs 0 -> 1: no extra die; keep it for the icon
    (1, 2, 1, F(1, 3) ** 2),                  # spent on a second die (one die can't make 2)
    (2, 2, 1, 3 * F(1, 3) ** 2 * F(2, 3) + F(1, 3) ** 3),  # 3 dice (7/27) beat SS or SR (2/9)
    (6, 2, 1, 1 - F(2, 3) ** 6 - 6 * F(1, 3) * F(2, 3) ** 5    # at 6 dice only the icon helps:
     + 6 * F(1, 3) * (F(2, 3) ** 5 - F(1, 2) ** 5)),          # one S, and an R among the rest
])
def test_pass_chance_matches_hand_sums(level, needed, resolve, expected):
    assert pass_chance(level, needed, resolve, SKILL) == expected


def test_more_resolve_never_hurts():
    for level in range(0, 6):
        chances = [pass_chance(level, 2, r, SKILL) for r in range(0, 4)]
        assert chances == sorted(chances)


def test_gamble_is_one_success_in_the_wager():
    assert gamble_chance(1, SKILL) == F(1, 3)
    assert gamble_chance(3, SKILL) == 1 - F(2, 3) ** 3
    assert gamble_chance(9, SKILL) == 1 - F(2, 3) ** 6     # at most 6 dice


@pytest.mark.parametrize("level, needed, resolve", [(1, 1, 0), (2, 2, 1), (0, 1, 2), (4, 3, 3)])
def test_the_table_passes_as_often_as_the_odds_say(level, needed, resolve):
    """Exact odds against the player's own dice: 5,000 tests fall inside the 99.9% interval."""
    import math
    import random

    from smersh_dsl.play.core.deciders import GreedyPolicy
    from smersh_dsl.play.epic.engine import Table
    from smersh_dsl.play.epic.party import Party, Spy

    doc = {"vocabulary": {"skills": ["Spycraft"], "dice": {"skill": list(SKILL)}}}
    rng = random.Random(level * 100 + needed * 10 + resolve)
    test = {"kind": "test", "options": [{"pick": "named", "skill": "Spycraft", "modifier": 0,
                                         "successes": needed}],
            "auto_pass_with": [], "dice_with": [], "pass": [], "fail": []}
    runs, passes = 5_000, 0
    for _ in range(runs):
        spy = Spy("S", {"Spycraft": level}, 5, resolve, resolve)
        table = Table(doc, Party([spy]), rng, GreedyPolicy(), lambda _: None)
        passes += table.test(test)
    p = float(pass_chance(level, needed, resolve, SKILL))
    margin = 3.3 * math.sqrt(p * (1 - p) / runs)
    assert abs(passes / runs - p) <= margin + 1e-9

"""Exact odds of passing a test (EP-TEST-1, -2, -6, -7), from the game's declared dice.

A test rolls as many skill dice as the skill's level after modifiers, never fewer than
1 nor more than 6 (EP-TEST-1), and needs `[N]` successes (EP-TEST-2, default 1).
Resolve can be spent two ways, and the odds assume the best spending:
- before the roll, 1 resolve raises the level by one, up to 6; a level below 1 first
  climbs back towards 1 (EP-TEST-6), so resolve spent there adds no die until it does;
- after the roll, each resolve icon rolled becomes a success for 1 resolve (EP-TEST-7).
The faces of the skill die come from the document (`die skill { ... }`), never from code.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb

MAX_DICE = 6


@lru_cache(maxsize=None)
def _outcomes(dice: int, p_success: Fraction, p_resolve: Fraction) -> tuple[tuple[int, int, Fraction], ...]:
    """(successes, resolve icons, probability) for ``dice`` dice."""
    p_blank = 1 - p_success - p_resolve
    found = []
    for s in range(dice + 1):
        for r in range(dice - s + 1):
            b = dice - s - r
            ways = comb(dice, s) * comb(dice - s, r)
            found.append((s, r, ways * p_success ** s * p_resolve ** r * p_blank ** b))
    return tuple(found)


def dice_for(level: int) -> int:
    return max(1, min(MAX_DICE, level))


def best_spend(level: int, needed: int, resolve: int, faces: tuple[str, ...]) -> tuple[int, Fraction]:
    """How much resolve to spend before the roll, and the chance to pass that gives; the
    rest is kept to turn rolled resolve icons into successes. Ties spend less.

    Resolve past what can change the roll (raising the level to 6, then one per die) is
    never worth more, so it is left out: the showdown pool's dozens of intel cost nothing."""
    useful = max(0, MAX_DICE - level) + MAX_DICE
    return _best_spend(level, needed, min(resolve, useful), faces)


@lru_cache(maxsize=65536)
def _best_spend(level: int, needed: int, resolve: int, faces: tuple[str, ...]) -> tuple[int, Fraction]:
    n = len(faces)
    p_success = Fraction(sum(1 for f in faces if f == "success"), n)
    p_resolve = Fraction(sum(1 for f in faces if f == "resolve"), n)
    best = (0, Fraction(-1))
    for before in range(resolve + 1):        # resolve spent raising the level first
        dice = dice_for(min(level + before, MAX_DICE))
        left = resolve - before
        chance = sum((p for s, r, p in _outcomes(dice, p_success, p_resolve)
                      if s + min(r, left) >= needed), Fraction(0))
        if chance > best[1]:
            best = (before, chance)
    return best


def pass_chance(level: int, needed: int, resolve: int, faces: tuple[str, ...]) -> Fraction:
    """The chance to roll ``needed`` successes at ``level``, spending up to ``resolve`` best."""
    return best_spend(level, needed, resolve, faces)[1]


def gamble_chance(wager: int, faces: tuple[str, ...]) -> Fraction:
    """EP-GAMBLE-1: roll `wager` dice (1-6), one success wins; no resolve."""
    p_success = Fraction(sum(1 for f in faces if f == "success"), len(faces))
    return 1 - (1 - p_success) ** dice_for(wager)

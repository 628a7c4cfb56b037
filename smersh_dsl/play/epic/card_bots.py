"""When the sensible bot plays a held card (docs/books.md, "The bots and held cards").

It decides from the spy, the card and the moment only (EP-PLAYER-1): what the card's
power does, what it costs, whether it stays, and what a player sees at that moment (the
chance to pass the test as offered, whether the dice rolled fail it, the injuries about
to be taken); never from the book's entries or dice still to come. A score of 1 plays the
card, 0 keeps it; "Play nothing" scores KEEP, between the two.
"""

from __future__ import annotations

from smersh_dsl.play.epic.bots import worth
from smersh_dsl.play.epic.held import Moment, Use, uses_of
from smersh_dsl.play.epic.party import Spy

KEEP = 0.5                 # the score of "Play nothing"
SURE = 0.7                 # a test this likely to pass is left to the dice
LOW_HEALTH = 2             # health at or below which an injury is worth preventing


def play_score(spy: Spy, use: Use, moment: Moment, pool: int) -> float:
    """1.0 to play ``use`` now, 0.0 to keep it. The rule, in order:
    - a power that costs more resolve or intel than there is: keep (it cannot be paid);
    - at a test: an automatic pass or bonus dice when the chance as offered is below 70%;
      a reroll or more dice after the roll when the dice rolled fail the test;
    - at injuries: prevent them when the card stays (a status, `keep`, uses left) or when
      they would take the spy to 2 health or less;
    - any other effect: play it when it is worth more than it costs (bots.WORTH, in intel;
      resolve at 0.6), not healing a spy at full health nor gaining resolve at full resolve.
    """
    cost = use.power.get("cost") or {}
    if cost.get("resolve", 0) > spy.resolve or cost.get("intel", 0) > pool:
        return 0.0
    kinds = {s["kind"] for s in use.steps}
    dice = sum(s.get("amount", 0) for s in use.steps if s["kind"] == "dice")
    if moment.name in ("before_test", "after_roll"):
        if moment.name == "after_roll":
            return 1.0 if moment.failing and ("reroll" in kinds or dice > 0) else 0.0
        helps = "auto_pass" in kinds or dice > 0
        return 1.0 if helps and (moment.chance is None or moment.chance < SURE) else 0.0
    if moment.name == "on_injury":
        prevent = sum(s.get("amount", 0) for s in use.steps if s["kind"] == "prevent_injury")
        stays = uses_of(use.kind, use.power) is None or \
            (uses_of(use.kind, use.power) or 1) - use.owner.used.get(use.name, 0) > 1
        dire = spy.health - moment.injuries <= LOW_HEALTH
        return 1.0 if prevent > 0 and (stays or dire) else 0.0
    if "heal_injury" in kinds and spy.health >= spy.max_health:
        return 0.0
    if "gain_resolve" in kinds and spy.resolve >= spy.max_resolve:
        return 0.0
    price = cost.get("intel", 0) + 0.6 * cost.get("resolve", 0)
    return 1.0 if worth(use.steps) > price else 0.0


def spend_score(spy: Spy, status: dict, intel: int, pool: int) -> float:
    """A `spend N intel` leave: pay it when the status hurts (its powers take dice or do
    harm) and the pool keeps as much again after paying (intel buys henchmen)."""
    harm = any(s["kind"] == "dice" and s.get("amount", 0) < 0 for p in status.get("powers") or []
               for s in p.get("steps") or []) or \
        any(worth(p.get("steps") or []) < 0 for p in status.get("powers") or [])
    return 1.0 if harm and pool >= 2 * intel else 0.0

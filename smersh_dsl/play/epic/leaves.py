"""Statuses leaving by their discard effect (EP-STATUS-3): "Each Status card shows its
Name, Card Effect, and Discard Effect"; a status leaves only by its `leaves` (CARDS-SPEC),
a death (EP-HEALTH-1) or an entry's `lose status`. Each leaving is told in the transcript:
"[Hangover leaves Adebayo Okafor: end of turn]"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from smersh_dsl.play.epic.held import card_of, held_statuses, leaves
from smersh_dsl.play.epic.party import Spy

WHY = {"rest": "rest", "rest_hq": "rest at an HQ", "pass_at_hq": "passed an encounter at an HQ",
       "end_of_turn": "end of turn", "after_use": "used"}


def _why(leave: dict) -> str:
    when = leave["when"]
    if when == "pass":
        return f"passed a {leave['skill']} test" if leave.get("skill") else "passed a test"
    if when == "encounter_in":
        return f"an encounter in {leave['region']}"
    if when == "spend":
        return f"spent {leave['intel']} intel"
    if when == "lobo_advances":
        return f"Dr. Lobo advanced {leave['amount']} or more spaces this round"
    return WHY[when]


def leave(table: Any, spy: Spy, name: str, why: str) -> None:
    """``table`` is an `engine.Table` (its document, its transcript, its tally)."""
    spy.held.discard(name)
    spy.waits.pop(name, None)
    spy.used.pop(name, None)
    table.tally["statuses_left"] = table.tally.get("statuses_left", 0) + 1
    table.say(f"  [{name} leaves {spy.name}: {why}]")


def on(table: Any, spy: Spy, when: str, test: Callable[[dict], bool] = lambda _: True,
       name: str | None = None) -> None:
    """Every status of ``spy`` (or only ``name``) whose `leaves` has an item ``when`` that
    ``test`` accepts leaves."""
    for card in held_statuses(table, spy):
        if name is not None and card["name"] != name:
            continue
        hit = next((lv for lv in leaves(card) if lv["when"] == when and test(lv)), None)
        if hit is not None:                                             # rule: EP-STATUS-3
            leave(table, spy, card["name"], _why(hit))


def rested(table: Any, spy: Spy, at_hq: bool) -> None:
    """EP-REST-1: "Some Statuses can be discarded when resting at HQs" (`rest_hq`); a
    `rest` status leaves by any rest, at an HQ or not."""
    on(table, spy, "rest")
    if at_hq:
        on(table, spy, "rest_hq")


def passed(table: Any, spy: Spy, skill: str | None) -> None:
    """`pass` or `pass SKILL`: the owner passed a test (of that skill)."""
    on(table, spy, "pass", lambda lv: lv.get("skill") in (None, skill))


def gained(doc: dict, spy: Spy, name: str, own_turn: bool) -> None:
    """`end_of_turn` waits for "the end of your next turn": the turn after the one it was
    gained in (two ends of the owner's turn), or, gained outside the owner's turn, the
    next end of the owner's turn."""
    card = card_of(doc, "status", name)
    if card is not None and any(lv["when"] == "end_of_turn" for lv in leaves(card)):
        spy.waits[name] = 2 if own_turn else 1


def turn_ended(table: Any, spy: Spy) -> None:
    for name in sorted(spy.waits):
        spy.waits[name] -= 1
        if spy.waits[name] <= 0 and spy.holds(name):                    # rule: EP-STATUS-3
            leave(table, spy, name, "end of turn")
        elif spy.waits[name] <= 0:
            spy.waits.pop(name)


def lobo_advanced(table: Any, spies: list[Spy], spaces: int) -> None:
    """`lobo_advances N`: Dr. Lobo has advanced N or more spaces in this round (counted
    from where he stood when it began; a retreat takes spaces back)."""
    for spy in spies:
        on(table, spy, "lobo_advances", lambda lv: spaces >= lv["amount"])


def spends(table: Any, spy: Spy) -> list[tuple[str, int]]:
    """The `spend N intel` leaves the spy may take now: (status, intel)."""
    return [(card["name"], lv["intel"]) for card in held_statuses(table, spy)
            for lv in leaves(card) if lv["when"] == "spend"]

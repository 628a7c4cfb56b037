"""The cards a spy holds by name and the decks they come from and go back to: drawing
(EP-GADGET-1, Top Secret draws), discarding, losing one of the spy's choice, a death's
discards (EP-HEALTH-1) and a sheet's starting cards (EP-SETUP-1).

``table`` is an `engine.Table` (its document, dice, decider, transcript and decks).
"""

from __future__ import annotations

import random

from smersh_dsl.play.epic import leaves
from smersh_dsl.play.epic.decks import Decks, draw, new_decks, take
from smersh_dsl.play.epic.party import Spy

PLURAL = {"gadget": "gadgets", "top_secret": "top_secrets"}


def decks_of(table) -> Decks:  # noqa: ANN001 - engine.Table
    """The game's decks; a table of one encounter or showdown forms its own at first use,
    shuffled with its dice (with a fixed order when the exact odds script the dice: the
    deck's order is not one of the ways the dice fall)."""
    if table.decks is None:
        table.decks = new_decks(table.doc, _shuffler(table))
    return table.decks


def _shuffler(table) -> random.Random:  # noqa: ANN001
    return table.rng if isinstance(table.rng, random.Random) else random.Random(0)


def hand(spy: Spy, kind: str) -> list[str]:
    return spy.gadgets if kind == "gadget" else spy.top_secrets


def draw_cards(table, spy: Spy, kind: str, amount: int = 1) -> list[str]:  # noqa: ANN001
    """``spy`` draws ``amount`` cards of ``kind`` (gadget, top_secret) from the game's deck:
    a Gadget space's pass or `gain gadget` (EP-GADGET-1), a Top Secret draw."""
    drawn = []
    for _ in range(amount):
        name = draw(decks_of(table), kind, _shuffler(table))
        if name is None:
            table.say(f"  [the {kind.replace('_', ' ')} deck is empty: none drawn]")
            break
        hand(spy, kind).append(name)
        drawn.append(name)
        table.say(f"  [{spy.name} draws {kind.replace('_', ' ')} {name}]")
    return drawn


def discard(table, spy: Spy, kind: str, name: str) -> None:  # noqa: ANN001
    cards = hand(spy, kind)
    if name in cards:
        cards.remove(name)
        spy.used.pop(name, None)
        decks_of(table).discards(kind).append(name)


def lose_card(table, spy: Spy, kind: str, amount: int) -> None:  # noqa: ANN001
    """`lose gadget` (`lose top_secret`): one of the spy's choice (the sensible bot gives up
    the first held), to the discard."""
    what = kind.replace("_", " ")
    for _ in range(amount):
        held = hand(spy, kind)
        if not held:
            table.say(f"  [{spy.name} holds no {what}: none lost]")
            return
        name = held[table.decide.choose(f"Which {what} do you lose?", list(held), note=None)]
        discard(table, spy, kind, name)
        table.say(f"  [lose {what} {name}]")


def died(table, spy: Spy) -> None:  # noqa: ANN001
    """EP-HEALTH-1: the dead spy "discards all Statuses, Gadgets, Advanced Skills, and
    Secret Missions they have collected": held cards go to their discard piles."""
    for kind in PLURAL:
        for name in list(hand(spy, kind)):
            discard(table, spy, kind, name)                             # rule: EP-HEALTH-1
    spy.held.clear()
    spy.waits.clear()
    spy.used.clear()


def equip(table, spy: Spy, sheet: dict | None) -> None:  # noqa: ANN001
    """EP-SETUP-1: "Each player checks their Spy board and gains any Advanced Skill
    tokens, UN Transport tokens, Status cards, or Gadget cards they start with": the
    sheet's `starts` (its gadgets taken out of the deck, its Top Secret count drawn)."""
    starts = (sheet or {}).get("starts") or {}
    decks = decks_of(table)
    for name in starts.get("gadgets") or []:
        take(decks, "gadget", name)                                     # rule: EP-SETUP-1
        spy.gadgets.append(name)
    for name in starts.get("statuses") or []:
        spy.held.add(name)
        leaves.gained(table.doc, spy, name, own_turn=False)
    for kind, amount in (starts.get("tokens") or {}).items():
        spy.tokens[kind] = spy.tokens.get(kind, 0) + amount
    if starts.get("top_secret"):
        draw_cards(table, spy, "top_secret", starts["top_secret"])

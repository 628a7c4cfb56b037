"""The card decks a whole game draws from by name: the gadget deck (EP-GADGET-1) and the
Top Secret deck (SH-TOPSECRET-1), each the document's cards times their `copies`,
shuffled with the game's dice, and formed again from its discard when it runs out."""

from __future__ import annotations

import random
from dataclasses import field

from smersh_dsl.records import dataclass

# The kinds of card a spy holds by name, and the document's list of each.
LISTS = {"gadget": "gadgets", "top_secret": "top_secrets", "status": "statuses"}
DRAWN = ("gadget", "top_secret")


@dataclass
class Decks:
    """What is left to draw of each deck, top first, and its discard pile."""

    gadgets: list[str] = field(default_factory=list)
    gadget_discard: list[str] = field(default_factory=list)
    top_secrets: list[str] = field(default_factory=list)
    top_secret_discard: list[str] = field(default_factory=list)

    def pile(self, kind: str) -> list[str]:
        return self.gadgets if kind == "gadget" else self.top_secrets

    def discards(self, kind: str) -> list[str]:
        return self.gadget_discard if kind == "gadget" else self.top_secret_discard


def cards(doc: dict, kind: str) -> list[str]:
    """Every copy of the document's cards of ``kind``, in the document's order."""
    return [c["name"] for c in doc.get(LISTS[kind]) or [] for _ in range(c.get("copies") or 1)]


def new_decks(doc: dict, rng: random.Random) -> Decks:
    """The rulebook's Setup: "Find each of the following card decks, shuffle them" (b.
    Gadget cards); the Top Secret deck likewise (Swagman's Hope)."""
    decks = Decks(cards(doc, "gadget"), [], cards(doc, "top_secret"), [])
    rng.shuffle(decks.gadgets)                                          # rule: EP-GADGET-1
    rng.shuffle(decks.top_secrets)                                      # rule: SH-TOPSECRET-1
    return decks


def draw(decks: Decks, kind: str, rng: random.Random) -> str | None:
    """The top card of ``kind``'s deck; EP-GADGET-1: "If the deck of Gadget cards runs
    out, shuffle the discard and form a new deck." None when both are empty."""
    pile, discard = decks.pile(kind), decks.discards(kind)
    if not pile and discard:
        pile.extend(discard)
        discard.clear()
        rng.shuffle(pile)                                               # rule: EP-GADGET-1
    return pile.pop(0) if pile else None


def take(decks: Decks, kind: str, name: str) -> None:
    """A named card taken out of its deck (a spy sheet's starting gadget, EP-SETUP-1), so
    the deck holds one copy fewer; a card the deck lacks is held all the same."""
    pile = decks.pile(kind)
    if name in pile:
        pile.remove(name)

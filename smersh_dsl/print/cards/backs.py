"""Card backs: one design per deck (the game's title and the deck's name), so a shuffled
deck gives nothing away; a unique card (the Aussie Butcher) carries its story instead."""

from __future__ import annotations

from smersh_dsl.print.cards.faces import face
from smersh_dsl.print.cards.model import Back


def deck_back(doc: dict, deck: str, name: str, subtitle: str = "") -> Back:
    """The back every card of ``deck`` shares."""
    return Back(deck, face("deck_back", game=doc.get("title", ""), deck=name, subtitle=subtitle))


def henchman_back(henchman: dict) -> Back:
    """A henchman card's other side: who he is."""
    return Back("henchman", face("henchman_back", henchman=henchman))

"""Card backs: one design per deck (the game's title and the deck's name), so a shuffled
deck gives nothing away; a unique card (the Aussie Butcher) carries its story instead."""

from __future__ import annotations

from smersh_dsl.print.cards.faces import face
from smersh_dsl.print.cards.model import Back


def deck_back(doc: dict, deck: str, name: str, subtitle: str = "") -> Back:
    """The back every card of ``deck`` shares: the game's `back DECK art "..."` when it
    gives one (its vocabulary's ``backs``), else the game's title and the deck's name."""
    art = next((b["art"] for b in (doc.get("vocabulary") or {}).get("backs", [])
                if b["deck"] == deck), None)
    return Back(deck, face("deck_back", game=doc.get("title", ""), deck=name, subtitle=subtitle,
                           art=art), art)


def henchman_back(henchman: dict) -> Back:
    """A henchman card's other side: who he is."""
    return Back("henchman", face("henchman_back", henchman=henchman))

"""What a card sheet is made of: cards with a face and a back, grouped in decks."""

from __future__ import annotations

from markupsafe import Markup

from smersh_dsl.records import dataclass


@dataclass(frozen=True)
class Back:
    deck: str          # the CSS class of the deck, e.g. "status", "encounter-europe"
    html: Markup       # the back's inner HTML
    art: dict | None = None    # the JSON `art` of the deck's own back picture


@dataclass(frozen=True)
class Card:
    label: str         # names the card in diagnostics, e.g. "encounter card Europe 01"
    deck: str          # the CSS class of its deck: colours and layout
    face: Markup       # the face's inner HTML
    back: Back
    span: str | None = None   # "<file>:<line>:<column>" when the JSON carries sources
    fits_whole: bool = True   # False when its parts (two halves) carry their own fit boxes
    art: dict | None = None   # the JSON `art` of the picture across the top of its face


@dataclass(frozen=True)
class Deck:
    key: str           # stable and unique in the document: "status", "encounter-europe"
    title: str         # its bookmark, e.g. "Encounter cards: Europe"
    cards: tuple[Card, ...]


def span_of(item: dict) -> str | None:
    """The ``data-span`` of a JSON item built ``--with-sources``, else None."""
    source = item.get("source")
    if not source:
        return None
    return f"{source['file']}:{source['line']}:{source['column']}"

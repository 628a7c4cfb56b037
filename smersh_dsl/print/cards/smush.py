"""The cards of Agents of S.M.U.S.H., shaped as the rulebook's anatomy of a card.

A Gadget card holds two gadgets split across the middle by three stripes; the second is
printed upside down, so turning the card makes it the active one. A Defence card holds
two defences divided on the diagonal, the second rotated half a turn. Each half shows its
type and base strength, name, boost cost, bonuses with their direction, its flip,
on-bypass or passive power and flavour. The card's picture (`art`), if it has one, lies
faded behind both halves, the whole card (images/placement.py's ``SMUSH_CARD``): the
halves leave no top for it as a SMERSH card has.
"""

from __future__ import annotations

from smersh_dsl.print.cards.backs import deck_back
from smersh_dsl.print.cards.faces import face
from smersh_dsl.print.cards.model import Card, Deck, span_of

_ARROWS = {"outward": "\u21e7 outward", "inward": "\u21e9 inward"}


def power_text(power: str | dict | None) -> str | None:
    """The text of a power: a plain string, or an object with a ``text`` (and a ``kind``)."""
    if power is None or isinstance(power, str):
        return power
    return power.get("text")


def _bonuses(half: dict) -> list[str]:
    return [f"{bonus['amount']:+d} strength if the face-up card "
            f"{_ARROWS.get(bonus['direction'], bonus['direction'])} is {bonus['if']}"
            for bonus in half.get("bonuses", [])]


def _boost(half: dict) -> str:
    boost = half.get("boost")
    return f"{boost['cost']} CP: +{boost['amount']} strength" if boost else ""


def _half(half: dict) -> str:
    return face("smush_face", side="", face=half, boost=_boost(half), bonuses=_bonuses(half),
                powers=[("Flip:", power_text(half.get("flip"))),
                        ("On bypass:", power_text(half.get("on_bypass"))),
                        ("Passive:", power_text(half.get("passive")))])


def _names(halves: list[dict]) -> str:
    return " / ".join(h["name"] for h in halves)


def _sides(kind: str, card: dict, halves: list[dict]) -> list[dict]:
    """Each half with its own fit label, so a diagnostic names the half that overflows."""
    return [{"label": f"{kind} card {card['number']} ({half['name']})", "span": span_of(card),
             "html": _half(half)} for half in halves]


def _deck(doc: dict, kind: str, sides: str, owner: str) -> Deck:
    """Harmony's gadget cards (two halves) or SMUSH's defence cards (two faces)."""
    css, template = f"smush-{kind}", f"smush_{kind}"
    back = deck_back(doc, css, kind.capitalize(), owner)
    return Deck(kind, f"{kind.capitalize()} cards", tuple(
        Card(f"{kind} card {card['number']} ({_names(card[sides])})", css,
             face(template, art=card.get("art"), **{sides: _sides(kind, card, card[sides])}),
             back, span_of(card), fits_whole=False)
        for card in doc.get(f"{kind}_cards", [])))


def gadget_deck(doc: dict) -> Deck:
    return _deck(doc, "gadget", "halves", "Harmony Grace")


def defence_deck(doc: dict) -> Deck:
    return _deck(doc, "defence", "faces", "S.M.U.S.H.")


def smush_decks(doc: dict) -> list[Deck]:
    return [deck for deck in (gadget_deck(doc), defence_deck(doc)) if deck.cards]


def has_smush_cards(doc: dict) -> bool:
    return doc.get("kind") == "cardgame" and bool(
        doc.get("gadget_cards") or doc.get("defence_cards"))

"""The card-sheet documents: one section per deck, imposed for the profile."""

from __future__ import annotations

from smersh_dsl.print.cards.model import Deck
from smersh_dsl.print.cards.sheet import deck_html, decks_html
from smersh_dsl.print.cards.smersh import has_smersh_cards, smersh_decks
from smersh_dsl.print.cards.smush import has_smush_cards, smush_decks
from smersh_dsl.print.documents import PrintDocument, Section
from smersh_dsl.print.profiles import CardLayout, Profile


def _document(doc: dict, profile: Profile, decks: list[Deck]) -> PrintDocument:
    """A section a deck, or (``mix_decks``, on sheets) one section of every deck's cards
    filling the sheets one after the other."""
    game = doc.get("title", doc.get("id", ""))
    if profile.mix_decks and profile.card_layout == CardLayout.SHEET and decks:
        title = "Cards of every deck"
        return PrintDocument("cards", f"{game}: cards",
                             (Section("mixed", title, decks_html(decks, profile, game, title)),))
    sections = tuple(Section(deck.key, deck.title, deck_html(deck, profile, game))
                     for deck in decks)
    return PrintDocument("cards", f"{game}: cards", sections)


def smersh_cards(doc: dict, profile: Profile) -> PrintDocument:
    """Card sheets of a SMERSH game or expansion: every deck and token its document holds."""
    return _document(doc, profile, smersh_decks(doc))


def smush_cards(doc: dict, profile: Profile) -> PrintDocument:
    """Card sheets of S.M.U.S.H.: the Gadget and Defence cards."""
    return _document(doc, profile, smush_decks(doc))


def has_cards(doc: dict) -> bool:
    return has_smersh_cards(doc) or has_smush_cards(doc)


def decks(doc: dict) -> list[Deck]:
    """The decks of whichever game ``doc`` is."""
    return smush_decks(doc) if doc.get("kind") == "cardgame" else smersh_decks(doc)


def cards(doc: dict, profile: Profile) -> PrintDocument:
    """The card sheets of whichever game ``doc`` is."""
    return smush_cards(doc, profile) if doc.get("kind") == "cardgame" else smersh_cards(doc, profile)

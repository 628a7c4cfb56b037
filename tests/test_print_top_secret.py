"""Swagman's Hope's Top Secret cards print as a deck of their own (SH-TOPSECRET-1), face and
shared back, like its villain cards."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from regen_golden import book_documents
from smersh_dsl.print.cards.document import cards
from smersh_dsl.print.profiles import profile
from smersh_dsl.print.render import pdf_bytes


@pytest.fixture(scope="module")
def swagmans_hope() -> dict:
    return book_documents()["swagmans_hope"]


def test_top_secret_cards_are_a_deck_with_every_card_and_its_effect(swagmans_hope):
    sections = {s.key: s for s in cards(swagmans_hope, profile("screen")).sections}
    assert "top-secret" in sections
    pdf = pdf_bytes(sections["top-secret"].html, profile("screen"))
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).split())
    for card in swagmans_hope["top_secrets"]:
        assert card["name"].split()[-1] in text, card["name"]
    assert "TOP SECRET" in text.upper()
    assert "Play at any time on your turn: retreat Dr. Lobo one space." in text

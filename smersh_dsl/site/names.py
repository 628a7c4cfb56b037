"""The flat names of the pages and the anchors inside them, shared by every page that
links to another: the same names on the live server and in the static folder."""

from __future__ import annotations

from smersh_dsl.print.books.common import slug

INDEX, FINDINGS, SEARCH, PLAY = "index.html", "findings.html", "search.html", "play.html"


def book(doc_id: str) -> str:
    return f"{slug(doc_id)}-book.html"


def encounters(doc_id: str, first: int) -> str:
    """The page of the encounter book that opens with encounter number ``first``: a
    page holds consecutive cards of one region, about a hundred entries, as a section of
    the printed book does (print/books/encounter_book.py), so a save re-renders little."""
    return f"{slug(doc_id)}-encounters-{first:02d}.html"


def section_prefix(section: dict) -> str:
    """A section's anchor prefix, as the printed showdown book names it."""
    return "sd-" + slug(section["id"])


def showdown(doc_id: str, section: dict) -> str:
    return f"{slug(doc_id)}-{section_prefix(section)}.html"


def flow(doc_id: str) -> str:
    return f"{slug(doc_id)}-flow.html"


def flow_svg(doc_id: str, section: dict) -> str:
    return f"{slug(doc_id)}-flow-{slug(section['id'])}.svg"


def odds(doc_id: str) -> str:
    return f"{slug(doc_id)}-odds.html"


def entries(doc_id: str) -> str:
    """The server's Entries page (serve/entries.py): computed from games, never in the
    static folder."""
    return f"{slug(doc_id)}-entries.html"


def entry_anchor(key: str) -> str:
    """An entry's anchor: "e-01-7-4" for 01.7.4, the key dots made dashes."""
    # rule: EP-ENC-1: an entry is found by ENCOUNTER.RESPONSE.DIE; the jump box reads it so
    return "e-" + key.replace(".", "-")


def node_anchor(section: dict, node_id: str) -> str:
    return f"{section_prefix(section)}-{slug(node_id)}"


def region_of(card_region: str | None) -> str:
    """The region a card's page belongs to: "Australia" for "Australia: Swagman's Hope"."""
    return (card_region or "Encounters").split(":")[0]

"""The book as web pages: the encounter book a page per region, the showdown book a page
per section, laid out by the print layer's own grouping and step macros."""

from __future__ import annotations

from smersh_dsl.print.books import showdown_book
from smersh_dsl.print.books.common import StepContext
from smersh_dsl.print.books.encounter_book import Card, cards, chunks
from smersh_dsl.print.profiles import profile
from smersh_dsl.site import names

SCREEN = profile("screen")


def _not_linked(node: str) -> tuple[str, str]:
    return ("", node)      # entries have no gotos (print/books/encounter_book.py)


_MADE: dict[int, tuple[dict, dict[str, list[list[Card]]]]] = {}  # id(doc) -> (doc, regions)


def regions(doc: dict) -> dict[str, list[list[Card]]]:
    """The encounter book's pages by region, in book order, each page a list of cards
    (made once a document: every page of a snapshot asks)."""
    known = _MADE.get(id(doc))
    if known is not None and known[0] is doc:
        return known[1]
    out: dict[str, list[list[Card]]] = {}
    for chunk in chunks(cards(doc, SCREEN)):
        out.setdefault(names.region_of(chunk[0].region), []).append(chunk)
    if len(_MADE) > 8:
        _MADE.clear()
    _MADE[id(doc)] = (doc, out)
    return out


def page_of_numbers(doc: dict) -> dict[int, str]:
    """Each encounter number's page."""
    return {card.number: names.encounters(doc["id"], chunk[0].number)
            for found in regions(doc).values() for chunk in found for card in chunk}


def encounter_values(doc: dict, region: str, found: list[Card]) -> dict:
    return {"doc": doc, "region": region, "cards": found,
            "ctx": StepContext(_not_linked, links=False), "entry_anchor": names.entry_anchor}


def showdown_values(doc: dict, section: dict) -> dict:
    def target(node_id: str) -> tuple[str, str]:
        return names.node_anchor(section, node_id), showdown_book.node_label(node_id)

    front, back = showdown_book.parts(section, target)
    sheets = {h["name"]: h for h in doc.get("henchmen", [])}
    return {"doc": doc, "section": section, "heading": showdown_book.heading(section),
            "subtitle": showdown_book.subtitle(section),
            "sheet": showdown_book.sheet(section, sheets), "front": front, "back": back,
            "ctx": StepContext(target, links=True), "anchor": names.section_prefix(section)}


def search_index(doc: dict) -> list[list[str]]:
    """[key, page#anchor, text] per entry and showdown node: what the search page reads."""
    rows = []
    by_number = page_of_numbers(doc)
    for entry in doc.get("entries", []):
        page = by_number.get(entry["encounter"])
        if page is not None:
            rows.append([entry["key"], f"{page}#{names.entry_anchor(entry['key'])}",
                         _text(entry["steps"])])
    for section in doc.get("sections", []):
        page = names.showdown(doc["id"], section)
        if section.get("intro"):
            rows.append([f"{section['name']} {showdown_book.node_label('intro')}",
                         f"{page}#{names.node_anchor(section, 'intro')}", _text(section["intro"])])
        for node in section.get("nodes", []):
            rows.append([f"{section['name']} {showdown_book.node_label(node['id'])}",
                         f"{page}#{names.node_anchor(section, node['id'])}",
                         _text(node.get("steps", []))])
    return rows


def _text(steps: list) -> str:
    """The prose of some steps and of the steps inside them, for searching."""
    out: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, dict):
            if value.get("kind") == "prose":
                out.append(value["text"])
            for key in ("pass", "fail", "then", "else", "steps", "options"):
                walk(value.get(key))
            if "label" in value and isinstance(value["label"], str):
                out.append(value["label"])
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(steps)
    return " ".join(" ".join(out).split())

"""How a place of a JSON document is named for people, in the words of the language (and
so of the book): `card Europe 01`, `showdown Pierre`, `lobo A, encounter 02`. The
document's ids (`encounter:2`, `henchman:Pierre`) are for programs; these are for reading."""

from __future__ import annotations

# A section's keyword in the language: a henchman's section is their `showdown`.
SECTION_KEYWORDS = {"henchman": "showdown", "lobo": "lobo"}


def section_label(section: dict) -> str:
    return f"{SECTION_KEYWORDS.get(section['kind'], section['kind'])} {section['name']}"


def node_label(section: dict, node: dict | None) -> str:
    """A part of a section: `showdown Pierre, encounter 03`, `..., tally end`, `..., victory`;
    ``node`` None is the intro."""
    if node is None:
        part = "intro"
    elif node.get("kind") == "encounter":
        part = f"encounter {node['number']:02d}"
    elif node.get("kind") == "tally":
        part = f"tally {node['name']}"
    else:
        part = str(node.get("name", node["id"]))
    return f"{section_label(section)}, {part}"


def card_labels(doc: dict) -> dict[int, str]:
    """Each encounter number (a card's, or a section's at a place) named by its card as
    written: `card Europe 01`."""
    named: dict[int, str] = {}
    for card in doc.get("encounter_cards", []):
        for number in (card["number"], *(s["number"] for s in card.get("sections", []))):
            named.setdefault(number, f"card {card['region']} {card['number']:02d}")
    return named


def card_label(labels: dict[int, str], number: int) -> str:
    """The card of an entry's encounter number; `card 07` where the document has none
    (an expansion's entry for a card of its base game)."""
    return labels.get(number, f"card {number:02d}")

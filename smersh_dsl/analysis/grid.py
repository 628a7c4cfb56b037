"""The encounter grid: which ENCOUNTER.RESPONSE.DIE keys a book must hold (EP-ENC-1).

Every response printed on an encounter card (or on a card's second section) is looked
up with every die value the place of the encounter can give:
- a region's deck uses the region's `values`, else the numeric faces of the game's
  fate die (1-5, EP-ENC-3);
- a region with a lair also needs the value 5, since at a lair the die is always 5
  (EP-ENC-4);
- a card section at a place (Swagman's Hope, SH-ENC-1) uses that place's `values`
  (the fate card's blue number, 1-4, SH-ENC-2), else the region's; it needs 5 only if
  that place is itself a lair, since the section is read nowhere else.
Die values are data declared in the book, never constants here.
"""

from __future__ import annotations

from smersh_dsl.model.cards import EncounterCard, Response
from smersh_dsl.model.document import Project
from smersh_dsl.model.entries import EncounterEntry
from smersh_dsl.model.span import Node
from smersh_dsl.model.world import GameDef, Location, Region
from smersh_dsl.records import dataclass

DEFAULT_VALUES = (1, 2, 3, 4, 5)
LAIR_VALUE = 5


@dataclass(frozen=True)
class GridRow:
    """One response of one card (or card section) and the die values it needs."""

    number: int
    title: str
    response: Response
    values: tuple[int, ...]
    owner: Node          # the card or card section that prints this response


def fate_values(project: Project) -> tuple[int, ...]:
    for member in project.lineage():
        header = member.header
        if isinstance(header, GameDef):
            for die in header.dice:
                if die.name.text == "fate" and die.numeric_faces():
                    return die.numeric_faces()
    return DEFAULT_VALUES


def regions(project: Project) -> dict[str, Region]:
    """Every region by name; the project's own (an `override`) wins over its base's."""
    found: dict[str, Region] = {}
    for member in reversed(project.lineage()):
        found.update({r.name.text: r for r in member.of_type(Region)})
    return found


def region_values(region: Region | None, default: tuple[int, ...]) -> tuple[int, ...]:
    values = set(region.values if region is not None and region.values else default)
    if region is not None and any(loc.lair for loc in region.locations):
        values.add(LAIR_VALUE)
    return tuple(sorted(values))


def _place(region: Region | None, name: str, every: dict[str, Region]) -> Location | None:
    for candidate in ([region] if region else []) + list(every.values()):
        for loc in candidate.locations:
            if loc.name.text == name:
                return loc
    return None


def rows(card: EncounterCard, every: dict[str, Region], default: tuple[int, ...]) -> list[GridRow]:
    region = every.get(card.region.name)
    values = region_values(region, default)
    found = [GridRow(card.number, card.title, r, values, card) for r in card.responses]
    deck = tuple(region.values) if region is not None and region.values else default
    for section in card.sections:      # read only at its place: a lair elsewhere does not count
        place = _place(region, section.location.name, every)
        place_values = set(place.values if place is not None and place.values else deck)
        if place is not None and place.lair:
            place_values.add(LAIR_VALUE)
        found.extend(GridRow(section.number, section.title, r, tuple(sorted(place_values)), section)
                     for r in section.responses)
    return found


def all_cards(project: Project) -> list[EncounterCard]:
    """Cards of the project and its bases; a card replaces the base's of its number.
    Two cards of one number in one project are both kept (D002 reports them), so the
    entries of neither look orphaned."""
    found: dict[int, list[EncounterCard]] = {}
    for member in reversed(project.lineage()):
        mine: dict[int, list[EncounterCard]] = {}
        for card in member.of_type(EncounterCard):
            mine.setdefault(card.number, []).append(card)
        found.update(mine)
    return [card for cards in found.values() for card in cards]


def all_entries(project: Project) -> dict[tuple[int, int, int], EncounterEntry]:
    found: dict[tuple[int, int, int], EncounterEntry] = {}
    for member in reversed(project.lineage()):
        found.update({e.key.triple: e for e in member.of_type(EncounterEntry)})
    return found


def renumbered(project: Project,
               entries: dict[tuple[int, int, int], EncounterEntry] | None = None) -> dict[int, int]:
    """Cards that look renumbered: card N of the project has no entry at all, and the
    entries of an encounter number M that no card has fill exactly card N's grid. Card
    number -> the number its entries carry. One defect, reported once (C001), not as
    every response missing and every entry orphaned (C002)."""
    memo = project._seen.get("renumbered")         # C001 and C002 both ask, once per run
    if memo is not None:
        return memo
    found: dict[int, int] = {}
    project._seen["renumbered"] = found
    entries = all_entries(project) if entries is None else entries
    numbers = {key[0] for key in entries}
    cards = [c for c in project.of_type(EncounterCard) if not c.sections]
    strays = numbers - {c.number for c in all_cards(project)}
    if not strays or not any(c.number not in numbers for c in cards):
        return found
    every, default = regions(project), fate_values(project)
    grids: dict[int, set[tuple[int, int]]] = {}
    for key in entries:
        if key[0] in strays:
            grids.setdefault(key[0], set()).add((key[1], key[2]))
    for card in cards:
        if card.number in numbers or card.region.name not in every:
            continue
        wanted = {(row.response.number, v) for row in rows(card, every, default) for v in row.values}
        match = [m for m, grid in grids.items() if grid == wanted and m not in found.values()]
        if len(match) == 1:
            found[card.number] = match[0]
    return found


def gaps(project: Project) -> list[tuple[GridRow, tuple[int, ...]]]:
    """Each response of the project's own cards whose grid lacks entries, with the die
    values it lacks (what C001 reports, where the card's region is known)."""
    every, default, entries = regions(project), fate_values(project), all_entries(project)
    found = []
    for card in project.of_type(EncounterCard):
        if card.region.name not in every:
            continue
        for row in rows(card, every, default):
            missing = tuple(v for v in row.values if (row.number, row.response.number, v) not in entries)
            if missing:
                found.append((row, missing))
    return found

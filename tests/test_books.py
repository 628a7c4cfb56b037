"""The bundled books load, check clean, and hold what docs/books.md says they hold."""

from __future__ import annotations

import itertools

import pytest

from conftest import check_paths
from smersh_dsl.analysis.grid import all_cards, all_entries, fate_values, regions, rows
from smersh_dsl.model.campaign import CampaignDef, Scenario
from smersh_dsl.model.cardgame import DefenceCard, SmushGadgetCard
from smersh_dsl.model.cards import EncounterCard
from smersh_dsl.model.entries import EncounterEntry
from smersh_dsl.model.showdowns import Henchman, SectionKind, Showdown
from smersh_dsl.model.world import Region
from smersh_dsl.project.load import load_paths
from smersh_dsl.resources import bundled_books

BOOKS = bundled_books()


def project(name: str):
    projects, problems, _ = load_paths([BOOKS / name])
    assert problems == []
    return projects[0]


def test_all_books_check_clean():
    assert [f"{d.span.file}:{d.span.line}: {d.code} {d.message}" for d in check_paths(BOOKS)] == []


def expected_keys(book, cards: list[EncounterCard]) -> set[tuple[int, int, int]]:
    """Every card x response x die value its region (or section's place) uses."""
    regions = {r.name.text: r for p in (book.base, book) if p for r in p.of_type(Region)}
    places = {loc.name.text: loc for r in regions.values() for loc in r.locations}
    keys: set[tuple[int, int, int]] = set()
    for card in cards:
        region = regions[card.region.name]
        values = set(region.values or (1, 2, 3, 4, 5))
        if any(loc.lair for loc in region.locations):
            values.add(5)                                    # EP-ENC-4
        keys |= {(card.number, r.number, v) for r in card.responses for v in values}
        for section in card.sections:
            place_values = places[section.location.name].values or tuple(values)
            keys |= {(section.number, r.number, v) for r in section.responses for v in place_values}
    return keys


@pytest.mark.parametrize("name", ["epic", "swagmans-hope"])
def test_encounter_grids_are_complete_with_no_orphans(name):
    book = project(name)
    entries = {e.key.triple for e in book.of_type(EncounterEntry)}
    assert entries == expected_keys(book, book.of_type(EncounterCard))


def test_epic_counts():
    book = project("epic")
    cards = book.of_type(EncounterCard)
    assert len(cards) >= 8 and all(4 <= len(c.responses) <= 7 for c in cards)
    assert {h.name.text: h.difficulty.name for h in book.of_type(Henchman)} == {
        "Darling": "easy", "Pierre": "medium", "Fedor": "hard", "Mr. Big": "epic"}
    pierre = next(h for h in book.of_type(Henchman) if h.name.text == "Pierre")
    assert {c.players: c.intel for c in pierre.intel_cost}[2] == 6        # EP-HENCH-2
    sections = book.of_type(Showdown)
    showdowns = [s for s in sections if s.kind is SectionKind.HENCHMAN]
    lobos = sorted(s.name.text for s in sections if s.kind is SectionKind.LOBO)
    assert len(showdowns) == 4 and all(len(s.encounters) >= 12 for s in showdowns)
    assert lobos == ["A", "B", "C", "D"]
    assert all(len(s.encounters) >= 8 for s in sections if s.kind is SectionKind.LOBO)


def test_epic_ocean_reads_the_fate_die_1_to_5():
    """EP-ENC-3, from the Epic rulebook: "DIE ROLL result number: Roll the Fate die. If you
    get a [Resolve+Reroll], gain 1 Resolve and reroll the Fate die. Do this until you get a
    result of 1-5." The Ocean is no exception: its region says 1-5, and every Ocean card x
    response has an entry for 5 (the blue 1-4 is the original edition's fate card)."""
    book = project("epic")
    (ocean,) = [r for r in book.of_type(Region) if r.name.text == "Ocean"]
    assert ocean.values == (1, 2, 3, 4, 5) == fate_values(book)
    assert not any(loc.lair for loc in ocean.locations)       # so 5 comes from the die alone
    cards = [c for c in book.of_type(EncounterCard) if c.region.name == "Ocean"]
    assert [c.number for c in cards] == [5, 6, 7, 8]
    entries = {e.key.triple for e in book.of_type(EncounterEntry)}
    wanted = {(c.number, r.number, v) for c in cards for r in c.responses for v in range(1, 6)}
    assert len(wanted) == 22 * 5 and wanted <= entries
    assert {k for k in entries if k[0] in (5, 6, 7, 8)} == wanted        # and nothing else


def test_swagmans_hope_keeps_1_to_4_at_its_hub_and_the_epic_ocean_on_1_to_5():
    """SH-ENC-2, from the Swagman's Hope rulebook: "When drawing a Fate Card to determine
    the last number of your encounter in Swagman's Hope, players always use the number in
    the BLUE circle that ranges 1–4." That is a rule for Swagman's Hope; its "exactly the
    same as if you were at an Ocean location" points at the Ocean of the original edition
    ("Ocean Encounters in the base game with Book of Encounters") and changes no Ocean
    rule. So the expansion does not override the Ocean, which keeps the Epic fate die's
    1-5 (EP-ENC-3), while the hub sections read 1-4 (docs/books.md)."""
    book = project("swagmans-hope")
    assert not any(r.name.text == "Ocean" for r in book.of_type(Region))   # no override
    every = regions(book)                                  # the game as played: base + expansion
    assert every["Ocean"].values == (1, 2, 3, 4, 5)
    hub = next(loc for loc in every["Australia"].locations if loc.name.text == "Swagman's Hope")
    assert hub.hub and hub.values == (1, 2, 3, 4)
    default = fate_values(book)
    by_owner = {}
    for card in all_cards(book):
        for row in rows(card, every, default):
            by_owner.setdefault((card.region.name, row.owner is card), set()).add(row.values)
    assert by_owner[("Ocean", True)] == {(1, 2, 3, 4, 5)}
    assert by_owner[("Australia", True)] == {(1, 2, 3, 4, 5)}                # the coast
    assert by_owner[("Australia", False)] == {(1, 2, 3, 4)}                  # the hub sections
    entries = all_entries(book)
    assert all((c.number, r.number, 5) in entries
               for c in all_cards(book) if c.region.name == "Ocean" for r in c.responses)


def test_swagmans_hope_counts():
    book = project("swagmans-hope")
    cards = book.of_type(EncounterCard)
    assert len(cards) == 7 and all(len(c.sections) == 1 for c in cards)    # SH-ENC-1
    (butcher,) = book.of_type(Henchman)
    assert [level.number for level in butcher.levels] == [1, 2]            # SH-BUTCHER-1


def test_shield_counts():
    book = project("shield")
    (campaign,) = book.of_type(CampaignDef)
    scenarios = sorted(book.of_type(Scenario), key=lambda s: s.number)
    assert [s.title for s in scenarios] == ["Black Widow", "Batroc", "M.O.D.O.K.",
                                            "Thunderbolts", "Baron Zemo"]       # SC-CAMP-1
    assert len(campaign.board_members) == 3 and (campaign.betrayal, campaign.betrayal_expert) == (4, 3)
    kinds = {k: [e.name.text for e in campaign.evidence if e.kind.value == k]
             for k in ("means", "motive", "opportunity")}
    assert all(len(v) == 3 for v in kinds.values())                         # SC-EVID-1
    combos = {(c.means.name, c.motive.name, c.opportunity.name) for c in campaign.combinations}
    assert combos == set(itertools.product(*kinds.values())) and len(campaign.combinations) == 27


def test_smush_counts():
    book = project("smush")
    gadgets, defences = book.of_type(SmushGadgetCard), book.of_type(DefenceCard)
    assert len(gadgets) == 3 and len(defences) == 6                         # SM-SETUP-1
    halves = {h.name.text for g in gadgets for h in g.halves}
    assert halves == {"Dynamite Gum", "Laser Watch", "Catsuit", "Hip Dagger", "Stun Gun",
                      "Infrared Goggles"}
    faces = {f.name.text for d in defences for f in d.faces}
    assert {"Freeze Ray", "Guard", "Guard Dog"} <= faces

"""The encounter book: every entry in key order, under its ENC.RESP heading.

The rulebook reads it so: "find page 01.7 in the Encounter book, then 01.7.4 on that
exact page". Each encounter number (a card, or a second encounter printed on a card)
opens a new page with a heading that gives its title and region; under it each response
has its ENC.RESP heading, then the entries by die value, in two columns. The running head
shows the first and last key of the page. An index of encounter numbers, their titles
and their responses closes the book; every line of it links to its heading.

Sections, rendered in parallel and cached one by one: consecutive encounter numbers of
one region, about ``ENTRIES_PER_SECTION`` entries each, then the index.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import field

from markupsafe import Markup, escape

from smersh_dsl.images.placement import SECTION_ART_HEIGHT_MM
from smersh_dsl.print.books.common import StepContext, page_setup
from smersh_dsl.print.books.front import front_matter
from smersh_dsl.print.documents import LINK_SCHEME, PrintDocument, Section
from smersh_dsl.print.env import environment
from smersh_dsl.print.markup import html, plain
from smersh_dsl.print.profiles import Profile
from smersh_dsl.records import dataclass

ENTRIES_PER_SECTION = 100    # big enough that what a section costs of its own (about 0.1 s:
                             # its stylesheet, fonts, merging) is small beside its pages,
                             # small enough that changing one entry re-renders little


@dataclass
class Group:                  # one ENC.RESP heading and its entries
    key: str
    title: str | None
    anchor: str
    bookmark: str
    entries: list[dict] = field(default_factory=list)


@dataclass
class Card:                   # one encounter number
    number: int
    number_text: str
    title: str
    region: str | None
    anchor: str
    bookmark: str
    groups: list[Group] = field(default_factory=list)
    links: bool = True

    def link(self, text, anchor: str | None = None) -> Markup:
        if not self.links:
            return escape(text)
        return html('<a href="%s">%s</a>', LINK_SCHEME + (anchor or self.anchor), text)

    @property
    def size(self) -> int:
        return sum(len(g.entries) for g in self.groups)


def anchor(key: str) -> str:
    """The anchor of an encounter number or ENC.RESP heading: "enc-01", "enc-01-7"."""
    return "enc-" + key.replace(".", "-")


def _number_text(number: int) -> str:
    return f"{number:02d}"


def cards(doc: dict, profile: Profile) -> list[Card]:
    """The encounter numbers that have entries, in order, with their headings and entries."""
    known: dict[int, tuple[str, str | None, dict[int, str]]] = {}
    for card in doc.get("encounter_cards", []):
        known[card["number"]] = (card["title"], card["region"],
                                 {r["number"]: r["text"] for r in card["responses"]})
        for part in card.get("sections", []):
            known.setdefault(part["number"], (part["title"], f"{card['region']}: {part['place']}",
                                              {r["number"]: r["text"] for r in part["responses"]}))
    entries: dict[int, dict[int, list[dict]]] = defaultdict(lambda: defaultdict(list))
    for entry in doc["entries"]:
        entries[entry["encounter"]][entry["response"]].append(entry)
    found = []
    for number in sorted(entries):
        title, region, responses = known.get(number, (f"Encounter {_number_text(number)}", None, {}))
        text = _number_text(number)
        card = Card(number, text, title, region, anchor(text), f"{text} {plain(title)}",
                    links=profile.links)
        for response in sorted(entries[number]):
            key = f"{text}.{response}"
            heading = responses.get(response)
            group = Group(key, heading, anchor(key),
                          f"{key} {plain(heading)}" if heading else key)
            for entry in sorted(entries[number][response], key=lambda e: e["die"]):
                # no anchor: nothing links to an entry, and a named destination for
                # each of thousands of entries made merging the sections 3 times slower
                group.entries.append({"key": entry["key"], "steps": entry["steps"],
                                      "source": entry.get("source")})
            card.groups.append(group)
        found.append(card)
    return found


def _chunks(found: list[Card]) -> list[list[Card]]:
    """Consecutive cards of one region, about ENTRIES_PER_SECTION entries a chunk."""
    chunks: list[list[Card]] = []
    size = 0
    for card in found:
        region = _region(card)
        if not chunks or _region(chunks[-1][-1]) != region or size + card.size > ENTRIES_PER_SECTION:
            chunks.append([])
            size = 0
        chunks[-1].append(card)
        size += card.size
    return chunks


def chunks(found: list[Card]) -> list[list[Card]]:
    """The sections of the book: consecutive cards of one region, about
    ENTRIES_PER_SECTION entries each (the web pages, smersh_dsl/site, split alike)."""
    return _chunks(found)


def _region(card: Card) -> str:
    return (card.region or "").split(":")[0]


def _not_linked(node: str) -> tuple[str, str]:
    return ("", node)   # entries have no gotos; a stray one is printed, never linked


def encounter_book(doc: dict, profile: Profile) -> PrintDocument:
    template = environment().get_template("encounter_book.html.j2")
    index = environment().get_template("encounter_index.html.j2")
    title = f"{doc['title']}: Encounter Book"
    ctx = StepContext(_not_linked, links=False)
    values = {"page": page_setup(profile), "title": title, "running_title": doc["title"],
              "section_art_mm": SECTION_ART_HEIGHT_MM,
}
    found = cards(doc, profile)
    arts = {r["name"]: r.get("art") for r in doc.get("regions", [])}
    sections = []
    seen_regions: set[str] = set()
    for chunk in _chunks(found):
        region = _region(chunk[0]) or "Encounters"
        first, last = chunk[0].number_text, chunk[-1].number_text
        opening = None if region in seen_regions else region
        seen_regions.add(region)
        span = first if first == last else f"{first}\u2013{last}"
        html = template.render(cards=chunk, ctx=ctx, opening=opening,
                               section_art=arts.get(region) if opening else None,
                               subtitle=f"Encounter book \u00b7 encounters {_range(found, region)}",
                               **values)
        sections.append(Section(key=f"encounters-{first}", title=f"{region} {span}", html=html,
                                group=region))
    def paged(pages, found=found) -> str:
        return index.render(cards=found, pages=pages, subtitle=doc["title"],
                            opening="Index of encounters", section_art=None, **values)

    # The index gives the page of every heading, so it is made once the other sections
    # are laid out (print/pipeline.py); ``html`` is the index without pages.
    sections.append(Section(key="index", title="Index of encounters", html=paged({}),
                            paged=paged))
    front = front_matter(doc, "Encounter Book", profile, how=HOW_TO_READ)
    return PrintDocument("encounter-book", title, (*front, *sections), folios=True)


# rule: EP-ENC-1 (a page is found by ENCOUNTER.RESPONSE, the entry by the die)
# rule: EP-ENC-5 (a test's consequences are read only after the test)
HOW_TO_READ = ("Find the encounter and response at the head of a page (01.7), then the entry "
               "for the fate die (01.7.4). Read it aloud; stop at a test, and read PASS or "
               "FAIL only once the dice have spoken.")


def _range(found: list[Card], region: str) -> str:
    numbers = [c.number_text for c in found if (_region(c) or "Encounters") == region]
    return numbers[0] if len(numbers) == 1 else f"{numbers[0]}\u2013{numbers[-1]}"

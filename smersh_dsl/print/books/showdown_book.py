"""The showdown book: each henchman's epic showdown and each Dr. Lobo section.

A section opens a new page with its name and, for a henchman, the sheet's text; then its
introduction, its numbered encounters and its tallies, in two columns; then, from a new
page, its conclusions (EP-SHOW-6: they sit at the back of the section, so a player does
not read the ending by accident). Every "go to" is a link to its node (``profile.links``;
print-on-demand PDFs carry none), and each section has its bookmarks: the section, its
introduction, each encounter, tally and conclusion.

One ``Section`` per showdown, rendered in parallel; all links stay within a section.
"""

from __future__ import annotations

from markupsafe import Markup

from smersh_dsl.images.placement import SECTION_ART_HEIGHT_MM
from smersh_dsl.print.books.common import StepContext, page_setup, slug
from smersh_dsl.print.books.front import front_matter
from smersh_dsl.print.documents import PrintDocument, Section
from smersh_dsl.print.env import environment
from smersh_dsl.print.markup import paragraphs
from smersh_dsl.print.profiles import Profile
from smersh_dsl.wording import count

GROUPS = {"henchman": "Epic showdowns", "lobo": "Dr. Lobo sections"}


def heading(section: dict) -> str:
    return (f"Dr. Lobo: Section {section['name']}" if section["kind"] == "lobo"
            else f"{section['name']}: Epic Showdown")


def node_label(node_id: str) -> str:
    """How a node is named on the page: "Introduction", "05", "Tally: end", "Victory"."""
    if node_id == "intro":
        return "Introduction"
    kind, _, name = node_id.partition(":")
    if kind == "encounter":
        return f"{int(name):02d}"
    if kind == "tally":
        return f"Tally: {name}"
    return name.replace("_", " ").capitalize()


def _anchors(section: dict, used: set[str]) -> str:
    base = "sd-" + slug(section["id"])
    prefix, n = base, 2
    while prefix in used:
        prefix, n = f"{base}-{n}", n + 1
    used.add(prefix)
    return prefix


def showdown_book(doc: dict, profile: Profile) -> PrintDocument:
    template = environment().get_template("showdown_book.html.j2")
    title = f"{doc['title']}: Epic Showdown Book"
    sheets = {h["name"]: h for h in doc.get("henchmen", [])}
    used: set[str] = set()
    sections = []
    for section in doc.get("sections", []):
        prefix = _anchors(section, used)
        def target(node_id: str, prefix=prefix) -> tuple[str, str]:
            return f"{prefix}-{slug(node_id)}", node_label(node_id)

        ctx = StepContext(target, links=profile.links)
        front, back = parts(section, target)
        name = heading(section)
        html = template.render(
            title=title, running_title=doc["title"], page=page_setup(profile), ctx=ctx,
            anchor=prefix, heading=name, subtitle=_subtitle(section), sheet=_sheet(section, sheets),
            front=front, back=back, section_art=section.get("art"),
            section_art_mm=SECTION_ART_HEIGHT_MM)
        sections.append(Section(key=prefix, title=name, html=html,
                                group=GROUPS.get(section["kind"])))
    front = front_matter(doc, "Epic Showdown Book", profile, how=HOW_TO_READ)
    return PrintDocument("showdown-book", title, (*front, *sections), folios=True)


# rule: EP-SHOW-6 (the conclusions sit at the back of each section)
HOW_TO_READ = ("Open the section of the henchman you face, read its introduction, and go only "
               "where the book sends you. The endings wait at the back of each section: "
               "do not peek.")


def parts(section: dict, target) -> tuple[list[dict], list[dict]]:
    """The section's nodes as the book lays them out: the front (introduction, encounters,
    tallies) and the back (conclusions, EP-SHOW-6). ``target`` names a node's anchor and
    label; the web pages (smersh_dsl/site) lay out the same parts."""
    front, back = [], []
    if section.get("intro"):
        front.append(_node("intro", "intro", section["intro"], target))
    for node in section["nodes"]:
        item = _node(node["id"], node["kind"], node.get("steps", []), target, node.get("source"))
        if node["kind"] == "tally":
            item.update(rows=node["rows"], else_goto=node["else"], kind_text="count Success tokens")
        if node["kind"] == "conclusion":
            outcome = "victory" if node["outcome"] == "victory" else "defeat"
            item["kind_text"] = "" if item["label"].lower() == outcome else outcome
            back.append(item)
        else:
            front.append(item)
    return front, back


def sheet(section: dict, sheets: dict[str, dict]) -> dict | None:
    """The henchman sheet's text and facts printed above a henchman's showdown."""
    return _sheet(section, sheets)


def subtitle(section: dict) -> str:
    return _subtitle(section)


def _node(node_id: str, kind: str, steps: list, target, source: dict | None = None) -> dict:
    """A node as the book lays it out; ``source``, where it was written (documents built
    with sources: the web pages link it to the writer's editor)."""
    anchor, label = target(node_id)
    kind_text = {"intro": "", "encounter": "encounter"}.get(kind, "")
    return {"anchor": anchor, "label": label, "kind": kind, "steps": steps,
            "kind_text": kind_text, "source": source,
            "bookmark": label if kind != "encounter" else f"Encounter {label}"}


def _subtitle(section: dict) -> str:
    encounters = sum(1 for n in section["nodes"] if n["kind"] == "encounter")
    parts = [count(encounters, "encounter")]
    if section.get("successes"):
        parts.append(f"{count(section['successes'], 'Success token')} to win")
    return " \u00b7 ".join(parts)


def _sheet(section: dict, sheets: dict[str, dict]) -> dict | None:
    if section["kind"] != "henchman" or section["name"] not in sheets:
        return None
    sheet = sheets[section["name"]]
    text = [p for block in sheet.get("text") or [] for p in paragraphs(block)]
    facts = [f"Difficulty: {sheet['difficulty']}"]
    if sheet.get("lobo_section"):
        facts.append(f"Dr. Lobo section {sheet['lobo_section']}")
    if sheet.get("successes"):
        facts.append(f"{count(sheet['successes'], 'Success token')} to win")
    return {"text": text, "facts": Markup(" \u00b7 ").join(facts)}

"""Every page of a snapshot by its flat name: what it is made from (a digest, which the
live server compares to push only the pages that moved) and how to render it.

The same names serve the live server and the static folder; pages link to each other
by these relative names, so a static folder opened from disk reads like the server.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache

from markupsafe import Markup, escape

from smersh_dsl.graphs.budget import GraphTooLarge, over_budget, size
from smersh_dsl.graphs.diagram import showdown_diagram
from smersh_dsl.graphs.render import to_dot
from smersh_dsl.print.pictures import showing
from smersh_dsl.records import dataclass
from smersh_dsl.site import book_pages, names
from smersh_dsl.site.icons import shown
from smersh_dsl.site.places import Locator, places
from smersh_dsl.site.render import CSP, render
from smersh_dsl.site.snapshot import Snapshot, digest, digest_kept

HTML, SVG = "text/html; charset=utf-8", "image/svg+xml"
MARKS = {"unreachable": "unreachable", "dead_end": "dead end", "trapped": "no way out"}


@dataclass(frozen=True)
class Page:
    name: str
    title: str
    tab: str                       # book, findings, flow, odds, search, play
    made_of: str                   # a digest of what it is made from
    make: Callable[[str], str]     # its text, given made_of (the page carries it)
    media: str = HTML


@dataclass(frozen=True)
class Options:
    live: bool                     # the server's pages: live.js and the Play tab
    party: dict | None = None      # the Odds page's party form (server only)


def pages(snap: Snapshot, live: bool) -> dict[str, Page]:
    found: dict[str, Page] = {}

    def add(page: Page) -> None:
        found[page.name] = page

    docs = snap.documents
    frame = frame_of(snap, live)
    locator = Locator([p for d in docs for p in places(d, book_pages.page_of_numbers(d))])
    findings = [_finding(d, snap, locator) for d in snap.findings]
    add(Page(names.INDEX, "Projects", "book", digest(frame["docs"]),
             lambda made: _render(made, "index.html.j2", page=names.INDEX, tab="book",
                            title="Projects", documents=[_summary(d) for d in docs], **frame)))
    add(Page(names.FINDINGS, "Findings", "findings", digest(findings),
             lambda made: _render(made, "findings.html.j2", page=names.FINDINGS, tab="findings",
                            title="Findings", findings=findings, **frame)))
    for doc in docs:
        _document_pages(doc, snap, frame, add)
    # the search page reads every book page: it moves when one of them does
    book = [p.made_of for p in found.values() if p.tab == "book" and p.name != names.INDEX]
    add(Page(names.SEARCH, "Search", "search", digest(book),
             lambda made: _render(made, "search.html.j2", page=names.SEARCH, tab="search",
                                  title="Search", index=script_json(
                                      [row for d in docs for row in book_pages.search_index(d)]),
                                  **frame)))
    return found


def frame_of(snap: Snapshot, live: bool) -> dict:
    """What the layout of every page needs: the tabs, the findings' count, the jump box,
    and ``root``, what every link to a page starts with: "/" on the server, whose game
    pages sit below the others (/play/TOKEN), nothing in the static folder, which opens
    from disk anywhere."""
    return {"docs": [(d["id"], d["title"]) for d in snap.documents], "live": live, "csp": CSP,
            "root": "/" if live else "",
            "names": names, "findings_count": _counts(snap), "jump": jump_of(snap.documents[:1])}


def _document_pages(doc: dict, snap: Snapshot, frame: dict, add: Callable[[Page], None]) -> None:
    doc_id, jump = doc["id"], jump_of([doc])
    add = _with_icons(add, snap.icons.get(doc_id, {}), frame["root"])
    edit = edits(snap)
    frame = {**frame, "jump": jump}
    by_region = book_pages.regions(doc)
    sections = doc.get("sections", [])
    add(Page(names.book(doc_id), doc["title"], "book",
             digest([[(r, [c[0].number for c in found]) for r, found in by_region.items()],
                     [s["id"] for s in sections], doc["title"]]),
             lambda made: _render(made, "book.html.j2", page=names.book(doc_id), tab="book",
                            title=doc["title"], doc=doc, regions=by_region,
                            sections=sections, first_last=_first_last, **frame)))
    entries_of: dict[int, list[dict]] = {}
    for entry in doc["entries"]:
        entries_of.setdefault(entry["encounter"], []).append(entry)
    cards_of = {c["number"]: c for c in doc.get("encounter_cards", [])}
    for region, chunks in by_region.items():
        for found in chunks:
            name = names.encounters(doc_id, found[0].number)
            made = digest([region, [([digest_kept(e) for e in entries_of.get(c.number, ())],
                                     cards_of.get(c.number)) for c in found],
                           _editors(snap, [e.get("source") for c in found
                                           for e in entries_of.get(c.number, ())])])
            add(Page(name, f"{region}: encounters {found[0].number_text}\u2013{found[-1].number_text}",
                     "book", made,
                     lambda made, name=name, region=region, found=found: _render(
                         made, "encounters.html.j2", page=name, tab="book",
                         title=f"{doc['title']}: {region} {found[0].number_text}",
                         edit=edit, **book_pages.encounter_values(doc, region, found), **frame)))
    henchmen = doc.get("henchmen", [])
    for section in sections:
        name = names.showdown(doc_id, section)
        add(Page(name, section["name"], "book",
                 digest([section, henchmen, _editors(snap, [section.get("source")])]),
                 lambda made, section=section, name=name: _render(
                     made, "showdown.html.j2", page=name, tab="book", edit=edit,
                     title=f"{doc['title']}: {section['name']}",
                     **book_pages.showdown_values(doc, section), **frame)))
    graphs = []
    for section in sections:
        model = snap.showdowns.get((doc_id, section["kind"], section["name"]))
        if model is None:
            continue
        diagram = showdown_diagram(model)
        dot = to_dot(diagram, lambda span: _edit_link(snap, span.file, span.line, span.column))
        too_large = over_budget(diagram)
        marked = [(box.label, [MARKS[f] for f in sorted(box.flags) if f in MARKS],
                   names.showdown(doc_id, section) + "#"
                   + names.node_anchor(section, _node_id(box.id, box.kind)))
                  for box in diagram.boxes if box.flags & set(MARKS)]
        svg_name = None if too_large else names.flow_svg(doc_id, section)
        graphs.append({"section": section, "svg": svg_name, "marked": marked,
                       "book": names.showdown(doc_id, section), "dot": dot, "counts": size(diagram),
                       "too_large": str(too_large) if too_large else None})
        if svg_name is not None:
            add(Page(svg_name, section["name"], "flow", digest(dot),
                     lambda made, dot=dot, counts=size(diagram): svg_of(dot, counts), SVG))
    add(Page(names.flow(doc_id), f"{doc['title']}: flow", "flow",
             digest([[g["svg"], g["marked"], g["too_large"], g["dot"]] for g in graphs]),
             lambda made: _render(made, "flow.html.j2", page=names.flow(doc_id), tab="flow",
                            title=f"{doc['title']}: flow", doc=doc, graphs=graphs,
                            drawn=lambda g: Markup(svg_of(g["dot"], g["counts"])), **frame)))
    odds_made = digest([[digest_kept(e) for e in doc.get("entries", ())], sections,
                        doc.get("vocabulary")])
    add(Page(names.odds(doc_id), f"{doc['title']}: odds", "odds", odds_made,
             lambda made: odds_page(doc, made, frame, None)))


def _with_icons(add: Callable[[Page], None], keys: dict[str, str],
                root: str) -> Callable[[Page], None]:
    """``add``, each page's prose showing the document's icons (site/icons.py) where it
    says `:Name:`; what the page is made of includes them."""
    if not keys:
        return add
    pictures = shown(keys, root)

    def make(page: Page) -> Callable[[str], str]:
        def made(made_of: str) -> str:
            with showing(pictures):
                return page.make(made_of)
        return made

    return lambda page: add(replace(page, made_of=digest([page.made_of, keys]), make=make(page)))


def odds_page(doc: dict, made: str, frame: dict, party: dict | None,
              result: dict | None = None) -> str:
    """The difficulty table per card and section; with a ``party`` (the server's form),
    the exact chance that it wins the showdown it names (``result``, site/odds.py's
    ``victory``, which the server computes in a process of its own)."""
    from smersh_dsl.site.odds import difficulty_rows
    return render("odds.html.j2", page=names.odds(doc["id"]), tab="odds", made=made,
                  title=f"{doc['title']}: odds", doc=doc, rows=difficulty_rows(doc, made),
                  party=party, result=result, **frame)


@lru_cache(maxsize=256)
def svg_of(dot: str, counts: tuple[int, int]) -> str:
    """The SVG that Graphviz draws from ``dot`` (a flow graph is redrawn only when its
    DOT text changed), its XML prologue dropped; when `dot` runs out of time
    (graphs/budget.py), an SVG that says so, with the counts."""
    from smersh_dsl.graphs.page import to_svg_text
    try:
        svg = to_svg_text(dot, counts)
    except GraphTooLarge as problem:
        return said_in_svg(str(problem))
    return svg[svg.index("<svg"):] if "<svg" in svg else svg


def said_in_svg(text: str) -> str:
    """A picture that says ``text`` (escaped), where a graph could not be drawn."""
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="40" '
            'viewBox="0 0 900 40"><text x="8" y="24" font-family="sans-serif" '
            f'font-size="13">{escape(text)}</text></svg>')


def _counts(snap: Snapshot) -> dict[str, int]:
    out = {"error": 0, "warning": 0, "info": 0}
    for d in snap.findings:
        out[d.severity.value] = out.get(d.severity.value, 0) + 1
    return out


def _finding(d, snap: Snapshot, locator: Locator) -> dict:
    text = snap.sources.get(d.span.file)
    lines = text.splitlines() if text else []
    line = lines[d.span.line - 1] if 0 < d.span.line <= len(lines) else ""
    place = locator.find(d.span.file, d.span.line)
    return {"code": d.code, "severity": d.severity.value, "message": d.message, "hint": d.hint,
            "file": d.span.file, "line": d.span.line, "column": d.span.column,
            "source": line, "caret": " " * max(0, d.span.column - 1) + "^",
            "href": place.href if place else None, "place": place.label if place else None,
            "edit": _edit_link(snap, d.span.file, d.span.line, d.span.column)}


def _edit_link(snap: Snapshot, file: str, line: int, column: int) -> str | None:
    """The link that opens ``file`` at ``line``:``column`` in the writer's editor."""
    template = snap.editors.get(file)
    return template.replace("{line}", str(line)).replace("{column}", str(column)) if template else None


def edits(snap: Snapshot) -> Callable[[dict | None], str | None]:
    """What a page asks for a block's editor link: a document's ``source`` (file, line,
    column; export/steps.py) to its link, None where the block has no source."""
    def edit(source: dict | None) -> str | None:
        return _edit_link(snap, source["file"], source["line"], source["column"]) if source else None
    return edit


def _editors(snap: Snapshot, sources: list) -> list:
    """The editor links' templates of the files ``sources`` name: a page moves when
    `editor_url` does."""
    return sorted({snap.editors.get(s["file"], "") for s in sources if s})


def _summary(doc: dict) -> dict:
    return {"id": doc["id"], "title": doc["title"], "entries": len(doc.get("entries", [])),
            "sections": len(doc.get("sections", [])), "book": names.book(doc["id"]),
            "flow": names.flow(doc["id"]), "odds": names.odds(doc["id"])}


def jump_of(docs: list[dict]) -> dict:
    """What the jump box needs: each encounter number's page (the anchors follow from the
    key, names.entry_anchor)."""
    if not docs:
        return {"map_json": "{}"}
    doc = docs[0]
    return {"map_json": json.dumps({f"{n:02d}": page
                                    for n, page in book_pages.page_of_numbers(doc).items()})}


def _node_id(box: str, kind: str) -> str:
    """The document's id of a flow graph's node: "encounter:1" for the box "1" of an
    encounter, "tally:end", "conclusion:victory" (export/sections.py)."""
    if kind == "intro":
        return "intro"
    if kind == "encounter":
        return f"encounter:{int(box)}" if box.isdigit() else f"encounter:{box}"
    if kind == "tally":
        return f"tally:{box}"
    return f"conclusion:{box}"


def _first_last(chunk: list) -> str:
    first, last = chunk[0].number_text, chunk[-1].number_text
    return first if first == last else f"{first}\u2013{last}"


def script_json(value: object) -> Markup:
    """JSON to sit inside a <script type="application/json"> element: a script element's
    text is never decoded as HTML, so ``<``, ``>`` and ``&`` are JSON escapes instead, and
    no writer text can close the element."""
    text = json.dumps(value).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(text)


def _render(made: str, template: str, **values: object) -> str:
    """A page's template, told the digest of what the page is made of (``data-made``:
    live.js asks the server for the page again only when that changes)."""
    return render(template, made=made, **values)

"""Regenerate the golden files: python tests/regen_golden.py (then review the diff).

- tests/golden/syntax/NAME.smersh has NAME.txt beside it: the text report that
  `smersh check NAME.smersh` prints, run from that folder.
- tests/golden/reports/PROJECT/ has PROJECT.txt, .json, .sarif and .github beside it:
  `smersh check PROJECT --format F --statistics` for each format, run from that folder
  (the SARIF's absolute source root is replaced by file:///SRCROOT/); each opens with,
  or carries, what was checked.
- tests/golden/graphs/NAME.dot and NAME.mmd: `smersh graph` of each showdown and Dr.
  Lobo section in tests/golden/reports/broken/showdown.smersh, and of Pierre's showdown.
- tests/golden/fmt/NAME.in.smersh has NAME.out.smersh beside it: what `smersh fmt` makes of it.
- tests/golden/print/BOOK.SECTION.html: the HTML of each section of the encounter book
  and the showdown book made from tests/golden/print/book.json (profile pnp, A4).
- docs/rules.md: the rule reference, `smersh rules --format markdown`.
- tests/golden/serve/NAME.png: screenshots of pages of `smersh serve` in headless Chromium
  (tests/serve_helpers.py, SHOTS), and docs/serve.png; skipped where Chromium is absent.
- tests/golden/simulate/: `smersh simulate epic books/epic --seed 1` reports (text, JSON,
  CSV) of a few whole games, so a change of the engine's play shows in a diff.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

GOLDEN = Path(__file__).resolve().parent / "golden"


FORMATS = {"text": "txt", "json": "json", "sarif": "sarif", "github": "github"}


def report(path: Path, fmt: str = "text", statistics: bool = False) -> str:
    from smersh_dsl.pipeline.run import check_run
    from smersh_dsl.diagnostics.report import REPORTERS
    from smersh_dsl.diagnostics.report.checked import checked_of
    from smersh_dsl.diagnostics.report.statistics import render_statistics

    here = os.getcwd()
    os.chdir(path.parent)
    try:
        run = check_run([Path(path.name)])
        found = run.diagnostics
        sources = {f.path: f.text for p in run.projects for f in p.files}
        text = REPORTERS[fmt](found, sources, True, checked=checked_of(run.projects),
                              held_back=run.held_back)
        if fmt == "sarif":
            text = text.replace(Path.cwd().as_uri().rstrip("/") + "/", "file:///SRCROOT/")
        return text + (render_statistics(found) if statistics else "")
    finally:
        os.chdir(here)


GRAPH_SOURCES = ("reports/broken/showdown.smersh", "../../books/epic/showdowns/pierre.smersh")


def graphs() -> dict[str, str]:
    """Every golden graph: file name -> text."""
    from smersh_dsl.graphs.diagram import showdown_diagram
    from smersh_dsl.graphs.render import to_dot, to_mermaid
    from smersh_dsl.model.showdowns import Showdown
    from smersh_dsl.parse.parser import parse_file

    found = {}
    for relative in GRAPH_SOURCES:
        source, _ = parse_file(GOLDEN / relative, Path(relative).name)
        for showdown in (d for d in source.definitions if isinstance(d, Showdown)):
            stem = f"{showdown.kind.value}-{showdown.name.text}".lower().replace(" ", "-").replace(".", "")
            diagram = showdown_diagram(showdown)
            found[f"{stem}.dot"] = to_dot(diagram)
            found[f"{stem}.mmd"] = to_mermaid(diagram)
    return found


BOOKS = Path(__file__).resolve().parent.parent / "books"


def book_documents() -> dict[str, dict]:
    """Each bundled book's JSON document (without sources, so goldens hold no paths)."""
    from smersh_dsl.pipeline.run import check_paths
    from smersh_dsl.export.document import document

    projects, _ = check_paths([BOOKS])
    return {doc["id"]: doc for doc in (document(p) for p in projects)}


# (golden file, book id, profile, deck key): a deck of each layout and family
CARD_GOLDENS = (
    ("smersh-encounter-europe.pnp.html", "smersh", "pnp", "encounter-europe"),
    ("smersh-mission.screen.html", "smersh", "screen", "mission"),
    ("swagmans-hope-stranded.pnp.html", "swagmans_hope", "pnp", "stranded"),
    ("swagmans-hope-henchman.pod.html", "swagmans_hope", "pod", "henchman"),
    ("smush-gadget.pnp.html", "smush", "pnp", "gadget"),
    ("smush-defence.pod.html", "smush", "pod", "defence"),
)


def print_card_goldens(documents: dict[str, dict]) -> dict[str, str]:
    """The HTML stage of card sheets: golden file name -> HTML."""
    from smersh_dsl.print.cards.document import cards
    from smersh_dsl.print.profiles import profile

    found = {}
    for name, book, profile_name, key in CARD_GOLDENS:
        sections = {s.key: s for s in cards(documents[book], profile(profile_name)).sections}
        found[name] = sections[key].html
    return found


def print_campaign_goldens(documents: dict[str, dict]) -> dict[str, str]:
    """The HTML stage of the S.H.I.E.L.D. scenario sheets and campaign log."""
    from smersh_dsl.print.campaign.log import campaign_log
    from smersh_dsl.print.campaign.scenarios import scenario_sheets
    from smersh_dsl.print.profiles import profile

    doc = documents["shield"]
    found = {f"{s.key}.pnp.html": s.html for s in scenario_sheets(doc, profile("pnp")).sections}
    found["campaign-log.pnp.html"] = campaign_log(doc, profile("pnp")).section("campaign-log").html
    found["campaign-log.pod.html"] = campaign_log(doc, profile("pod")).section("campaign-log").html
    return found


def print_html() -> dict[str, str]:
    """Every golden print HTML file: file name -> HTML (books only; see the docstring)."""
    import json

    from smersh_dsl.print.catalogue import BUILDERS
    from smersh_dsl.print.profiles import profile

    doc = json.loads((GOLDEN / "print" / "book.json").read_text(encoding="utf-8"))
    found = {}
    for builder in BUILDERS:
        if builder.name in ("encounter-book", "showdown-book") and builder.applies(doc):
            for section in builder.build(doc, profile("pnp", "a4")).sections:
                found[f"{builder.name}.{section.key}.html"] = section.html
    return found


# (golden file, players, bot, games): `smersh simulate epic books/epic --seed 1 --jobs 1`
SIMULATE_GOLDENS = (("epic-2-spies.txt", 2, "sensible", 30), ("epic-2-spies.json", 2, "sensible", 30),
                    ("epic-1-spy-random.csv", 1, "random", 20))


def simulate_goldens(documents: dict[str, dict]) -> dict[str, str]:
    """The simulator's text, JSON and CSV reports on the bundled Epic book."""
    import json

    from smersh_dsl.export.document import dumps
    from smersh_dsl.play.epic.game import Options
    from smersh_dsl.play.epic.simulate import render_csv, render_json, render_text, run, summary

    doc = json.loads(dumps(documents["smersh"]))
    found = {}
    for name, players, bot, games in SIMULATE_GOLDENS:
        options = Options(players=players, bot=bot)
        played = run(doc, options, games, 1, jobs=1)
        figures = summary(played, games, 1, options, doc["title"])
        found[name] = {"txt": lambda: render_text(figures), "json": lambda: render_json(figures),
                       "csv": lambda: render_csv(played)}[name.rsplit(".", 1)[1]]()
    return found


def text_report(path: Path) -> str:
    return report(path, "text")


def main() -> int:
    for source in sorted((GOLDEN / "syntax").glob("*.smersh")):
        source.with_suffix(".txt").write_text(text_report(source), encoding="utf-8")
        print(f"wrote {source.with_suffix('.txt').relative_to(GOLDEN.parent)}")
    for project in sorted(p for p in (GOLDEN / "reports").iterdir() if p.is_dir()):
        for fmt, suffix in FORMATS.items():
            target = project.with_suffix("." + suffix)
            target.write_text(report(project, fmt, statistics=fmt == "text"), encoding="utf-8")
            print(f"wrote {target.relative_to(GOLDEN.parent)}")
    from smersh_dsl.fmt.layout import format_text

    for source in sorted((GOLDEN / "fmt").glob("*.in.smersh")):
        target = source.with_name(source.name.replace(".in.", ".out."))
        target.write_text(format_text(source.read_text(encoding="utf-8")), encoding="utf-8")
        print(f"wrote golden/fmt/{target.name}")
    (GOLDEN / "graphs").mkdir(exist_ok=True)
    for name, text in graphs().items():
        (GOLDEN / "graphs" / name).write_text(text, encoding="utf-8")
        print(f"wrote golden/graphs/{name}")
    for name, html in print_html().items():
        (GOLDEN / "print" / name).write_text(html, encoding="utf-8")
        print(f"wrote golden/print/{name}")
    from smersh_dsl.highlight.textmate import textmate_grammar

    (GOLDEN.parent.parent / "grammar" / "smersh.tmLanguage.json").write_text(textmate_grammar(),
                                                                           encoding="utf-8")
    print("wrote grammar/smersh.tmLanguage.json")
    from smersh_dsl.diagnostics.reference import rules_markdown

    (GOLDEN.parent.parent / "docs" / "rules.md").write_text(rules_markdown(), encoding="utf-8")
    print("wrote docs/rules.md")
    documents = book_documents()
    for folder, goldens in (("cards", print_card_goldens(documents)),
                            ("campaign", print_campaign_goldens(documents))):
        (GOLDEN / "print" / folder).mkdir(parents=True, exist_ok=True)
        for name, html in goldens.items():
            (GOLDEN / "print" / folder / name).write_text(html, encoding="utf-8")
            print(f"wrote golden/print/{folder}/{name}")
    (GOLDEN / "simulate").mkdir(exist_ok=True)
    for name, text in simulate_goldens(documents).items():
        (GOLDEN / "simulate" / name).write_text(text, encoding="utf-8")
        print(f"wrote golden/simulate/{name}")
    serve_screenshots()
    return 0


def serve_screenshots() -> None:
    import pytest
    sys.path.insert(0, str(GOLDEN.parent))
    from serve_helpers import golden_screenshots
    try:
        for path in golden_screenshots(GOLDEN / "serve", GOLDEN.parent.parent / "books",
                                       GOLDEN.parent.parent / "docs"):
            print(f"wrote {path.relative_to(GOLDEN.parent.parent)}")
    except pytest.skip.Exception as why:
        print(f"skipped the screenshots: {why}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--screenshots"]:     # only the screenshots (they need Chromium)
        serve_screenshots()
        sys.exit(0)
    sys.exit(main())

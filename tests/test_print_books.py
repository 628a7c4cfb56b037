"""The encounter book and the showdown book as PDFs, and the print pipeline that makes them.

Rendering is slow, so each PDF is made once per module: the bundled epic's showdown book
(in two processes, the way `smersh build --jobs 2` does) and small encounter books made
from tests/golden/print/book.json, in each profile.
"""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import REPO, TESTS
from smersh_dsl.print import pipeline
from smersh_dsl.print.books.encounter_book import encounter_book
from smersh_dsl.print.books.showdown_book import showdown_book
from smersh_dsl.print.cache import SectionCache
from smersh_dsl.print.catalogue import BUILDERS, builders_for
from smersh_dsl.print.jobs import RenderError
from smersh_dsl.print.pipeline import Planned, PrintError, build
from smersh_dsl.print.profiles import profile

BOOK_JSON = TESTS / "golden" / "print" / "book.json"
MM = 72 / 25.4


def small_doc() -> dict:
    return json.loads(BOOK_JSON.read_text(encoding="utf-8"))


def render(doc: dict, builder, name: str, out: Path, cache: SectionCache, jobs: int = 1):
    chosen = profile(name)
    document = builder(doc, chosen)
    target = out / name / f"{document.name}.pdf"
    result = build([Planned(target, document)], chosen, jobs=jobs, cache=cache)
    assert result.written == [target], result.diagnostics
    return target, result


def page_texts(path: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(path).pages]


def outline_titles(items, depth=0) -> list[tuple[int, str]]:
    found = []
    for item in items:
        if isinstance(item, list):
            found += outline_titles(item, depth + 1)
        else:
            found.append((depth, item.title))
    return found


def links(path: Path) -> list[tuple[int, str, int]]:
    """(page, destination name, destination page) of every internal link."""
    reader = PdfReader(path)
    names = reader.named_destinations
    found = []
    for number, page in enumerate(reader.pages):
        for annotation in page.get("/Annots") or []:
            annotation = annotation.get_object()
            assert "/A" not in annotation, f"an unresolved link on page {number + 1}"
            if "/Dest" in annotation:
                name = str(annotation["/Dest"])
                assert name in names, f"page {number + 1} links to {name}, which is not defined"
                found.append((number, name, reader.get_destination_page_number(names[name])))
    return found


@pytest.fixture(scope="module")
def epic_doc() -> dict:
    from smersh_dsl.pipeline.run import check_paths
    from smersh_dsl.export.document import document

    projects, _ = check_paths([REPO / "books" / "epic"])
    return document(projects[0])


@pytest.fixture(scope="module")
def showdowns(epic_doc, tmp_path_factory):
    """The bundled epic's showdown book, rendered in two processes."""
    out = tmp_path_factory.mktemp("showdowns")
    return render(epic_doc, showdown_book, "pnp", out, SectionCache(out / "cache"), jobs=2)


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    """The small encounter book in each profile, and its cache folder."""
    out = tmp_path_factory.mktemp("books")
    cache = SectionCache(out / "cache")
    return {name: render(small_doc(), encounter_book, name, out, cache)[0]
            for name in ("pnp", "pod", "screen")}, out, cache


# ---------------------------------------------------------------- the encounter book

def test_entries_in_key_order_under_their_headings(books):
    text = "\n".join(page_texts(books[0]["pnp"]))
    doc = small_doc()
    keys = [e["key"] for e in doc["entries"]]
    positions = [re.search(rf"^{re.escape(key)}\b", text, re.M).start() for key in keys]
    assert positions == sorted(positions)
    # each ENC.RESP heading with its response text comes before its entries
    assert text.index("01.1 Lose him in the crowd") < text.index("01.1.1 ")
    assert text.index("01.1.5 ") < text.index("01.2 Confront him") < text.index("01.2.1 ")
    assert "01 The Man in the Grey Homburg" in text
    # tests and outcomes, typeset the same everywhere
    flat = " ".join(text.split())
    assert "TEST Athletics [2] or Hand to Hand \u22121 [2] (Pass with Skel" in flat
    assert text.count("PASS") >= len(keys) - 2 and text.count("FAIL") >= len(keys) - 2


def test_running_head_shows_the_first_and_last_key_of_the_page(books):
    pages = page_texts(books[0]["pnp"])
    checked = 0
    for text in pages[1:]:
        heads = [line for line in text.splitlines() if "Agents of SMERSH: Epic Edition" in line]
        found = re.findall(r"\b\d\d\.\d\.\d\b", heads[0]) if heads else []
        if len(found) != 2:
            continue
        first, last = found
        body_keys = re.findall(r"^(\d\d\.\d\.\d)\b", text.replace(heads[0], ""), re.M)
        assert body_keys and body_keys[-1] == last
        # the first entry on the page: the one that begins first, or one continued from
        # the page before
        keys = [e["key"] for e in small_doc()["entries"]]
        assert keys.index(body_keys[0]) - keys.index(first) in (0, 1)
        checked += 1
    assert checked, "no page has a running head with two keys"


def test_bookmarks_group_regions_cards_and_responses(books):
    titles = outline_titles(PdfReader(books[0]["pnp"]).outline)
    assert (0, "Europe") in titles and (0, "Ocean") in titles
    assert (1, "01 The Man in the Grey Homburg") in titles
    assert (2, "01.1 Lose him in the crowd") in titles
    assert titles[-1] == (0, "Index of encounters")


def test_index_links_reach_the_headings_in_other_sections(books):
    path = books[0]["pnp"]
    pages = page_texts(path)
    found = links(path)
    index_page = len(pages) - 1
    from_index = [(name, target) for page, name, target in found if page == index_page]
    assert {name for name, _ in from_index} >= {"enc-01", "enc-01-1", "enc-01-2", "enc-05"}
    for name, target in from_index:
        key = name[4:].replace("-", ".")
        assert target < index_page and key in pages[target], (name, target)


def test_fonts_are_embedded(books):
    reader = PdfReader(books[0]["pnp"])
    fonts = {}
    for page in reader.pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            font = font.get_object()
            descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            fonts[str(font["/BaseFont"])] = "/FontFile2" in descendant["/FontDescriptor"]
    assert fonts and all(fonts.values()), fonts
    assert any("Smersh-Serif" in name for name in fonts)
    if shutil.which("pdffonts"):
        lines = subprocess.run(["pdffonts", str(books[0]["pnp"])], capture_output=True,
                               text=True, check=True).stdout.splitlines()[2:]
        assert lines and all(line.split()[-5] == "yes" for line in lines)


def test_writer_text_is_printed_never_interpreted(books):
    html = encounter_book(small_doc(), profile("pnp")).section("encounters-01").html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "<script>" not in html
    assert "{{ 7*7 }} {% if x %}" in html
    assert "<em>emphasis</em>" in html and "<strong>strong</strong>" in html
    text = " ".join(" ".join(page_texts(books[0]["pnp"])).split())
    assert "<b>not bold</b> <script>alert(1)</script> & {{ 7*7 }} {% if x %}" in text
    assert "*stars* are printed" in text and "49" not in text


def _pixels(path: Path, page: int = 1):
    if not shutil.which("pdftoppm"):
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    raw = subprocess.run(["pdftoppm", "-r", "40", "-f", str(page), "-l", str(page), "-gray", str(path)],
                         capture_output=True, check=True).stdout
    header, _, rest = raw.partition(b"\n")      # P5
    size, _, rest = rest.partition(b"\n")
    _, _, data = rest.partition(b"\n")           # maxval
    width, height = map(int, size.split())
    return width, height, data


def _dark(width, data, x0, y0, x1, y1) -> int:
    return sum(1 for y in range(y0, y1) for x in range(x0, x1) if data[y * width + x] < 128)


def test_pod_pages_bleed_only_at_the_opening_band(books):
    pod = PdfReader(books[0]["pod"])
    page = pod.pages[1]           # the first page after the title page: Europe's opening
    assert abs(float(page.mediabox.width) - (210 + 6) * MM) < 1
    assert abs(float(page.trimbox.width) - 210 * MM) < 1                 # the trimmed page
    assert abs(float(page.trimbox.left) - float(page.mediabox.left) - 3 * MM) < 0.5
    assert pod.metadata["/GTS_PDFXVersion"] == "PDF/X-3:2003"      # PDF/X-3 survives the merge
    assert pod.pdf_header == "%PDF-1.4" and "/Metadata" in pod.trailer["/Root"]
    width, height, data = _pixels(books[0]["pod"], 2)     # page 1 is the title page
    assert _dark(width, data, 0, 0, 4, 4) == 16               # the band reaches the bleed
    assert _dark(width, data, 0, height - 4, 4, height) == 0  # nothing else does
    width, height, data = _pixels(books[0]["pod"], 3)
    assert _dark(width, data, 0, 0, width, 5) == 0            # a plain page bleeds nowhere


@pytest.mark.parametrize("name", ["pnp", "screen"])
def test_home_and_screen_pages_have_no_marks_and_no_bleed(books, name):
    reader = PdfReader(books[0][name])
    assert abs(float(reader.pages[0].mediabox.width) - 210 * MM) < 1
    for number in (1, 2):
        width, height, data = _pixels(books[0][name], number)
        edge = 6   # 6 px at 40 dpi is about 4 mm: margins and marks would show there
        assert _dark(width, data, 0, 0, width, edge) == 0
        assert _dark(width, data, 0, height - edge, width, height) == 0
        assert _dark(width, data, 0, 0, edge, height) == 0


def test_pod_pdfs_carry_no_links(books):
    assert links(books[0]["pod"]) == []
    assert links(books[0]["screen"])


# ---------------------------------------------------------------- the showdown book

def test_showdown_book_sections_in_order_with_conclusions_at_the_back(showdowns, epic_doc):
    path, result = showdowns
    assert result.rendered == len(epic_doc["sections"]) + 2     # and the title page, the folios
    pages = page_texts(path)
    text = "\n".join(pages)
    assert len(pages) >= len(epic_doc["sections"]) * 2
    order = [text.index(f"{s['name']}: Epic Showdown") if s["kind"] == "henchman"
             else text.index(f"Dr. Lobo: Section {s['name']}") for s in epic_doc["sections"]]
    assert order == sorted(order)
    pierre = text[text.index("Pierre: Epic Showdown"):]
    pierre = pierre[:pierre.index("Dr. Lobo: Section")] if "Dr. Lobo: Section" in pierre else pierre
    last_encounter = max(n["number"] for s in epic_doc["sections"] if s["name"] == "Pierre"
                         for n in s["nodes"] if n["kind"] == "encounter")
    intro, enc, victory = (pierre.index("\nIntroduction\n"),
                           re.search(rf"^{last_encounter:02d} encounter$", pierre, re.M).start(),
                           re.search(r"^Victory$", pierre, re.M).start())
    assert intro < enc < victory


def test_every_goto_is_a_working_link(showdowns, epic_doc):
    path, _ = showdowns
    pages = page_texts(path)
    found = links(path)
    gotos = sum(_count_gotos(s) for s in epic_doc["sections"])
    assert len(found) >= gotos
    for page, name, target in found:
        label = name.rsplit("-", 1)[-1]
        if name.split("-")[-2] == "encounter":
            assert f"{int(label):02d}" in pages[target], name
        elif name.split("-")[-2] == "conclusion":
            assert label.replace("_", " ").capitalize() in pages[target], name


def _count_gotos(value) -> int:
    if isinstance(value, dict):
        own = 1 if value.get("kind") == "goto" or isinstance(value.get("goto"), str) else 0
        return own + sum(_count_gotos(v) for k, v in value.items() if k not in ("goto",))
    if isinstance(value, list):
        return sum(_count_gotos(v) for v in value)
    return 0


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="no pdftotext")
def test_showdown_pages_carry_their_numbers_but_the_title_page(showdowns):
    path, _ = showdowns
    def last_line(page: int) -> str:
        text = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), "-layout",
                               str(path), "-"], capture_output=True, text=True, check=True).stdout
        return [line.strip() for line in text.splitlines() if line.strip()][-1]

    pages = len(PdfReader(path).pages)
    assert last_line(1) == "Version 1.0"
    assert [last_line(n) for n in (2, pages // 2, pages)] == [str(n) for n in (2, pages // 2, pages)]


def test_showdown_bookmarks_per_section(showdowns, epic_doc):
    path, _ = showdowns
    titles = outline_titles(PdfReader(path).outline)
    assert titles[0] == (0, "Epic showdowns")
    assert (0, "Dr. Lobo sections") in titles
    assert (1, "Pierre: Epic Showdown") in titles and (1, "Dr. Lobo: Section A") in titles
    assert (2, "Introduction") in titles and (2, "Encounter 01") in titles and (2, "Victory") in titles


# ---------------------------------------------------------------- the pipeline

def test_the_cache_renders_only_what_changed(books, tmp_path):
    _, out, cache = books
    doc = small_doc()
    _, again = render(doc, encounter_book, "pnp", tmp_path, cache)
    assert (again.rendered, again.cached) == (0, 5)    # title, 2 sections, index, folios
    doc["entries"][-1]["steps"][0]["text"] = "A changed entry."
    target, changed = render(doc, encounter_book, "pnp", tmp_path, cache)
    assert (changed.rendered, changed.cached) == (1, 4)
    assert "A changed entry." in " ".join(page_texts(target))


def test_an_interrupted_build_leaves_the_previous_pdf(books, tmp_path, monkeypatch):
    _, _, cache = books
    chosen = profile("pnp")
    document = encounter_book(small_doc(), chosen)
    target = tmp_path / "encounter-book.pdf"
    build([Planned(target, document)], chosen, jobs=1, cache=cache)
    before = target.read_bytes()
    changed = small_doc()
    changed["entries"][0]["steps"][0]["text"] = "Never printed."

    def interrupted(*_args, **_kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(pipeline, "merge", interrupted)
    with pytest.raises(KeyboardInterrupt):
        build([Planned(target, encounter_book(changed, chosen))], chosen, jobs=1, cache=cache)
    monkeypatch.undo()
    import os
    monkeypatch.setattr(os, "replace", lambda *_, **__: (_ for _ in ()).throw(KeyboardInterrupt()))
    with pytest.raises(KeyboardInterrupt):
        build([Planned(target, document)], chosen, jobs=1, cache=cache)
    assert target.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["encounter-book.pdf"]


def test_a_failed_render_is_a_clean_error_and_writes_nothing(tmp_path, monkeypatch):
    def broken(*_args, **_kwargs):
        raise RenderError("ValueError: no layout")

    monkeypatch.setattr(pipeline, "render_section", broken)
    chosen = profile("screen")
    target = tmp_path / "encounter-book.pdf"
    with pytest.raises(PrintError, match="could not render encounter-book, section Title page: "
                                          "ValueError: no layout"):
        build([Planned(target, encounter_book(small_doc(), chosen))], chosen, jobs=1,
              cache=SectionCache(enabled=False))
    assert not tmp_path.exists() or not list(tmp_path.iterdir())


def test_overflows_become_p101_and_nothing_is_written(tmp_path, monkeypatch):
    found = types.ModuleType("smersh_dsl.print.overflow")
    found.find_overflows = lambda document: [types.SimpleNamespace(label="the card Shoe Phone",
                                                                   span="books/x.smersh:4:3",
                                                                   excess_mm=3.24)]
    monkeypatch.setitem(sys.modules, "smersh_dsl.print.overflow", found)
    chosen = profile("screen")
    target = tmp_path / "encounter-book.pdf"
    whole = encounter_book(small_doc(), chosen)
    document = dataclasses.replace(whole, sections=whole.sections[-1:])    # the index only
    result = build([Planned(target, document)], chosen, jobs=1, cache=SectionCache(enabled=False))
    assert result.written == [] and not target.exists()
    first = result.diagnostics[0]
    assert (first.code, first.message) == ("P101", "text does not fit the card Shoe Phone by 3.2 mm")
    assert (first.span.file, first.span.line, first.span.column) == ("books/x.smersh", 4, 3)


def test_one_process_renders_the_same_pages(books, tmp_path):
    chosen = profile("screen")
    document = encounter_book(small_doc(), chosen)
    result = build([Planned(tmp_path / "whole.pdf", document)], chosen, jobs=0)
    assert result.rendered == 4     # the title page, the rest as one page, the index, the folios
    whole = page_texts(tmp_path / "whole.pdf")
    split = page_texts(books[0]["screen"])
    assert len(whole) == len(split)
    def keys(text: str) -> list[str]:   # the entries that start on a page, not its running head
        body = "\n".join(line for line in text.splitlines() if "Agents of SMERSH" not in line)
        return re.findall(r"^\d\d\.\d\.\d\b", body, re.M)

    assert [keys(t) for t in whole] == [keys(t) for t in split]


def test_html_stage_matches_the_golden_files():
    """tests/golden/print/*.html: `python tests/regen_golden.py` rewrites them."""
    sys.path.insert(0, str(TESTS))
    from regen_golden import print_html

    expected = print_html()
    on_disk = {p.name for p in (TESTS / "golden" / "print").glob("*.html")}
    assert set(expected) == on_disk
    for name, html in expected.items():
        assert (TESTS / "golden" / "print" / name).read_text(encoding="utf-8") == html, name


def test_catalogue_names_the_books_of_a_game_and_nothing_for_a_campaign():
    doc = small_doc()
    assert [b.name for b in builders_for(doc)][:2] == ["encounter-book", "showdown-book"]
    assert not [b for b in builders_for({"kind": "campaign", "scenarios": []})
                if b.name in ("encounter-book", "showdown-book")]
    assert len({b.name for b in BUILDERS}) == len(BUILDERS)


def test_cli_builds_pdfs_where_the_docs_say_and_reports_p101(tmp_path):
    """The rule's bad example fires through `smersh build`, its good one builds."""
    from conftest import smersh
    from smersh_dsl.diagnostics.catalogue import rule

    project = tmp_path / "tiny"
    subprocess.run([sys.executable, str(REPO / "bench" / "generate.py"), "25", str(project)],
                   check=True)
    gadget = project / "gadget.smersh"
    gadget.write_text(rule("P101").bad + "\n", encoding="utf-8")
    command = ("build", str(project), "--format", "pdf", "--profile", "screen", "--jobs", "1",
               "--out", str(tmp_path / "out"))
    failed = smersh(*command)
    assert failed.returncode == 1, failed.stderr
    assert "P101" in failed.stderr
    assert re.search(r"text does not fit .*Exploding Pen.* by \d+\.\d mm", failed.stderr), \
        failed.stderr
    assert "gadget.smersh:1:" in failed.stderr and "no PDF written" in failed.stderr
    assert not list((tmp_path / "out").rglob("*.pdf"))
    gadget.write_text(rule("P101").good + "\n", encoding="utf-8")
    result = smersh(*command)
    assert result.returncode == 0, result.stderr
    written = sorted(p.relative_to(tmp_path / "out").as_posix() for p in (tmp_path / "out").rglob("*.pdf"))
    assert {"bench/print/screen/encounter-book.pdf", "bench/print/screen/showdown-book.pdf"} <= set(written)
    assert "rendered" in result.stderr and "from the cache" in result.stderr
    assert not list((tmp_path / "out").rglob("*.json"))


@pytest.mark.parametrize("name", ["pnp", "pod", "screen"])
def test_every_bundled_book_makes_html_whose_links_all_land(name):
    """Every bundled project's books, in every profile: each link names an id of the book."""
    from smersh_dsl.pipeline.run import check_paths
    from smersh_dsl.export.document import buildable, document

    projects, _ = check_paths([REPO / "books"])
    made = 0
    for project in filter(buildable, projects):
        doc = document(project)
        for builder in builders_for(doc, ("encounter-book", "showdown-book")):
            book = builder.build(doc, profile(name))
            ids = [i for s in book.sections for i in re.findall(r' id="([^"]+)"', s.html)]
            assert len(ids) == len(set(ids)), f"{project.name} {builder.name}: an id twice"
            targets = [t for s in book.sections
                       for t in re.findall(r' href="(?:#|smersh-link:)([^"]+)"', s.html)]
            assert set(targets) <= set(ids)
            assert bool(targets) is (name != "pod")
            made += 1
    assert made >= 3     # the epic's two books and Swagman's Hope's encounter book


def test_rendering_quiets_the_collector_and_puts_it_back():
    """Rendering freezes what the process held and collects less often (issue #6: the
    collector took 18% of a section's time), then leaves the collector as it found it,
    never thawing what a caller froze."""
    import gc

    from smersh_dsl.print.jobs import GC_THRESHOLD, quiet_gc

    before = gc.get_threshold()
    held = gc.get_freeze_count()
    with quiet_gc():
        assert gc.get_threshold()[0] == GC_THRESHOLD
        assert gc.get_freeze_count() >= held
    assert gc.get_threshold() == before and gc.get_freeze_count() == held
    gc.freeze()
    frozen = gc.get_freeze_count()
    try:
        with quiet_gc():
            pass
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()


def test_renderers_started_early_render_the_book_and_leave_no_process(books, tmp_path):
    """`smersh build` starts its rendering processes before the HTML is made, so that they
    warm up meanwhile; they render every section, and none outlives the build."""
    import multiprocessing

    from smersh_dsl.print.workers import Renderers
    chosen = profile("screen")
    target = tmp_path / "encounter-book.pdf"
    with Renderers(2) as renderers:
        document = encounter_book(small_doc(), chosen)
        result = build([Planned(target, document)], chosen, jobs=2, renderers=renderers,
                       cache=SectionCache(enabled=False))
    assert result.rendered == len(document.sections) + 1 and result.written == [target]
    assert page_texts(target) == page_texts(books[0]["screen"])
    assert multiprocessing.active_children() == []


def test_renderers_with_nothing_to_render_end_at_once(tmp_path):
    """Every section cached: the processes started for nothing are ended, not awaited."""
    import multiprocessing

    from smersh_dsl.print.workers import Renderers
    renderers = Renderers(2).start()
    assert len(multiprocessing.active_children()) == 2
    renderers.close()
    assert multiprocessing.active_children() == []

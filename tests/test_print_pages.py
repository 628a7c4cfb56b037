"""Page numbers, the title page and the index giving pages, in the merged PDFs (issue #18),
and counts in messages said through the wording helper.

The small encounter book of tests/golden/print/book.json is five pages: the title page,
two of Europe, one of the Ocean, the index; it is rendered once per profile (pnp, pod).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import REPO, TESTS
from smersh_dsl.pipeline.run import check_paths
from smersh_dsl.print.books.encounter_book import encounter_book
from smersh_dsl.print.cache import SectionCache
from smersh_dsl.print.folios import numbered_pages
from smersh_dsl.print.pipeline import Planned, build
from smersh_dsl.print.profiles import profile

BOOK_JSON = TESTS / "golden" / "print" / "book.json"
needs_pdftotext = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="no pdftotext")


def small_doc() -> dict:
    return json.loads(BOOK_JSON.read_text(encoding="utf-8"))


def page_text(path: Path, page: int) -> str:
    """The text of one page (1-based), laid out as on the page."""
    return subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), "-layout", str(path), "-"],
                          capture_output=True, text=True, check=True).stdout


def footer(path: Path, page: int) -> str:
    lines = [line.strip() for line in page_text(path, page).splitlines() if line.strip()]
    return lines[-1] if lines else ""


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    out = tmp_path_factory.mktemp("pages")
    cache = SectionCache(out / "cache")
    made = {}
    for name in ("pnp", "pod"):
        chosen = profile(name)
        target = out / name / "encounter-book.pdf"
        result = build([Planned(target, encounter_book(small_doc(), chosen))], chosen, jobs=1,
                       cache=cache)
        assert result.written == [target], result.diagnostics
        made[name] = target
    return made, out, cache


@needs_pdftotext
@pytest.mark.parametrize("name", ["pnp", "pod"])
def test_page_five_carries_five_in_its_footer(books, name):
    path = books[0][name]
    pages = len(PdfReader(path).pages)
    assert pages == 5
    assert footer(path, 5) == "5"
    assert [footer(path, n) for n in range(2, pages + 1)] == [str(n) for n in range(2, pages + 1)]


@needs_pdftotext
@pytest.mark.parametrize("name", ["pnp", "pod"])
def test_the_title_page_holds_the_title_and_no_number(books, name):
    text = " ".join(page_text(books[0][name], 1).split())
    assert "AGENTS OF SMERSH" in text and "Epic Edition" in text and "Encounter Book" in text
    assert "Version 1.0" in text and not re.search(r"(^|\s)1$", text)


@needs_pdftotext
@pytest.mark.parametrize("name", ["pnp", "pod"])
def test_the_index_gives_the_page_that_holds_each_heading(books, name):
    """EP-ENC-1: "James finds page "01.7" in the Encounter book, then, 01.7.4 on that exact
    page": each ENC.RESP heading of the index names the page it is on."""
    path = books[0][name]
    index = page_text(path, 5)
    given = dict(re.findall(r"(\d\d\.\d) [A-Za-z' ]+? +(\d+)\b", index))
    assert set(given) == {"01.1", "01.2", "05.1"}
    for key, page in given.items():
        heading = {"01.1": "Lose him in the crowd", "01.2": "Confront him",
                   "05.1": "Dive to investigate"}[key]
        holders = [n for n in range(2, 5) if f"{key} {heading}" in " ".join(page_text(path, n).split())]
        assert holders == [int(page)], (key, holders, page)


def test_a_change_that_moves_no_page_renders_one_section(books, tmp_path):
    _, _, cache = books
    chosen = profile("pnp")
    doc = small_doc()
    doc["entries"][-1]["steps"][0]["text"] = "A changed entry."
    result = build([Planned(tmp_path / "b.pdf", encounter_book(doc, chosen))], chosen, jobs=1,
                   cache=cache)
    # title, Europe, Ocean, index, folios: only the Ocean's section is laid out again
    assert (result.rendered, result.cached) == (1, 4)


def test_pages_of_a_title_page_are_counted_but_not_numbered():
    assert numbered_pages([(1, False), (3, True), (2, True)]) == [2, 3, 4, 5, 6]


# ---------------------------------------------------------------- counts in messages

def test_a_check_message_counts_one_success_token(tmp_path):
    source = (TESTS / "cases" / "G008" / "fail_henchman_sheet.smersh").read_text(encoding="utf-8")
    path = tmp_path / "one.smersh"
    path.write_text(source.replace("successes >= 2 -> victory", "successes >= 1 -> victory"),
                    encoding="utf-8")
    messages = [d.message for d in check_paths([path])[1] if d.code == "G008"]
    assert "this row wins with 1 success token, but the henchman sheet of `Zed` asks for 3" in messages


def test_fmt_counts_one_file(tmp_path):
    shutil.copy(REPO / "tests" / "cases" / "V003" / "pass_a_sheet_each.smersh", tmp_path / "a.smersh")
    result = subprocess.run([sys.executable, "-m", "smersh_dsl", "fmt", "--check",
                             str(tmp_path / "a.smersh")], capture_output=True, text=True)
    assert re.search(r"^1 file: ", result.stderr, re.M), result.stderr

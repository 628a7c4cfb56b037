"""A test's heading stays with its outcomes: never alone at the foot of a column or a
page with its PASS at the head of the next (issue #18). Laid out by WeasyPrint with the
encounter book's own stylesheet, over entries whose prose grows a line at a time, so
that some test heading meets every place in a column."""

from __future__ import annotations

import json

from conftest import TESTS
from smersh_dsl.print.books.encounter_book import encounter_book
from smersh_dsl.print.profiles import profile
from smersh_dsl.print.render import layout

BOOK_JSON = TESTS / "golden" / "print" / "book.json"
WORDS = "Rain, sideways. "            # a few words: the prose grows by part of a line


def _entry(number: int) -> str:
    key = f"01.1.{number}"
    return (f'<div class="entry" data-key="{key}"><span class="key">{key}</span> '
            + WORDS * (number % 23 + 1)
            + '<p class="test"><span class="label">TEST</span> <span class="skill">Spycraft</span></p>'
            '<div class="outcome pass"><span class="label">PASS</span> You walk on.</div>'
            '<div class="outcome fail"><span class="label">FAIL</span> He follows.</div></div>')


def _book(entries: int) -> str:
    doc = json.loads(BOOK_JSON.read_text(encoding="utf-8"))
    html = encounter_book(doc, profile("pnp", "a4")).section("encounters-01").html      # today's stylesheet
    head = html[: html.index("<body>")]
    body = "".join(_entry(n) for n in range(entries))
    return f'{head}<body><div class="cols">{body}</div></body></html>'


def _placed(document, css_class: str) -> list[tuple[int, int]]:
    """(page, column) where each element of ``css_class`` starts, in the order of the text."""
    first: dict[int, tuple[int, int]] = {}
    for number, page in enumerate(document.pages):
        middle = page.width / 2
        for box in page._page_box.descendants():
            element = getattr(box, "element", None)
            if (element is not None and css_class in (element.get("class") or "").split()
                    and id(element) not in first):
                first[id(element)] = (number, 0 if box.position_x < middle else 1)
    return list(first.values())


def test_a_test_heading_is_never_parted_from_its_pass():
    document = layout(_book(200))
    tests, passes = _placed(document, "test"), _placed(document, "pass")
    assert len(tests) == len(passes) == 200
    assert len(document.pages) > 3                      # enough columns for every place
    parted = [(n, heading, outcome) for n, (heading, outcome) in enumerate(zip(tests, passes))
              if heading != outcome]
    assert parted == []

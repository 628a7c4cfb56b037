"""Writer text is printed exactly as written, wherever it lands: HTML, a running head that a
stylesheet prints (``content:``), a ``string-set`` taken from an attribute, a bookmark, the
PDF's title. A title could once end the CSS string it was put in and inject rules (a
``url(file:///...)`` that embedded a local file in every page), and printed ``Bond &amp;
&#34;Q&#34;`` for ``Bond & "Q"``.

Each test puts every troublesome character (quotes, a backslash, a newline, ``}``, ``{``,
``;``, ``<``, ``&``, text that looks like an entity) in each field of a document that
reaches print, renders the document and compares the PDF's text with what was written.
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest
import tinycss2
from pypdf import PdfReader

from conftest import TESTS
from regen_golden import book_documents
from smersh_dsl.print.cache import SectionCache
from smersh_dsl.print.catalogue import builders_for
from smersh_dsl.print.markup import css_string
from smersh_dsl.print.pipeline import Planned, build
from smersh_dsl.print.profiles import profile

# Short words only: a running head is narrow and hyphenates long ones.
HOSTILE = 'Bond & "Q" <b>no</b> \\ } { ; &amp; &#34; \'a\' </style>'
# What the title did: a blank line, then rules of its own.
INJECTION = "\n\n; } body { background: url(file:///etc/passwd) } @page { margin: 0 }"


def written(tag: str, tail: str = "") -> str:
    return f"{tag} {HOSTILE}{tail}"


def flat(text: str) -> str:
    """Text as it prints, less its spacing and ligatures: a line may break after "</" or
    hyphenate a word, so a PDF's text has spaces, newlines and hyphens where the writer
    had none, and "fi" may come out as one character."""
    return re.sub(r"\s+", "", re.sub("\u2010\\s+", "", unicodedata.normalize("NFKC", text)))


def render(doc: dict, name: str, out: Path) -> tuple[Path, list[str]]:
    """The document ``name`` of ``doc`` rendered, and the text of each of its pages."""
    chosen = profile("pnp")
    [builder] = builders_for(doc, (name,))
    target = out / f"{name}.pdf"
    document = builder.build(doc, chosen)
    result = build([Planned(target, document)], chosen, jobs=1,
                   cache=SectionCache(enabled=False))
    assert result.written == [target], [d.message for d in result.diagnostics]
    # a book's title page (page 1) prints the title too, set in capitals: the pages after it
    skip = 1 if document.sections[0].key == "title" else 0
    return target, [flat(page.extract_text()) for page in PdfReader(target).pages[skip:]]


def assert_printed(pages: list[str], expected: dict[str, str]) -> None:
    text = " ".join(pages)
    assert "&#34;Q" not in text and "&amp;amp;" not in text
    for field, value in expected.items():
        assert flat(value) in text, f"{field} is not printed as written: {value!r}"


# ---------------------------------------------------------------- the CSS string itself

@pytest.mark.parametrize("text", [HOSTILE, INJECTION, 'a"b', "a\\", "line\nbreak\r\f",
                                  "}</STYLE><script>", "\u00e9t\u00e9 \u00b7 \u2013 \U0001f575",
                                  "nul\0here", "/* not a comment */", ""])
def test_a_css_string_is_one_string_token_holding_the_text(text):
    css = str(css_string(text))
    tokens = [t for t in tinycss2.parse_component_value_list(css) if t.type != "whitespace"]
    assert [t.type for t in tokens] == ["string"], css
    assert tokens[0].value == text.replace("\0", "\ufffd")
    assert "</style" not in css.lower() and "<" not in css and "&" not in css
    assert "\n" not in css and "\r" not in css and "\f" not in css


# ---------------------------------------------------------------- every document

@pytest.fixture(scope="module")
def golden_book() -> dict:
    return json.loads((TESTS / "golden" / "print" / "book.json").read_text(encoding="utf-8"))


def test_the_encounter_book_prints_writer_text_as_written(golden_book, tmp_path):
    doc = json.loads(json.dumps(golden_book))
    card = doc["encounter_cards"][0]
    expected = {"title": written("Ti", INJECTION), "card title": written("Ct"),
                "region": written("Re"), "response": written("Rs"),
                "entry prose": written("Ep")}
    doc["title"] = expected["title"]
    card["title"], card["region"] = expected["card title"], expected["region"]
    card["responses"][0]["text"] = expected["response"]
    doc["entries"][0]["steps"][0]["text"] = expected["entry prose"]
    target, pages = render(doc, "encounter-book", tmp_path)
    assert_printed(pages, expected)
    # The running head of the second page (the first opens the region: no head there).
    assert flat(expected["title"]) in pages[1]
    reader = PdfReader(target)
    assert reader.metadata.title == f"{expected['title']}: Encounter Book"
    titles = [item.title for item in reader.outline if not isinstance(item, list)]
    assert titles[0] == expected["region"]


def test_the_showdown_book_prints_writer_text_as_written(golden_book, tmp_path):
    doc = json.loads(json.dumps(golden_book))
    doc["sections"] = doc["sections"][:1]           # Pierre's showdown is enough
    section = doc["sections"][0]
    expected = {"title": written("Ti", INJECTION), "intro": written("In")}
    doc["title"] = expected["title"]
    section["intro"][0]["text"] = expected["intro"]
    target, pages = render(doc, "showdown-book", tmp_path)
    assert_printed(pages, expected)
    # Every page but the first carries the running head: the book's title, and the
    # showdown's heading through `string-set`.
    assert len(pages) > 1
    assert all(flat(expected["title"]) in page for page in pages[1:])
    assert all("Pierre:EpicShowdown" in page for page in pages[1:])


def test_card_sheets_print_writer_text_as_written(golden_book, tmp_path):
    doc = json.loads(json.dumps(golden_book))
    for field in ("entries", "sections", "henchmen"):
        doc.pop(field, None)
    card = doc["encounter_cards"][0]
    expected = {"card title": written("Ct"), "region": written("Re"),
                "response": written("Rs"), "game title": written("Gt")}
    card["title"], card["region"] = expected["card title"], expected["region"]
    card["responses"][0]["text"] = expected["response"]
    doc["title"] = expected["game title"]             # on every card back
    _, pages = render(doc, "cards", tmp_path)
    assert_printed(pages, {k: v for k, v in expected.items() if k != "region"})
    # The region is printed upper case in the card's band, as-is in the sheet's header.
    assert flat(expected["region"]).upper() in " ".join(pages)


def test_smush_cards_print_writer_text_as_written(tmp_path):
    doc = book_documents()["smush"]
    doc["gadget_cards"] = doc["gadget_cards"][:1]
    doc["defence_cards"] = doc["defence_cards"][:1]
    half = doc["gadget_cards"][0]["halves"][0]
    face = doc["defence_cards"][0]["faces"][0]
    expected = {"gadget name": written("Gn"), "gadget flavour": written("Gf"),
                "defence name": written("Dn")}
    half["name"], half["flavour"] = expected["gadget name"], expected["gadget flavour"]
    face["name"] = expected["defence name"]
    _, pages = render(doc, "cards", tmp_path)
    assert_printed(pages, expected)


def test_campaign_sheets_print_writer_text_as_written(tmp_path):
    doc = book_documents()["shield"]
    doc["scenarios"] = doc["scenarios"][:1]
    scenario = doc["scenarios"][0]
    expected = {"campaign title": written("Ti", INJECTION), "scenario title": written("St"),
                "story": written("Sy"), "villain": written("Vi"),
                "main scheme": written("Ms"), "setup step": written("Ss")}
    doc["title"] = expected["campaign title"]
    scenario["title"], scenario["text"] = expected["scenario title"], [expected["story"]]
    scenario["villain"], scenario["main_scheme"] = expected["villain"], expected["main scheme"]
    scenario["setup"][0]["text"] = expected["setup step"]
    _, pages = render(doc, "scenario-sheets", tmp_path)
    assert_printed(pages, expected)
    # The page footer, printed by the stylesheet: "<title> · Scenario #1 · page 1".
    assert f"{flat(expected['campaign title'])}\u00b7Scenario#1\u00b7page1" in pages[0]
    doc["log_fields"][0]["label"] = written("Lf")
    _, log = render(doc, "campaign-log", tmp_path)
    assert_printed(log, {"campaign title": expected["campaign title"],
                         "log field": doc["log_fields"][0]["label"]})
    assert f"{flat(expected['campaign title'])}\u00b7Campaignlog" in log[0]

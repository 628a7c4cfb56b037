"""Card sheets as a printer and a player get them: pages, order, fonts, marks, backs, fit."""

from __future__ import annotations

import copy
import io
import json
import math
import re
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from regen_golden import CARD_GOLDENS, GOLDEN, book_documents, print_card_goldens
from smersh_dsl.print.cards.document import cards, has_cards
from smersh_dsl.print.cards.model import Back, Card, Deck
from smersh_dsl.print.cards.sheet import deck_html
from smersh_dsl.print.cards.smush import power_text
from smersh_dsl.print.overflow import find_overflows
from smersh_dsl.print.profiles import CARD_HEIGHT_MM, CARD_WIDTH_MM, profile
from smersh_dsl.print.render import layout, pdf_bytes

MM = 72 / 25.4   # PDF points per millimetre


@pytest.fixture(scope="module")
def documents() -> dict[str, dict]:
    return book_documents()


def section(doc: dict, profile_name: str, key: str, paper: str = "a4"):
    return {s.key: s for s in cards(doc, profile(profile_name, paper)).sections}[key]


def render(html: str, profile_name: str = "pnp", paper: str = "a4") -> bytes:
    return pdf_bytes(html, profile(profile_name, paper))


def pages_text(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


@pytest.fixture(scope="module")
def status_pnp(documents) -> tuple[Deck, bytes]:
    """The base game's Status cards on A4 sheets: 18 cards (one status has 2 copies)."""
    from smersh_dsl.print.cards.smersh import smersh_decks
    deck = next(d for d in smersh_decks(documents["smersh"]) if d.key == "status")
    return deck, render(section(documents["smersh"], "pnp", "status").html)


def status_doc(effect: str, documents) -> dict:
    doc = copy.deepcopy(documents["smersh"])
    doc["statuses"] = copy.deepcopy(doc["statuses"][:2])
    doc["statuses"][0]["effect"] = effect
    doc["statuses"][0]["source"] = {"file": "books/epic/cards/statuses.smersh", "line": 3,
                                    "column": 1}
    return doc


# --- pages --------------------------------------------------------------------------------

def test_pnp_sheets_hold_nine_cards_each_followed_by_their_backs(status_pnp):
    deck, pdf = status_pnp
    sheets = math.ceil(len(deck.cards) / 9)
    reader = PdfReader(io.BytesIO(pdf))
    assert len(deck.cards) == 18 and len(reader.pages) == 2 * sheets
    box = reader.pages[0].mediabox
    assert round(float(box.width) / MM) == 210 and round(float(box.height) / MM) == 297
    texts = pages_text(pdf)
    assert "Black Eye" in texts[0] and "backs" in texts[1] and "Black Eye" not in texts[1]


def test_pnp_letter_paper_keeps_cards_at_actual_size(documents):
    html = section(documents["smersh"], "pnp", "mission", paper="letter").html
    reader = PdfReader(io.BytesIO(render(html, paper="letter")))
    assert round(float(reader.pages[0].mediabox.width) / MM, 1) == 215.9
    assert f"width: {CARD_WIDTH_MM:.2f}mm; height: {CARD_HEIGHT_MM:.2f}mm" in html


def test_every_pnp_sheet_tells_the_user_to_print_at_actual_size(status_pnp):
    for text in pages_text(status_pnp[1]):
        assert "Print at actual size" in " ".join(text.split())


def test_card_text_comes_out_in_reading_order(documents):
    pdf = render(section(documents["smersh"], "pnp", "encounter-europe").html)
    text = " ".join(pages_text(pdf)[0].split())
    titles = ["The Man in the Grey Homburg", "Baccarat at Midnight", "The Night Sleeper to Istanbul",
              "Checkpoint at Dawn"]
    positions = [text.find(t.split()[-1]) for t in titles]
    assert all(p >= 0 for p in positions) and positions == sorted(positions)
    responses = [text.find(r) for r in ("Lose him in the crowd", "Confront him",
                                        "Double back and tail him", "Buy him a drink")]
    assert all(p >= 0 for p in responses) and responses == sorted(responses)


def test_swagmans_hope_cards_show_both_sections(documents):
    pdf = render(section(documents["swagmans_hope"], "screen", "encounter-australia").html,
                 "screen")
    text = " ".join(" ".join(pages_text(pdf)).split())
    coastal, hope = text.find("Saltwater Crocodile"), text.find("The Dry Well")
    assert 0 <= coastal < hope
    assert "SWAGMAN'S HOPE" in text.upper()


def test_fonts_are_embedded(status_pnp, tmp_path: Path):
    target = tmp_path / "status.pdf"
    target.write_bytes(status_pnp[1])
    rows = subprocess.run(["pdffonts", str(target)], capture_output=True, text=True,
                          check=True).stdout.splitlines()[2:]
    assert rows and all(row.split()[-5] == "yes" for row in rows)


# --- crop marks, backs, bleed -------------------------------------------------------------

def gray_page(pdf: bytes, tmp_path: Path, page: int = 1, dpi: int = 150):
    from PIL import Image
    source = tmp_path / "sheet.pdf"
    source.write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-png", "-f", str(page), "-l", str(page),
                    "-singlefile", str(source), str(tmp_path / "sheet")], check=True)
    return Image.open(tmp_path / "sheet.png").convert("L")


def darkest(image, x_mm: float, y_mm: float, dpi: int = 150, reach: int = 3) -> int:
    px, py = round(x_mm * dpi / 25.4), round(y_mm * dpi / 25.4)
    return min(image.getpixel((x, y)) for x in range(px - reach, px + reach + 1)
               for y in range(py - reach, py + reach + 1))


# where a pnp A4 sheet's crop marks run: in line with the card edges, in the margin
CORNERS_A4 = [(10.5, 12.5), (73.5, 12.5), (136.5, 12.5), (199.5, 12.5),       # above the grid
              (10.5, 284.5), (199.5, 284.5),                                     # below it
              (6.5, 16.5), (6.5, 104.5), (203.5, 192.5), (203.5, 280.5)]       # beside it


def test_pnp_sheet_shows_crop_marks_at_every_card_edge(status_pnp, tmp_path: Path):
    image = gray_page(status_pnp[1], tmp_path)
    assert all(darkest(image, x, y) < 128 for x, y in CORNERS_A4)
    assert darkest(image, 40, 10) > 240 and darkest(image, 5, 60) > 240   # margin elsewhere


def test_screen_and_pod_have_no_crop_marks(documents, tmp_path: Path):
    screen = render(section(documents["smersh"], "screen", "status").html, "screen")
    image = gray_page(screen, tmp_path)
    assert all(darkest(image, x, y) > 240 for x, y in CORNERS_A4)
    pod = section(documents["swagmans_hope"], "pod", "henchman").html
    assert 'class="mark"' not in pod and 'class="mark"' in section(
        documents["smersh"], "pnp", "status").html


def test_screen_has_fronts_only(documents):
    doc = documents["smersh"]
    reader = PdfReader(io.BytesIO(render(section(doc, "screen", "mission").html, "screen")))
    assert len(reader.pages) == math.ceil(len(doc["missions"]) / 9)


def _two_card_deck() -> Deck:
    from markupsafe import Markup
    return Deck("test", "Test cards", tuple(
        Card(f"test card {n}", "status", Markup(f"<p>FRONT {n}</p>"),
             Back("status", Markup(f"<p>BACK {n}</p>"))) for n in ("ONE", "TWO")))


def _x_of(page, needle: str) -> float:
    found = []

    def visit(text, cm, tm, font, size):
        if needle in text:
            found.append(cm[4] + tm[4])
    page.extract_text(visitor_text=visit)
    return found[0]


def test_pnp_backs_are_mirrored_for_duplex():
    reader = PdfReader(io.BytesIO(render(deck_html(_two_card_deck(), profile("pnp"), "Game"))))
    front, back = reader.pages
    width = float(front.mediabox.width)
    assert _x_of(front, "FRONT ONE") < width / 3 < _x_of(front, "FRONT TWO") < 2 * width / 3
    assert _x_of(back, "BACK ONE") > 2 * width / 3          # column 1's back in column 3
    assert width / 3 < _x_of(back, "BACK TWO") < 2 * width / 3


def test_pod_is_one_card_a_page_with_bleed_back_first(documents):
    doc = documents["swagmans_hope"]
    pdf = render(section(doc, "pod", "henchman").html, "pod")
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 2
    for page in reader.pages:
        assert round(float(page.mediabox.width) / MM, 1) == CARD_WIDTH_MM + 6
        assert round(float(page.mediabox.height) / MM, 1) == CARD_HEIGHT_MM + 6
        assert round(float(page.trimbox.width) / MM, 1) == CARD_WIDTH_MM
    back, front = (" ".join(t.split()) for t in pages_text(pdf))
    assert "Level 1" in front and "Level 1" not in back
    assert "Kings Cross" in back                          # the Butcher's story on his back


def test_pod_card_colour_runs_into_the_bleed(documents, tmp_path: Path):
    pdf = render(section(documents["smersh"], "pod", "gadget").html, "pod")
    image = gray_page(pdf, tmp_path, page=2, dpi=100)
    assert image.getpixel((2, 2)) < 200 and image.getpixel((image.width - 3, image.height - 3)) < 200


# --- S.M.U.S.H. ---------------------------------------------------------------------------

def test_smush_gadget_card_has_its_second_half_upside_down(documents):
    html = section(documents["smush"], "pnp", "gadget").html
    assert html.count('class="half half-1"') == 3 and html.count('class="half half-2"') == 3
    assert ".half-2 {" in html and "rotate(180deg)" in html.split(".half-2 {")[1].split("}")[0]
    pdf = render(html)
    text = " ".join(pages_text(pdf)[0].split())
    assert "Dynamite Gum" in text and "Laser Watch" in text and "Flip: Gain 3 CP now." in text


def test_smush_defence_card_has_two_faces_on_the_diagonal(documents):
    html = section(documents["smush"], "pnp", "defence").html
    assert html.count('class="diagonal"') == 6
    assert "rotate(180deg)" in html.split(".face-2 {")[1].split("}")[0]
    text = " ".join(" ".join(pages_text(render(html))).split())
    assert "Freeze Ray" in text and "Electrified Fence" in text and "On bypass:" in text


def test_power_accessor_accepts_strings_and_objects():
    assert power_text("Gain 3 CP now.") == "Gain 3 CP now."
    assert power_text({"kind": "gain_cp", "text": "Gain 3 CP now."}) == "Gain 3 CP now."
    assert power_text(None) is None


def test_smush_powers_as_objects_still_print(documents):
    doc = copy.deepcopy(documents["smush"])
    doc["gadget_cards"][0]["halves"][1]["flip"] = {"kind": "gain_cp", "text": "Gain 3 CP now."}
    html = section(doc, "screen", "gadget").html
    assert "Gain 3 CP now." in html and "gain_cp" not in html


# --- fit and escaping ---------------------------------------------------------------------

def test_overflowing_prose_is_reported_with_its_label_and_span(documents):
    doc = status_doc("Far too much to say. " * 60, documents)
    found = find_overflows(layout(section(doc, "pnp", "status").html))
    assert [(o.label, o.span) for o in found] == [
        ("status card Black Eye", "books/epic/cards/statuses.smersh:3:1")]


def test_overflow_is_reported_in_every_profile_and_never_adds_pages(documents):
    doc = copy.deepcopy(documents["smersh"])
    doc["encounter_cards"][0]["responses"][0]["text"] = "Run " * 200
    for name, pages in (("pnp", 2), ("pod", 8), ("screen", 1)):
        laid_out = layout(section(doc, name, "encounter-europe").html)
        assert [o.label for o in find_overflows(laid_out)] == ["encounter card Europe 01"]
        assert len(laid_out.pages) == pages


def test_a_word_too_wide_for_its_card_is_reported(documents):
    doc = status_doc("Supercalifragilisticexpialidocious" * 3, documents)
    found = find_overflows(layout(section(doc, "pnp", "status").html))
    assert [o.label for o in found] == ["status card Black Eye"]


def test_cards_that_fit_are_not_reported(documents):
    doc = status_doc("-1 to Persuasion tests.", documents)
    assert find_overflows(layout(section(doc, "pnp", "status").html)) == []


def test_an_overflowing_smush_half_is_named(documents):
    doc = copy.deepcopy(documents["smush"])
    doc["defence_cards"][0]["faces"][1]["flavour"] = "A polite notice warns of the voltage. " * 12
    found = find_overflows(layout(section(doc, "pnp", "defence").html))
    assert [o.label for o in found] == ["defence card 1 (Electrified Fence)"]


def test_every_bundled_card_fits(documents):
    for doc in documents.values():
        if not has_cards(doc):
            continue
        for sheet in cards(doc, profile("screen")).sections:
            assert find_overflows(layout(sheet.html)) == [], sheet.key


def test_writer_markup_and_template_syntax_are_printed_literally(documents):
    doc = status_doc("Hide the <script>alert(1)</script> under {{ 7*7 }}.", documents)
    doc["statuses"][0]["flavour"] = "{% if x %}It is *this* one{% endif %} & that"
    html = section(doc, "pnp", "status").html
    assert "<script>" not in html and "&lt;script&gt;" in html and "<em>this</em>" in html
    text = " ".join(pages_text(render(html))[0].split())
    assert "<script>alert(1)</script>" in text and "{{ 7*7 }}" in text and "49" not in text
    assert "{% if x %}It is this one{% endif %} & that" in text


# --- one wording for books and cards -----------------------------------------------------

A_TEST = {   # "test Athletics -1 [2] or Spycraft (pass with Stealth, +1 with Disguise)"
    "kind": "test",
    "options": [{"pick": "named", "skill": "Athletics", "modifier": -1, "successes": 2},
                {"pick": "named", "skill": "Spycraft", "modifier": 0, "successes": 1}],
    "auto_pass_with": ["Stealth"], "dice_with": [{"holdable": "Disguise", "dice": 1}],
    "pass": [{"kind": "prose", "text": "Over the wall."},
             {"kind": "gain_status", "amount": 1, "target": "Bush Tucker"}],
    "fail": [{"kind": "take_injury", "amount": 2, "target": None},
             {"kind": "lose_top_secret", "amount": 1, "target": None}],
}


def _first_test(node, replacement: dict) -> bool:
    """Replace the first test step found anywhere in ``node`` by ``replacement``."""
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(
        node, list) else ()
    for key, value in items:
        if isinstance(value, dict) and value.get("kind") == "test":
            node[key] = copy.deepcopy(replacement)
            return True
        if _first_test(value, replacement):
            return True
    return False


def _test_block(html: str) -> str:
    """The TEST line and its PASS and FAIL outcomes, without the layout's line breaks."""
    flat = re.sub(r"\s*\n\s*", "", html)
    found = [block for block in re.findall(
        r'<p class="test">(?:(?!<p class="test">).)*?<div class="outcome fail">.*?</div>', flat)
        if "Over the wall." in block]
    assert len(found) == 1, flat
    return found[0]


def test_a_step_is_worded_and_marked_up_the_same_on_a_card_and_in_a_book(documents):
    from smersh_dsl.print.books.encounter_book import encounter_book
    book_doc = json.loads((GOLDEN / "print" / "book.json").read_text(encoding="utf-8"))
    assert _first_test(book_doc["entries"], A_TEST)
    book = "".join(s.html for s in encounter_book(book_doc, profile("pnp")).sections)
    card_doc = copy.deepcopy(documents["swagmans_hope"])
    card_doc["stranded_cards"] = [dict(card_doc["stranded_cards"][0], steps=[A_TEST])]
    card = section(card_doc, "pnp", "stranded").html
    on_card, in_book = _test_block(card), _test_block(book)
    assert on_card == in_book
    assert ('<span class="skill">Athletics</span> \u22121 '
            '<span class="need">[2]</span> or <span class="skill">Spycraft</span> '
            '(Pass with Stealth; +1 die with Disguise)') in on_card
    assert '<span class="fx">Take 2 Injuries. Discard 1 Top Secret card.</span>' in on_card
    assert "Gain the Bush Tucker Status card." in on_card
    assert "Discard 1 Top Secret card." in on_card


def test_mission_rewards_use_the_books_wording(documents):
    html = section(documents["smersh"], "screen", "mission").html
    assert "<li>Draw a Gadget card; Gain 1 Resolve</li>" in html
    assert "Heal 2 Injuries; Gain 1 Resolve" in html and "Raise Spycraft by 1" in html


def test_a_test_a_d6_picks_lists_the_d6_faces_on_the_butchers_card(documents):
    html = section(documents["swagmans_hope"], "pod", "henchman").html
    assert ("<span class=\"skill\">a Basic Skill picked by a d6</span> "
            "\u22122") in html
    assert ("d6: 1 Spycraft, 2 Persuasion, 3 Deception, 4 Athletics, 5 Hand to Hand, "
            "6 your choice") in html


# --- goldens ------------------------------------------------------------------------------

def test_card_sheet_html_matches_the_goldens(documents):
    found = print_card_goldens(documents)
    assert sorted(found) == sorted(name for name, *_ in CARD_GOLDENS)
    for name, html in found.items():
        expected = (GOLDEN / "print" / "cards" / name).read_text(encoding="utf-8")
        assert html == expected, f"{name} differs; run python tests/regen_golden.py"

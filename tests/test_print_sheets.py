"""Card sheets as someone printing at home gets them: decks mixed on a sheet with each
card's own back behind it, card sizes with the grid the paper holds, and margin text in
one line that no crop mark touches."""

from __future__ import annotations

import re
import subprocess
import tempfile
from pathlib import Path

import pytest
from conftest import REPO, smersh
from PIL import Image
from test_print_card_images import _page, px

from smersh_dsl.pipeline.run import check_paths
from smersh_dsl.export.document import document
from smersh_dsl.print.cards.document import cards, decks
from smersh_dsl.print.cards.sheet import crop_marks, grid
from smersh_dsl.print.jobs import render_section
from smersh_dsl.print.pictures import pictures_of, showing
from smersh_dsl.print.profiles import card_size, profile

EPIC = REPO / "books" / "epic"
MM = 72 / 25.4
# the deck colours of templates/cards/sheet.html
COLOURS = {"encounter-europe": (0x2f, 0x4f, 0x86), "encounter-north-america": (0x2d, 0x6a, 0x4f),
           "encounter-ocean": (0x1b, 0x6a, 0x87)}


@pytest.fixture(scope="module")
def epic():
    projects, _ = check_paths([EPIC])
    return projects[0], document(projects[0])


def printed(epic, chosen, key: str | None = None) -> bytes:
    """The Epic book's card section ``key`` (the first) printed for ``chosen``, icons shown."""
    project, doc = epic
    pictures = pictures_of(project)
    with showing(pictures):
        sections = cards(doc, chosen).sections
    section = sections[0] if key is None else next(s for s in sections if s.key == key)
    return render_section(section.html, chosen, False, pictures.refs).pdf


def words(pdf: bytes, page: int) -> list[tuple[float, float, float, float, str]]:
    """Each word of a page with its box in millimetres (Poppler's pdftotext -bbox)."""
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "s.pdf").write_bytes(pdf)
        out = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page),
                              str(Path(folder) / "s.pdf"), "-"], capture_output=True, text=True,
                             check=True).stdout
    found = re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">'
                       r"([^<]*)</word>", out)
    return [(float(a) / MM, float(b) / MM, float(c) / MM, float(d) / MM, w)
            for a, b, c, d, w in found]


def test_a_mixed_sheet_holds_nine_cards_of_three_decks_with_their_backs_behind(epic):
    """Sheet 2 of the mixed Epic cards: Europe's last card, North America's three, two of
    Ocean's; printed double-sided (long edge), each back lands behind its own front."""
    chosen = profile("pnp", mix_decks=True)
    pdf = printed(epic, chosen)
    project, doc = epic
    in_order = [card for deck in decks(doc) for card in deck.cards]
    front = in_order[9:18]
    assert {c.deck for c in front} == set(COLOURS) and len(front) == 9
    text = " ".join(w[4] for w in words(pdf, 3))
    assert "Europe, Encounter cards: North America, Encounter cards: Ocean · sheet 2 of" in text
    for card in front:
        assert card.label.split()[-1] in text      # "encounter card Ocean 06": its number
    backs = _page(pdf, 100, 4)
    x0, y0 = (210 - 3 * 63) / 2, (297 - 3 * 88) / 2
    for place, card in enumerate(front):
        row, column = divmod(place, 3)
        behind = 2 - column                         # the long-edge flip mirrors the columns
        pixel = backs.getpixel((px(x0 + behind * 63 + 8, 100), px(y0 + row * 88 + 15, 100)))
        nearest = min(COLOURS, key=lambda deck: sum((a - b) ** 2
                                                    for a, b in zip(COLOURS[deck], pixel)))
        assert nearest == card.deck, (place, card.label, pixel)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_margin_text_is_one_line_and_no_crop_mark_touches_it(epic, paper):
    chosen = profile("pnp", paper, mix_decks=True)       # the longest headers there are
    pdf = printed(epic, chosen)
    marks = crop_marks(chosen)
    for page in (1, 2, 3):
        found = words(pdf, page)
        top = (chosen.paper.height_mm - 3 * 88) / 2          # where the cards begin
        header = [w for w in found if w[3] <= top]
        note = [w for w in found if w[1] >= chosen.paper.height_mm - top]
        margin = header + note
        assert len({round(w[1], 1) for w in header}) == 1, header     # one line each
        assert len({round(w[1], 1) for w in note}) == 1, note
        assert " ".join(w[4] for w in note).endswith("63 × 88 mm.")
        assert " ".join(w[4] for w in header).endswith("fronts" if page % 2 else "backs")
        for x0, y0, x1, y1, word in margin:
            for mark in marks:
                apart = (x1 < mark.x or mark.x + mark.width < x0
                         or y1 < mark.y or mark.y + mark.height < y0)
                assert apart, (paper, page, word, mark)


def test_card_sizes_take_the_grid_the_paper_holds():
    assert (grid(profile("pnp")).columns, grid(profile("pnp")).rows) == (3, 3)
    assert (grid(profile("pnp", "letter")).columns, grid(profile("pnp", "letter")).rows) == (3, 3)
    tarot = grid(profile("pnp", card=card_size("tarot")))
    assert (tarot.columns, tarot.rows) == (2, 2)
    mini = grid(profile("pnp", card=card_size("mini")))
    assert (mini.columns, mini.rows) == (4, 4)
    assert card_size("60x90").width_mm == 60 and card_size("bridge").width_mm == 57
    assert "cards are 70 × 120 mm" in profile("pnp", card=card_size("tarot")).note


def test_a_tarot_sheet_prints_four_cards_of_70_by_120_mm(epic):
    chosen = profile("pnp", card=card_size("tarot"))
    pdf = printed(epic, chosen, "status")
    sheet = _page(pdf, 50, 1)
    x0, y0 = (210 - 2 * 70) / 2, (297 - 2 * 120) / 2
    # the deck colour at each of the four cards' outer corners, white outside them
    for column in range(2):
        for row in range(2):
            inside = sheet.getpixel((px(x0 + column * 70 + 1, 50), px(y0 + row * 120 + 1, 50)))
            assert max(inside) < 200, (column, row, inside)
    assert sheet.getpixel((px(x0 - 3, 50), px(y0 + 60, 50))) == (255, 255, 255)
    assert sheet.getpixel((px(x0 + 140 + 3, 50), px(y0 + 60, 50))) == (255, 255, 255)


def test_a_card_size_that_is_not_one_is_a_usage_error(tmp_path):
    run = smersh("build", str(EPIC), "--format", "pdf", "--card-size", "huge",
                 "--out", str(tmp_path))
    assert run.returncode == 2
    assert "unknown card size 'huge'; choose one of: poker, bridge, tarot, mini" in run.stderr
    assert "Traceback" not in run.stderr and not (tmp_path / "smersh").exists()

"""Imposition: cards placed on pages the way each profile wants them.

- ``pnp``: three by three cards butted together on A4 or Letter, crop marks drawn as short
  lines in the sheet margin in line with every card edge (WeasyPrint's ``marks`` would only
  mark the page box), the "print at actual size" note below the cards; each sheet of fronts
  is followed by its backs with the column order reversed, so a long-edge duplex print puts
  the back of the card in column 1 behind column 3's position on the reverse.
- ``pod``: one card a page, ``@page`` 63 x 88 mm with 3 mm bleed (a TrimBox for the print
  shop), the card's colours running into the bleed; the back page comes before the front.
- ``screen``: three by three with a small gap, no marks, no backs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from markupsafe import Markup

from smersh_dsl.images.placement import CARD_ART_HEIGHT_MM
from smersh_dsl.print.cards.model import Card, Deck
from smersh_dsl.print.env import art_url, render_template
from smersh_dsl.print.profiles import (CARD_HEIGHT_MM, CARD_WIDTH_MM, PAPERS, Backs, CardLayout,
                                       Profile)

COLUMNS, ROWS = 3, 3
PER_SHEET = COLUMNS * ROWS
FRAME_MM = 2.5          # the deck colour round the face
SAFE_MM = 1.5           # white space inside the frame
MARK_GAP_MM = 1.0       # crop marks start this far from the card edge
MARK_LENGTH_MM = 4.0
SCREEN_GAP_MM = 3.0


@dataclass(frozen=True)
class Cell:
    x: float            # mm from the page's left (the trim box's, with bleed)
    y: float
    width: float
    height: float
    border: float       # frame width, bleed included
    deck: str
    html: Markup
    label: str | None   # the fit label; backs are not checked
    span: str | None
    fit: bool = True    # check the whole card (not when its halves are checked)
    art: dict | None = None   # a picture laid over it: url, fit, height (mm), credit


def _art(art: dict | None, height: float, back: bool) -> dict | None:
    """A cell's picture: a face's across its top ``height`` mm, a back's over all of it;
    out to the cell's edge, which in pod is the bleed's. None without a picture to show."""
    url = art_url(art)
    if url is None or art is None:
        return None
    return {"url": url, "fit": art["fit"], "height": height,
            "credit": art.get("credit") if back else None}


@dataclass(frozen=True)
class Line:
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Page:
    cells: tuple[Cell, ...]
    marks: tuple[Line, ...]
    header: str
    note: str | None
    header_box: Line | None
    note_box: Line | None


def _origin(profile: Profile, gap: float) -> tuple[float, float]:
    width = COLUMNS * CARD_WIDTH_MM + (COLUMNS - 1) * gap
    height = ROWS * CARD_HEIGHT_MM + (ROWS - 1) * gap
    return (profile.paper.width_mm - width) / 2, (profile.paper.height_mm - height) / 2


def crop_marks(profile: Profile) -> tuple[Line, ...]:
    """Short hairlines in the margin, in line with every card edge of the 3 x 3 grid."""
    x0, y0 = _origin(profile, 0.0)
    x1, y1 = x0 + COLUMNS * CARD_WIDTH_MM, y0 + ROWS * CARD_HEIGHT_MM
    length = min(MARK_LENGTH_MM, y0 - MARK_GAP_MM - 1.0, x0 - MARK_GAP_MM - 1.0)
    hair = 0.2
    marks = []
    for k in range(COLUMNS + 1):
        x = x0 + k * CARD_WIDTH_MM - hair / 2
        marks.append(Line(x, y0 - MARK_GAP_MM - length, hair, length))
        marks.append(Line(x, y1 + MARK_GAP_MM, hair, length))
    for k in range(ROWS + 1):
        y = y0 + k * CARD_HEIGHT_MM - hair / 2
        marks.append(Line(x0 - MARK_GAP_MM - length, y, length, hair))
        marks.append(Line(x1 + MARK_GAP_MM, y, length, hair))
    return tuple(marks)


def _grid_cell(profile: Profile, index: int, gap: float, deck: str, html: Markup,
               label: str | None, span: str | None, mirrored: bool = False,
               fit: bool = True, art: dict | None = None) -> Cell:
    x0, y0 = _origin(profile, gap)
    row, column = divmod(index, COLUMNS)
    if mirrored:
        column = COLUMNS - 1 - column
    return Cell(x0 + column * (CARD_WIDTH_MM + gap), y0 + row * (CARD_HEIGHT_MM + gap),
                CARD_WIDTH_MM, CARD_HEIGHT_MM, FRAME_MM, deck, html, label, span, fit, art)


def _margin_boxes(profile: Profile, gap: float) -> tuple[Line, Line]:
    """The header's and the note's boxes: the middle column's width in the top and bottom
    margins, clear of the crop marks."""
    x0, y0 = _origin(profile, gap)
    left = x0 + CARD_WIDTH_MM + gap + 1.0
    width = CARD_WIDTH_MM - 2.0
    height = max(y0 - 2.0, 2.0)
    return (Line(left, 1.0, width, height),
            Line(left, profile.paper.height_mm - y0 + 1.0, width, height))


def sheet_pages(deck: Deck, profile: Profile, game: str) -> list[Page]:
    """The pages of one deck on sheets: fronts, then (pnp) the mirrored backs."""
    gap = 0.0 if profile.crop_marks else SCREEN_GAP_MM
    marks = crop_marks(profile) if profile.crop_marks else ()
    header_box, note_box = _margin_boxes(profile, gap)
    sheets = math.ceil(len(deck.cards) / PER_SHEET)
    pages = []
    for number in range(sheets):
        chunk = deck.cards[number * PER_SHEET:(number + 1) * PER_SHEET]
        header = f"{game} \u00b7 {deck.title} \u00b7 sheet {number + 1} of {sheets}"
        fronts = tuple(_grid_cell(profile, i, gap, card.deck, card.face, card.label, card.span,
                                  fit=card.fits_whole,
                                  art=_art(card.art, CARD_ART_HEIGHT_MM, False))
                       for i, card in enumerate(chunk))
        pages.append(Page(fronts, marks, header + (" \u00b7 fronts" if profile.backs !=
                                                   Backs.NONE else ""),
                          profile.note, header_box, note_box))
        if profile.backs == Backs.MIRRORED_NEXT_PAGE:
            backs = tuple(_grid_cell(profile, i, gap, card.back.deck, card.back.html, None, None,
                                     mirrored=True,
                                     art=_art(card.back.art, CARD_HEIGHT_MM, True))
                          for i, card in enumerate(chunk))
            pages.append(Page(backs, marks, header + " \u00b7 backs", profile.note,
                              header_box, note_box))
    return pages


def _single_cell(card: Card, bleed: float, back: bool) -> Cell:
    """One side of ``card`` filling a page the size of the card plus ``bleed``."""
    art = (_art(card.back.art, CARD_HEIGHT_MM + 2 * bleed, True) if back
           else _art(card.art, CARD_ART_HEIGHT_MM + bleed, False))
    return Cell(-bleed, -bleed, CARD_WIDTH_MM + 2 * bleed, CARD_HEIGHT_MM + 2 * bleed,
                FRAME_MM + bleed, card.back.deck if back else card.deck,
                card.back.html if back else card.face,
                None if back else card.label, None if back else card.span,
                card.fits_whole, art)


def single_pages(deck: Deck, profile: Profile) -> list[Page]:
    """One card a page with bleed, the back before the front."""
    pages = []
    for card in deck.cards:
        if profile.backs == Backs.BEFORE_FRONT:
            pages.append(Page((_single_cell(card, profile.bleed_mm, True),), (), "", None,
                              None, None))
        pages.append(Page((_single_cell(card, profile.bleed_mm, False),), (), "", None,
                          None, None))
    return pages


def deck_html(deck: Deck, profile: Profile, game: str) -> str:
    """A complete HTML document of one deck's pages for ``profile``."""
    single = profile.card_layout == CardLayout.SINGLE
    pages = single_pages(deck, profile) if single else sheet_pages(deck, profile, game)
    return _html(f"{game}: {deck.title}", pages, profile, single)


def card_side_html(card: Card, back: bool, bleed_mm: float, title: str) -> str:
    """A complete HTML document of one side of one card on a page of its own, the card's
    size plus ``bleed_mm``: drawn by the same template and cells as the sheets."""
    page = Page((_single_cell(card, bleed_mm, back),), (), "", None, None, None)
    single = Profile("card", PAPERS["a4"], bleed_mm, False, CardLayout.SINGLE, Backs.NONE, None)
    return _html(title, [page], single, True)


def _html(title: str, pages: list[Page], profile: Profile, single: bool) -> str:
    if single:
        page_size = {"width": CARD_WIDTH_MM, "height": CARD_HEIGHT_MM, "bleed": profile.bleed_mm}
    else:
        page_size = {"width": profile.paper.width_mm, "height": profile.paper.height_mm,
                     "bleed": 0.0}
    inner_w = CARD_WIDTH_MM - 2 * (FRAME_MM + SAFE_MM)
    inner_h = CARD_HEIGHT_MM - 2 * (FRAME_MM + SAFE_MM)
    diagonal = {"length": math.hypot(inner_w, inner_h),
                "angle": math.degrees(math.atan2(inner_h, inner_w))}
    art = {"edge": FRAME_MM + (profile.bleed_mm if single else 0.0),
           "space": CARD_ART_HEIGHT_MM - FRAME_MM - SAFE_MM + 1.2}
    return render_template("cards/sheet.html", title=title,
                           pages=pages, page=page_size, frame=FRAME_MM, safe=SAFE_MM, art=art,
                           card_width=CARD_WIDTH_MM, card_height=CARD_HEIGHT_MM,
                           diagonal=diagonal)

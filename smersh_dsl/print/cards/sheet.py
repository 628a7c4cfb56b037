"""Imposition: cards placed on pages the way each profile wants them.

- ``pnp``: as many cards as the paper holds (``grid``: three by three poker cards on A4 or
  Letter) butted together, crop marks drawn as short lines in the sheet margin in line with
  every card edge (WeasyPrint's ``marks`` would only mark the page box), the header above
  the top marks and the "print at actual size" note below the bottom ones, each one line;
  each sheet of fronts is followed by its backs with the column order reversed, so a
  long-edge duplex print puts the back of the card in column 1 behind column 3's position
  on the reverse. Decks start a sheet each, or (``mix_decks``) fill sheets one after the
  other, each card with its own back.
- ``pod``: one card a page, ``@page`` the card's size (63 x 88 mm) with 3 mm bleed (a
  TrimBox for the print shop), the card's colours running into the bleed; the back page
  comes before the front.
- ``screen``: the same grid with a small gap, no marks, no backs.
"""

from __future__ import annotations

import math

from markupsafe import Markup

from smersh_dsl.images.placement import CARD_ART_HEIGHT_MM
from smersh_dsl.print.cards.model import Card, Deck
from smersh_dsl.print.env import art_url, render_template
from smersh_dsl.print.profiles import PAPERS, Backs, CardLayout, CardSize, Profile
from smersh_dsl.records import dataclass

FRAME_MM = 2.5          # the deck colour round the face
SAFE_MM = 1.5           # white space inside the frame
MARK_GAP_MM = 1.0       # crop marks start this far from the card edge
MARK_LENGTH_MM = 4.0
SCREEN_GAP_MM = 3.0
# The margin text: one line of 6 pt (2.4 mm) in a band this high, past the ends of the
# crop marks, as wide as the cards: no crop mark reaches into it, it never wraps.
TEXT_BAND_MM = 2.6
TEXT_CLEARANCE_MM = 0.4     # between the band and the marks' outer ends
EDGE_MM = 1.0               # the least paper outside the band
MIN_MARGIN_MM = EDGE_MM + TEXT_BAND_MM + TEXT_CLEARANCE_MM + 2.0 + MARK_GAP_MM


@dataclass(frozen=True)
class Grid:
    columns: int
    rows: int

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows


def grid(profile: Profile) -> Grid:
    """As many cards a row and rows a sheet as the paper holds with a margin of at least
    ``MIN_MARGIN_MM`` round them (room for the marks and the margin text): 3 x 3 poker
    cards on A4 and Letter, 2 x 2 tarot, 4 x 4 mini."""
    gap = 0.0 if profile.crop_marks else SCREEN_GAP_MM
    card = profile.card

    def fits(paper: float, size: float) -> int:
        return max(1, math.floor((paper - 2 * MIN_MARGIN_MM + gap) / (size + gap)))
    return Grid(fits(profile.paper.width_mm, card.width_mm),
                fits(profile.paper.height_mm, card.height_mm))


COLUMNS, ROWS = 3, 3        # poker cards on A4 or Letter (``grid`` gives each profile's)
PER_SHEET = COLUMNS * ROWS


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
    shape, card = grid(profile), profile.card
    width = shape.columns * card.width_mm + (shape.columns - 1) * gap
    height = shape.rows * card.height_mm + (shape.rows - 1) * gap
    return (profile.paper.width_mm - width) / 2, (profile.paper.height_mm - height) / 2


def _mark_length(profile: Profile) -> float:
    """The crop marks' length: at most ``MARK_LENGTH_MM``, short enough to leave the margin
    text its band outside them (Letter's top margin is 7.7 mm for poker cards)."""
    x0, y0 = _origin(profile, 0.0)
    room = y0 - MARK_GAP_MM - TEXT_CLEARANCE_MM - TEXT_BAND_MM - EDGE_MM
    return max(1.0, min(MARK_LENGTH_MM, room, x0 - MARK_GAP_MM - EDGE_MM))


def crop_marks(profile: Profile) -> tuple[Line, ...]:
    """Short hairlines in the margin, in line with every card edge of the grid."""
    shape, card = grid(profile), profile.card
    x0, y0 = _origin(profile, 0.0)
    x1, y1 = x0 + shape.columns * card.width_mm, y0 + shape.rows * card.height_mm
    length = _mark_length(profile)
    hair = 0.2
    marks = []
    for k in range(shape.columns + 1):
        x = x0 + k * card.width_mm - hair / 2
        marks.append(Line(x, y0 - MARK_GAP_MM - length, hair, length))
        marks.append(Line(x, y1 + MARK_GAP_MM, hair, length))
    for k in range(shape.rows + 1):
        y = y0 + k * card.height_mm - hair / 2
        marks.append(Line(x0 - MARK_GAP_MM - length, y, length, hair))
        marks.append(Line(x1 + MARK_GAP_MM, y, length, hair))
    return tuple(marks)


def _grid_cell(profile: Profile, index: int, gap: float, deck: str, html: Markup,
               label: str | None, span: str | None, mirrored: bool = False,
               fit: bool = True, art: dict | None = None) -> Cell:
    x0, y0 = _origin(profile, gap)
    columns, card = grid(profile).columns, profile.card
    row, column = divmod(index, columns)
    if mirrored:
        column = columns - 1 - column
    return Cell(x0 + column * (card.width_mm + gap), y0 + row * (card.height_mm + gap),
                card.width_mm, card.height_mm, FRAME_MM, deck, html, label, span, fit, art)


def _margin_boxes(profile: Profile, gap: float) -> tuple[Line, Line]:
    """The header's and the note's bands: one line as wide as the cards, just outside the
    crop marks' outer ends (above the top ones, below the bottom ones), so no mark ever
    crosses the text."""
    x0, y0 = _origin(profile, gap)
    width = profile.paper.width_mm - 2 * x0
    reach = (MARK_GAP_MM + _mark_length(profile) if profile.crop_marks else 0.0) + TEXT_CLEARANCE_MM
    top = max(EDGE_MM, y0 - reach - TEXT_BAND_MM)
    bottom = min(profile.paper.height_mm - EDGE_MM - TEXT_BAND_MM,
                 profile.paper.height_mm - y0 + reach)
    return Line(x0, top, width, TEXT_BAND_MM), Line(x0, bottom, width, TEXT_BAND_MM)


def sheet_pages(decks: list[Deck], profile: Profile, game: str) -> list[Page]:
    """The pages of ``decks``' cards on sheets, one deck after the other (a sheet may hold
    several when ``decks`` are mixed): fronts, then (pnp) the mirrored backs, each card's
    own back behind it."""
    gap = 0.0 if profile.crop_marks else SCREEN_GAP_MM
    marks = crop_marks(profile) if profile.crop_marks else ()
    header_box, note_box = _margin_boxes(profile, gap)
    per_sheet = grid(profile).per_sheet
    cards = [(deck.title, card) for deck in decks for card in deck.cards]
    sheets = math.ceil(len(cards) / per_sheet)
    pages = []
    for number in range(sheets):
        chunk = cards[number * per_sheet:(number + 1) * per_sheet]
        titles = ", ".join(dict.fromkeys(title for title, _ in chunk))
        header = f"{game} \u00b7 {titles} \u00b7 sheet {number + 1} of {sheets}"
        fronts = tuple(_grid_cell(profile, i, gap, card.deck, card.face, card.label, card.span,
                                  fit=card.fits_whole,
                                  art=_art(card.art, CARD_ART_HEIGHT_MM, False))
                       for i, (_, card) in enumerate(chunk))
        pages.append(Page(fronts, marks, header + (" \u00b7 fronts" if profile.backs !=
                                                   Backs.NONE else ""),
                          profile.note, header_box, note_box))
        if profile.backs == Backs.MIRRORED_NEXT_PAGE:
            backs = tuple(_grid_cell(profile, i, gap, card.back.deck, card.back.html, None, None,
                                     mirrored=True,
                                     art=_art(card.back.art, profile.card.height_mm, True))
                          for i, (_, card) in enumerate(chunk))
            pages.append(Page(backs, marks, header + " \u00b7 backs", profile.note,
                              header_box, note_box))
    return pages


def _single_cell(card: Card, size: CardSize, bleed: float, back: bool) -> Cell:
    """One side of ``card`` filling a page of ``size`` plus ``bleed``."""
    art = (_art(card.back.art, size.height_mm + 2 * bleed, True) if back
           else _art(card.art, CARD_ART_HEIGHT_MM + bleed, False))
    return Cell(-bleed, -bleed, size.width_mm + 2 * bleed, size.height_mm + 2 * bleed,
                FRAME_MM + bleed, card.back.deck if back else card.deck,
                card.back.html if back else card.face,
                None if back else card.label, None if back else card.span,
                card.fits_whole, art)


def single_pages(deck: Deck, profile: Profile) -> list[Page]:
    """One card a page with bleed, the back before the front."""
    pages = []
    for card in deck.cards:
        sides = (True, False) if profile.backs == Backs.BEFORE_FRONT else (False,)
        pages.extend(Page((_single_cell(card, profile.card, profile.bleed_mm, back),), (), "",
                          None, None, None) for back in sides)
    return pages


def deck_html(deck: Deck, profile: Profile, game: str) -> str:
    """A complete HTML document of one deck's pages for ``profile``."""
    return decks_html([deck], profile, game, deck.title)


def decks_html(decks: list[Deck], profile: Profile, game: str, title: str) -> str:
    """A complete HTML document of the pages of ``decks`` (mixed on sheets) for ``profile``."""
    single = profile.card_layout == CardLayout.SINGLE
    pages = ([page for deck in decks for page in single_pages(deck, profile)] if single
             else sheet_pages(decks, profile, game))
    return _html(f"{game}: {title}", pages, profile, single)


def card_side_html(card: Card, back: bool, size: CardSize, bleed_mm: float, title: str) -> str:
    """A complete HTML document of one side of one card on a page of its own, ``size``
    plus ``bleed_mm``: drawn by the same template and cells as the sheets."""
    page = Page((_single_cell(card, size, bleed_mm, back),), (), "", None, None, None)
    single = Profile("card", PAPERS["a4"], bleed_mm, False, CardLayout.SINGLE, Backs.NONE, None,
                     card=size)
    return _html(title, [page], single, True)


def _html(title: str, pages: list[Page], profile: Profile, single: bool) -> str:
    card = profile.card
    if single:
        page_size = {"width": card.width_mm, "height": card.height_mm, "bleed": profile.bleed_mm}
    else:
        page_size = {"width": profile.paper.width_mm, "height": profile.paper.height_mm,
                     "bleed": 0.0}
    inner_w = card.width_mm - 2 * (FRAME_MM + SAFE_MM)
    inner_h = card.height_mm - 2 * (FRAME_MM + SAFE_MM)
    diagonal = {"length": math.hypot(inner_w, inner_h),
                "angle": math.degrees(math.atan2(inner_h, inner_w))}
    art = {"edge": FRAME_MM + (profile.bleed_mm if single else 0.0),
           "space": CARD_ART_HEIGHT_MM - FRAME_MM - SAFE_MM + 1.2}
    return render_template("cards/sheet.html", title=title,
                           pages=pages, page=page_size, frame=FRAME_MM, safe=SAFE_MM, art=art,
                           card_width=card.width_mm, card_height=card.height_mm,
                           diagonal=diagonal, text_band=TEXT_BAND_MM)

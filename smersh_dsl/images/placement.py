"""Where art is placed and how big it prints: one table shared by the checker (the dpi of
F005) and the print templates, so what is checked is what is printed.

Sizes are in millimetres and include the bleed where the art reaches the page edge in
`pod` (3 mm each side that bleeds); the cover is measured on the larger of A4 and Letter
in each direction, so a picture good enough for one paper is good enough for both.
"""

from __future__ import annotations

from enum import Enum

from smersh_dsl.model.art import Fit
from smersh_dsl.records import dataclass

MIN_DPI = 300          # what a print shop asks of a picture at its printed size
MM_PER_INCH = 25.4
BLEED_MM = 3.0


class Place(str, Enum):
    CARD_FRONT = "card front"
    CARD_BACK = "card back"
    SMUSH_CARD = "S.M.U.S.H. card"     # behind both halves' text, the whole card
    SECTION = "section opening"
    SHOWDOWN = "showdown introduction"
    COVER = "cover"
    ICON = "icon"


@dataclass(frozen=True)
class Box:
    width_mm: float
    height_mm: float


CARD_ART_HEIGHT_MM = 30.0       # the picture across the top of a card's face
SECTION_ART_HEIGHT_MM = 45.0    # the picture under a region's or a showdown's title
BOOK_TEXT_WIDTH_MM = 188.0      # the widest text block of the books: Letter less its margins
ICON_MM = 4.0                   # an icon in a line of text: its height, about a capital's and a half

BOXES: dict[Place, Box] = {
    Place.CARD_FRONT: Box(63.0 + 2 * BLEED_MM, CARD_ART_HEIGHT_MM + BLEED_MM),
    Place.CARD_BACK: Box(63.0 + 2 * BLEED_MM, 88.0 + 2 * BLEED_MM),
    Place.SMUSH_CARD: Box(63.0, 88.0),
    Place.SECTION: Box(BOOK_TEXT_WIDTH_MM, SECTION_ART_HEIGHT_MM),
    Place.SHOWDOWN: Box(BOOK_TEXT_WIDTH_MM, SECTION_ART_HEIGHT_MM),
    Place.COVER: Box(215.9 + 2 * BLEED_MM, 297.0 + 2 * BLEED_MM),
    Place.ICON: Box(ICON_MM, ICON_MM),
}


def printed_dpi(pixels: tuple[int, int], box: Box, fit: Fit) -> float:
    """Pixels per inch of a picture placed in ``box``: `cover` scales it until it fills
    the box (the tighter axis sets the scale), `contain` until it fits inside."""
    across = pixels[0] / box.width_mm
    down = pixels[1] / box.height_mm
    per_mm = min(across, down) if fit == Fit.COVER else max(across, down)
    return per_mm * MM_PER_INCH

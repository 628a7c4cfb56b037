"""Print profiles: the paper, bleed, marks and card layout each kind of output wants.

- ``pnp`` (print and play, the default): A4 or Letter, cards 63 x 88 mm three by three
  per sheet with crop marks, backs on the next page mirrored for duplex printing.
- ``pod`` (print on demand): one card per page with 3 mm bleed, no marks, the back
  before the front; PDF/X-3 with a CMYK output intent (``intent.py``).
- ``screen``: links and bookmarks, no marks, no bleed.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from smersh_dsl.print import intent


class CardLayout(str, Enum):
    SHEET = "sheet"      # 3 x 3 cards on a sheet of paper
    SINGLE = "single"    # one card a page, the page the size of the card plus bleed


class Backs(str, Enum):
    MIRRORED_NEXT_PAGE = "mirrored-next-page"   # duplex: each sheet of fronts, then its backs
    BEFORE_FRONT = "before-front"               # print shops want the back page first
    NONE = "none"


@dataclass(frozen=True)
class Paper:
    name: str
    width_mm: float
    height_mm: float


PAPERS = {
    "a4": Paper("A4", 210.0, 297.0),
    "letter": Paper("Letter", 215.9, 279.4),
}

CARD_WIDTH_MM = 63.0     # poker size, as the games' cards
CARD_HEIGHT_MM = 88.0


@dataclass(frozen=True)
class Profile:
    name: str
    paper: Paper
    bleed_mm: float
    crop_marks: bool
    card_layout: CardLayout
    backs: Backs
    pdf_variant: str | None
    links: bool = True
    note: str | None = None   # a line printed on card sheets, e.g. "print at actual size"
    # The output profile a PDF/X file declares (``intent.OutputProfile.identity``, or
    # "missing": rendering then fails with P103); part of the section cache's key.
    output_intent: str | None = None

    @property
    def forms(self) -> bool:
        """Whether a fillable document (the campaign log) keeps its form fields: they are
        annotations on the page, which PDF/X forbids, so a print shop's file has the same
        boxes drawn empty, to fill in by hand."""
        return not (self.pdf_variant or "").startswith("pdf/x")

    @property
    def book_page_css(self) -> str:
        """The @page size of a book: the paper, plus bleed where the profile wants it."""
        bleed = f" bleed: {self.bleed_mm}mm;" if self.bleed_mm else ""
        marks = " marks: crop;" if self.crop_marks and self.bleed_mm else ""
        return f"size: {self.paper.width_mm}mm {self.paper.height_mm}mm;{bleed}{marks}"


PROFILE_NAMES = ("pnp", "pod", "screen")


def profile(name: str = "pnp", paper: str = "a4") -> Profile:
    """The named profile on the named paper (``pod`` ignores the paper for cards)."""
    try:
        sheet = PAPERS[paper.lower()]
    except KeyError:
        raise ValueError(f"unknown paper {paper!r}; choose one of: {', '.join(PAPERS)}") from None
    if name == "pnp":
        return Profile("pnp", sheet, bleed_mm=0.0, crop_marks=True, card_layout=CardLayout.SHEET,
                       backs=Backs.MIRRORED_NEXT_PAGE, pdf_variant=None,
                       note="Print at actual size (100%, no \u201cfit to page\u201d); "
                            "cards are 63 \u00d7 88 mm.")
    if name == "pod":
        return Profile("pod", sheet, bleed_mm=3.0, crop_marks=False,
                       card_layout=CardLayout.SINGLE, backs=Backs.BEFORE_FRONT,
                       pdf_variant="pdf/x-3", links=False, output_intent=intent.identity())
    if name == "screen":
        return Profile("screen", sheet, bleed_mm=0.0, crop_marks=False,
                       card_layout=CardLayout.SHEET, backs=Backs.NONE, pdf_variant=None)
    raise ValueError(f"unknown profile {name!r}; choose one of: {', '.join(PROFILE_NAMES)}")

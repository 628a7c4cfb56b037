"""Print profiles: the paper, bleed, marks and card layout each kind of output wants.

- ``pnp`` (print and play, the default): A4 or Letter, cards 63 x 88 mm three by three
  per sheet with crop marks, backs on the next page mirrored for duplex printing.
- ``pod`` (print on demand): one card per page with 3 mm bleed, no marks, the back
  before the front; PDF/X-3 with a CMYK output intent (``intent.py``).
- ``screen``: links and bookmarks, no marks, no bleed.
"""

from __future__ import annotations

from enum import Enum

from smersh_dsl.print import intent
from smersh_dsl.records import dataclass


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
class CardSize:
    name: str            # "poker", or "60x90" as given
    width_mm: float
    height_mm: float


CARD_SIZES = {
    "poker": CardSize("poker", CARD_WIDTH_MM, CARD_HEIGHT_MM),
    "bridge": CardSize("bridge", 57.0, 89.0),
    "tarot": CardSize("tarot", 70.0, 120.0),
    "mini": CardSize("mini", 44.0, 63.0),       # "mini American": 1.75 x 2.5 inches
}
POKER = CARD_SIZES["poker"]
# A card must leave room round it on both papers for the crop marks and the margin text.
CARD_MIN_MM, CARD_MAX_WIDTH_MM, CARD_MAX_HEIGHT_MM = 25.0, 150.0, 200.0


def card_size(text: str) -> CardSize:
    """A size by name (``CARD_SIZES``) or as ``WxH`` in millimetres (``60x90``)."""
    named = CARD_SIZES.get(text.strip().lower())
    if named is not None:
        return named
    width, sep, height = text.strip().lower().partition("x")
    try:
        size = CardSize(text.strip(), float(width), float(height))
    except ValueError:
        size = None
    if not sep or size is None:
        raise ValueError(f"unknown card size {text!r}; choose one of: {', '.join(CARD_SIZES)}, "
                         "or WxH in millimetres (e.g. 60x90)")
    if not (CARD_MIN_MM <= size.width_mm <= CARD_MAX_WIDTH_MM
            and CARD_MIN_MM <= size.height_mm <= CARD_MAX_HEIGHT_MM):
        raise ValueError(f"card size {text!r}: a card is {CARD_MIN_MM:g} to "
                         f"{CARD_MAX_WIDTH_MM:g} mm wide and {CARD_MIN_MM:g} to "
                         f"{CARD_MAX_HEIGHT_MM:g} mm high")
    return size


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
    card: CardSize = POKER      # the size cards are printed at
    mix_decks: bool = False     # card sheets filled across decks, not a deck a sheet

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


def profile(name: str = "pnp", paper: str = "a4", card: CardSize = POKER,
            mix_decks: bool = False) -> Profile:
    """The named profile on the named paper (``pod`` ignores the paper for cards), its
    cards ``card`` size, its sheets filled across decks with ``mix_decks``."""
    from dataclasses import replace
    chosen = _profile(name, paper)
    if chosen.note:
        chosen = replace(chosen, note=chosen.note.replace(
            "63 \u00d7 88", f"{card.width_mm:g} \u00d7 {card.height_mm:g}"))
    return replace(chosen, card=card, mix_decks=mix_decks)


def _profile(name: str, paper: str) -> Profile:
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

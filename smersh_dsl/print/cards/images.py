"""One picture per card face and back, drawn from the PDF of the card sheets' own cells.

Each side of each card is laid out alone on a page the card's size (plus the bleed of
``pod``) by the sheets' template (``sheet.card_side_html``), rendered to PDF by the print
pipeline (its workers, its checks, its cache) and drawn at the asked dpi by ``raster``.
So a card image is the printed card, pixel for pixel, and a card whose text does not fit
stops the build with the same P101 as the sheets.

Files are named by deck and number (``status-07.png``); a back every card of a deck
shares is drawn once (``status-back.png``), a back of its own is ``henchman-01-back.png``.
A picture already made under the same key (``image_cache``) is neither laid out nor drawn
again: a rebuild after one card changed renders that one card.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import field, replace
from pathlib import Path

from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.print import raster
from smersh_dsl.print.cache import section_key
from smersh_dsl.print.cards.document import decks
from smersh_dsl.print.cards.model import Card, Deck
from smersh_dsl.print.cards.sheet import card_side_html
from smersh_dsl.print.documents import PrintDocument, Section
from smersh_dsl.print.image_cache import ImageCache, image_key
from smersh_dsl.print.pictures import pictures_digest
from smersh_dsl.print.pipeline import Planned, build
from smersh_dsl.print.profiles import POKER, Backs, CardLayout, CardSize, Profile
from smersh_dsl.print.workers import Renderers, default_jobs
from smersh_dsl.records import dataclass

DEFAULT_DPI = 300


@dataclass(frozen=True)
class Side:
    """One picture to make: a face, or a back (shared by a deck or a card's own)."""
    file: str          # "status-07.png", "status-back.png"
    side: str          # "face" or "back"
    deck: str
    label: str         # the card's label, or "back of Status cards"
    html: str


@dataclass(frozen=True)
class CardSides:
    deck: Deck
    number: int        # in its deck, from 1
    card: Card
    face: Side
    back: Side


@dataclass(frozen=True)
class Plan:
    """What one project's card images are: every card with its two sides."""
    project: str
    game: str
    origin: str
    pictures: tuple = ()
    cards: tuple[CardSides, ...] = ()

    @property
    def sides(self) -> list[Side]:
        """Each picture once (a shared back once), faces and backs in deck order."""
        return list({s.file: s for c in self.cards for s in (c.face, c.back)}.values())


def plan(doc: dict, project: str, origin: str, bleed_mm: float,
         pictures: tuple = (), size: CardSize = POKER) -> Plan:
    """Every card of ``doc``'s decks, each side as a page of its own, ``size`` with
    ``bleed_mm``."""
    game = doc.get("title", doc.get("id", ""))
    found = []
    for deck in decks(doc):
        shared = len({card.back.html for card in deck.cards}) == 1
        for number, card in enumerate(deck.cards, 1):
            face = Side(f"{deck.key}-{number:02d}.png", "face", deck.key, card.label,
                        card_side_html(card, False, size, bleed_mm, f"{game}: {card.label}"))
            back_file = f"{deck.key}-back.png" if shared else f"{deck.key}-{number:02d}-back.png"
            back_label = f"back of {deck.title}" if shared else f"back of {card.label}"
            back = Side(back_file, "back", deck.key, back_label,
                        card_side_html(card, True, size, bleed_mm, f"{game}: {back_label}"))
            found.append(CardSides(deck, number, card, face, back))
    return Plan(project, game, origin, pictures, tuple(found))


def image_profile(chosen: Profile) -> Profile:
    """The profile a card's page is rendered with: the same for every profile (the bleed
    is in the page's HTML), a plain PDF (no PDF/X, no form fields) to be drawn."""
    return replace(chosen, name="card-images", crop_marks=False, card_layout=CardLayout.SINGLE,
                   backs=Backs.NONE, pdf_variant=None, output_intent=None, note=None,
                   links=False)


def size_px(size: CardSize, bleed_mm: float, dpi: int) -> tuple[int, int]:
    """A card image's size: the card (plus bleed on every side) at ``dpi``."""
    return (raster.pixels(size.width_mm + 2 * bleed_mm, dpi),
            raster.pixels(size.height_mm + 2 * bleed_mm, dpi))


@dataclass
class Drawn:
    pictures: dict[tuple[str, str], bytes] = field(default_factory=dict)   # (project, file)
    rendered: int = 0          # pages laid out now
    cached: int = 0            # pictures reused from an earlier build
    diagnostics: list[Diagnostic] = field(default_factory=list)


def draw(plans: list[Plan], chosen: Profile, dpi: int, bleed_mm: float, *,
         jobs: int | None = None, renderers: Renderers | None = None,
         cache: ImageCache | None = None,
         progress: Callable[[str], None] = lambda _: None) -> Drawn:
    """Every side of every plan as a PNG; nothing drawn when a page has a finding."""
    cache = cache if cache is not None else ImageCache()
    profile = image_profile(chosen)
    width, height = size_px(chosen.card, bleed_mm, dpi)
    drawn = Drawn()
    missing: dict[str, tuple[Plan, Side]] = {}        # image key: the first side of it
    keys: dict[tuple[str, str], str] = {}
    for p in plans:
        for side in p.sides:
            key = image_key(section_key(side.html, profile, False,
                                        pictures_digest(p.pictures, side.html)),
                            width, height, raster.version())
            keys[p.project, side.file] = key
            hit = cache.get(key) if key not in missing else None
            if hit is not None:
                drawn.pictures[p.project, side.file] = hit
                drawn.cached += 1
            else:
                missing.setdefault(key, (p, side))
    if missing:
        progress(f"{drawn.cached} card images unchanged since an earlier build (cached); "
                 f"rendering {len(missing)}")
        pdfs: dict[Path, bytes] = {}
        planned = [Planned(Path(key), PrintDocument("card-image", side.label,
                                                    (Section(side.file, side.label, side.html),),
                                                    pictures=p.pictures), p.origin, p.project)
                   for key, (p, side) in missing.items()]
        # one merge a card says nothing a reader needs: the progress is the rendering's
        result = build(planned, profile, jobs=jobs, renderers=renderers,
                       progress=lambda line: None if line.startswith("merging ") else progress(line),
                       write=lambda target, data: pdfs.__setitem__(target, data))
        drawn.rendered = result.rendered
        if result.diagnostics:
            drawn.diagnostics = result.diagnostics
            return drawn
        workers = default_jobs(len(missing)) if jobs is None else max(1, jobs)
        with ThreadPoolExecutor(max_workers=workers) as pool:
            made = dict(zip(missing, pool.map(
                lambda key: raster.page_png(pdfs[Path(key)], width, height), missing)))
        for key, png in made.items():
            cache.put(key, png)
        for where, key in keys.items():
            if where not in drawn.pictures:
                drawn.pictures[where] = made[key]
    return drawn


def manifest(p: Plan, profile_name: str, dpi: int, bleed_mm: float,
             size: CardSize = POKER) -> dict:
    """The JSON that lists each picture with its card (schemas/card-images.schema.json)."""
    width, height = size_px(size, bleed_mm, dpi)
    return {
        "$schema": "card-images.schema.json", "kind": "card-images", "format_version": 1,
        "project": p.project, "game": p.game, "profile": profile_name, "dpi": dpi,
        "card": {"width_mm": size.width_mm, "height_mm": size.height_mm, "bleed_mm": bleed_mm,
                 "width_px": width, "height_px": height},
        "cards": [{"deck": c.deck.key, "deck_title": c.deck.title, "number": c.number,
                   "card": c.card.label, "face": c.face.file, "back": c.back.file}
                  for c in p.cards],
    }

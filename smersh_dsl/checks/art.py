"""F: the files that art and icons name, and N019/N020: icons and decks by name.

Found from the model and the file headers, never by rendering: a file outside the project
or a URL (F002, F003) is never opened; a file is sniffed by its first bytes (F004), held
to the picture budget (F006, images/budget.py: bytes, pixels, SVG elements) and a PNG or
JPEG measured by its header (F005) at the size the print gives it (images/placement).
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Iterator
from pathlib import Path

from smersh_dsl.checks.registry import Context, check
from smersh_dsl.checks.suggest import did_you_mean
from smersh_dsl.checks.text_memo import per_text
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.images.budget import Breach, over_budget
from smersh_dsl.images.files import Located, locate
from smersh_dsl.images.formats import pixel_size, sniff_file
from smersh_dsl.images.placement import BOXES, MIN_DPI, Place, printed_dpi
from smersh_dsl.model.art import DECKS, ICON_IN_TEXT, Art, Fit, Icon, deck_key, icon_key
from smersh_dsl.model.campaign import CampaignDef
from smersh_dsl.model.cardgame import CardGameDef, DefenceCard, SmushGadgetCard
from smersh_dsl.model.cards import EncounterCard, MissionCard, TextCard
from smersh_dsl.model.document import Project, SourceFile
from smersh_dsl.model.showdowns import Showdown
from smersh_dsl.model.span import Span
from smersh_dsl.model.world import GameDef, Region
from smersh_dsl.parse.scan import Positions, literals

_FRONTS = (EncounterCard, TextCard, MissionCard)
_SMUSH = (SmushGadgetCard, DefenceCard)
_PLACING = (GameDef, CampaignDef, CardGameDef, *_FRONTS, *_SMUSH, Region, Showdown)  # placed_in's


def placed_art(project: Project) -> Iterator[tuple[Art, Place]]:
    """Every picture the project's own files place, with where it prints."""
    for source in project.files:
        yield from _placed_by_file(source)


_PLACED_FILES = 4096
_placed: OrderedDict[int, tuple[SourceFile, tuple[tuple[Art, Place], ...]]] = OrderedDict()


def _placed_by_file(source: SourceFile) -> tuple[tuple[Art, Place], ...]:
    """One file's pictures, worked out once for each parse of it (the files are walked
    again only where an edit made a new parse: re-checks in the language server)."""
    if not any(issubclass(kind, _PLACING) for kind in source.block_types()):
        return ()           # no block that places a picture: the model need not be read
    known = _placed.get(id(source))
    if known is None or known[0] is not source:
        known = _placed[id(source)] = (source, tuple(placed_in(source.definitions)))
        while len(_placed) > _PLACED_FILES:
            _placed.popitem(last=False)
    return known[1]


def placed_in(definitions) -> Iterator[tuple[Art, Place]]:
    """Every picture these blocks place, with where it prints."""
    for definition in definitions:
        if isinstance(definition, (GameDef, CampaignDef, CardGameDef)) and definition.cover:
            yield definition.cover, Place.COVER
        if isinstance(definition, GameDef):
            yield from ((back.art, Place.CARD_BACK) for back in definition.backs)
        elif isinstance(definition, _FRONTS) and definition.art is not None:
            yield definition.art, Place.CARD_FRONT
        elif isinstance(definition, _SMUSH) and definition.art is not None:
            yield definition.art, Place.SMUSH_CARD
        elif isinstance(definition, Region) and definition.art is not None:
            yield definition.art, Place.SECTION
        elif isinstance(definition, Showdown) and definition.art is not None:
            yield definition.art, Place.SHOWDOWN


def declared_icons(project: Project) -> Iterator[Icon]:
    """The icons of the project's header and of the games it extends, nearest first."""
    for member in project.lineage():
        if isinstance(member.header, GameDef):
            yield from member.header.icons


def _file_findings(root: Path, written: str, span: Span, place: Place, fit: Fit
                   ) -> Iterator[Diagnostic]:
    where = locate(root, written)
    if not isinstance(where, Located):
        hint = {"F003": "copy the picture into the project folder and name it by its path there",
                "F002": "keep pictures inside the project folder, e.g. `art/casino.png`",
                "F001": "check the path: it is relative to the project folder"}[where.code]
        yield Diagnostic.of(where.code, span, f"`{written}`: {where.reason}", hint)
        return
    try:
        kind = sniff_file(where.path)
        pixels = pixel_size(where.path, kind) if kind is not None else None
    except OSError as error:
        yield Diagnostic.of("F001", span, f"`{written}` cannot be read: {error.strerror or error}",
                            "check the file's permissions")
        return
    if kind is None:
        yield Diagnostic.of("F004", span, f"`{written}` is not a PNG, JPEG or SVG image",
                            "save the picture as PNG, JPEG or SVG (the suffix alone does not make it one)")
        return
    breach = over_budget(where.path, [root])
    if breach is not None:
        yield _over_budget(written, span, breach)
        return
    if pixels is None:
        return
    box = BOXES[place]
    dpi = printed_dpi(pixels, box, fit)
    if dpi < MIN_DPI:
        need = (math.ceil(box.width_mm / 25.4 * MIN_DPI), math.ceil(box.height_mm / 25.4 * MIN_DPI))
        yield Diagnostic.of("F005", span,
                            f"`{written}` prints at {dpi:.0f} dpi on a {place.value} "
                            f"({pixels[0]} x {pixels[1]} pixels for {box.width_mm:g} x "
                            f"{box.height_mm:g} mm; {MIN_DPI} dpi wanted)",
                            f"use a picture of at least {need[0]} x {need[1]} pixels, or SVG")


_BUDGET_HINTS = {
    "bytes": "make the file smaller: export it at the size it prints (docs/robustness.md)",
    "pixels": "scale the picture down: 300 dpi at its printed size is a few million pixels",
    "elements": "simplify the drawing, or export it as PNG at the size it prints",
    "reference depth": "flatten the drawing's `<use>` clones (e.g. Inkscape: Edit > Clone > Unlink)",
    "nesting": "flatten the drawing's groups",
    "self-reference": "remove the reference of the picture to itself",
}


def _over_budget(written: str, span: Span, breach: Breach) -> Diagnostic:
    """F006 for a limit of the picture budget (images/budget.py); F004 for an SVG that
    cannot be read as one."""
    if breach.limit == "svg":
        return Diagnostic.of("F004", span, f"`{written}`: {breach.message}",
                             "save the picture again as plain SVG, PNG or JPEG")
    return Diagnostic.of("F006", span, f"`{written}` is over the picture budget: {breach.message}",
                         _BUDGET_HINTS[breach.limit])


@check("F001", "F002", "F003", "F004", "F005", "F006", reads_files=True)
def art_files(ctx: Context) -> Iterator[Diagnostic]:
    root = ctx.project.root
    for art, place in placed_art(ctx.project):
        yield from _file_findings(root, art.path, art.path_span, place, art.fit)
    header = ctx.project.header
    if isinstance(header, GameDef):
        for icon in header.icons:
            yield from _file_findings(root, icon.path, icon.path_span, Place.ICON, Fit.CONTAIN)


@check("N019", reads_text=True)
def icons_in_text(ctx: Context) -> Iterator[Diagnostic]:
    known = frozenset(icon_key(icon.name.text) for icon in declared_icons(ctx.project))
    for source in ctx.project.files:
        yield from _unknown_icons(source.path, source.text, known)


@per_text
def _unknown_icons(path: str, text: str, known: frozenset[str]) -> tuple[Diagnostic, ...]:
    """Per file, text and icons declared: an unchanged file is not scanned again."""
    found = []
    where: Positions | None = None
    for lit in literals(text):
        if ":" not in lit.raw:
            continue
        for match in ICON_IN_TEXT.finditer(lit.raw):
            if match.group(1) in known:
                continue
            where = where or Positions(text)
            start = lit.start + 1 + match.start()
            found.append(Diagnostic.of("N019", where.span(path, start, lit.start + 1 + match.end()),
                                       f"no icon named `{match.group(1)}`",
                                       did_you_mean(match.group(1), sorted(known))
                                       or "declare it in the game's header: `icon NAME \"icons/name.svg\"`"))
    return tuple(found)


@check("N020")
def back_decks(ctx: Context) -> Iterator[Diagnostic]:
    header = ctx.project.header
    if not isinstance(header, GameDef) or not header.backs:
        return
    regions = {deck_key(r.name.text) for member in ctx.project.lineage()
               for r in member.of_type(Region)}
    for back in header.backs:
        key = deck_key(back.deck.text)
        if key not in DECKS and key not in regions:
            yield Diagnostic.of("N020", back.deck.span, f"no deck named `{back.deck.text}`",
                                "a back is for a region's encounter deck or one of: "
                                + ", ".join(DECKS))

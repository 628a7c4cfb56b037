"""V: what a variant changes fits the game it varies (EP-VAR-1..3, SH-EPIC-1).

V001 (a `lifts` naming no variant) is found with every other name, in checks/names.py.
"""

from __future__ import annotations

from collections.abc import Iterator

from smersh_dsl.checks.duplicates import repeats
from smersh_dsl.analysis.worlds import players
from smersh_dsl.checks.henchmen import lineage_of_type
from smersh_dsl.checks.registry import Context, check
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.document import Project
from smersh_dsl.model.showdowns import Henchman
from smersh_dsl.model.world import GameDef, LoboTrack, Setting, Variant
from smersh_dsl.wording import count, counted


def _lobo_track(project: Project) -> LoboTrack | None:
    return next((m.header.lobo_track for m in project.lineage()
                 if isinstance(m.header, GameDef) and m.header.lobo_track), None)


def _variants(ctx: Context) -> list[Variant]:
    header = ctx.project.header
    return list(header.variants) if isinstance(header, GameDef) else []


def _at(variant: Variant, keyword: str) -> Setting:
    found = variant.setting(keyword)
    assert found is not None, f"{variant.name.text} has no `{keyword}`"
    return found


@check("V002", "V003")
def henchmen_faced(ctx: Context) -> Iterator[Diagnostic]:
    """EP-VAR-1: "You can choose to face 2-4 Henchmen", with Dr. Lobo placed "After the
    10 / 12 / 14 / 16": one `lobo_after` space and one henchman sheet per henchman."""
    faced = [(v, v.henchmen[1]) for v in _variants(ctx) if v.henchmen is not None]
    if not faced:
        return
    track = _lobo_track(ctx.project)
    spaces = len(track.lobo_after) if track is not None else 0
    sheets = [h for h in lineage_of_type(ctx.project, Henchman) if not h.levels]
    for variant, most in faced:
        span = _at(variant, "henchmen").span
        if most > spaces:                                              # rule: EP-VAR-1
            yield Diagnostic.of(
                "V002", span,
                f"`{variant.name.text}` faces up to {count(most, 'henchman')}; the Lobo track has "
                f"{spaces} `lobo_after` {counted(spaces, 'space')}",
                "Dr. Lobo starts after one space per number of henchmen (EP-VAR-1: 10 12 14 "
                "16): add spaces to `lobo_after` or lower the variant's most")
        if most > len(sheets):                                         # rule: EP-VAR-1
            yield Diagnostic.of(
                "V003", span,
                f"`{variant.name.text}` faces up to {count(most, 'henchman')}; the game has "
                f"{count(len(sheets), 'henchman sheet')}",
                "each henchman faced is a different sheet: add sheets or lower the variant's most")


@check("V004")
def variant_players(ctx: Context) -> Iterator[Diagnostic]:
    """A variant plays within the game's player counts unless it says why it leaves them
    (`players 3..5 because "..."`): Swagman's Hope's epic rules "may play with up to 5
    UN agents" where the game is for 1 to 4 (docs/books.md)."""
    counts = players(ctx.project)
    if counts is None:
        return
    for variant in _variants(ctx):
        wanted = variant.players
        if wanted is None or variant.players_because is not None:
            continue
        if wanted[0] < counts[0] or wanted[1] > counts[1]:                # rule: SH-EPIC-1
            yield Diagnostic.of(
                "V004", _at(variant, "players").span,
                f"`{variant.name.text}` is for {wanted[0]}-{wanted[1]} players; the game is "
                f"for {counts[0]}-{counts[1]}",
                "keep the variant inside the game's range, or say why it leaves it: "
                f'`players {wanted[0]}..{wanted[1]} because "..."`')


@check("V005")
def settings_given_twice(ctx: Context) -> Iterator[Diagnostic]:
    """A setting written twice: the first counts, which the writer rarely means."""
    for variant in _variants(ctx):
        groups = [variant.settings] + ([variant.setup.settings] if variant.setup else [])
        for settings in groups:
            for keyword, span, first in repeats((s.keyword, s.span) for s in settings):
                yield Diagnostic.of(
                    "V005", span, f"`{keyword}` is given twice in `{variant.name.text}`",
                    f"the first, at line {first.line}, is the one that counts: remove one")

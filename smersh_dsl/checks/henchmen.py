"""H: henchman sheets and the sections they lead to (EP-HENCH-1..3, EP-SHOW-4, SH-BUTCHER-1)."""

from __future__ import annotations

from collections.abc import Iterator

from smersh_dsl.analysis.paths import keyword_span
from smersh_dsl.analysis.worlds import players
from smersh_dsl.checks.registry import Context, check
from smersh_dsl.checks.suggest import did_you_mean
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.document import Project
from smersh_dsl.model.showdowns import Henchman, SectionKind, Showdown
from smersh_dsl.wording import count, counted


def lineage_of_type(project: Project, kind: type) -> list:
    """Blocks of ``kind`` in the project and in every base under it."""
    return [d for member in project.lineage() for d in member.of_type(kind)]


def missing_numbers(low: int, high: int) -> str:
    """The numbers from ``low`` up to (not including) ``high``, listed or as a span."""
    if high - low > 5:
        return f"{low} to {high - 1}"
    return ", ".join(str(n) for n in range(low, high))


def _showdown_sheet(henchman: Henchman) -> bool:
    """A henchman met in an epic showdown; a levelled one (the Aussie Butcher) is not."""
    return not henchman.levels


def _intel_costs(henchman: Henchman, counts: tuple[int, int] | None) -> Iterator[Diagnostic]:
    rows = sorted(henchman.intel_cost, key=lambda c: c.players)
    if counts is not None:
        have = {c.players for c in rows}
        missing = [n for n in range(counts[0], counts[1] + 1) if n not in have]
        if missing:
            span = rows[0].span if rows else henchman.name.span
            listed = ", ".join(str(n) for n in missing)
            yield Diagnostic.of("H001", span,
                                f"henchman `{henchman.name.text}` has no intel cost for "
                                f"{listed} {counted(len(missing), 'player')}",
                                f"the game is for {counts[0]}-{counts[1]} players (EP-HENCH-2); "
                                f"add `{missing[0]}: N` to its `intel` block")
    for before, after in zip(rows, rows[1:]):
        if after.intel < before.intel:
            yield Diagnostic.of("H002", after.span,
                                f"the intel cost for {count(after.players, 'player')} ({after.intel}) is "
                                f"less than for {before.players} ({before.intel})",
                                "confronting a henchman never gets cheaper as players are added")


@check("H001", "H002", "H003", "H004", "H005")
def henchman_sheets(ctx: Context) -> Iterator[Diagnostic]:
    counts = players(ctx.project)
    showdowns = {s.name.text for s in lineage_of_type(ctx.project, Showdown)
                 if s.kind is SectionKind.HENCHMAN}
    for henchman in ctx.project.of_type(Henchman):
        if not _showdown_sheet(henchman):
            continue
        yield from _intel_costs(henchman, counts)
        name = henchman.name
        if henchman.lobo is None:
            yield Diagnostic.of("H003", name.span,
                                f"henchman `{name.text}` names no Dr. Lobo section",
                                "add `lobo A` (B, C or D): the final showdown's section (EP-HENCH-3)")
        if henchman.difficulty is None:
            yield Diagnostic.of("H005", name.span, f"henchman `{name.text}` has no difficulty",
                                "add `difficulty easy` (or medium, hard, epic) (EP-HENCH-1)")
        if name.text not in showdowns:
            yield Diagnostic.of("H004", name.span,
                                f"henchman `{name.text}` has no showdown",
                                f"write `showdown {name.text if name.text.isidentifier() else repr(name.text)} "
                                "{ ... }` with its intro, encounters and conclusions (EP-SHOW-6)")


@check("H006")
def butcher_levels(ctx: Context) -> Iterator[Diagnostic]:
    """SH-BUTCHER-1: levels 1, 2, 3 ... each once, in any order in the file."""
    for henchman in ctx.project.of_type(Henchman):
        first: dict[int, object] = {}
        for level in henchman.levels:
            if level.number in first:
                yield Diagnostic.of("H006", keyword_span(level.span, "level"),
                                    f"level {level.number} of `{henchman.name.text}` is defined twice",
                                    "number the levels 1, 2, 3 ... once each (SH-BUTCHER-1)")
            first.setdefault(level.number, level)
        expected = 1
        for number in sorted(first):
            if number != expected:
                missing = missing_numbers(expected, number) or "none below 1"
                yield Diagnostic.of("H006", keyword_span(first[number].span, "level"),  # type: ignore[attr-defined]
                                    f"level {number} of `{henchman.name.text}`, but no level {missing}",
                                    "levels run from 1 upwards without gaps (SH-BUTCHER-1)")
            expected = max(number, 0) + 1


@check("H007")
def success_counts(ctx: Context) -> Iterator[Diagnostic]:
    """EP-SHOW-4: a specific number of success tokens beats a henchman; the printed sheet
    says it. (A Dr. Lobo section may leave it to its tally: it has no sheet.)"""
    for henchman in ctx.project.of_type(Henchman):
        if _showdown_sheet(henchman) and henchman.successes is None:
            yield Diagnostic.of("H007", henchman.name.span,
                                f"henchman `{henchman.name.text}` does not say how many success "
                                "tokens beat them", "add `successes N` to the sheet (EP-SHOW-4)")


@check("N006")
def showdown_henchmen(ctx: Context) -> Iterator[Diagnostic]:
    """A henchman's showdown must be named for a henchman of the game."""
    names = sorted({h.name.text for h in lineage_of_type(ctx.project, Henchman)})
    for showdown in ctx.project.of_type(Showdown):
        if showdown.kind is SectionKind.HENCHMAN and showdown.name.text not in names:
            yield Diagnostic.of("N006", showdown.name.span,
                                f"unknown henchman `{showdown.name.text}`: this showdown has no sheet",
                                did_you_mean(showdown.name.text, names)
                                or "write a `henchman` block with the same name")

"""Running every registered check over loaded projects (loading them, and filtering what
the checks find by the configuration, is the pipeline's: smersh_dsl/pipeline/run.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field

from smersh_dsl.checks.memo import CheckMemo
from smersh_dsl.checks.registry import Context, Listed, listed_checks
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.diagnostics.held_back import HeldBack
from smersh_dsl.model.document import Gap, Project
from smersh_dsl.records import dataclass
from smersh_dsl.settings.config import Difficulty

# Findings that something is missing or unknown, which a block that did not parse (or a
# base game that was not found) may well define: held back until the project is complete,
# as a compiler stops at syntax errors. Findings inside a block that parsed still stand.
ABSENCE = frozenset({*(f"N{n:03d}" for n in range(1, 17)), "N018", "N019", "N020", "C001", "C002", "A003", "H004",
                     "K001", "K002", "K003", "B001", "B002", "M001", "M003", "P003"})


# Names that only a header declares (a game's skills, a campaign's log fields, a card
# game's types): a block that does not parse is left out whole (parse/parser.py), so with
# every header of the lineage read and none left out, these stand.
HEADER_NAMES = frozenset({"N001", "N002", "N008", "N011", "N012", "N013", "N014", "N015"})
HEADERS = frozenset({"game", "expansion", "campaign", "cardgame", ""})
# An entry names nothing: one left out may fill the grid (C001, C002), give a status
# (B001, B002) or be the base game's entry an `override` replaces (P003); nothing else
# that is missing can be in it.
ENTRY_HOLDS = frozenset({"C001", "C002", "B001", "B002", "P003"})


def held_codes(project: Project) -> tuple[frozenset[str], str]:
    """The codes a project holds back, and until what: its own gaps and those of the games
    under it (a status the base game's broken block gives is not known to be missing),
    narrowed by the kinds of block that were left out (``SourceFile.lost``)."""
    lineage = project.lineage()
    gaps = set().union(*(p.gaps for p in lineage))
    if not gaps:
        return frozenset(), ""
    until = " and ".join(gap.value for gap in Gap if gap in gaps)
    if gaps != {Gap.SYNTAX} or any(p.header is None for p in lineage):
        return ABSENCE, until
    lost = {kind for p in lineage for f in p.files for kind in f.lost}
    if not lost or lost & HEADERS:      # not known what was left out, or a header was
        return ABSENCE, until
    return (ENTRY_HOLDS if lost == {"entry"} else ABSENCE - HEADER_NAMES), until


# Findings that one defect certainly causes, held back where the cause is reported at the
# same place: a stranded card's test without a `pass` block (G010) also leaves the spy
# in the Outback on a pass (A001); the missing block is the one thing to fix.
KNOCK_ON: dict[str, frozenset[str]] = {"G010": frozenset({"A001"})}


def _without_knock_on(found: list[Diagnostic]) -> list[Diagnostic]:
    causes = {(d.span.file, d.span.line, d.span.column, effect)
              for d in found for effect in KNOCK_ON.get(d.code, ())}
    if not causes:
        return found
    return [d for d in found if (d.span.file, d.span.line, d.span.column, d.code) not in causes]


# For one project: which rules its run reports, and Q001's typical spy (its smersh.toml).
Settings = Callable[[Project], tuple[Callable[[str], bool], Difficulty]]


@dataclass
class CheckRun:
    """What one run of the checks found: the findings it reports, and those it holds
    back (by what must happen first: ``Gap`` values joined, "the syntax errors are fixed")."""

    projects: list[Project]
    diagnostics: list[Diagnostic]
    held: dict[str, list[Diagnostic]] = field(default_factory=dict)

    @property
    def held_back(self) -> list[HeldBack]:
        return [HeldBack(len(found), until) for until, found in sorted(self.held.items()) if found]


def run_checks(projects: list[Project], game_names: Callable[[], list[str]],
               settings: Settings | None = None, memo: CheckMemo | None = None) -> CheckRun:
    """Every check over every project; in a project that is not all there (see ``ABSENCE``
    and ``held_codes``), the findings that something is missing are held back, not reported.
    With ``memo``, a check whose inputs did not move since the memo's last run is not run
    again: its findings are those of last time (checks/memo.py)."""
    run = CheckRun(projects, [])
    if memo is not None:
        memo.start()
    for project in projects:
        ctx = Context(project, game_names)
        if settings is not None:
            ctx.enabled, ctx.difficulty = settings(project)
        codes, until = held_codes(project)
        held = run.held.setdefault(until, [])
        for item in listed_checks():
            for d in _findings(item, ctx, memo):
                (held if d.code in codes else run.diagnostics).append(d)
    if memo is not None:
        memo.finish()
    run.diagnostics = _without_knock_on(run.diagnostics)
    run.held = {until: ordered(found) for until, found in run.held.items() if until}
    return run


def _findings(item: Listed, ctx: Context, memo: CheckMemo | None) -> list[Diagnostic]:
    """What one check finds in one project: run (its module imported then), or recalled
    from ``memo``."""
    if memo is None:
        return list(item.load().run(ctx))
    # A selection is a value (Selection.enabled is its method); any other callable only
    # ever equals itself.
    settings = (getattr(ctx.enabled, "__self__", ctx.enabled), ctx.difficulty)
    if not item.always_runs:
        found = memo.recall(ctx.project, item.name, settings)
        if found is not None:
            return found
    asked: list[bool] = []
    names = ctx.game_names
    ctx.game_names = lambda: asked.append(True) or names()
    try:
        found = list(item.load().run(ctx))
    finally:
        ctx.game_names = names
    if item.always_runs or asked:
        memo.forget(ctx.project, item.name)
    else:
        memo.keep(ctx.project, item.name, settings, found)
    return found


def ordered(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """Sorted by place, without exact repeats: the same input gives the same output."""
    return sorted(set(diagnostics), key=Diagnostic.sort_key)

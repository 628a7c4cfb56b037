"""Running every registered check over loaded projects."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from smersh_dsl.checks.registry import Context, all_checks
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.document import Project
from smersh_dsl.settings.config import Difficulty

if TYPE_CHECKING:
    from smersh_dsl.settings.policy import Policy


# Findings that something is missing or unknown, which a block that did not parse (or a
# base game that was not found) may well define: held back until the project is complete,
# as a compiler stops at syntax errors. Findings inside a block that parsed still stand.
ABSENCE = frozenset({*(f"N{n:03d}" for n in range(1, 17)), "N018", "N019", "N020", "C001", "C002", "A003", "H004",
                     "K001", "K002", "K003", "B001", "B002", "M001", "M003", "P003"})


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


def check_projects(projects: list[Project], game_names: Callable[[], list[str]],
                   settings: Settings | None = None) -> list[Diagnostic]:
    found: list[Diagnostic] = []
    for project in projects:
        ctx = Context(project, game_names)
        if settings is not None:
            ctx.enabled, ctx.difficulty = settings(project)
        for item in all_checks():
            results = item.run(ctx)
            if project.incomplete:
                results = (d for d in results if d.code not in ABSENCE)
            found.extend(results)
    return _without_knock_on(found)


def ordered(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """Sorted by place, without exact repeats: the same input gives the same output."""
    return sorted(set(diagnostics), key=Diagnostic.sort_key)


def check_paths(paths: list[Path], policy: Policy | None = None, **load: Any
                ) -> tuple[list[Project], list[Diagnostic]]:
    """Load, check and filter (configuration, options, suppressions): what `smersh check`
    reports. ``load`` passes `shown` and `overlay` on to the loader (the language server)."""
    from smersh_dsl.project.load import load_paths
    from smersh_dsl.settings.policy import Policy

    projects, diagnostics, library = load_paths(paths, **load)
    policy = policy or Policy()

    def settings(project: Project) -> tuple[Callable[[str], bool], Difficulty]:
        return (policy.selection_for(project.root).enabled,
                policy.config_for(project.root).difficulty)

    diagnostics.extend(check_projects(projects, library.names, settings))
    return projects, ordered(policy.filter(projects, diagnostics))

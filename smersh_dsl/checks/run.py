"""Running every registered check over loaded projects."""

from __future__ import annotations

from smersh_dsl.checks.registry import Context, all_checks
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.document import Project


def check_projects(projects: list[Project], game_names: list[str]) -> list[Diagnostic]:
    found: list[Diagnostic] = []
    for project in projects:
        ctx = Context(project, game_names)
        for item in all_checks():
            found.extend(item.run(ctx))
    return found


def ordered(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """Sorted by place, without exact repeats: the same input gives the same output."""
    return sorted(set(diagnostics), key=Diagnostic.sort_key)

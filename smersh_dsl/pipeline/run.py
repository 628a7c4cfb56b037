"""Load, check and filter: what a run of `smersh check` finds in the paths it is given."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from smersh_dsl.checks.memo import CheckMemo
from smersh_dsl.checks.run import CheckRun, ordered, run_checks
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.document import Project
from smersh_dsl.project.load import load_paths
from smersh_dsl.settings.config import Difficulty
from smersh_dsl.settings.policy import Policy


def check_run(paths: list[Path], policy: Policy | None = None, memo: CheckMemo | None = None,
              **load: Any) -> CheckRun:
    """Load, check and filter (configuration, options, suppressions): what `smersh check`
    reports, and how much it holds back. ``load`` passes `shown` and `overlay` on to the
    loader (the language server); ``memo`` keeps each check's findings for the next run,
    which then runs only the checks whose inputs moved (a process that checks again)."""
    projects, diagnostics, library = load_paths(paths, **load)
    policy = policy or Policy()

    def settings(project: Project) -> tuple[Callable[[str], bool], Difficulty]:
        return (policy.selection_for(project.root).enabled,
                policy.config_for(project.root).difficulty)

    run = run_checks(projects, library.names, settings, memo)
    run.diagnostics = ordered(policy.filter(projects, diagnostics + run.diagnostics))
    for until, found in run.held.items():
        # Counted as they would be reported: the rules selected, the lines not silenced.
        kept = set(found)
        run.held[until] = ordered([d for d in policy.filter(projects, found) if d in kept])
    return run


def check_paths(paths: list[Path], policy: Policy | None = None, memo: CheckMemo | None = None,
                **load: Any) -> tuple[list[Project], list[Diagnostic]]:
    """What `smersh check` reports (``check_run`` without what it holds back)."""
    run = check_run(paths, policy, memo, **load)
    return run.projects, run.diagnostics

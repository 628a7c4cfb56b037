"""The check registry: each check declares the codes it may report."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property

from smersh_dsl.analysis.step_index import StepIndex, index_steps
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.document import Project
from smersh_dsl.resolve.symbols import Symbols
from smersh_dsl.settings.config import Difficulty


@dataclass
class Context:
    """What a check may look at: the project, its symbols, the games available."""

    project: Project
    game_names: Callable[[], list[str]] = list     # asked only when a base is missing
    # Whether a run reports a rule (its selection): a lint that is off by default (Q001)
    # does no work unless it is on. Everything is on where no selection is given.
    enabled: Callable[[str], bool] = lambda code: True
    difficulty: Difficulty = field(default_factory=Difficulty)

    @cached_property
    def symbols(self) -> Symbols:
        return Symbols.of(self.project)

    @cached_property
    def steps(self) -> StepIndex:
        """Every step walked once, for the checks that read steps in order (G010, B001)."""
        return index_steps(self.project.definitions())


CheckFn = Callable[[Context], Iterable[Diagnostic]]


@dataclass(frozen=True)
class Check:
    name: str
    codes: tuple[str, ...]
    run: CheckFn
    # Whether it reads the sources' text (prose), or files beside the sources (art on
    # disk): then a re-check runs it every time, whatever changed (checks/memo.py).
    reads_text: bool = False
    reads_files: bool = False

    @property
    def always_runs(self) -> bool:
        return self.reads_text or self.reads_files


CHECKS: list[Check] = []


def check(*codes: str, reads_text: bool = False, reads_files: bool = False
          ) -> Callable[[CheckFn], CheckFn]:
    def register(fn: CheckFn) -> CheckFn:
        CHECKS.append(Check(fn.__name__, codes, fn, reads_text, reads_files))
        return fn
    return register


def all_checks() -> list[Check]:
    from smersh_dsl.checks import (art, campaign, card_powers, cardgame, conditions,  # noqa: F401
                                   coverage,
                                   difficulty, duplicates, expansions, henchmen, missions, names, outcomes,
                                   prose, showdowns, spies, structure, swagmans_hope, variants)

    return list(CHECKS)

"""The check registry: each check declares the codes it may report."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import field
from functools import cached_property
from importlib import import_module

from smersh_dsl.analysis.step_index import StepIndex, index_steps
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.document import Project
from smersh_dsl.records import dataclass
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


# Every check, by module, in the order they run: a run knows each check's name, and
# which always run, without importing the code of a check the memo recalls (a warm
# re-check in a new process imports only the modules it must run; issue #31).
# tests/test_check_catalogue.py holds this to the `check` decorators.
CATALOGUE: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("art", ("art_files", "icons_in_text", "back_decks")),
    ("henchmen", ("henchman_sheets", "butcher_levels", "success_counts", "showdown_henchmen")),
    ("campaign", ("read_before_recorded", "recorded_never_read", "scenario_numbers",
                  "evidence_table", "hit_point_cap", "shared_icon")),
    ("card_powers", ("cards_that_cannot_be_played", "steps_outside_their_timing",
                     "statuses_that_never_leave", "gadgets_nothing_gives", "airports_that_are_not")),
    ("cardgame", ("card_counts", "two_faces", "gadget_types_met", "typed_faces",
                  "powers_have_effects", "powers_in_their_slot")),
    ("conditions", ("conditions",)),
    ("coverage", ("missing_entries", "orphan_entries")),
    ("difficulty", ("test_difficulty",)),
    ("duplicates", ("needless_numbered_overrides", "duplicate_entries", "duplicate_cards",
                    "duplicate_showdown_targets", "duplicate_names")),
    ("expansions", ("rules_the_base_defines",)),
    ("missions", ("mission_city_in_region",)),
    ("names", ("unknown_names",)),
    ("outcomes", ("missing_outcomes",)),
    ("prose", ("text_checks",)),
    ("showdowns", ("showdown_flow",)),
    ("spies", ("spy_sheets",)),
    ("structure", ("misplaced_blocks",)),
    ("swagmans_hope", ("stranded_paths", "red_intel_values", "hub_sections",
                       "outback_entered_by_stranding", "coastal_fate_numbers", "hub_reaches_the_coast")),
    ("variants", ("henchmen_faced", "variant_players", "settings_given_twice")),
)
# The checks that read text or files (``Check.always_runs``): the memo never recalls them.
ALWAYS_RUN = frozenset({"art_files", "icons_in_text", "text_checks"})


@dataclass(frozen=True)
class Listed:
    """A check as the catalogue names it; its code is imported when it must run."""

    name: str
    module: str

    @property
    def always_runs(self) -> bool:
        return self.name in ALWAYS_RUN

    def load(self) -> Check:
        import_module(f"smersh_dsl.checks.{self.module}")
        return next(c for c in CHECKS if c.name == self.name)


def listed_checks() -> list[Listed]:
    return [Listed(name, module) for module, names in CATALOGUE for name in names]


def all_checks() -> list[Check]:
    """Every check, imported, in the catalogue's order."""
    return [item.load() for item in listed_checks()]

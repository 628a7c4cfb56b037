"""The one rule catalogue: every diagnostic code is declared here once.

Codes are grouped by phase (the letter) and never reused:
I input files, S syntax, P projects, N names, D duplicates, V variants, F the files art
and icons name (docs/rules.md has all).
"""

from __future__ import annotations

from smersh_dsl.diagnostics.diagnostic import Severity
from smersh_dsl.records import dataclass


@dataclass(frozen=True)
class Rule:
    code: str
    name: str
    severity: Severity
    summary: str
    explanation: str
    bad: str
    good: str
    phase: str = ""
    default_off: bool = False      # a lint reported only when `select` names it


def _load() -> dict[str, Rule]:
    from smersh_dsl.diagnostics.rules import ALL_RULES

    table: dict[str, Rule] = {}
    for item in ALL_RULES:
        if item.code in table:
            raise RuntimeError(f"rule code {item.code} declared twice")
        table[item.code] = item
    return table


_TABLE: dict[str, Rule] | None = None


def catalogue() -> dict[str, Rule]:
    global _TABLE
    if _TABLE is None:
        _TABLE = _load()
    return _TABLE


def rule(code: str) -> Rule:
    return catalogue()[code]


def find(code_or_name: str) -> Rule | None:
    """Look a rule up by code (``N001``) or name (``unknown-skill``), case-insensitively."""
    wanted = code_or_name.strip().lower()
    for item in catalogue().values():
        if wanted in (item.code.lower(), item.name):
            return item
    return None

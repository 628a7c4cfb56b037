"""`select` and `ignore`: which rules a run reports, by code, code prefix or name.

`G` selects every G rule, `G00` the G00x rules, `G001` one rule, `unreachable-entry`
that rule by name, `ALL` everything. Input (I) and syntax (S) findings are always
reported: a file that cannot be read or parsed has not been checked at all. A rule that
is off by default (a lint such as Q001) is reported only when `select` names it by code,
prefix or name (`ALL` does not).
"""

from __future__ import annotations

from smersh_dsl.diagnostics.catalogue import catalogue
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.records import dataclass

ALWAYS = ("I", "S")


def split_items(values: tuple[str, ...] | list[str]) -> list[str]:
    """`--select G,C001 --select T` -> ["G", "C001", "T"]."""
    return [part.strip() for value in values for part in value.split(",") if part.strip()]


def matches(item: str, code: str) -> bool:
    item = item.strip()
    if item.upper() == "ALL":
        return True
    rule = catalogue().get(code)
    if rule is not None and item.lower() == rule.name:
        return True
    return code.startswith(item.upper()) and bool(item)


def unknown_items(items: list[str]) -> list[str]:
    """Items that match no rule at all: probably a typo."""
    codes = list(catalogue())
    return [i for i in items if not any(matches(i, c) for c in codes)]


@dataclass(frozen=True)
class Selection:
    select: tuple[str, ...] | None = None     # None: every rule
    ignore: tuple[str, ...] = ()

    def enabled(self, code: str) -> bool:
        if code.startswith(ALWAYS):
            return True
        rule = catalogue().get(code)
        if rule is not None and rule.default_off and not any(
                i.strip().upper() != "ALL" and matches(i, code) for i in self.select or ()):
            return False
        if self.select is not None and not any(matches(i, code) for i in self.select):
            return False
        return not any(matches(i, code) for i in self.ignore)

    def apply(self, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
        return [d for d in diagnostics if self.enabled(d.code)]

    def merged(self, select: list[str] | None, ignore: list[str]) -> Selection:
        """Command-line options over a file's: `--select` replaces, `--ignore` adds."""
        return Selection(tuple(select) if select is not None else self.select,
                         self.ignore + tuple(ignore))

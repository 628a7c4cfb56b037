"""One finding, with a stable rule code and where it is."""

from __future__ import annotations

from dataclasses import field
from enum import Enum

from smersh_dsl.diagnostics.fix import Fix
from smersh_dsl.model.span import Span
from smersh_dsl.records import dataclass


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"

    @property
    def rank(self) -> int:
        return {"error": 0, "warning": 1, "note": 2}[self.value]


@dataclass(frozen=True)
class Diagnostic:
    code: str
    severity: Severity
    message: str
    span: Span
    hint: str | None = None
    fix: Fix | None = field(default=None, compare=False)     # when the repair is certain

    @classmethod
    def of(cls, code: str, span: Span, message: str, hint: str | None = None,
           fix: Fix | None = None) -> Diagnostic:
        """Build a diagnostic with the default severity that the catalogue gives ``code``."""
        from smersh_dsl.diagnostics.catalogue import rule

        return cls(code, rule(code).severity, message, span, hint, fix)

    @property
    def name(self) -> str:
        from smersh_dsl.diagnostics.catalogue import rule

        return rule(self.code).name

    def sort_key(self) -> tuple:
        s = self.span
        # The end and the hint too: findings of one code that start at one place come out
        # in one order whatever the hash seed.
        return (s.file, s.line, s.column, self.code, self.message, s.end_line, s.end_column,
                self.hint or "")

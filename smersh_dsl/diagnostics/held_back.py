"""Findings a run made but does not report yet, and why: a project with syntax (or
input) errors, or an expansion whose base game is not found, holds back its findings
that something is missing, which the content that could not be read may well hold
(docs/checking.md, "When a file does not parse"). The reports say how many."""

from __future__ import annotations

from smersh_dsl.records import dataclass
from smersh_dsl.wording import count


@dataclass(frozen=True)
class HeldBack:
    count: int
    until: str          # "the syntax errors are fixed"

    @property
    def line(self) -> str:
        """The report's line: "3 findings held back until the syntax errors are fixed"."""
        return f"{count(self.count, 'finding')} held back until {self.until}"

    def as_dict(self) -> dict:
        return {"count": self.count, "until": self.until, "message": self.line}

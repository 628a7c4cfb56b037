"""Fixes a finding carries when its repair is certain: edits of the source, the quick fix an
editor offers and what `smersh check --fix` applies (the safe ones; ``--unsafe-fixes`` adds
the rest, which write content or choose an outcome: a stub entry, `override`, `else`)."""

from __future__ import annotations

from smersh_dsl.model.span import Span
from smersh_dsl.records import dataclass


@dataclass(frozen=True)
class Edit:
    """Replace what ``span`` covers with ``text``; an empty span inserts (end exclusive)."""
    span: Span
    text: str


@dataclass(frozen=True)
class Fix:
    title: str                  # what it does, as the editor's menu and the CLI say it
    edits: tuple[Edit, ...]
    safe: bool = True


def insert(file: str, line: int, column: int, text: str) -> Edit:
    return Edit(Span(file, line, column, line, column), text)


def offset(text: str, line: int, column: int) -> int:
    """The offset of a 1-based line and column in ``text`` (clamped to the text)."""
    start = 0
    for _ in range(line - 1):
        found = text.find("\n", start)
        if found < 0:
            return len(text)
        start = found + 1
    end = text.find("\n", start)
    return min(start + column - 1, len(text) if end < 0 else end)


def apply(text: str, edits: list[Edit]) -> str:
    """``text`` with ``edits`` (of one file, not overlapping) made."""
    placed = sorted(((offset(text, e.span.line, e.span.column),
                      offset(text, e.span.end_line, e.span.end_column), e.text) for e in edits),
                    reverse=True)
    for start, end, new in placed:
        text = text[:start] + new + text[end:]
    return text


def compatible(chosen: list[Fix], candidate: Fix) -> bool:
    """Whether ``candidate``'s edits touch nothing the ``chosen`` fixes' edits touch."""
    def key(e: Edit) -> tuple:
        return (e.span.file, (e.span.line, e.span.column), (e.span.end_line, e.span.end_column))
    taken = [key(e) for f in chosen for e in f.edits]
    for edit in map(key, candidate.edits):
        for file, start, end in taken:
            if file == edit[0] and start <= edit[2] and edit[1] <= end:
                return False
    return True

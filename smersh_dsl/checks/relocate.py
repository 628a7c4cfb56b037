"""Last run's findings moved to where an edited file now puts them: an edit to prose that
changes its length moves whatever follows it on its line (`pass { "It works." gain 1
intel }`), and nothing else. A finding is moved only when each of its positions is a
node's span (found in the outlines) or lies on a line where nothing moved, and when its
words name no position on such a line (`first defined at FILE:LINE:COLUMN`); otherwise
the check runs again."""

from __future__ import annotations

from dataclasses import replace

from smersh_dsl.checks.outline import Outline
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.span import Span
from smersh_dsl.records import dataclass


@dataclass
class Moves:
    """Where each span of one file went, and the lines on which anything moved."""
    file: str
    to: dict[Span, Span]
    lines: set[int]


def moves(old: Outline, new: Outline) -> Moves | None:
    """How the spans moved between two parses of equal outlines; None when one span went
    to two places (nothing can say where its findings went)."""
    if old.digest != new.digest or len(old.spans) != len(new.spans):
        return None
    to: dict[Span, Span] = {}
    lines: set[int] = set()
    for before, after in zip(old.spans, new.spans):
        if to.setdefault(before, after) != after:
            return None
        if before.column != after.column:
            lines.add(before.line)
        if before.end_column != after.end_column:
            lines.add(before.end_line)
    return Moves(old.spans[0].file if old.spans else "", to, lines)


def relocated(found: list[Diagnostic], files: list[Moves]) -> list[Diagnostic] | None:
    """``found`` with every position moved, or None when one of them cannot be."""
    moved = [m for m in files if m.lines]
    if not moved:
        return found
    result = []
    for d in found:
        span = _span(d.span, moved)
        if span is None or _names_a_moved_place(d, moved):
            return None
        fix = d.fix
        if fix is not None:
            edits = [(edit, _span(edit.span, moved)) for edit in fix.edits]
            if any(span_ is None for _, span_ in edits):
                return None
            fix = replace(fix, edits=tuple(replace(e, span=s) for e, s in edits))
        result.append(d if span == d.span and fix is d.fix else replace(d, span=span, fix=fix))
    return result


def _span(span: Span, moved: list[Moves]) -> Span | None:
    for m in moved:
        if span.file != m.file:
            continue
        if span in m.to:
            return m.to[span]
        if span.line in m.lines or span.end_line in m.lines:
            return None
    return span


def _names_a_moved_place(d: Diagnostic, moved: list[Moves]) -> bool:
    words = f"{d.message}\n{d.hint or ''}"
    return any(f"{m.file}:{line}:" in words for m in moved for line in m.lines)

"""The string literals of a source file, found by a small scanner that skips comments.

Text checks (empty text, emphasis, TODO) work on what the writer typed, so they read
the source itself and can point at the exact character, even inside a long paragraph.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator
from dataclasses import dataclass

from smersh_dsl.model.span import Span


@dataclass(frozen=True)
class Literal:
    start: int          # offset of the opening quote
    end: int            # offset just past the closing quote
    raw: str            # what lies between the quotes, escapes untouched


class Positions:
    """Offsets in a text to 1-based line and column."""

    def __init__(self, text: str) -> None:
        self.starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == "\n"]

    def at(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.starts, offset) - 1
        return line + 1, offset - self.starts[line] + 1

    def span(self, file: str, start: int, end: int) -> Span:
        line, column = self.at(start)
        end_line, end_column = self.at(end)
        return Span(file, line, column, end_line, end_column)


def code(text: str, upto: int | None = None) -> Iterator[tuple[int, str]]:
    """(offset, character) of the code in ``text[:upto]``: comments are skipped, and a
    string counts as one `"` at its closing quote (or at the end, if it never closes)."""
    i, n = 0, len(text) if upto is None else upto
    while i < n:
        ch = text[i]
        if ch == "#":
            newline = text.find("\n", i, n)
            i = n if newline < 0 else newline
            continue
        if ch == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
            yield min(i, n - 1), '"'
        else:
            yield i, ch
        i += 1


def position(text: str, offset: int) -> tuple[int, int]:
    """The 1-based line and column of ``offset``."""
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def in_literal(text: str, offset: int) -> bool:
    """Whether ``offset`` falls inside a string literal (or an unterminated one)."""
    for lit in literals(text, unterminated=True):
        if lit.start < offset < lit.end:
            return True
        if lit.start >= offset:
            break
    return False


def literals(text: str, unterminated: bool = False) -> Iterator[Literal]:
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "#":
            newline = text.find("\n", i)
            i = n if newline < 0 else newline
        elif ch == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            if j >= n:          # unterminated: a syntax error reports it
                if unterminated:
                    yield Literal(i, n, text[i + 1:])
                return
            yield Literal(i, j + 1, text[i + 1:j])
            i = j + 1
        else:
            i += 1

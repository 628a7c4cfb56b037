"""The string literals of a source file, found by a small scanner that skips comments.

Text checks (empty text, emphasis, TODO) work on what the writer typed, so they read
the source itself and can point at the exact character, even inside a long paragraph.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

from smersh_dsl.model.span import Span
from smersh_dsl.records import dataclass


@dataclass(frozen=True)
class Literal:
    start: int          # offset of the opening quote
    end: int            # offset just past the closing quote
    raw: str            # what lies between the quotes, escapes untouched


_NEWLINE = re.compile("\n")


class Positions:
    """Offsets in a text to 1-based line and column."""

    def __init__(self, text: str) -> None:
        self.starts = [0] + [m.end() for m in _NEWLINE.finditer(text)]

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


_LITERAL_OR_COMMENT = re.compile(r'#[^\n]*|"(?:[^"\\]|\\.)*"', re.S)


def literals(text: str, unterminated: bool = False) -> Iterator[Literal]:
    """Every string literal, in order, skipping comments. An unterminated one (a syntax
    error reports it) ends the scan, or is given up to the end with ``unterminated``."""
    i, n = 0, len(text)
    hash_ = -1
    while i < n:
        quote = text.find('"', i)
        if 0 <= hash_ < i:
            hash_ = text.find("#", i)       # looked up again only once passed
        elif hash_ == -1 and i == 0:
            hash_ = text.find("#")
        if quote < 0:
            return
        if 0 <= hash_ < quote:          # a comment comes first: skip to its line's end
            newline = text.find("\n", hash_)
            i = n if newline < 0 else newline
            continue
        match = _LITERAL_OR_COMMENT.match(text, quote)
        if match is None:               # no closing quote
            if unterminated:
                yield Literal(quote, n, text[quote + 1:])
            return
        yield Literal(quote, match.end(), text[quote + 1:match.end() - 1])
        i = match.end()

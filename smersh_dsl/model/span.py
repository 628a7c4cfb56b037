"""Source positions. Lines and columns are 1-based; the end column is exclusive."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Span:
    file: str
    line: int
    column: int
    end_line: int
    end_column: int

    @classmethod
    def point(cls, file: str, line: int, column: int, width: int = 1) -> Span:
        return cls(file, line, column, line, column + max(width, 1))

    def contains(self, other: Span) -> bool:
        return (self.file == other.file
                and (self.line, self.column) <= (other.line, other.column)
                and (other.end_line, other.end_column) <= (self.end_line, self.end_column))


@dataclass(frozen=True, kw_only=True)
class Node:
    """Anything that came from a source file."""

    span: Span


@dataclass(frozen=True, kw_only=True)
class Definition(Node):
    """A top-level block. ``override`` says it deliberately replaces a base-game name."""

    override: bool = False


@dataclass(frozen=True, kw_only=True)
class Name(Node):
    """A name as written (bare word or quoted), with where it was written."""

    text: str

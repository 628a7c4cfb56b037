"""Source positions. Lines and columns are 1-based; the end column is exclusive.

Every node of the model is a frozen dataclass with slots: a project of 100,000 entries
holds millions of them, and an instance dictionary cost each about 100 bytes more (and
was made again, larger, for every node read back from the parse cache or from a parsing
process). Slots of a frozen class cannot be set by pickle's own loader, so a node
pickles as its class and its field values (`Node.__reduce__`), and is rebuilt by
`_make` without running its checks again; a top-level block keeps an instance
dictionary (`Definition`) for what is memoised on it (its references, model/walk.py),
which is pickled with it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True, order=True, slots=True)
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

    def __reduce__(self) -> tuple:
        return Span, (self.file, self.line, self.column, self.end_line, self.end_column)


_MAKERS: dict[type, Callable[..., Any]] = {}
_VALUES: dict[type, Callable[[Any], tuple]] = {}


def _make(kind: type, *values: Any) -> Any:
    """A node of ``kind`` with these field values (in field order), then, if one more
    value is given, what its instance dictionary held: the inverse of `Node.__reduce__`."""
    maker = _MAKERS.get(kind)
    if maker is None:
        maker = _MAKERS[kind] = _maker(kind)
    return maker(*values)


def _maker(kind: type) -> Callable[..., Any]:
    names = [f.name for f in dataclasses.fields(kind)]
    params = "".join(f"v{i}, " for i in range(len(names)))
    lines = [f"def make({params}memo=None):", "    node = new(kind)"]
    lines += [f"    put(node, {name!r}, v{i})" for i, name in enumerate(names)]
    lines += ["    if memo:", "        node.__dict__.update(memo)", "    return node"]
    scope: dict[str, Any] = {"new": object.__new__, "put": object.__setattr__, "kind": kind}
    exec("\n".join(lines), scope)       # noqa: S102  (field names of our own classes)
    return scope["make"]


def _values(kind: type) -> Callable[[Any], tuple]:
    names = [f.name for f in dataclasses.fields(kind)]
    scope: dict[str, Any] = {}
    exec(f"def values(node): return ({''.join(f'node.{n}, ' for n in names)})", scope)  # noqa: S102
    return scope["values"]


@dataclass(frozen=True, kw_only=True, slots=True)
class Node:
    """Anything that came from a source file."""

    span: Span

    def __reduce__(self) -> tuple:
        kind = type(self)
        values = _VALUES.get(kind)
        if values is None:
            values = _VALUES[kind] = _values(kind)
        memo = getattr(self, "__dict__", None)
        return (_make, (kind, *values(self), memo) if memo else (kind, *values(self)))


@dataclass(frozen=True, kw_only=True)
class Definition(Node):
    """A top-level block. ``override`` says it deliberately replaces a base-game name.
    Not slotted: what is worked out once per block is kept on it (model/walk.py)."""

    override: bool = False


@dataclass(frozen=True, kw_only=True, slots=True)
class Name(Node):
    """A name as written (bare word or quoted), with where it was written."""

    text: str

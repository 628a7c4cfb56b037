"""Source positions. Lines and columns are 1-based; the end column is exclusive.

Every node of the model is a frozen dataclass with slots: a project of 100,000 entries
holds millions of them, and an instance dictionary cost each about 100 bytes more (and
was made again, larger, for every node read back from the parse cache or from a parsing
process). Slots of a frozen class cannot be set by pickle's own loader, so a node
pickles as its class's maker and its field values (`Node.__reduce__`), and is rebuilt
by that maker (``Kind._rebuilt``) without running its checks again; a top-level block
keeps an instance dictionary (`Definition`) for what is memoised on it (its references,
model/walk.py), which is pickled with it.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable

from smersh_dsl.model.fast_init import quicken, setter
from smersh_dsl.records import dataclass


@quicken
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
        return Span._rebuilt, (self.file, self.line, self.column, self.end_line, self.end_column)

    @staticmethod
    def _rebuilt(file: str, line: int, column: int, end_line: int, end_column: int) -> Span:
        """A span read back, its line numbers shared: pickle makes every number above 256
        afresh, so a parse read back held two for nearly every span; one object for each
        line number, as the parse itself has them, is about 680 bytes less an entry."""
        return Span(file, _one(line, line), column, _one(end_line, end_line), end_column)


_new = object.__new__
_lines: dict[int, int] = {}
_one = _lines.setdefault        # the one int object of each line number


_MAKERS: dict[type, Callable[..., Any]] = {}


class _Rebuilt:
    """``Kind._rebuilt``: the function that makes a node of ``Kind`` from its field values
    (in field order) and, if one more value is given, what its instance dictionary held,
    without running its checks again: the inverse of ``Node.__reduce__``. Made once per
    class, and named by pickle as ``Kind._rebuilt``, so that reading a node back is one
    call of Python (a dispatch through one shared function made it two)."""

    def __get__(self, node: Any, kind: type) -> Callable[..., Any]:
        maker = _MAKERS.get(kind)
        if maker is None:
            maker = _MAKERS[kind] = _maker(kind)
        return maker


def _maker(kind: type) -> Callable[..., Any]:
    names = [f.name for f in dataclasses.fields(kind)]
    params = "".join(f"v{i}, " for i in range(len(names)))
    lines = [f"def _rebuilt({params}memo=None):", "    node = new(kind)"]
    lines += [f"    set{i}(node, v{i})" for i in range(len(names))]
    lines += ["    if memo:", "        node.__dict__.update(memo)", "    return node"]
    scope: dict[str, Any] = {"new": _new, "kind": kind}
    scope.update((f"set{i}", setter(kind, name)) for i, name in enumerate(names))
    exec("\n".join(lines), scope)       # noqa: S102  (field names of our own classes)
    maker = scope["_rebuilt"]
    maker.__module__, maker.__qualname__ = kind.__module__, f"{kind.__qualname__}._rebuilt"
    return maker


def _reducer(kind: type) -> Callable[[Any], tuple]:
    """``kind``'s own ``__reduce__``: its maker and its field values (and its instance
    dictionary, where it has one and it holds anything). It is put on the class, so later
    nodes go straight to it; a subclass's node met there is handed to the subclass's."""
    values = "".join(f"node.{f.name}, " for f in dataclasses.fields(kind))
    lines = ["def __reduce__(node):",
             "    if type(node) is not kind:",
             "        return reduce(node)"]
    if hasattr(kind, "__dictoffset__") and kind.__dictoffset__:
        lines += ["    memo = node.__dict__",
                  f"    if memo:\n        return make, ({values}memo)"]
    lines += [f"    return make, ({values})"]
    scope: dict[str, Any] = {"kind": kind, "make": kind._rebuilt, "reduce": _reduce}
    exec("\n".join(lines), scope)       # noqa: S102  (field names of our own classes)
    return scope["__reduce__"]


_REDUCERS: dict[type, Callable[[Any], tuple]] = {}


def _reduce(node: Any) -> tuple:
    kind = type(node)
    reduce = _REDUCERS.get(kind)
    if reduce is None:
        reduce = _REDUCERS[kind] = _reducer(kind)
        setattr(kind, "__reduce__", reduce)
    return reduce(node)


@dataclass(frozen=True, kw_only=True, slots=True)
class Node:
    """Anything that came from a source file."""

    span: Span
    _rebuilt = _Rebuilt()

    def __init_subclass__(cls) -> None:
        """A slotted node class gets the quicker ``__init__`` (model/fast_init.py) once
        ``@dataclass`` has made it: its slots make it a class again, which lands here."""
        if "__slots__" in cls.__dict__ and "__dataclass_fields__" in cls.__dict__:
            quicken(cls)

    def __reduce__(self) -> tuple:
        return _reduce(self)


@dataclass(frozen=True, kw_only=True)
class Definition(Node):
    """A top-level block. ``override`` says it deliberately replaces a base-game name.
    Not slotted: what is worked out once per block is kept on it (model/walk.py)."""

    override: bool = False


@dataclass(frozen=True, kw_only=True, slots=True)
class Name(Node):
    """A name as written (bare word or quoted), with where it was written."""

    text: str

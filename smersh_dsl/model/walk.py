"""Generic walks over the model: every reference, every node of a type.

Walks are the checker's inner loop, so the field names of each node class are looked up
once, and the references of a top-level block are computed once per block: blocks are
immutable, and a long-running process (the language server) re-walks only new ones.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from smersh_dsl.model.refs import Ref

_FIELDS: dict[type, tuple[str, ...]] = {}
_LEAVES = (str, int, float, bool, type(None))


def _field_names(kind: type) -> tuple[str, ...]:
    names = _FIELDS.get(kind)
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(kind) if f.name != "span")
        _FIELDS[kind] = names
    return names


def children(node: Any) -> Iterator[Any]:
    if isinstance(node, (tuple, list)):
        yield from node
    elif dataclasses.is_dataclass(node) and not isinstance(node, type):
        for name in _field_names(type(node)):
            yield getattr(node, name)


def nodes(node: Any, kind: type | tuple[type, ...]) -> Iterator[Any]:
    """Every node of ``kind`` inside ``node`` (itself included), in source order."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, kind):
            yield current
        if isinstance(current, _LEAVES) or isinstance(current, (str, bytes)):
            continue
        if isinstance(current, (tuple, list)):
            stack.extend(reversed(current))
        elif hasattr(type(current), "__dataclass_fields__"):
            stack.extend(getattr(current, name) for name in reversed(_field_names(type(current))))


_REFS = "_smersh_refs"


def refs(node: Any) -> Iterator[Ref]:
    """Every reference inside ``node``; memoised on the (immutable) node itself."""
    cached = getattr(node, _REFS, None) if hasattr(node, "__dict__") else None
    if cached is None:
        cached = tuple(nodes(node, Ref))
        if hasattr(node, "__dict__"):
            object.__setattr__(node, _REFS, cached)      # frozen: a cache, not a change
    return iter(cached)

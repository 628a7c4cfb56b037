"""Generic walks over the model: every reference, every node of a type."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from smersh_dsl.model.refs import Ref


def children(node: Any) -> Iterator[Any]:
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        for f in dataclasses.fields(node):
            if f.name != "span":
                yield getattr(node, f.name)
    elif isinstance(node, (tuple, list)):
        yield from node


def nodes(node: Any, kind: type | tuple[type, ...]) -> Iterator[Any]:
    """Every node of ``kind`` inside ``node`` (itself included), in source order."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, kind):
            yield current
        if isinstance(current, (str, int, float, bool)) or current is None:
            continue
        stack.extend(reversed(list(children(current))))


def refs(node: Any) -> Iterator[Ref]:
    return nodes(node, Ref)

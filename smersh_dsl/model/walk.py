"""Generic walks over the model: every reference, every node of a type.

Walks are the checker's inner loop, so the field names of each node class are looked up
once, and the references of a top-level block are computed once per block: blocks are
immutable, and a long-running process (the language server) re-walks only new ones.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Iterator
from enum import Enum
from operator import attrgetter
from types import UnionType
from typing import Any, Callable, Literal, Union

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


# Per class: a sequence (True), a leaf (False), or what gives its fields, last first.
_SHAPES: dict[type, Callable[[Any], tuple] | bool] = {}


def _shape(kind: type) -> Callable[[Any], tuple] | bool:
    if issubclass(kind, (tuple, list)):
        shape: Callable[[Any], tuple] | bool = True
    elif hasattr(kind, "__dataclass_fields__") and not issubclass(kind, type):
        names = tuple(reversed(_inner_names(kind)))
        if len(names) == 1:             # attrgetter of one name gives the value itself
            one = attrgetter(names[0])
            shape = lambda node: (one(node),)     # noqa: E731
        else:
            shape = attrgetter(*names) if names else (lambda node: ())
    else:
        shape = False                           # str, int, enums, None: nothing inside
    _SHAPES[kind] = shape
    return shape


def _inner_names(kind: type) -> tuple[str, ...]:
    """The fields of ``kind`` that may hold a node: not those declared to hold only text,
    numbers, truth values, enums or None, which the walk would visit only to find nothing
    inside (about half of what it met). Hints that cannot be read keep every field."""
    try:
        hints = typing.get_type_hints(kind)
    except Exception:       # a name only a type checker sees: walk every field
        return _field_names(kind)
    return tuple(name for name in _field_names(kind) if _may_hold(hints.get(name, Any)))


def _may_hold(hint: Any) -> bool:
    if typing.get_origin(hint) in (Union, UnionType):
        return any(_may_hold(arg) for arg in typing.get_args(hint))
    if typing.get_origin(hint) is Literal:
        return False
    return not (isinstance(hint, type) and issubclass(hint, (*_LEAVES, Enum)))


def nodes(node: Any, kind: type | tuple[type, ...]) -> Iterator[Any]:
    """Every node of ``kind`` (a class of the model) inside ``node`` (itself included),
    in source order. What each class holds is looked up once (this walk runs over every
    block of every file), and fields declared to hold no node are not walked into."""
    stack = [node]
    pop, push = stack.pop, stack.extend
    shapes = _SHAPES
    while stack:
        current = pop()
        if isinstance(current, kind):
            yield current
        shape = shapes.get(type(current))
        if shape is None:
            shape = _shape(type(current))
        if shape is True:
            push(reversed(current))
        elif shape:
            push(shape(current))


_REFS = "_smersh_refs"


def refs(node: Any) -> Iterator[Ref]:
    """Every reference inside ``node``; memoised on the (immutable) node itself."""
    cached = getattr(node, _REFS, None) if hasattr(node, "__dict__") else None
    if cached is None:
        cached = tuple(nodes(node, Ref))
        if hasattr(node, "__dict__"):
            object.__setattr__(node, _REFS, cached)      # frozen: a cache, not a change
    return iter(cached)

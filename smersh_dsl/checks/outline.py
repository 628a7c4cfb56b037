"""A file's outline: what a check other than the prose checks may read of it, with the
columns left out. Two parses whose outlines are equal hold the same blocks, names,
numbers and effects on the same lines; only the writer's prose and the columns may
differ, and the spans (``Outline.spans``, in the same order for both) say where each node
moved along its line (checks/relocate.py)."""

from __future__ import annotations

import hashlib
import io
import pickle
from operator import attrgetter
from typing import Any

from smersh_dsl.model.document import SourceFile
from smersh_dsl.model.span import Span
from smersh_dsl.model.steps import Prose
from smersh_dsl.records import dataclass


@dataclass(frozen=True)
class Outline:
    digest: bytes
    spans: tuple[Span, ...]          # every node's span, in the order the outline met them


class _Outliner(pickle.Pickler):
    """Pickles a file's model without its text, its prose and its columns, each node as
    its fields alone (not what a walk cached on it, ``model/walk.py``'s refs); ``fast``:
    no memo, so the bytes do not depend on which equal objects a parse happened to share."""

    def __init__(self, out: io.BytesIO) -> None:
        super().__init__(out, protocol=pickle.HIGHEST_PROTOCOL)
        self.fast = True
        self.spans: list[Span] = []

    def reducer_override(self, obj: Any) -> Any:
        kind = type(obj)
        shape = _SHAPES.get(kind)
        if shape is None:
            shape = _SHAPES[kind] = _shape(kind)
        if shape is _PLAIN:
            return NotImplemented
        if shape is _SPAN:
            self.spans.append(obj)
            return tuple, (("Span", obj.file, obj.line, obj.end_line),)
        name, fields = shape
        return tuple, ((name, *fields(obj)),)


_PLAIN, _SPAN = object(), object()
# Per type met: _PLAIN (pickled as it is), _SPAN, or its name and what of it is kept (a
# getter of its fields' values, as a tuple): one dict lookup an object instead of a
# string of isinstance tests (the outline is most of a warm re-check's own work).
_SHAPES: dict[type, Any] = {}


def _shape(kind: type) -> Any:
    if issubclass(kind, Span):
        return _SPAN
    if issubclass(kind, Prose):
        return "Prose", _getter(("span",))
    if issubclass(kind, SourceFile):
        return "SourceFile", _getter(("path", "definitions", "comments", "lost"))
    fields = getattr(kind, "__dataclass_fields__", None)
    if fields is None:
        return _PLAIN
    return kind.__qualname__, _getter(tuple(fields))


def _getter(names: tuple[str, ...]) -> Any:
    """The values of ``names`` of an object, as a tuple (attrgetter gives a lone value
    for one name)."""
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return attrgetter(*names)


def outline(source: SourceFile) -> Outline:
    out = io.BytesIO()
    outliner = _Outliner(out)
    try:
        outliner.dump(source)
    except (pickle.PicklingError, RecursionError, TypeError):
        return Outline(b"?%d" % id(source), ())     # equal to no other file's: checks run again
    return Outline(hashlib.blake2b(out.getvalue(), digest_size=20).digest(), tuple(outliner.spans))

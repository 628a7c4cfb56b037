"""A quicker ``__init__`` for the model's frozen, slotted dataclasses.

A frozen dataclass's own ``__init__`` sets each field through ``object.__setattr__``
(looked up by name, at each call, to get past the frozen ``__setattr__``). A cold check
of 10,000 entries makes about 400,000 nodes and spans while it parses, and measured on
the 2-core machine (issue #31) that ``__init__`` took about 3 us a span; setting each slot
through its own descriptor (``Kind.field.__set__``, found once per class) takes about
half that. The new ``__init__`` has the very signature of the old (the same parameters,
positional or keyword-only, the same defaults), and sets the same fields to the same
values; the instances are the same in every other way (still frozen, equal, pickled
alike). A class this does not know how to speed up (a field with a default factory or
left out of ``__init__``, a ``__post_init__``) keeps the dataclass's ``__init__``.
"""

from __future__ import annotations

import dataclasses
from functools import partial
from types import MemberDescriptorType
from typing import Any

from smersh_dsl.records import code_of

_MISSING = dataclasses.MISSING


def quicken(kind: type) -> type:
    """Give ``kind`` (a frozen dataclass) the quicker ``__init__`` where it can have one,
    and hand it back (so it serves as a decorator, outside ``@dataclass``)."""
    fields = [f for f in getattr(kind, "__dataclass_fields__", {}).values()
              if f._field_type is dataclasses._FIELD]      # type: ignore[attr-defined]
    if (not fields or hasattr(kind, "__post_init__")
            or any(not f.init or f.default_factory is not _MISSING for f in fields)):
        return kind
    kind.__init__ = _on_first_use(kind, fields)    # type: ignore[misc]
    return kind


def _on_first_use(kind: type, fields: list) -> Any:
    """An ``__init__`` that makes the quicker one at its first call and hands over to it:
    writing out some 80 classes' ``__init__`` when the model is imported took about
    50 ms, which a warm re-check (which makes few nodes of most classes) would pay for
    nothing. It names the dataclass's own as ``__wrapped__``, so ``inspect.signature``
    gives that one's signature, which is the quicker one's too."""
    made = kind.__init__

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        quick = _init(kind, fields, {f.name: setter(kind, f.name) for f in fields})
        kind.__init__ = quick       # type: ignore[misc]
        quick(self, *args, **kwargs)
    __init__.__wrapped__ = made     # type: ignore[attr-defined]
    __init__.__doc__ = made.__doc__
    __init__.__qualname__ = f"{kind.__qualname__}.__init__"
    return __init__


def setter(kind: type, name: str) -> Any:
    """The slot descriptor's ``__set__`` of field ``name``, or, for a field kept in the
    instance's dictionary (a top-level block's ``override``), what the dataclass uses."""
    for klass in kind.__mro__:
        found = klass.__dict__.get(name)
        if isinstance(found, MemberDescriptorType):
            return found.__set__
    return partial(_put_named, name)


def _put_named(name: str, node: Any, value: Any) -> None:
    object.__setattr__(node, name, value)


def _init(kind: type, fields: list, setters: dict[str, Any]) -> Any:
    """The ``__init__``: parameters in the dataclass's order (positional ones first, then
    keyword-only ones after ``*``), each field set through its slot."""
    scope: dict[str, Any] = {f"set_{name}": put for name, put in setters.items()}
    positional = [f for f in fields if not f.kw_only]
    keyword = [f for f in fields if f.kw_only]
    params = []
    for field in positional + keyword:
        if field is (keyword[0] if keyword else None):
            params.append("*")
        if field.default is _MISSING:
            params.append(field.name)
        else:
            scope[f"default_{field.name}"] = field.default
            params.append(f"{field.name}=default_{field.name}")
    lines = [f"def __init__(self, {', '.join(params)}):"]
    lines += [f"    set_{f.name}(self, {f.name})" for f in fields]
    exec(code_of("\n".join(lines)), scope)   # noqa: S102  (field names of our own classes)
    init = scope["__init__"]
    init.__module__, init.__qualname__ = kind.__module__, f"{kind.__qualname__}.__init__"
    init.__doc__ = kind.__init__.__doc__
    init.__wrapped__ = kind.__init__.__wrapped__     # the dataclass's own, for inspect
    return init

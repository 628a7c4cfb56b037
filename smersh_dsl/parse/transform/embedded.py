"""The model builder run inside Lark's parser: no parse tree is built, and no second pass
walks one. Each rule's method runs when the LALR parser reduces the rule, with the same
positions Lark's `propagate_positions` would have given its tree node.

Lark's own embedded transformers get no positions (`v_args(meta=True)` is refused there),
so the callback Lark would make for each rule is replaced by one that sees the
reduction's raw children (keywords and braces included), shapes them as Lark would, and
places the result. A rule's stretch of text runs
from its first positioned child to its last, as in Lark: a token by its own position, a
reduced rule by the stretch it was reduced from. A rule Lark passes through (`?rule` with
one child) takes its parent's wider stretch, as Lark's "container" positions do; the
value inside it was built with its own.

Profiled on 10,000 entries, building trees with positions and then transforming them cost
as much as lexing and parsing together; this does the same work in about half that.
"""

from __future__ import annotations

import threading
from functools import partial
from types import SimpleNamespace
from typing import Any, Callable

from lark import Lark, Token
from lark.parse_tree_builder import ChildFilterLALR_NoPlaceholders, ExpandSingleChild


class Where:
    """A reduced rule's value and the stretch of text the rule matched. It is what the
    model builder's methods get as ``meta``; ``line`` is None when nothing was matched."""

    __slots__ = ("value", "line", "column", "end_line", "end_column")

    def __init__(self, value: Any, line: int | None, column: int | None,
                 end_line: int | None, end_column: int | None) -> None:
        self.value = value
        self.line = line
        self.column = column
        self.end_line = end_line
        self.end_column = end_column


class Inline:
    """A `_rule`, which Lark splices into its parent: its children and their stretch."""

    __slots__ = ("data", "children", "line", "column", "end_line", "end_column")

    def __init__(self, data: str, children: list) -> None:
        self.data = data
        self.children = children
        self.line = self.column = self.end_line = self.end_column = None


class _Reduction(threading.local):
    """The builder the rule methods build with (one parse at a time in a thread)."""

    builder: Any = None


_now = _Reduction()


def callbacks(methods: dict[str, Callable]) -> SimpleNamespace:
    """What Lark takes as `transformer=`: the builder's methods by rule name, which
    `EmbeddedLark` turns into one callback per rule (see `fused_callbacks`)."""
    return SimpleNamespace(**methods)


# How Lark shapes a rule's children: the name of the builder's method (or of the `_rule`),
# whether a `?rule` passes one child through, which children are kept (index, spliced)
# or None for all, and whether the rule is one symbol kept. Plain data, so the driver's
# image (parse/driver_image.py) can keep it.
Shape = tuple[str, bool, "tuple | None", bool]


def fused_callbacks(lark: Lark) -> dict:
    """Per rule, the callback Lark's parser calls when it reduces the rule: Lark's filter
    of the children (keywords dropped, `_rule`s spliced in, `?rule`s passed through), the
    rule's stretch of text, and the builder's method for the rule (or, for a `_rule`, an
    `Inline` of its children), all in one call."""
    transformer = lark.options.transformer
    return {rule: fuse(shape, transformer) for rule, shape in rule_shapes(lark).items()}


def rule_shapes(lark: Lark) -> dict:
    """Each rule's `Shape`, read from Lark's own parse-tree builder; a shape it does not
    know (another Lark, other options) is an error here rather than a wrong model later."""
    shapes = {}
    for rule, chain in lark._parse_tree_builder.rule_builders:
        expand1, keep = False, None
        for wrapper in chain:
            if wrapper is ExpandSingleChild:
                expand1 = True
            elif isinstance(wrapper, partial) and wrapper.func is ChildFilterLALR_NoPlaceholders:
                keep = tuple(wrapper.args[0])
            else:
                raise TypeError(f"rule {rule}: Lark shapes its children with {wrapper!r}, "
                                "which the model builder does not know")
        name = rule.alias or rule.options.template_source or rule.origin.name
        shapes[rule] = (name, expand1, keep, keep is None and len(rule.expansion) == 1)
    return shapes


def fuse(shape: Shape, transformer: Any) -> Callable[[list], Any]:
    """The callback of a rule of ``shape``, building with ``transformer``'s method."""
    name, expand1, keep, unit = shape
    function = getattr(transformer, name, None)
    return _fused_unit(name, expand1, function) if unit else _fused(name, expand1, keep, function)


def _fused_unit(name: str, expand1: bool,
                function: Callable[[Any, Where, list], Any] | None) -> Callable[[list], Any]:
    """`_fused` for a rule of one symbol, kept (over half of all reductions): the stretch
    is the child's own, so a `?rule` passes the child on untouched."""
    if expand1:
        return _first
    if function is None:
        def inline(children: list) -> Inline:
            child, result = children[0], Inline(name, children)
            if child.line is not None:
                result.line, result.column = child.line, child.column
                result.end_line, result.end_column = child.end_line, child.end_column
            return result
        return inline

    def build(children: list) -> Where:
        child = children[0]
        where = Where(None, child.line, child.column, child.end_line, child.end_column)
        where.value = function(_now.builder, where,
                               [child.value if type(child) is Where else child])
        return where
    return build


def _first(children: list) -> Any:
    return children[0]


def _fused(name: str, expand1: bool, keep: tuple | None,
           function: Callable[[Any, Where, list], Any] | None) -> Callable[[list], Any]:
    """A rule's callback: its stretch from the raw children, the children Lark keeps
    (``keep``: index and whether to splice a `_rule`'s), then the value."""
    def reduce(children: list) -> Any:
        if not children:
            first = last = None
        else:       # nearly always the first and last child have a place: no search
            first, last = children[0], children[-1]
            if first.line is None:
                first = next((child for child in children if child.line is not None), None)
            if first is not None and last.line is None:
                last = next(child for child in reversed(children) if child.line is not None)
        if keep is None:
            kept = children
        else:
            kept = []
            for index, splice in keep:
                if not splice:
                    kept.append(children[index])
                elif kept:
                    kept += children[index].children
                else:
                    kept = children[index].children
        if expand1 and len(kept) == 1:
            result = kept[0]
        elif function is None:
            result = Inline(name, kept)
        else:
            result = (Where(None, None, None, None, None) if first is None else
                      Where(None, first.line, first.column, last.end_line, last.end_column))
            result.value = function(_now.builder, result,
                                    [c.value if type(c) is Where else c for c in kept])
            return result       # placed already
        if first is not None and type(result) is not Token:
            # A `_rule`, or a child passed through: both take this rule's stretch, as
            # Lark's containers do.
            result.line, result.column = first.line, first.column
            result.end_line, result.end_column = last.end_line, last.end_column
        return result
    return reduce


class EmbeddedLark(Lark):
    """Lark, with a callback per rule that builds the model (see `fused_callbacks`)."""

    def _prepare_callbacks(self) -> None:
        super()._prepare_callbacks()
        self._callbacks.update(fused_callbacks(self))


def parse_with(parser: Any, builder: Any, text: str) -> Any:
    """Parse ``text`` with a Lark parser or parse/driver.py's loop, building the model with
    ``builder``; the start rule's value. The builder stays in place after a syntax error,
    for the error's interactive parser (which reduces rules too when the error report
    tries what would have fitted)."""
    _now.builder = builder
    return parser.parse(text).value

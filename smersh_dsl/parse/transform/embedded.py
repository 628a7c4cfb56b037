"""The model builder run inside Lark's parser: no parse tree is built, and no second pass
walks one. Each rule's method runs when the LALR parser reduces the rule, with the same
positions Lark's `propagate_positions` would have given its tree node.

Lark's own embedded transformers get no positions (`v_args(meta=True)` is refused there),
so the callbacks Lark makes are wrapped once more, outermost, where a reduction's raw
children (keywords and braces included) are still visible. A rule's stretch of text runs
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
    """What the outermost wrapper found, for the rule's method (one reduction at a time)."""

    builder: Any = None
    first: Any = None
    last: Any = None


_now = _Reduction()


def _positioned(inner: Callable[[list], Any]) -> Callable[[list], Any]:
    def reduce(children: list) -> Any:
        first = last = None
        for child in children:
            if child.line is not None:
                first = child
                break
        if first is not None:
            for child in reversed(children):
                if child.line is not None:
                    last = child
                    break
        _now.first, _now.last = first, last
        result = inner(children)
        if first is not None and type(result) is not Token:
            # A fresh value (already placed), a `_rule`, or a child passed through: all
            # take this rule's stretch, as Lark's containers do.
            result.line, result.column = first.line, first.column
            result.end_line, result.end_column = last.end_line, last.end_column
        return result
    return reduce


def _method(function: Callable[[Any, Where, list], Any]) -> Callable[[list], Where]:
    def call(children: list) -> Where:
        first, last = _now.first, _now.last
        where = (Where(None, None, None, None, None) if first is None else
                 Where(None, first.line, first.column, last.end_line, last.end_column))
        where.value = function(_now.builder, where,
                               [c.value if type(c) is Where else c for c in children])
        return where
    call.function = function     # type: ignore[attr-defined]   for fused_callbacks
    return call


def callbacks(methods: dict[str, Callable]) -> SimpleNamespace:
    """What Lark takes as `transformer=`: a callback per rule, from the builder's methods."""
    return SimpleNamespace(**{name: _method(f) for name, f in methods.items()})


def fused_callbacks(lark: Lark) -> dict | None:
    """Per rule, one function doing what `_positioned`, Lark's filter of the children
    (keywords dropped, `_rule`s spliced in, `?rule`s passed through) and `_method` do in
    turn: one call per reduction instead of three or four, for the fused loop of
    parse/driver.py. None when Lark built a rule's callback from parts not known here."""
    transformer = lark.options.transformer
    fused = {}
    for rule, chain in lark._parse_tree_builder.rule_builders:
        expand1, keep = False, None
        for wrapper in chain:
            if wrapper is ExpandSingleChild:
                expand1 = True
            elif isinstance(wrapper, partial) and wrapper.func is ChildFilterLALR_NoPlaceholders:
                keep = tuple(wrapper.args[0])
            else:
                return None
        name = rule.alias or rule.options.template_source or rule.origin.name
        method = getattr(transformer, name, None)
        function = getattr(method, "function", None)
        if method is not None and function is None:
            return None
        fused[rule] = (_fused_unit(name, expand1, function)
                       if keep is None and len(rule.expansion) == 1 else
                       _fused(name, expand1, keep, function))
    return fused


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
    def reduce(children: list) -> Any:
        first = last = None
        for child in children:
            if child.line is not None:
                first = child
                break
        if first is not None:
            for child in reversed(children):
                if child.line is not None:
                    last = child
                    break
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
        if first is not None and type(result) is not Token:
            result.line, result.column = first.line, first.column
            result.end_line, result.end_column = last.end_line, last.end_column
        return result
    return reduce


class EmbeddedLark(Lark):
    """Lark, with every rule callback wrapped to keep positions (see the module text)."""

    def _prepare_callbacks(self) -> None:
        super()._prepare_callbacks()
        for key, callback in list(self._callbacks.items()):
            if not isinstance(key, str):       # rules; lexer callbacks are keyed by name
                self._callbacks[key] = _positioned(callback)


def parse_with(parser: Any, builder: Any, text: str) -> Any:
    """Parse ``text`` with a Lark parser or parse/driver.py's loop, building the model with
    ``builder``; the start rule's value. The builder stays in place after a syntax error,
    for the error's interactive parser (which reduces rules too when the error report
    tries what would have fitted)."""
    _now.builder = builder
    return parser.parse(text).value

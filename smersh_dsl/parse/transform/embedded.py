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

from smersh_dsl.records import code_of


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
    (``keep``: index and whether to splice a `_rule`'s), then the value. Written out as
    code for each way of keeping children (`_reducer_source`): a loop over ``keep`` and a
    comprehension over the kept children, run at every reduction, were a third of the
    time the model builder took."""
    maker = _REDUCERS.get((expand1, keep, function is None))
    if maker is None:
        scope: dict[str, Any] = {"Where": Where, "Inline": Inline, "Token": Token, "now": _now}
        exec(code_of(_reducer_source(expand1, keep, function is None)), scope)  # noqa: S102
        maker = _REDUCERS[(expand1, keep, function is None)] = scope["make"]
    return maker(name, function)


_REDUCERS: dict[tuple, Callable[[str, Any], Callable[[list], Any]]] = {}


def _reducer_source(expand1: bool, keep: tuple | None, inline: bool) -> str:
    """The source of a maker of reduction callbacks for one way of keeping children (see
    `_fused`), doing what the general loop over ``keep`` did, in the same order."""
    lines = ["def make(name, function):", "  def reduce(children):",
             "    if not children:", "      first = last = None", "    else:",
             "      first, last = children[0], children[-1]",
             "      if first.line is None:",
             "        first = next((c for c in children if c.line is not None), None)",
             "      if first is not None and last.line is None:",
             "        last = next(c for c in reversed(children) if c.line is not None)"]
    plain = keep is not None and not any(splice for _, splice in keep)
    if keep is None:
        lines.append("    kept = children")
    elif plain:
        lines += [f"    k{n} = children[{index}]" for n, (index, _) in enumerate(keep)]
        lines.append("    kept = [%s]" % "".join(f"k{n}, " for n in range(len(keep))))
    else:
        lines.append("    kept = []")
        filled = False                 # whether a child was appended, so kept is not empty
        for index, splice in keep:
            if not splice:
                lines.append(f"    kept.append(children[{index}])")
                filled = True
            elif filled:
                lines.append(f"    kept += children[{index}].children")
            else:
                lines += ["    if kept:", f"      kept += children[{index}].children",
                          "    else:", f"      kept = children[{index}].children"]
    if expand1:
        lines += ["    if len(kept) == 1:", "      result = kept[0]", "    else:"]
    else:
        lines.append("    if True:")
    if inline:
        lines.append("      result = Inline(name, kept)")
    else:
        values = ("[%s]" % "".join(f"k{n}.value if type(k{n}) is Where else k{n}, "
                                   for n in range(len(keep or ())))
                  if plain else "[c.value if type(c) is Where else c for c in kept]")
        lines += ["      result = (Where(None, None, None, None, None) if first is None else",
                  "                Where(None, first.line, first.column, last.end_line, last.end_column))",
                  f"      result.value = function(now.builder, result, {values})",
                  "      return result"]
    lines += ["    if first is not None and type(result) is not Token:",
              "      result.line, result.column = first.line, first.column",
              "      result.end_line, result.end_column = last.end_line, last.end_column",
              "    return result", "  return reduce"]
    return "\n".join(lines)


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

"""Shared helpers of the transformer: spans, names, strings, invalid values."""

from __future__ import annotations

from sys import intern
from typing import Any

from lark import Token

from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.art import Art, CardBack, Fit, Icon
from smersh_dsl.model.refs import Ref, RefKind
from smersh_dsl.model.span import Name, Span
from smersh_dsl.parse.text import unquote
from smersh_dsl.parse.transform.embedded import Where


MAX_DEPTH = 64      # blocks inside blocks, conditions inside conditions (S006)


class BaseBuilder:
    """Base of the model builder; mixins add one method per grammar rule, called as
    ``method(self, meta, children)`` when the parser reduces that rule (see embedded.py)."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.diagnostics: list[Diagnostic] = []
        self.too_deep: Diagnostic | None = None
        self._depths: dict[int, tuple[int, Any]] = {}

    # -- positions
    def _span(self, meta: Where) -> Span:
        if meta.line is None:
            return Span(self.file, 1, 1, 1, 1)
        return Span(self.file, meta.line, meta.column, meta.end_line, meta.end_column)

    def _token_span(self, token: Token) -> Span:
        return Span(self.file, token.line or 1, token.column or 1,
                    token.end_line or token.line or 1, token.end_column or (token.column or 1) + 1)

    def _deeper(self, meta: Where, inner: Any, outer: Any, levels: int = 1) -> Any:
        """Note that ``outer`` holds ``inner``, ``levels`` deeper, in a chain no brace shows
        (`not not ...`, `else if ... else if ...`); past MAX_DEPTH it is S006, once. The
        entry keeps ``outer`` alive, so its id is not reused while the file is built."""
        depth = self._depths.get(id(inner), (0, None))[0] + levels
        self._depths[id(outer)] = (depth, outer)
        if depth > MAX_DEPTH and self.too_deep is None:
            self.too_deep = Diagnostic.of(
                "S006", Span.point(self.file, meta.line or 1, meta.column or 1),
                f"conditions are nested more than {MAX_DEPTH} deep here",
                "no encounter needs this many `not`s or `else if`s in a row")
        return outer

    # -- values
    def _invalid(self, span: Span, message: str, hint: str | None = None) -> None:
        self.diagnostics.append(Diagnostic.of("S005", span, message, hint))

    def _positive(self, meta: Where, value: int, what: str, hint: str) -> int:
        """``value``, reporting S005 when it is below 1 (a count that must be at least 1)."""
        if value < 1:
            self._invalid(self._span(meta), f"{what} of {value}", hint)
        return value

    def _text(self, token: Token) -> str:
        return unquote(str(token))

    def _as_name(self, item: Any) -> Name:
        """A name's text is interned: the same few names (skills, statuses, places) are
        written again and again, and one string each is about 170 bytes less an entry."""
        if isinstance(item, Name):
            return item
        return Name(text=intern(self._text(item) if item.type == "STRING" else str(item)),
                    span=self._token_span(item))

    def _ref(self, kind: RefKind, item: Any) -> Ref:
        name = self._as_name(item)
        return Ref(kind=kind, name=name.text, span=name.span)

    # -- rules shared by every construct
    def name(self, meta: Where, children: list) -> Name:
        return self._as_name(children[0])

    def names(self, meta: Where, children: list) -> tuple[Name, ...]:
        return tuple(children)

    def signed(self, meta: Where, children: list) -> int:
        return int(children[0])

    def amount(self, meta: Where, children: list) -> int:
        return int(children[0])

    def range(self, meta: Where, children: list) -> tuple[int, ...]:
        low, high = int(children[0]), int(children[1])
        if high - low > 1000:
            self._invalid(self._span(meta), f"the range {low}..{high} is too wide",
                          "a range here counts dice faces or players: a few values")
            return ()
        if low > high:
            self._invalid(self._span(meta), f"the range {low}..{high} is empty",
                         f"write the smaller number first: {high}..{low}")
            return ()
        return tuple(range(low, high + 1))

    def values(self, meta: Where, children: list) -> tuple[str, tuple[int, ...]]:
        if len(children) == 1 and isinstance(children[0], tuple):
            return ("values", self._die_values(meta, children[0]))
        return ("values", self._die_values(meta, tuple(sorted({int(c) for c in children}))))

    def _die_values(self, meta: Where, values: tuple[int, ...]) -> tuple[int, ...]:
        """Die values a deck or place uses: a die shows 1 to 6."""
        wrong = [v for v in values if not 1 <= v <= 6]
        if wrong:
            self._invalid(self._span(meta), f"a die value of {wrong[0]}",
                          "a die shows 1 to 6 (EP-ENC-3: the fate die gives 1-5)")
        return values

    def version(self, meta: Where, children: list) -> tuple[str, str]:
        return ("version", self._text(children[0]))

    def flavour(self, meta: Where, children: list) -> tuple[str, str]:
        return ("flavour", self._text(children[0]))

    def _keyword(self, children: list) -> str:
        return str(children[0])

    # -- art and icons, wherever they are written
    def art(self, meta: Where, children: list) -> Art:
        path, *rest = children
        fields: dict = {}
        for item in rest:
            if isinstance(item, Fit):
                fields["fit"] = item
            else:
                fields["credit"] = item
        return Art(span=self._span(meta), path=self._text(path),
                   path_span=self._token_span(path), **fields)

    def art_fit(self, meta: Where, children: list) -> Fit:
        return Fit(self._keyword(children))

    def art_credit(self, meta: Where, children: list) -> str:
        return self._text(children[0])

    def icon(self, meta: Where, children: list) -> Icon:
        return Icon(span=self._span(meta), name=children[0], path=self._text(children[1]),
                    path_span=self._token_span(children[1]))

    def card_back(self, meta: Where, children: list) -> CardBack:
        return CardBack(span=self._span(meta), deck=children[0], art=children[1])

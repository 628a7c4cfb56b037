"""Agents of S.M.U.S.H. blocks."""

from __future__ import annotations

from lark import v_args
from lark.tree import Meta

from smersh_dsl.model.cardgame import (Boost, CardFace, CardGameDef, DefenceCard, Direction,
                                       SmushGadgetCard, StrengthBonus)
from smersh_dsl.model.refs import RefKind
from smersh_dsl.parse.transform.base import BaseBuilder


@v_args(meta=True)
class CardGameBuilder(BaseBuilder):
    def cardgame(self, meta: Meta, children: list) -> CardGameDef:
        key, title, *items = children
        fields: dict = {"rules": ()}
        for name, value in items:
            fields[name] = fields["rules"] + tuple(value) if name == "rules" else value
        return CardGameDef(span=self._span(meta), key=self._as_name(key), title=self._text(title),
                           **fields)

    def types(self, meta: Meta, children: list) -> tuple:
        return ("types", children[0])

    def gadget_card(self, meta: Meta, children: list) -> SmushGadgetCard:
        return SmushGadgetCard(span=self._span(meta), number=int(children[0]),
                               halves=tuple(children[1:]))

    def defence_card(self, meta: Meta, children: list) -> DefenceCard:
        return DefenceCard(span=self._span(meta), number=int(children[0]),
                           faces=tuple(children[1:]))

    def _face(self, meta: Meta, children: list) -> CardFace:
        name, *powers = children
        fields: dict = {"bonuses": tuple(p for p in powers if isinstance(p, StrengthBonus))}
        for power in powers:
            if isinstance(power, Boost):
                fields["boost"] = power
            elif isinstance(power, tuple):
                fields[power[0]] = power[1]
        return CardFace(span=self._span(meta), name=name, **fields)

    half = face = _face

    def card_type(self, meta: Meta, children: list) -> tuple:
        return ("type", self._ref(RefKind.CARD_TYPE, children[0]))

    def strength(self, meta: Meta, children: list) -> tuple:
        value = int(children[0])
        if value < 0:
            self._invalid(self._span(meta), f"a strength of {value}",
                          "strengths are never negative; a penalty is a `bonus -N` (SM-CARD-1)")
        return ("strength", value)

    def boost(self, meta: Meta, children: list) -> Boost:
        return Boost(span=self._span(meta), cost=int(children[0]), amount=int(children[1]))

    def card_bonus(self, meta: Meta, children: list) -> StrengthBonus:
        amount, direction, condition = children
        return StrengthBonus(span=self._span(meta), amount=int(amount),
                             direction=Direction(direction),
                             condition=self._ref(RefKind.CARD_OR_TYPE, condition))

    def direction(self, meta: Meta, children: list) -> str:
        return self._keyword(children)

    def flip_power(self, meta: Meta, children: list) -> tuple:
        return ("flip", self._text(children[0]))

    def on_bypass(self, meta: Meta, children: list) -> tuple:
        return ("on_bypass", self._text(children[0]))

    def passive(self, meta: Meta, children: list) -> tuple:
        return ("passive", self._text(children[0]))

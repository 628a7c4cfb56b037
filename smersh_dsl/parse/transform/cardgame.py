"""Agents of S.M.U.S.H. blocks."""

from __future__ import annotations

from smersh_dsl.model.art import Art
from smersh_dsl.model.cardgame import (Boost, CardFace, CardGameDef, DefenceCard, Direction,
                                       Power, PowerEffect, PowerKind, PowerSlot,
                                       SmushGadgetCard, StrengthBonus)
from smersh_dsl.model.refs import RefKind
from smersh_dsl.parse.transform.base import BaseBuilder
from smersh_dsl.parse.transform.embedded import Where


class CardGameBuilder(BaseBuilder):
    def cardgame(self, meta: Where, children: list) -> CardGameDef:
        key, title, *items = children
        fields: dict = {"rules": ()}
        for item in items:
            if isinstance(item, Art):
                fields.setdefault("cover", item)
                continue
            name, value = item
            fields[name] = fields["rules"] + tuple(value) if name == "rules" else value
        return CardGameDef(span=self._span(meta), key=self._as_name(key), title=self._text(title),
                           **fields)

    def types(self, meta: Where, children: list) -> tuple:
        return ("types", children[0])

    def gadget_card(self, meta: Where, children: list) -> SmushGadgetCard:
        number, *items = children
        return SmushGadgetCard(span=self._span(meta), number=int(number), art=_art(items),
                               halves=tuple(i for i in items if isinstance(i, CardFace)))

    def defence_card(self, meta: Where, children: list) -> DefenceCard:
        number, *items = children
        return DefenceCard(span=self._span(meta), number=int(number), art=_art(items),
                           faces=tuple(i for i in items if isinstance(i, CardFace)))

    def _face(self, meta: Where, children: list) -> CardFace:
        name, *powers = children
        fields: dict = {"bonuses": tuple(p for p in powers if isinstance(p, StrengthBonus))}
        for power in powers:
            if isinstance(power, Boost):
                fields["boost"] = power
            elif isinstance(power, tuple):
                fields[power[0]] = power[1]
        return CardFace(span=self._span(meta), name=name, **fields)

    half = face = _face

    def card_type(self, meta: Where, children: list) -> tuple:
        return ("type", self._ref(RefKind.CARD_TYPE, children[0]))

    def strength(self, meta: Where, children: list) -> tuple:
        value = int(children[0])
        if value < 0:
            self._invalid(self._span(meta), f"a strength of {value}",
                          "strengths are never negative; a penalty is a `bonus -N` (SM-CARD-1)")
        return ("strength", value)

    def boost(self, meta: Where, children: list) -> Boost:
        return Boost(span=self._span(meta), cost=int(children[0]), amount=int(children[1]))

    def card_bonus(self, meta: Where, children: list) -> StrengthBonus:
        amount, direction, condition = children
        return StrengthBonus(span=self._span(meta), amount=int(amount),
                             direction=Direction(direction),
                             condition=self._ref(RefKind.CARD_OR_TYPE, condition))

    def direction(self, meta: Where, children: list) -> str:
        return self._keyword(children)

    def _power(self, meta: Where, slot: PowerSlot, children: list) -> tuple:
        effect = children[1] if len(children) > 1 else None
        return (slot.value, Power(span=self._span(meta), slot=slot, text=self._text(children[0]),
                                  effect=effect))

    def flip_power(self, meta: Where, children: list) -> tuple:
        return self._power(meta, PowerSlot.FLIP, children)

    def on_bypass(self, meta: Where, children: list) -> tuple:
        return self._power(meta, PowerSlot.ON_BYPASS, children)

    def passive(self, meta: Where, children: list) -> tuple:
        return self._power(meta, PowerSlot.PASSIVE, children)

    def power_effect(self, meta: Where, children: list) -> PowerEffect:
        kind, fields = children[0]
        return PowerEffect(span=self._span(meta), kind=kind, **fields)

    # -- one method per effect kind: (kind, fields of PowerEffect)
    def _count(self, meta: Where, token: object, what: str) -> int:
        return self._positive(meta, int(str(token)), what,
                              "write at least 1, or leave the effect out")

    def pw_gain_cp(self, meta: Where, children: list) -> tuple:
        return (PowerKind.GAIN_CP, {"amount": self._count(meta, children[0], "a CP gain")})

    def pw_lose_cp(self, meta: Where, children: list) -> tuple:
        return (PowerKind.LOSE_CP, {"amount": self._count(meta, children[0], "a CP loss"),
                                    "unless_gadget": len(children) > 1})

    def pw_unless_gadget(self, meta: Where, children: list) -> bool:
        return True

    def pw_weaken(self, meta: Where, children: list) -> tuple:
        return (PowerKind.WEAKEN, {"amount": self._count(meta, children[0], "a weakening")})

    def pw_boost_cost(self, meta: Where, children: list) -> tuple:
        return (PowerKind.BOOST_COST, {"amount": int(children[0])})

    def pw_swap_next(self, meta: Where, children: list) -> tuple:
        return (PowerKind.SWAP_NEXT, {"ransom": int(children[0]) if children else 0})

    def pw_deny_flips(self, meta: Where, children: list) -> tuple:
        return (PowerKind.DENY_FLIPS, {"gift": int(children[0]) if children else 0})

    def pw_move_henchman(self, meta: Where, children: list) -> tuple:
        return (PowerKind.MOVE_HENCHMAN, {"direction": Direction(children[0])})

    def pw_bypass(self, meta: Where, children: list) -> tuple:
        return (PowerKind.BYPASS, {})

    def pw_peek(self, meta: Where, children: list) -> tuple:
        return (PowerKind.PEEK, {})

    def pw_return_henchman(self, meta: Where, children: list) -> tuple:
        return (PowerKind.RETURN_HENCHMAN, {})

    def pw_swap_adjacent(self, meta: Where, children: list) -> tuple:
        return (PowerKind.SWAP_ADJACENT, {})

    def pw_no_tokens(self, meta: Where, children: list) -> tuple:
        return (PowerKind.NO_TOKENS, {})

    def pw_flip_immune(self, meta: Where, children: list) -> tuple:
        return (PowerKind.FLIP_IMMUNE, {})


def _art(items: list) -> Art | None:
    return next((i for i in items if isinstance(i, Art)), None)

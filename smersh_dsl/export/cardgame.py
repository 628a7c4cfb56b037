"""Agents of S.M.U.S.H. as JSON: the rules, the types, gadget and defence cards (SM-*)."""

from __future__ import annotations

from smersh_dsl.export.steps import Json, with_source
from smersh_dsl.model.cardgame import CardFace, DefenceCard, SmushGadgetCard


def face_json(face: CardFace) -> Json:
    return {"name": face.name.text, "type": face.type.name if face.type else None,
            "strength": face.strength,
            "boost": None if face.boost is None else {"cost": face.boost.cost,
                                                      "amount": face.boost.amount},
            "bonuses": [{"amount": b.amount, "direction": b.direction.value,
                         "if": b.condition.name} for b in face.bonuses],
            "flip": face.flip, "on_bypass": face.on_bypass, "passive": face.passive,
            "flavour": face.flavour}


def gadget_card_json(card: SmushGadgetCard, with_sources: bool) -> Json:
    return with_source({"number": card.number, "halves": [face_json(h) for h in card.halves]},
                       card, with_sources)


def defence_card_json(card: DefenceCard, with_sources: bool) -> Json:
    return with_source({"number": card.number, "faces": [face_json(f) for f in card.faces]},
                       card, with_sources)

"""Agents of S.M.U.S.H. as JSON: the rules, the types, gadget and defence cards (SM-*)."""

from __future__ import annotations

from smersh_dsl.export.art import art_json
from smersh_dsl.export.steps import Json, with_source
from smersh_dsl.model.cardgame import CardFace, DefenceCard, Power, PowerKind, SmushGadgetCard

# The fields each power kind carries besides `kind` and `text` (schemas/cardgame.schema.json).
POWER_FIELDS: dict[PowerKind, tuple[str, ...]] = {
    PowerKind.GAIN_CP: ("amount",), PowerKind.WEAKEN: ("amount",), PowerKind.BOOST_COST: ("amount",),
    PowerKind.LOSE_CP: ("amount", "unless_gadget"), PowerKind.DENY_FLIPS: ("gift",),
    PowerKind.SWAP_NEXT: ("ransom",), PowerKind.MOVE_HENCHMAN: ("direction",),
}


def power_json(power: Power | None) -> Json | None:
    """`{"kind": "gain_cp", "text": "Gain 3 CP now.", "amount": 3}`; `kind` is null when the
    power has only its prose (M005)."""
    if power is None:
        return None
    effect = power.effect
    if effect is None:
        return {"kind": None, "text": power.text}
    out: Json = {"kind": effect.kind.value, "text": power.text}
    for name in POWER_FIELDS.get(effect.kind, ()):
        value = getattr(effect, name)
        out[name] = value.value if name == "direction" else value
    return out


def face_json(face: CardFace) -> Json:
    return {"name": face.name.text, "type": face.type.name if face.type else None,
            "strength": face.strength,
            "boost": None if face.boost is None else {"cost": face.boost.cost,
                                                      "amount": face.boost.amount},
            "bonuses": [{"amount": b.amount, "direction": b.direction.value,
                         "if": b.condition.name} for b in face.bonuses],
            "flip": power_json(face.flip), "on_bypass": power_json(face.on_bypass),
            "passive": power_json(face.passive),
            "flavour": face.flavour}


def gadget_card_json(card: SmushGadgetCard, with_sources: bool) -> Json:
    return with_source({"number": card.number, "halves": [face_json(h) for h in card.halves],
                        "art": art_json(card.art)},
                       card, with_sources)


def defence_card_json(card: DefenceCard, with_sources: bool) -> Json:
    return with_source({"number": card.number, "faces": [face_json(f) for f in card.faces],
                        "art": art_json(card.art)},
                       card, with_sources)

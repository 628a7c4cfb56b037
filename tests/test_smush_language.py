"""The typed power vocabulary of the card game: each effect parses into the model, is
written to JSON as `{"kind", "text", ...}` that follows schemas/cardgame.schema.json, and
every power on the bundled cards has one."""

from __future__ import annotations

import json

import pytest

from conftest import REPO, codes
from smersh_dsl.export.cardgame import power_json
from smersh_dsl.export.validate import problems
from smersh_dsl.model.cardgame import Direction, PowerKind, PowerSlot
from smersh_dsl.parse.parser import parse_text
from test_smush_play import built

EFFECTS = [
    ("flip", "gain 3 cp", {"kind": "gain_cp", "amount": 3}),
    ("flip", "weaken 2", {"kind": "weaken", "amount": 2}),
    ("flip", "bypass", {"kind": "bypass"}),
    ("flip", "peek", {"kind": "peek"}),
    ("flip", "return_henchman", {"kind": "return_henchman"}),
    ("flip", "swap_adjacent", {"kind": "swap_adjacent"}),
    ("on_bypass", "lose 1 cp unless gadget", {"kind": "lose_cp", "amount": 1, "unless_gadget": True}),
    ("on_bypass", "lose 2 cp", {"kind": "lose_cp", "amount": 2, "unless_gadget": False}),
    ("on_bypass", "swap_next unless 1 cp", {"kind": "swap_next", "ransom": 1}),
    ("on_bypass", "swap_next", {"kind": "swap_next", "ransom": 0}),
    ("on_bypass", "move_henchman inward", {"kind": "move_henchman", "direction": "inward"}),
    ("on_bypass", "deny_flips for 1 cp", {"kind": "deny_flips", "gift": 1}),
    ("passive", "boost_cost +1", {"kind": "boost_cost", "amount": 1}),
    ("passive", "no_tokens", {"kind": "no_tokens"}),
    ("passive", "flip_immune", {"kind": "flip_immune"}),
]


def face_with(slot: str, effect: str) -> str:
    return (f'defence_card 1 {{ face "Wall" {{ type Tech strength 2 '
            f'{slot} "Printed words." {{ {effect} }} }} }}\n')


@pytest.mark.parametrize("slot,effect,expected", EFFECTS, ids=[e[1] for e in EFFECTS])
def test_each_effect_parses_and_exports(slot, effect, expected):
    source, found = parse_text(face_with(slot, effect), "t.smersh")
    assert found == []
    power = getattr(source.definitions[0].faces[0], slot)
    assert power.slot is PowerSlot(slot) and power.text == "Printed words."
    assert power.effect.kind is PowerKind(expected["kind"])
    assert power_json(power) == {"text": "Printed words.", **expected}


def test_a_power_may_keep_only_its_prose():
    source, found = parse_text(face_with("passive", "").replace(" {  }", ""), "t.smersh")
    assert found == []
    power = source.definitions[0].faces[0].passive
    assert power.effect is None and power_json(power) == {"kind": None, "text": "Printed words."}


def test_move_henchman_keeps_its_direction():
    source, _ = parse_text(face_with("on_bypass", "move_henchman outward"), "t.smersh")
    assert source.definitions[0].faces[0].on_bypass.effect.direction is Direction.OUTWARD


@pytest.mark.parametrize("effect", ["gain 0 cp", "weaken 0", "lose 0 cp"])
def test_a_count_of_zero_is_invalid(effect, check_text):
    assert "S005" in codes(check_text(face_with("flip", effect)))


def test_an_unknown_effect_is_a_syntax_error(check_text):
    assert [c for c in codes(check_text(face_with("flip", "teleport"))) if c.startswith("S")]


def test_every_bundled_power_is_typed_and_the_document_follows_its_schema():
    doc = built(REPO / "books" / "smush")
    powers = [face[slot] for card in doc["gadget_cards"] for face in card["halves"]
              for slot in ("flip", "on_bypass", "passive") if face[slot]]
    powers += [face[slot] for card in doc["defence_cards"] for face in card["faces"]
               for slot in ("flip", "on_bypass", "passive") if face[slot]]
    assert len(powers) == 13 and all(p["kind"] is not None and p["text"] for p in powers)
    assert {p["kind"] for p in powers} == {k.value for k in PowerKind}
    assert problems(doc) == []


def test_a_wrong_power_field_is_rejected_where_it_is():
    doc = built(REPO / "books" / "smush")
    doc["gadget_cards"][0]["halves"][1]["flip"]["amount"] = "three"
    doc["defence_cards"][0]["faces"][0]["on_bypass"]["kind"] = "freeze"
    where = {p.path for p in problems(doc)}
    assert "/gadget_cards/0/halves/1/flip/amount" in where
    assert "/defence_cards/0/faces/0/on_bypass/kind" in where


def test_the_schema_lists_the_model_power_kinds():
    schema = json.loads((REPO / "schemas" / "cardgame.schema.json").read_text(encoding="utf-8"))
    kinds = set(schema["$defs"]["power"]["properties"]["kind"]["enum"])
    assert kinds == {k.value for k in PowerKind} | {None}

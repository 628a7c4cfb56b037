"""Typed villain and Top Secret cards for the Swagman's Hope tests, as the built JSON
document holds them (CARDS-SPEC: `powers` on every text card, a `top_secrets` list), put
into the bundled book's document: the tests do not wait for the bundled cards' types."""

from __future__ import annotations

import copy


def power(timing: str, steps: list[dict], reach: str = "owner", skills: list[str] | None = None,
          keep: bool = False, uses: int | None = 1, guard: dict | None = None) -> dict:
    return {"timing": timing, "skills": skills or [], "guard": guard, "steps": steps,
            "cost": {"resolve": 0, "intel": 0}, "keep": keep, "uses": None if keep else uses,
            "reach": reach}


def advance(n: int = 1) -> dict:
    return {"kind": "advance_lobo", "amount": n, "target": None}


def airport(kind: str, place: str = "Sydney") -> dict:
    return {"kind": f"{kind}_airport", "target": place}


def injury(n: int = 1) -> dict:
    return {"kind": "take_injury", "amount": n, "target": None}


def villain(name: str, effect: str, powers: list[dict]) -> dict:
    return {"name": name, "tags": [], "effect": effect, "discard": None, "flavour": None,
            "copies": 1, "text": [], "art": None, "powers": powers, "leaves": []}


VILLAINS = [
    villain("Cyclone Season", "Advance Dr. Lobo 1 space. End of Turn: Sydney airport closes; "
            "every agent in Australia takes 1 injury.",
            [power("when_drawn", [advance()]),
             power("end_of_turn", [airport("close"), injury()], reach="australia")]),
    villain("A Friend in the Control Tower", "Advance Dr. Lobo 1 space. End of Turn: Sydney "
            "airport opens.",
            [power("when_drawn", [advance()]), power("end_of_turn", [airport("open")])]),
    villain("The Long Dry", "Advance Dr. Lobo 2 spaces.", [power("when_drawn", [advance(2)])]),
    villain("Airlift to the Red Centre", "Advance Dr. Lobo 1 space. End of Turn: if Sydney "
            "airport is open it closes; otherwise it opens.",
            [power("when_drawn", [advance()]), power("end_of_turn", [airport("toggle")])]),
]


def secret(name: str, effect: str, powers: list[dict]) -> dict:
    return {"name": name, "tags": [], "effect": effect, "discard": None, "flavour": None,
            "copies": 1, "text": [], "art": None, "powers": powers, "leaves": []}


TOP_SECRETS = [
    secret("Diplomatic Pouch", "Play before a Persuasion test: you pass it automatically.",
           [power("before_test", [{"kind": "auto_pass"}], skills=["Persuasion"])]),
    secret("Forged Passport", "Play before a Deception test: roll 1 extra die.",
           [power("before_test", [{"kind": "dice", "amount": 1}], skills=["Deception"])]),
    secret("Lobo's Ledger", "Play at any time on your turn: retreat Dr. Lobo one space.",
           [power("any_time", [{"kind": "retreat_lobo", "amount": 1, "target": None}])]),
    secret("Blank Telegram", "Nothing of use.", []),
    secret("Cyanide Capsule", "Play when you would take injuries: take 1 fewer.",
           [power("on_injury", [{"kind": "prevent_injury", "amount": 1}])]),
]


def with_cards(doc: dict, villains: list[dict] | None = None,
               top_secrets: list[dict] | None = None) -> dict:
    """``doc`` (a merged Swagman's Hope document) with these typed villain and Top Secret
    cards in place of the book's."""
    doc["villains"] = copy.deepcopy(VILLAINS if villains is None else villains)
    doc["top_secrets"] = copy.deepcopy(TOP_SECRETS if top_secrets is None else top_secrets)
    return doc

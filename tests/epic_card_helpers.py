"""The bundled Epic book's cards with typed powers and leaves (CARDS-SPEC.md's JSON), for
the tests of held cards until the books type them themselves: each card dict gains the
`powers` and `leaves` the built document gives it."""

from __future__ import annotations


def power(timing: str, steps: list[dict], skills: list[str] | None = None, guard: dict | None = None,
          resolve: int = 0, intel: int = 0, keep: bool = False, uses: int | None = 1,
          reach: str = "owner") -> dict:
    return {"timing": timing, "skills": skills or [], "guard": guard, "steps": steps,
            "cost": {"resolve": resolve, "intel": intel}, "keep": keep,
            "uses": None if keep else uses, "reach": reach}


def status_power(timing: str, steps: list[dict], **terms) -> dict:
    return power(timing, steps, keep=True, **terms)


def dice(n: int) -> dict:
    return {"kind": "dice", "amount": n}


AUTO = {"kind": "auto_pass"}
REROLL = {"kind": "reroll"}

GADGETS = {
    "Shoe Phone": [power("before_test", [dice(2)])],
    "Sleeping Gas Lipstick": [power("before_test", [AUTO], skills=["Hand to Hand"])],
    "Armoured Bowler": [power("on_injury", [{"kind": "prevent_injury", "amount": 2}], uses=2)],
    "Fountain Pen Transmitter": [power("any_time", [{"kind": "retreat_lobo", "amount": 1,
                                                     "target": None}])],
    "Attache Dinghy": [power("before_test", [AUTO], skills=["Athletics"],
                             guard={"kind": "in", "name": "Ocean"})],
}

STATUSES = {
    "Hangover": ([status_power("while_held", [dice(-1)], skills=["Athletics", "Spycraft"])],
                 [{"when": "end_of_turn"}]),
    "Black Eye": ([status_power("while_held", [dice(-1)], skills=["Persuasion"])],
                  [{"when": "rest"}]),
    "Marked": ([], [{"when": "rest_hq"}]),
    "Cover Blown": ([status_power("while_held", [dice(-1)])],
                    [{"when": "rest_hq"}, {"when": "spend", "intel": 2}]),
    "Hunted": ([], [{"when": "pass", "skill": "Hand to Hand"}, {"when": "rest_hq"}]),
    "Double Crossed": ([], [{"when": "pass_at_hq"}]),
    "Seasick": ([], [{"when": "encounter_in", "region": "Ocean"}]),
    "Lucky Charm": ([status_power("after_roll", [REROLL])], [{"when": "after_use"}]),
    "Inside Man": ([status_power("after_roll", [REROLL], intel=1, reach="all")],
                   [{"when": "lobo_advances", "amount": 2}]),
}


def typed(doc: dict) -> dict:
    """``doc`` with the cards above typed; every other card has no powers and no leaves,
    and no spy sheet starts with a card (a test that wants starts gives them)."""
    for sheet in doc.get("spies") or []:
        sheet["starts"] = {"gadgets": [], "statuses": [], "tokens": {}, "top_secret": 0}
    for card in doc.get("gadgets") or []:
        card["powers"], card["leaves"] = GADGETS.get(card["name"], []), []
    for card in doc.get("statuses") or []:
        card["powers"], card["leaves"] = STATUSES.get(card["name"], ([], []))
    return doc

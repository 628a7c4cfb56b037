"""What a card does, as JSON (CARDS-SPEC.md, docs/json.md): a card's `powers`, a status's
`leaves` and a spy's `starts`."""

from __future__ import annotations

from smersh_dsl.export.steps import Json, StepWriter, condition
from smersh_dsl.model.card_powers import (AirportStep, AutoPass, DiceStep, Leave, LeaveKind,
                                          Power, PowerStep, PreventInjury, RerollDice,
                                          StartCount, Starts)


def power_step_json(step: PowerStep) -> Json:
    if isinstance(step, DiceStep):
        return {"kind": "dice", "amount": step.amount}
    if isinstance(step, AutoPass):
        return {"kind": "auto_pass"}
    if isinstance(step, RerollDice):
        return {"kind": "reroll"}
    if isinstance(step, PreventInjury):
        return {"kind": "prevent_injury", "amount": step.amount}
    if isinstance(step, AirportStep):
        return {"kind": f"{step.action.value}_airport", "target": step.airport.name}
    return StepWriter().effect(step)


def power_json(power: Power, used_up: bool) -> Json:
    """``used_up``: a use discards the card (gadgets, Top Secret cards), see Power."""
    uses = power.discard_after(used_up)
    return {"timing": power.timing.value, "skills": [s.name for s in power.skills],
            "guard": condition(power.guard) if power.guard is not None else None,
            "steps": [power_step_json(s) for s in power.steps],
            "cost": {"resolve": power.cost_resolve, "intel": power.cost_intel},
            "keep": uses is None, "uses": uses, "reach": power.reach.value}


def leave_json(leave: Leave) -> Json:
    out: Json = {"when": leave.kind.value}
    if leave.kind is LeaveKind.PASS:
        out["skill"] = leave.skill.name if leave.skill is not None else None
    elif leave.kind is LeaveKind.ENCOUNTER_IN and leave.region is not None:
        out["region"] = leave.region.name
    elif leave.kind is LeaveKind.SPEND:
        out["intel"] = leave.amount
    elif leave.kind is LeaveKind.LOBO_ADVANCES:
        out["amount"] = leave.amount
    return out


_TOKENS = (StartCount.UN_TRANSPORT, StartCount.BLUE_UN_TRANSPORT, StartCount.RED_UN_TRANSPORT)


def starts_json(starts: Starts | None) -> Json:
    """What a spy holds at setup; empty lists, an empty object and 0 when not written."""
    if starts is None:
        return {"gadgets": [], "statuses": [], "tokens": {}, "top_secret": 0}
    return {"gadgets": [r.name for r in starts.gadgets],
            "statuses": [r.name for r in starts.statuses],
            "tokens": {t.value: starts.count(t) for t in _TOKENS if starts.count(t)},
            "top_secret": starts.count(StartCount.TOP_SECRET)}

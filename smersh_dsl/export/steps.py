"""Steps, effects and conditions as JSON: every one an object with a `kind`.

Prose stays prose; `*word*` (emphasis) and `**word**` (strong) are kept as written: the
documents declare that markup as `"markup": "smersh-emphasis"` (docs/json.md).
"""

from __future__ import annotations

from typing import Any

from smersh_dsl.model.effects import Condition, ConditionKind, Effect, EffectKind
from smersh_dsl.model.refs import Ref
from smersh_dsl.model.span import Node
from smersh_dsl.model.steps import (Block, Check, Choice, ChoiceOption, Gamble, IfStep, Prose,
                                    Reroll, SkillTest, Step)

Json = dict[str, Any]


def source(node: Node) -> Json:
    s = node.span
    return {"file": s.file, "line": s.line, "column": s.column,
            "end_line": s.end_line, "end_column": s.end_column}


def with_source(out: Json, node: Node, with_sources: bool) -> Json:
    """``out``, with where ``node`` was written when the build asks for sources."""
    if with_sources:
        out["source"] = source(node)
    return out


def target_id(ref: Ref) -> str:
    """A goto target's stable id inside its section: `encounter:5`, `tally:end`, ... The
    kind of a named target is settled by the section (see sections.py)."""
    return f"encounter:{int(ref.name)}" if ref.name.isdigit() else ref.name


class StepWriter:
    """Writes steps; ``targets`` maps a name written in a goto to its node id."""

    def __init__(self, targets: dict[str, str] | None = None) -> None:
        self.targets = targets or {}

    def target(self, ref: Ref) -> str:
        return self.targets.get(ref.name, target_id(ref))

    def block(self, block: Block | None) -> list[Json]:
        return [self.step(s) for s in block.steps] if block is not None else []

    def steps(self, steps: tuple[Step, ...]) -> list[Json]:
        return [self.step(s) for s in steps]

    def step(self, step: Step) -> Json:
        if isinstance(step, Prose):
            return {"kind": "prose", "text": step.text}
        if isinstance(step, Check):
            return self.check(step)
        if isinstance(step, Choice):
            return {"kind": "choice", "options": [self.option(o) for o in step.options]}
        if isinstance(step, IfStep):
            return {"kind": "if", "condition": condition(step.condition),
                    "then": self.block(step.then), "else": self.block(step.otherwise)}
        if isinstance(step, Reroll):
            return {"kind": "reroll_if_confronted", "henchman": step.henchman.name}
        return self.effect(step)

    def check(self, step: Check) -> Json:
        action = step.action
        if isinstance(action, Gamble):
            out: Json = {"kind": "gamble"}
        else:
            assert isinstance(action, SkillTest)
            out = {"kind": "test",
                   "options": [{"pick": o.pick.value, "skill": o.skill.name if o.skill else None,
                                "modifier": o.modifier, "successes": o.successes}
                               for o in action.options],
                   "auto_pass_with": [c.ref.name for c in action.clauses if c.kind.value == "pass_with"],
                   "dice_with": [{"holdable": c.ref.name, "dice": c.dice}
                                 for c in action.clauses if c.kind.value == "dice_with"]}
        out["pass"] = self.block(step.on_pass)
        out["fail"] = self.block(step.on_fail)
        return out

    def option(self, option: ChoiceOption) -> Json:
        return {"label": option.label,
                "guard": condition(option.guard) if option.guard is not None else None,
                "goto": self.target(option.goto) if option.goto is not None else None,
                "steps": self.block(option.body)}

    def effect(self, effect: Effect) -> Json:
        if effect.kind is EffectKind.GOTO and effect.ref is not None:
            return {"kind": "goto", "target": self.target(effect.ref)}
        out: Json = {"kind": effect.kind.value, "amount": effect.amount,
                     "target": effect.ref.name if effect.ref is not None else None}
        if effect.kind is EffectKind.PLACE_INTEL:
            out["on_lairs"] = effect.on_lairs
        return out


def condition(c: Condition) -> Json:
    kind = c.kind
    if kind is ConditionKind.NOT and c.operand is not None:
        return {"kind": "not", "operand": condition(c.operand)}
    if kind in (ConditionKind.STATUS, ConditionKind.HAS, ConditionKind.IN):
        return {"kind": kind.value, "name": c.ref.name if c.ref else None}
    if kind is ConditionKind.HENCHMAN:
        return {"kind": "henchman", "henchman": c.ref.name if c.ref else None,
                "state": c.state.value if c.state else None}
    if kind is ConditionKind.MAIN_HENCHMAN:
        return {"kind": "main_henchman", "state": c.state.value if c.state else None}
    if kind is ConditionKind.LEVEL:
        return {"kind": "level", "value": c.value}
    if kind is ConditionKind.COMPARE:
        return {"kind": "compare", "counter": c.counter.value if c.counter else None,
                "op": c.op, "value": c.value}
    return {"kind": kind.value}

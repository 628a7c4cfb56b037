"""Entries and everything inside a body: prose, tests, choices, conditions, effects."""

from __future__ import annotations

from lark import Token

from smersh_dsl.model.effects import (Condition, ConditionKind, Counter, Effect, EffectKind,
                                      HenchmanState)
from smersh_dsl.model.entries import EncounterEntry, EntryKey
from smersh_dsl.model.refs import Ref, RefKind
from smersh_dsl.model.steps import (Block, Check, Choice, ChoiceOption, ClauseKind, Gamble,
                                    IfStep, Prose, Reroll, SkillPick, SkillTest, TestClause,
                                    TestOption)
from smersh_dsl.parse.transform.base import BaseBuilder
from smersh_dsl.parse.transform.embedded import Where

MAX_DICE = 6   # EP-TEST-1: never more than 6 dice, so never more than 6 successes


class StepBuilder(BaseBuilder):
    def entry(self, meta: Where, children: list) -> EncounterEntry:
        token, *steps = children
        parts = [int(p) for p in str(token).split(".")]
        key = EntryKey(span=self._token_span(token), encounter=parts[0], response=parts[1],
                       die=parts[2], text=str(token))
        return EncounterEntry(span=self._span(meta), key=key, steps=tuple(steps))

    def body(self, meta: Where, children: list) -> Block:
        return Block(span=self._span(meta), steps=tuple(children))

    def prose(self, meta: Where, children: list) -> Prose:
        return Prose(span=self._span(meta), text=self._text(children[0]))

    # -- tests and gambles (EP-TEST-*, EP-GAMBLE-1)
    def check(self, meta: Where, children: list) -> Check:
        action, *outcomes = children
        found = dict(outcomes)
        return Check(span=self._span(meta), action=action, on_pass=found.get("pass"),
                     on_fail=found.get("fail"))

    # An outcome's block spans its keyword too, so a finding about it points at `pass`.
    def pass_outcome(self, meta: Where, children: list) -> tuple:
        return ("pass", Block(span=self._span(meta), steps=children[0].steps))

    def fail_outcome(self, meta: Where, children: list) -> tuple:
        return ("fail", Block(span=self._span(meta), steps=children[0].steps))

    def test(self, meta: Where, children: list) -> SkillTest:
        options = tuple(c for c in children if isinstance(c, TestOption))
        clauses = next((c for c in children if isinstance(c, tuple)), ())
        return SkillTest(span=self._span(meta), options=options, clauses=clauses)

    def test_option(self, meta: Where, children: list) -> TestOption:
        pick, skill = children[0]
        modifier, successes = 0, 1
        for child in children[1:]:
            if isinstance(child, tuple):
                successes = child[1]
            else:
                modifier = child
        return TestOption(span=self._span(meta), pick=pick, skill=skill, modifier=modifier,
                          successes=successes)

    def skill_named(self, meta: Where, children: list) -> tuple:
        return (SkillPick.NAMED, self._ref(RefKind.SKILL, children[0]))

    def skill_any(self, meta: Where, children: list) -> tuple:
        return (SkillPick.ANY, None)

    def skill_rolled(self, meta: Where, children: list) -> tuple:
        return (SkillPick.ROLLED, None)

    def successes(self, meta: Where, children: list) -> tuple:
        count = int(children[0])
        if not 1 <= count <= MAX_DICE:
            self._invalid(self._span(meta), f"a test cannot need [{count}] successes",
                         f"a test rolls at most {MAX_DICE} dice (EP-TEST-1); use [1] to [{MAX_DICE}]")
        return ("successes", count)

    def clauses(self, meta: Where, children: list) -> tuple:
        return tuple(children)

    def pass_with(self, meta: Where, children: list) -> TestClause:
        return TestClause(span=self._span(meta), kind=ClauseKind.AUTO_PASS,
                          ref=self._ref(RefKind.HOLDABLE, children[0]))

    def dice_with(self, meta: Where, children: list) -> TestClause:
        return TestClause(span=self._span(meta), kind=ClauseKind.DICE, dice=int(children[0]),
                          ref=self._ref(RefKind.HOLDABLE, children[1]))

    def gamble(self, meta: Where, children: list) -> Gamble:
        return Gamble(span=self._span(meta))

    # -- choices and branches
    def choose(self, meta: Where, children: list) -> Choice:
        return Choice(span=self._span(meta), options=tuple(children))

    def option(self, meta: Where, children: list) -> ChoiceOption:
        label, *rest = children
        guard = next((c for c in rest if isinstance(c, Condition)), None)
        goto = next((c for c in rest if isinstance(c, Ref)), None)
        body = next((c for c in rest if isinstance(c, Block)), None)
        return ChoiceOption(span=self._span(meta), label=self._text(label), guard=guard,
                            goto=goto, body=body)

    def condition_guard(self, meta: Where, children: list) -> Condition:
        return children[0]

    def arrow(self, meta: Where, children: list) -> Ref:
        return children[0]

    def target(self, meta: Where, children: list) -> Ref:
        token: Token = children[0]
        name = str(int(token)) if token.type == "INT" else str(token)
        return Ref(kind=RefKind.TARGET, name=name, span=self._token_span(token))

    def if_step(self, meta: Where, children: list) -> IfStep:
        condition, then, *rest = children
        step = IfStep(span=self._span(meta), condition=condition, then=then,
                      otherwise=rest[0] if rest else None)
        return self._deeper(meta, rest[0], step, levels=0) if rest else step

    def else_body(self, meta: Where, children: list) -> Block:
        child = children[0]
        if not isinstance(child, IfStep):
            return Block(span=self._span(meta), steps=child.steps)   # spans `else` too
        return self._deeper(meta, child, Block(span=self._span(meta), steps=(child,)))

    def reroll(self, meta: Where, children: list) -> Reroll:
        return Reroll(span=self._span(meta), henchman=self._ref(RefKind.HENCHMAN, children[0]))

    # -- conditions
    def _cond(self, meta: Where, kind: ConditionKind, **fields) -> Condition:
        return Condition(span=self._span(meta), kind=kind, **fields)

    def cond_not(self, meta: Where, children: list) -> Condition:
        return self._deeper(meta, children[0],
                            self._cond(meta, ConditionKind.NOT, operand=children[0]))

    def cond_status(self, meta: Where, children: list) -> Condition:
        return self._cond(meta, ConditionKind.STATUS, ref=self._ref(RefKind.STATUS, children[0]))

    def cond_has(self, meta: Where, children: list) -> Condition:
        return self._cond(meta, ConditionKind.HAS, ref=self._ref(RefKind.HOLDABLE, children[0]))

    def cond_henchman(self, meta: Where, children: list) -> Condition:
        return self._cond(meta, ConditionKind.HENCHMAN, ref=self._ref(RefKind.HENCHMAN, children[0]),
                          state=HenchmanState(children[1]))

    def cond_main_henchman(self, meta: Where, children: list) -> Condition:
        return self._cond(meta, ConditionKind.MAIN_HENCHMAN, state=HenchmanState(children[0]))

    def cond_level(self, meta: Where, children: list) -> Condition:
        return self._cond(meta, ConditionKind.LEVEL, value=int(children[0]))

    def cond_compare(self, meta: Where, children: list) -> Condition:
        return self._cond(meta, ConditionKind.COMPARE, counter=Counter(children[0]),
                          op=children[1], value=int(children[2]))

    def cond_expert(self, meta: Where, children: list) -> Condition:
        return self._cond(meta, ConditionKind.EXPERT)

    def cond_in(self, meta: Where, children: list) -> Condition:
        return self._cond(meta, ConditionKind.IN, ref=self._ref(RefKind.PLACE, children[0]))

    def hench_state(self, meta: Where, children: list) -> str:
        return self._keyword(children)

    counter = compare = resource = lobo_dir = deck = hench_state

    # -- effects
    def _effect(self, meta: Where, kind: EffectKind, amount: int = 1,
                ref: Ref | None = None, **extra) -> Effect:
        if amount < 1:
            self._invalid(self._span(meta), f"an amount of {amount} does nothing",
                         "write a positive amount, or remove the effect")
        return Effect(span=self._span(meta), kind=kind, amount=amount, ref=ref, **extra)

    def _amounted(self, meta: Where, children: list, verb: str) -> Effect:
        amount = children[0] if len(children) > 1 else 1
        return self._effect(meta, EffectKind(f"{verb}_{children[-1]}"), amount)

    def gain_resource(self, meta: Where, children: list) -> Effect:
        return self._amounted(meta, children, "gain")

    def lose_resource(self, meta: Where, children: list) -> Effect:
        return self._amounted(meta, children, "lose")

    def gain_status(self, meta: Where, children: list) -> Effect:
        return self._effect(meta, EffectKind.GAIN_STATUS, ref=self._ref(RefKind.STATUS, children[0]))

    def lose_status(self, meta: Where, children: list) -> Effect:
        return self._effect(meta, EffectKind.LOSE_STATUS, ref=self._ref(RefKind.STATUS, children[0]))

    def pick(self, meta: Where, children: list):
        return children[0] if children else None

    def _picked(self, meta: Where, kind: EffectKind, ref_kind: RefKind, children: list) -> Effect:
        picked = children[0] if children else None
        ref = self._ref(ref_kind, picked) if picked is not None else None
        return self._effect(meta, kind, ref=ref)

    def gain_advanced_skill(self, meta: Where, children: list) -> Effect:
        return self._picked(meta, EffectKind.GAIN_ADVANCED_SKILL, RefKind.ADVANCED_SKILL, children)

    def lose_advanced_skill(self, meta: Where, children: list) -> Effect:
        return self._picked(meta, EffectKind.LOSE_ADVANCED_SKILL, RefKind.ADVANCED_SKILL, children)

    def raise_skill(self, meta: Where, children: list) -> Effect:
        return self._picked(meta, EffectKind.RAISE_SKILL, RefKind.SKILL, children)

    def lower_skill(self, meta: Where, children: list) -> Effect:
        return self._picked(meta, EffectKind.LOWER_SKILL, RefKind.SKILL, children)

    def gain_gadget(self, meta: Where, children: list) -> Effect:
        return self._effect(meta, EffectKind.GAIN_GADGET)

    def lose_gadget(self, meta: Where, children: list) -> Effect:
        return self._effect(meta, EffectKind.LOSE_GADGET)

    def take(self, meta: Where, children: list) -> Effect:
        return self._effect(meta, EffectKind.TAKE_INJURY, children[0] if children else 1)

    def heal(self, meta: Where, children: list) -> Effect:
        return self._effect(meta, EffectKind.HEAL_INJURY, children[0] if children else 1)

    def move_to(self, meta: Where, children: list) -> Effect:
        return self._effect(meta, EffectKind.MOVE, ref=self._ref(RefKind.LOCATION, children[0]))

    def move_any(self, meta: Where, children: list) -> Effect:
        return self._effect(meta, EffectKind.MOVE)

    def place(self, meta: Where, children: list) -> Effect:
        amount = children[0] if len(children) > 1 else 1
        where = children[-1]
        if where is None:
            return self._effect(meta, EffectKind.PLACE_INTEL, amount, on_lairs=True)
        return self._effect(meta, EffectKind.PLACE_INTEL, amount,
                            ref=self._ref(RefKind.LOCATION, where))

    def place_where(self, meta: Where, children: list):
        return children[0] if children else None

    def lobo_move(self, meta: Where, children: list) -> Effect:
        kind = EffectKind.ADVANCE_LOBO if children[0] == "advance" else EffectKind.RETREAT_LOBO
        return self._effect(meta, kind, children[1] if len(children) > 1 else 1)

    def goto(self, meta: Where, children: list) -> Effect:
        return self._effect(meta, EffectKind.GOTO, ref=children[0])

    def stranded_effect(self, meta: Where, children: list) -> Effect:
        return self._effect(meta, EffectKind.STRANDED)

    def flip(self, meta: Where, children: list) -> Effect:
        return self._effect(meta, EffectKind.FLIP)

    def lose_game(self, meta: Where, children: list) -> Effect:
        return self._effect(meta, EffectKind.LOSE_GAME)

    def draw(self, meta: Where, children: list) -> Effect:
        amount = children[0] if len(children) > 1 else 1
        return self._effect(meta, EffectKind(f"draw_{children[-1]}"), amount)

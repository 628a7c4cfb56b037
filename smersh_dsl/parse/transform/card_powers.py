"""What a card does (`does`), how a status leaves (`leaves`) and what a spy starts with
(`starts`): issue #27's typed card text."""

from __future__ import annotations

from smersh_dsl.model.card_powers import (AirportAction, AirportStep, AutoPass, DiceStep, Leave,
                                          LeaveKind, Power, PreventInjury, Reach, RerollDice,
                                          StartCount, StartCounted, Starts, Timing)
from smersh_dsl.model.effects import Condition
from smersh_dsl.model.refs import Ref, RefKind
from smersh_dsl.parse.transform.base import BaseBuilder
from smersh_dsl.parse.transform.embedded import Where


class CardPowerBuilder(BaseBuilder):
    # -- does TIMING [on SKILL...] [if CONDITION] { STEP... } [TERM...]
    def card_power(self, meta: Where, children: list) -> Power:
        timing, *rest = children
        fields: dict = {"steps": tuple(c for c in rest if not isinstance(c, (tuple, Condition)))}
        guard = next((c for c in rest if isinstance(c, Condition)), None)
        terms = [c for c in rest if isinstance(c, tuple)]
        for (key, value, where) in terms:
            if key in fields:
                word = "cost" if key.startswith("cost") else key
                self._invalid(where, f"`{word}` is written twice in one `does`",
                              "write each term once")
            fields[key] = value
        if fields.get("keep") and "uses" in fields:
            self._invalid(self._span(meta), "a power that says both `keep` and `uses`",
                          "`keep` never discards the card; `uses N` discards it at the Nth "
                          "use: write one of them")
        return Power(span=self._span(meta), timing=Timing(timing), guard=guard, **fields)

    def timing(self, meta: Where, children: list) -> str:
        return self._keyword(children)

    airport_action = cost_resource = reach = start_counted = timing

    def power_skills(self, meta: Where, children: list) -> tuple:
        return ("skills", tuple(self._ref(RefKind.SKILL, c) for c in children), self._span(meta))

    def dice_step(self, meta: Where, children: list) -> DiceStep:
        amount = int(children[0])
        if amount == 0:
            self._invalid(self._span(meta), "`dice +0` adds no dice",
                          "write a bonus (`dice +1`) or a penalty (`dice -1`)")
        return DiceStep(span=self._span(meta), amount=amount)

    def auto_pass(self, meta: Where, children: list) -> AutoPass:
        return AutoPass(span=self._span(meta))

    def reroll_dice(self, meta: Where, children: list) -> RerollDice:
        return RerollDice(span=self._span(meta))

    def prevent_injury(self, meta: Where, children: list) -> PreventInjury:
        amount = children[0] if children else 1
        return PreventInjury(span=self._span(meta), amount=self._positive(
            meta, amount, "preventing an injury count", "prevent at least 1 injury"))

    def airport_step(self, meta: Where, children: list) -> AirportStep:
        return AirportStep(span=self._span(meta), action=AirportAction(children[0]),
                           airport=self._ref(RefKind.LOCATION, children[1]))

    def power_cost(self, meta: Where, children: list) -> tuple:
        amount = self._positive(meta, int(children[0]), "a cost",
                                "a power that costs nothing says no `cost`")
        return (f"cost_{children[1]}", amount, self._span(meta))

    def power_keep(self, meta: Where, children: list) -> tuple:
        return ("keep", True, self._span(meta))

    def power_uses(self, meta: Where, children: list) -> tuple:
        return ("uses", self._positive(meta, int(children[0]), "a use count",
                                       "a card is used at least once; `uses 1` is the default"),
                self._span(meta))

    def power_reach(self, meta: Where, children: list) -> tuple:
        return ("reach", Reach(children[0]), self._span(meta))

    # -- leaves LEAVE [or LEAVE]...
    def leaves(self, meta: Where, children: list) -> tuple:
        return ("leaves", tuple(children))

    def _leave(self, meta: Where, kind: LeaveKind, **fields) -> Leave:
        return Leave(span=self._span(meta), kind=kind, **fields)

    def leave_rest(self, meta: Where, children: list) -> Leave:
        return self._leave(meta, LeaveKind.REST)

    def leave_rest_hq(self, meta: Where, children: list) -> Leave:
        return self._leave(meta, LeaveKind.REST_HQ)

    def leave_pass(self, meta: Where, children: list) -> Leave:
        skill = self._ref(RefKind.SKILL, children[0]) if children else None
        return self._leave(meta, LeaveKind.PASS, skill=skill)

    def leave_pass_at_hq(self, meta: Where, children: list) -> Leave:
        return self._leave(meta, LeaveKind.PASS_AT_HQ)

    def leave_encounter_in(self, meta: Where, children: list) -> Leave:
        return self._leave(meta, LeaveKind.ENCOUNTER_IN, region=self._ref(RefKind.REGION, children[0]))

    def leave_end_of_turn(self, meta: Where, children: list) -> Leave:
        return self._leave(meta, LeaveKind.END_OF_TURN)

    def leave_after_use(self, meta: Where, children: list) -> Leave:
        return self._leave(meta, LeaveKind.AFTER_USE)

    def leave_spend(self, meta: Where, children: list) -> Leave:
        return self._leave(meta, LeaveKind.SPEND, amount=self._positive(
            meta, int(children[0]), "spending intel", "spend at least 1 intel"))

    def leave_lobo_advances(self, meta: Where, children: list) -> Leave:
        return self._leave(meta, LeaveKind.LOBO_ADVANCES, amount=self._positive(
            meta, int(children[0]), "Dr. Lobo advancing", "Dr. Lobo advances at least 1 space"))

    # -- a spy's starts { ... } (EP-SETUP-1)
    def spy_starts(self, meta: Where, children: list) -> Starts:
        return Starts(span=self._span(meta),
                      gadgets=tuple(c[1] for c in children if c[0] == "gadget"),
                      statuses=tuple(c[1] for c in children if c[0] == "status"),
                      counts=tuple(c[1] for c in children if c[0] == "count"))

    def start_gadget(self, meta: Where, children: list) -> tuple[str, Ref]:
        return ("gadget", self._ref(RefKind.GADGET, children[0]))

    def start_status(self, meta: Where, children: list) -> tuple[str, Ref]:
        return ("status", self._ref(RefKind.STATUS, children[0]))

    def start_count(self, meta: Where, children: list) -> tuple[str, StartCounted]:
        count = self._positive(meta, int(children[1]), "a starting count",
                               "a spy who starts with none says nothing")
        return ("count", StartCounted(span=self._span(meta), what=StartCount(children[0]),
                                      count=count))

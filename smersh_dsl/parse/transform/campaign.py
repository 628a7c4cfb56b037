"""The S.H.I.E.L.D. campaign blocks."""

from __future__ import annotations

from smersh_dsl.model.art import Art
from smersh_dsl.model.campaign import (ActionKind, CampaignDef, CampaignStep, Combination,
                                       EvidenceCard, EvidenceKind, FieldScope, FieldType,
                                       LogField, Scenario, StepAction, StepMode)
from smersh_dsl.model.refs import Ref, RefKind
from smersh_dsl.model.steps import Prose
from smersh_dsl.parse.transform.base import BaseBuilder
from smersh_dsl.parse.transform.embedded import Where


class CampaignBuilder(BaseBuilder):
    def campaign(self, meta: Where, children: list) -> CampaignDef:
        key, title, *items = children
        fields: dict = {"log_fields": (), "evidence": (), "combinations": (), "rules": ()}
        for item in items:
            if isinstance(item, Art):
                fields.setdefault("cover", item)
                continue
            key_, *values = item
            if key_ == "combinations":
                fields["combinations_span"] = values[1]
            if key_ == "betrayal":
                fields["betrayal"], fields["betrayal_expert"] = values
            elif key_ == "rules":
                fields["rules"] = fields["rules"] + tuple(values[0])
            else:
                fields[key_] = values[0]
        return CampaignDef(span=self._span(meta), key=self._as_name(key), title=self._text(title),
                           **fields)

    def log(self, meta: Where, children: list) -> tuple:
        return ("log_fields", tuple(children))

    def log_field(self, meta: Where, children: list) -> LogField:
        name, type_, *rest = children
        fields: dict = {}
        for item in rest:
            if isinstance(item, FieldScope):
                fields["scope"] = item
            elif item is True:
                fields["expert"] = True
            elif isinstance(item, Ref):
                fields["cap_identity"] = item
            else:
                fields["label"] = self._text(item)
        return LogField(span=self._span(meta), name=self._as_name(name), type=FieldType(type_),
                        **fields)

    def field_type(self, meta: Where, children: list) -> str:
        return self._keyword(children)

    scope = evidence_kind = field_type

    def field_scope(self, meta: Where, children: list) -> FieldScope:
        return FieldScope(children[0])

    def expert_tag(self, meta: Where, children: list) -> bool:
        return True

    def field_cap(self, meta: Where, children: list) -> Ref:
        return self._ref(RefKind.LOG_FIELD, children[0])

    def board(self, meta: Where, children: list) -> tuple:
        return ("board_members", children[0])

    def betrayal(self, meta: Where, children: list) -> tuple:
        return ("betrayal", int(children[0]), int(children[1]))

    def evidence(self, meta: Where, children: list) -> tuple:
        return ("evidence", tuple(card for group in children for card in group))

    def evidence_set(self, meta: Where, children: list) -> tuple:
        kind = EvidenceKind(children[0])
        return tuple(EvidenceCard(span=span, kind=kind, name=name, icon=icon)
                     for span, name, icon in children[1:])

    def evidence_card(self, meta: Where, children: list) -> tuple:
        icon = str(children[1]).split(":", 1)[1] if len(children) > 1 else None
        return (self._span(meta), children[0], icon)

    def combinations(self, meta: Where, children: list) -> tuple:
        return ("combinations", tuple(children), self._span(meta))

    def combination(self, meta: Where, children: list) -> Combination:
        means, motive, opportunity, member = children
        return Combination(span=self._span(meta), means=self._ref(RefKind.EVIDENCE, means),
                           motive=self._ref(RefKind.EVIDENCE, motive),
                           opportunity=self._ref(RefKind.EVIDENCE, opportunity),
                           member=self._ref(RefKind.BOARD_MEMBER, member))

    # -- scenarios
    def scenario(self, meta: Where, children: list) -> Scenario:
        number, title, *items = children
        fields: dict = {"prose": tuple(i for i in items if isinstance(i, Prose))}
        for item in items:
            if isinstance(item, tuple) and item[0] == "villain":
                fields.update(item[1])
            elif isinstance(item, tuple):
                fields[item[0]] = item[1]
        return Scenario(span=self._span(meta), number=int(number), title=self._text(title),
                        **fields)

    def scenario_villain(self, meta: Where, children: list) -> tuple:
        found = {"villain": self._text(children[0])}
        if len(children) > 1:
            found["villain_expert"] = children[1]
        return ("villain", found)

    def expert_variant(self, meta: Where, children: list) -> str:
        return self._text(children[0])

    def main_scheme(self, meta: Where, children: list) -> tuple:
        return ("main_scheme", self._text(children[0]))

    def encounter_sets(self, meta: Where, children: list) -> tuple:
        return ("encounter_sets", children[0])

    def setup(self, meta: Where, children: list) -> tuple:
        return ("setup", tuple(children))

    def during_steps(self, meta: Where, children: list) -> tuple:
        return ("during", tuple(children))

    def victory_steps(self, meta: Where, children: list) -> tuple:
        return ("victory", tuple(children))

    def defeat_steps(self, meta: Where, children: list) -> tuple:
        return ("defeat", tuple(children))

    def step(self, meta: Where, children: list) -> CampaignStep:
        mode = StepMode.ALWAYS
        if isinstance(children[0], StepMode):
            mode, children = children[0], children[1:]
        text, *actions = children
        return CampaignStep(span=self._span(meta), mode=mode, text=self._text(text),
                            actions=tuple(actions))

    def step_mode(self, meta: Where, children: list) -> StepMode:
        return StepMode(str(children[0]))

    def record(self, meta: Where, children: list) -> StepAction:
        return StepAction(span=self._span(meta), kind=ActionKind.RECORD,
                          field=self._ref(RefKind.LOG_FIELD, children[0]))

    def read(self, meta: Where, children: list) -> StepAction:
        return StepAction(span=self._span(meta), kind=ActionKind.READ,
                          field=self._ref(RefKind.LOG_FIELD, children[0]), source=int(children[1]))

    def gain_evidence(self, meta: Where, children: list) -> StepAction:
        return StepAction(span=self._span(meta), kind=ActionKind.GAIN_EVIDENCE)

    def regain_evidence(self, meta: Where, children: list) -> StepAction:
        return StepAction(span=self._span(meta), kind=ActionKind.REGAIN_EVIDENCE)

    def prepare_evidence(self, meta: Where, children: list) -> StepAction:
        return StepAction(span=self._span(meta), kind=ActionKind.PREPARE_EVIDENCE)

    def place_secrets(self, meta: Where, children: list) -> StepAction:
        return StepAction(span=self._span(meta), kind=ActionKind.PLACE_SECRETS,
                          count=int(children[0]))

    def gather_evidence(self, meta: Where, children: list) -> StepAction:
        return StepAction(span=self._span(meta), kind=ActionKind.GATHER_EVIDENCE)

    def accuse(self, meta: Where, children: list) -> StepAction:
        return StepAction(span=self._span(meta), kind=ActionKind.ACCUSE)

    def lose_campaign(self, meta: Where, children: list) -> StepAction:
        return StepAction(span=self._span(meta), kind=ActionKind.LOSE_CAMPAIGN)

    def cross_out(self, meta: Where, children: list) -> StepAction:
        return StepAction(span=self._span(meta), kind=ActionKind.CROSS_OUT)

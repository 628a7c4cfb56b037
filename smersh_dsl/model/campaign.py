"""The Agents of S.H.I.E.L.D. campaign: log, board, evidence, scenarios (SC-*)."""

from __future__ import annotations

from enum import Enum

from smersh_dsl.model.art import Art
from smersh_dsl.model.refs import Ref
from smersh_dsl.model.span import Definition, Name, Node, Span
from smersh_dsl.model.steps import Prose
from smersh_dsl.model.world import RuleSetting
from smersh_dsl.records import dataclass


class FieldType(str, Enum):
    NUMBER = "number"
    TEXT = "text"
    LIST = "list"
    CHECK = "check"


class FieldScope(str, Enum):
    CAMPAIGN = "campaign"
    PLAYER = "player"
    BOARD_MEMBER = "board_member"
    SCENARIO = "scenario"


@dataclass(frozen=True, kw_only=True, slots=True)
class LogField(Node):
    """SC-LOG-1: one field of the campaign log."""

    name: Name
    type: FieldType
    scope: FieldScope = FieldScope.CAMPAIGN
    expert: bool = False
    label: str | None = None
    # SC-EXPERT-1: "If a player's remaining hit point value is greater than their base hit
    # point value, record their base hit points": the field whose identity gives the base.
    cap_identity: Ref | None = None


class EvidenceKind(str, Enum):
    MEANS = "means"
    MOTIVE = "motive"
    OPPORTUNITY = "opportunity"


@dataclass(frozen=True, kw_only=True, slots=True)
class EvidenceCard(Node):
    kind: EvidenceKind
    name: Name
    icon: str | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class Combination(Node):
    """SC-EVID-2: one means x motive x opportunity implicates one board member."""

    means: Ref
    motive: Ref
    opportunity: Ref
    member: Ref


@dataclass(frozen=True, kw_only=True, slots=True)
class CampaignDef(Definition):
    key: Name
    title: str
    version: str | None = None
    log_fields: tuple[LogField, ...] = ()
    board_members: tuple[Name, ...] = ()
    betrayal: int | None = None
    betrayal_expert: int | None = None
    evidence: tuple[EvidenceCard, ...] = ()
    combinations: tuple[Combination, ...] = ()
    combinations_span: Span | None = None      # the `combinations` block, for findings about it
    rules: tuple[RuleSetting, ...] = ()
    cover: Art | None = None


class StepMode(str, Enum):
    ALWAYS = "always"
    EXPERT = "expert"        # "Expert Campaign Only" (SC-EXPERT-1)
    STANDARD = "standard"    # "Standard Campaign Only"


class ActionKind(str, Enum):
    RECORD = "record"
    READ = "read"
    GAIN_EVIDENCE = "gain_evidence"
    REGAIN_EVIDENCE = "regain_evidence"      # one card per earlier scenario with a clean member
    PREPARE_EVIDENCE = "prepare_evidence"    # SC-EVID-1: the two envelopes
    PLACE_SECRETS = "place_secrets"          # `place N secrets` on each board member
    GATHER_EVIDENCE = "gather_evidence"      # scenario 5, stage 1B: two secrets for a card
    ACCUSE = "accuse"                        # SC-ACCUSE-1
    LOSE_CAMPAIGN = "lose_campaign"          # the expert campaign ends with a defeat
    CROSS_OUT = "cross_out"


@dataclass(frozen=True, kw_only=True, slots=True)
class StepAction(Node):
    kind: ActionKind
    field: Ref | None = None
    source: int | None = None     # `read FIELD from N`: the scenario that recorded it
    count: int | None = None      # `place N secrets`: how many on each board member


@dataclass(frozen=True, kw_only=True, slots=True)
class CampaignStep(Node):
    mode: StepMode
    text: str
    actions: tuple[StepAction, ...] = ()


@dataclass(frozen=True, kw_only=True, slots=True)
class Scenario(Definition):
    number: int
    title: str
    villain: str | None = None
    villain_expert: str | None = None
    main_scheme: str | None = None
    encounter_sets: tuple[Name, ...] = ()
    prose: tuple[Prose, ...] = ()
    setup: tuple[CampaignStep, ...] = ()
    during: tuple[CampaignStep, ...] = ()    # steps taken while the scenario is played
    victory: tuple[CampaignStep, ...] = ()
    defeat: tuple[CampaignStep, ...] = ()

"""The closed vocabulary of effects and conditions (typed, never free text)."""

from __future__ import annotations

from enum import Enum

from smersh_dsl.model.refs import Ref
from smersh_dsl.model.span import Node
from smersh_dsl.records import dataclass


class EffectKind(str, Enum):
    GAIN_INTEL = "gain_intel"
    LOSE_INTEL = "lose_intel"
    GAIN_RESOLVE = "gain_resolve"
    LOSE_RESOLVE = "lose_resolve"
    GAIN_SUCCESS = "gain_success"
    LOSE_SUCCESS = "lose_success"
    GAIN_UN_TRANSPORT = "gain_un_transport"
    LOSE_UN_TRANSPORT = "lose_un_transport"
    GAIN_BLUE_UN_TRANSPORT = "gain_blue_un_transport"
    LOSE_BLUE_UN_TRANSPORT = "lose_blue_un_transport"
    GAIN_RED_UN_TRANSPORT = "gain_red_un_transport"
    LOSE_RED_UN_TRANSPORT = "lose_red_un_transport"
    GAIN_TOP_SECRET = "gain_top_secret"
    LOSE_TOP_SECRET = "lose_top_secret"
    GAIN_RED_INTEL = "gain_red_intel"
    LOSE_RED_INTEL = "lose_red_intel"
    GAIN_EVIDENCE = "gain_evidence"
    LOSE_EVIDENCE = "lose_evidence"
    GAIN_STATUS = "gain_status"
    LOSE_STATUS = "lose_status"
    GAIN_ADVANCED_SKILL = "gain_advanced_skill"
    LOSE_ADVANCED_SKILL = "lose_advanced_skill"
    GAIN_GADGET = "gain_gadget"
    LOSE_GADGET = "lose_gadget"
    TAKE_INJURY = "take_injury"
    HEAL_INJURY = "heal_injury"
    RAISE_SKILL = "raise_skill"
    LOWER_SKILL = "lower_skill"
    MOVE = "move"
    PLACE_INTEL = "place_intel"
    ADVANCE_LOBO = "advance_lobo"
    RETREAT_LOBO = "retreat_lobo"
    GOTO = "goto"
    STRANDED = "stranded"
    FLIP = "flip"
    LOSE_GAME = "lose_game"
    DRAW_VILLAIN_CARD = "draw_villain_card"
    DRAW_TOP_SECRET = "draw_top_secret"
    DRAW_FATE_CARD = "draw_fate_card"


# Effects whose target may be "any" (the player's choice): ref is None then.
CHOOSABLE = frozenset({
    EffectKind.GAIN_ADVANCED_SKILL, EffectKind.LOSE_ADVANCED_SKILL,
    EffectKind.RAISE_SKILL, EffectKind.LOWER_SKILL, EffectKind.MOVE,
})


@dataclass(frozen=True, kw_only=True, slots=True)
class Effect(Node):
    """One typed effect. ``ref`` names its object (a status, skill, place or target);
    None means "of the player's choice" or "not applicable". ``on_lairs`` is for
    `place N intel lairs` (EP-LOBO-2)."""

    kind: EffectKind
    amount: int = 1
    ref: Ref | None = None
    on_lairs: bool = False


class ConditionKind(str, Enum):
    NOT = "not"
    STATUS = "status"            # the spy holds this status card
    HAS = "has"                  # the spy holds this advanced skill, status or gadget
    HENCHMAN = "henchman"        # a henchman sheet is in a state (EP-VAR-2, EP-HENCH-4)
    MAIN_HENCHMAN = "main_henchman"
    LEVEL = "level"              # the Aussie Butcher's level (SH-BUTCHER-1)
    COMPARE = "compare"          # a counter compared with a number
    EXPERT = "expert"            # an expert campaign (SC-EXPERT-1)
    IN = "in"                    # the spy is in this region or on this place (a card power)


class HenchmanState(str, Enum):
    DEFEATED = "defeated"
    UNDEFEATED = "undefeated"
    IN_PLAY = "in_play"
    CONFRONTED = "confronted"


class Counter(str, Enum):
    SUCCESSES = "successes"
    PLAYERS = "players"
    INTEL = "intel"
    RESOLVE = "resolve"
    ROUND = "round"


@dataclass(frozen=True, kw_only=True, slots=True)
class Condition(Node):
    kind: ConditionKind
    ref: Ref | None = None
    state: HenchmanState | None = None
    counter: Counter | None = None
    op: str | None = None
    value: int | None = None
    operand: Condition | None = None

    def holds_for(self, counters: dict[Counter, int]) -> bool | None:
        """Evaluate a counter comparison; None when the condition is not one."""
        if self.kind is ConditionKind.NOT and self.operand is not None:
            inner = self.operand.holds_for(counters)
            return None if inner is None else not inner
        if self.kind is not ConditionKind.COMPARE or self.counter not in counters:
            return None
        left, right = counters[self.counter], self.value or 0
        return {">=": left >= right, "<=": left <= right, "==": left == right,
                "!=": left != right, ">": left > right, "<": left < right}[self.op or "=="]

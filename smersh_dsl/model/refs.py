"""References: a name used where something defined elsewhere is meant."""

from __future__ import annotations

from enum import Enum

from smersh_dsl.model.span import Node
from smersh_dsl.records import dataclass


class RefKind(str, Enum):
    """What kind of thing a reference must resolve to; each has its own namespace."""

    GAME = "game"
    SKILL = "skill"
    ADVANCED_SKILL = "advanced skill"
    HOLDABLE = "advanced skill, status or gadget"  # `pass with X`, `+1 with X`
    STATUS = "status"
    GADGET = "gadget"              # a spy's `starts { gadget X }`
    PLACE = "region or place"      # a card power's `if in X`
    REGION = "region"
    LOCATION = "location"
    HENCHMAN = "henchman"
    LOBO_SECTION = "Dr. Lobo section"
    DIFFICULTY = "difficulty"
    TARGET = "encounter, tally or conclusion"
    INTEL_ICON = "intel icon"
    VARIANT = "variant"
    LOG_FIELD = "log field"
    BOARD_MEMBER = "board member"
    EVIDENCE = "evidence card"
    CARD_TYPE = "card type"
    CARD_OR_TYPE = "defence card or card type"


@dataclass(frozen=True, kw_only=True, slots=True)
class Ref(Node):
    kind: RefKind
    name: str

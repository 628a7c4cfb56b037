"""The keyword that opens each kind of block (`status`, `card`, `lobo`, ...): how the checks,
the merged document and the editor's outline name a block to its writer."""

from __future__ import annotations

from smersh_dsl.model.campaign import Scenario
from smersh_dsl.model.cardgame import DefenceCard, SmushGadgetCard
from smersh_dsl.model.cards import (EncounterCard, GadgetCard, MissionCard, SpySheet,
                                    StatusCard, TopSecretCard, VillainCard)
from smersh_dsl.model.entries import EncounterEntry
from smersh_dsl.model.expansion import DeadDrop, RedIntel, StrandedCard
from smersh_dsl.model.showdowns import Henchman, SectionKind
from smersh_dsl.model.world import Region

_KEYWORD = {
    Scenario: "scenario", SmushGadgetCard: "gadget_card", DefenceCard: "defence_card",
    Region: "region", StatusCard: "status", GadgetCard: "gadget", VillainCard: "villain",
    TopSecretCard: "top_secret",
    MissionCard: "mission", EncounterCard: "card", SpySheet: "spy", EncounterEntry: "entry",
    Henchman: "henchman", StrandedCard: "stranded", DeadDrop: "dead_drop", RedIntel: "red_intel",
}


def keyword_of(definition) -> str:
    """The keyword that opens a block of this kind (`status`, `card`, `lobo`, ...)."""
    return _KEYWORD.get(type(definition)) or (
        "lobo" if getattr(definition, "kind", None) is SectionKind.LOBO else "showdown")

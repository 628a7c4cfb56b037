"""P: blocks in the kind of project they belong to."""

from __future__ import annotations

from collections.abc import Iterator

from smersh_dsl.checks.registry import Context, check
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.campaign import Scenario
from smersh_dsl.model.cardgame import DefenceCard, SmushGadgetCard
from smersh_dsl.model.cards import (EncounterCard, GadgetCard, MissionCard, SpySheet,
                                    StatusCard, VillainCard)
from smersh_dsl.model.document import HEADER_TYPES, ProjectKind
from smersh_dsl.model.entries import EncounterEntry
from smersh_dsl.model.expansion import DeadDrop, RedIntel, StrandedCard
from smersh_dsl.model.showdowns import Henchman, SectionKind
from smersh_dsl.model.world import Region

# The blocks that are another kind's own: a campaign holds scenarios, a card game cards.
_CAMPAIGN = (Scenario,)
_CARDGAME = (SmushGadgetCard, DefenceCard)
_OWN = {
    ProjectKind.CAMPAIGN: _CAMPAIGN,
    ProjectKind.CARDGAME: _CARDGAME,
}
_KEYWORD = {
    Scenario: "scenario", SmushGadgetCard: "gadget_card", DefenceCard: "defence_card",
    Region: "region", StatusCard: "status", GadgetCard: "gadget", VillainCard: "villain",
    MissionCard: "mission", EncounterCard: "card", SpySheet: "spy", EncounterEntry: "entry",
    Henchman: "henchman", StrandedCard: "stranded", DeadDrop: "dead_drop", RedIntel: "red_intel",
}


def keyword_of(definition) -> str:
    """The keyword that opens a block of this kind (`status`, `card`, `lobo`, ...)."""
    return _KEYWORD.get(type(definition)) or (
        "lobo" if getattr(definition, "kind", None) is SectionKind.LOBO else "showdown")


def _effective_kind(ctx: Context) -> ProjectKind:
    kind = ctx.project.kind
    if kind is ProjectKind.FRAGMENT and ctx.project.base is not None:
        return ctx.project.base.kind
    return kind


@check("P002")
def misplaced_blocks(ctx: Context) -> Iterator[Diagnostic]:
    kind = _effective_kind(ctx)
    own = _OWN.get(kind, ())
    foreign = tuple(t for t in (*_CAMPAIGN, *_CARDGAME) if t not in own)
    for definition in ctx.project.definitions():
        if isinstance(definition, HEADER_TYPES):
            continue
        wrong = (kind in _OWN and not isinstance(definition, own)) or isinstance(definition, foreign)
        if wrong:
            what = keyword_of(definition)
            yield Diagnostic.of("P002", definition.span,
                                f"this `{what}` block does not belong in a {kind.value} project",
                                "move it to a project of its own kind")

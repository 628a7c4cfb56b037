"""P: blocks in the kind of project they belong to."""

from __future__ import annotations

from collections.abc import Iterator

from smersh_dsl.checks.registry import Context, check
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.campaign import Scenario
from smersh_dsl.model.cardgame import DefenceCard, SmushGadgetCard
from smersh_dsl.model.document import HEADER_TYPES, ProjectKind
from smersh_dsl.model.keywords import keyword_of

# The blocks that are another kind's own: a campaign holds scenarios, a card game cards.
_CAMPAIGN = (Scenario,)
_CARDGAME = (SmushGadgetCard, DefenceCard)
_OWN = {
    ProjectKind.CAMPAIGN: _CAMPAIGN,
    ProjectKind.CARDGAME: _CARDGAME,
}


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

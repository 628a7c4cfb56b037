"""A: the Australia board of Swagman's Hope (SH-BOARD-*, SH-ENC-1, SH-INTEL-1, SH-STRAND-1)."""

from __future__ import annotations

from collections.abc import Hashable, Iterator

from smersh_dsl.analysis.grid import regions
from smersh_dsl.analysis.paths import Branch, keyword_span, walk_block
from smersh_dsl.checks.registry import Context, check
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.cards import EncounterCard
from smersh_dsl.model.effects import Effect, EffectKind
from smersh_dsl.model.expansion import RedIntel, StrandedCard
from smersh_dsl.model.walk import nodes
from smersh_dsl.model.world import Region

OUTBACK = "<outback>"   # where a stranded spy is until a `move` takes them away
RED_INTEL_VALUES = (1, 2)


def _outback_places(ctx: Context) -> set[str]:
    return {loc.name.text for r in regions(ctx.project).values() for loc in r.locations
            if loc.stranded_only}


def _moved(effect: Effect, where: Hashable) -> Hashable:
    if effect.kind is EffectKind.MOVE:
        return effect.ref.name if effect.ref is not None else "<any>"
    return where


@check("A001")
def stranded_paths(ctx: Context) -> Iterator[Diagnostic]:
    """SH-STRAND-1: the card says where the spy ends; never still in the Outback."""
    outback = _outback_places(ctx) | {OUTBACK}
    for card in ctx.project.of_type(StrandedCard):
        start = Branch(f'the stranded card "{card.name.text}"', card.name.span)
        flow = walk_block(card.body, start, OUTBACK, _moved, join=False)
        seen: set[Branch] = set()
        for trail in flow.open + [e.trail for e in flow.exits]:
            if trail.state not in outback or trail.branch in seen:
                continue
            seen.add(trail.branch)
            where = "without a `move`" if trail.state == OUTBACK else f"with `move {trail.state}`"
            label = trail.branch.label
            message = (f"{label} leaves the spy in the Outback" if trail.branch is start
                       else f"{label} of the stranded card \"{card.name.text}\" leaves the spy "
                            "in the Outback")
            yield Diagnostic.of("A001", trail.branch.span, f"{message} (it ends {where})",
                                "end every path with `move CITY` to a place off the Outback")


@check("A002")
def red_intel_values(ctx: Context) -> Iterator[Diagnostic]:
    for token in ctx.project.of_type(RedIntel):
        if token.value not in RED_INTEL_VALUES:
            yield Diagnostic.of("A002", keyword_span(token.span, "red_intel"),
                                f"a red intel token numbered {token.value}",
                                "red intel tokens carry 1 or 2 (SH-INTEL-1)")


@check("A003")
def hub_sections(ctx: Context) -> Iterator[Diagnostic]:
    """SH-ENC-1: a card of a region with a hub also has a section for the hub."""
    every = regions(ctx.project)
    for card in ctx.project.of_type(EncounterCard):
        region = every.get(card.region.name)
        hubs = [loc.name.text for loc in region.locations if loc.hub] if region else []
        present = {s.location.name for s in card.sections}
        places = {loc.name.text for r in every.values() for loc in r.locations}
        if present - places:
            continue      # a section at an unknown place is N005's finding
        for hub in hubs:
            if hub not in present:
                yield Diagnostic.of("A003", keyword_span(card.span, "card"),
                                    f"encounter {card.number:02d} \"{card.title}\" has no "
                                    f"section for \"{hub}\"",
                                    f'add `at "{hub}" NN "Title" {{ response ... }}` (SH-ENC-1)')


@check("A004")
def outback_entered_by_stranding(ctx: Context) -> Iterator[Diagnostic]:
    """SH-BOARD-4: only a Stranded card takes a spy into the Outback."""
    outback = _outback_places(ctx)
    if not outback:
        return
    for definition in ctx.project.definitions():
        if isinstance(definition, StrandedCard):
            continue
        for effect in nodes(definition, Effect):
            if effect.kind is EffectKind.MOVE and effect.ref and effect.ref.name in outback:
                yield Diagnostic.of("A004", effect.span,
                                    f"`move {effect.ref.name}` sends a spy into the Outback",
                                    "the Outback is entered only by being stranded: write "
                                    "`stranded` instead (SH-BOARD-4)")
        if isinstance(definition, Region):
            for route in definition.routes:
                for end in (route.start, route.end):
                    if end.name in outback:
                        yield Diagnostic.of("A004", end.span,
                                            f"a route into \"{end.name}\", which only a Stranded "
                                            "card enters",
                                            "remove the route (SH-BOARD-4)")


@check("A005")
def coastal_fate_numbers(ctx: Context) -> Iterator[Diagnostic]:
    """SH-BOARD-1: each coastal city has its own blue fate number."""
    for region in ctx.project.of_type(Region):
        first: dict[int, str] = {}
        for loc in region.locations:
            if loc.fate is None:
                continue
            if loc.fate in first:
                yield Diagnostic.of("A005", loc.name.span,
                                    f"\"{loc.name.text}\" has fate number {loc.fate}, as "
                                    f"\"{first[loc.fate]}\" does",
                                    "each coastal city has its own number on the fate card")
            else:
                first[loc.fate] = loc.name.text


@check("A006")
def hub_reaches_the_coast(ctx: Context) -> Iterator[Diagnostic]:
    """SH-BOARD-1: Swagman's Hope is connected to all four coastal cities of its board."""
    for region in ctx.project.of_type(Region):
        coastal = [loc.name.text for loc in region.locations if loc.coastal]
        for hub in (loc for loc in region.locations if loc.hub):
            linked = ({r.end.name for r in region.routes if r.start.name == hub.name.text}
                      | {r.start.name for r in region.routes if r.end.name == hub.name.text})
            missing = [city for city in coastal if city not in linked]
            if missing:
                yield Diagnostic.of("A006", hub.name.span,
                                    f"\"{hub.name.text}\" has no route to "
                                    + ", ".join(f"\"{city}\"" for city in missing),
                                    "the hub touches every coastal city (SH-BOARD-1): add "
                                    f"`route \"{hub.name.text}\" {missing[0]}`")

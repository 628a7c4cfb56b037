"""E004-E009: what a card does (issue #27) against the game it is played in. Names a power
uses (skills, statuses, gadgets, places, airports) are found unknown like every other
name (N001, N003, N004, N005, N021, N022, checks/names.py)."""

from __future__ import annotations

from collections.abc import Iterator

from smersh_dsl.analysis.worlds import holdings
from smersh_dsl.checks.registry import Context, check
from smersh_dsl.checks.suggest import did_you_mean
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.card_powers import (STEP_WORDS, TEST_STEPS, AirportStep, Leave, LeaveKind,
                                          Power, Timing)
from smersh_dsl.model.cards import EncounterCard, GadgetCard, StatusCard, TextCard, TopSecretCard
from smersh_dsl.model.keywords import keyword_of
from smersh_dsl.model.steps import SkillTest
from smersh_dsl.model.world import Location, Region

# The timings at which a test is there for `on SKILL` to pick.
_WITH_A_TEST = (Timing.BEFORE_TEST, Timing.AFTER_ROLL, Timing.AFTER_PASS, Timing.WHILE_HELD)


def _cards(ctx: Context) -> list[TextCard]:
    return ctx.project.of_type(TextCard)


def _places(ctx: Context) -> dict[str, Location]:
    """Every place on the board of the project and the games it extends (the nearest wins)."""
    found: dict[str, Location] = {}
    for project in reversed(ctx.project.lineage()):
        for region in project.of_type(Region):
            found.update({loc.name.text: loc for loc in region.locations})
    return found


@check("E004")
def cards_that_cannot_be_played(ctx: Context) -> Iterator[Diagnostic]:
    typed = any(card.powers for p in ctx.project.lineage() for card in p.of_type(TextCard))
    if not typed:            # a book of prose cards, as every book was before issue #27
        return
    for card in _cards(ctx):
        if isinstance(card, (GadgetCard, TopSecretCard)) and not card.powers:
            yield Diagnostic.of(
                "E004", card.name.span,
                f"{keyword_of(card)} `{card.name.text}` has no `does`: it can never be played",
                "say what it does beside its prose, e.g. `does any_time { ... }` "
                "(docs/language.md, \"What a card does\")")


def _allowed(timings: tuple[Timing, ...]) -> str:
    return " or ".join(f"`{t.value}`" for t in timings)


def _out_of_time(power: Power) -> Iterator[Diagnostic]:
    for step in power.steps:
        allowed = TEST_STEPS.get(type(step))
        if allowed is not None and power.timing not in allowed:
            word = STEP_WORDS[type(step)]
            yield Diagnostic.of("E005", step.span,
                                f"`{word}` never acts at `{power.timing.value}`",
                                f"`{word}` acts only at {_allowed(allowed)}: write it in "
                                f"`does {allowed[0].value} {{ ... }}`")
    if power.skills and power.timing not in _WITH_A_TEST:
        yield Diagnostic.of("E005", power.skills[0].span,
                            f"`on` names tests, and `{power.timing.value}` has no test",
                            f"`on SKILL` applies to tests at {_allowed(_WITH_A_TEST)}; "
                            "remove it or change the timing")


@check("E005")
def steps_outside_their_timing(ctx: Context) -> Iterator[Diagnostic]:
    for card in _cards(ctx):
        for power in card.powers:
            yield from _out_of_time(power)


def _never(leave: Leave, card: TextCard, decks: set[str] | None, board: bool,
           has_hq: bool) -> str | None:
    """Why ``leave`` can never discard ``card``, or None when it can."""
    if not isinstance(card, StatusCard):
        return f"only a status leaves; a {keyword_of(card)} card never reads `leaves`"
    kind = leave.kind
    if kind is LeaveKind.ENCOUNTER_IN and leave.region is not None and decks is not None:
        if leave.region.name not in decks:
            return f"no encounter card is of the region `{leave.region.name}`"
    if kind in (LeaveKind.REST_HQ, LeaveKind.PASS_AT_HQ) and board and not has_hq:
        return "no place on the board is an HQ"
    if kind is LeaveKind.AFTER_USE and all(p.timing is Timing.WHILE_HELD for p in card.powers):
        return ("the status has no power to use" if not card.powers
                else "its powers act `while_held`, which is never a use")
    return None


@check("E006", "E007")
def statuses_that_never_leave(ctx: Context) -> Iterator[Diagnostic]:
    lineage = ctx.project.lineage()
    board = any(p.of_type(Region) for p in lineage)
    has_hq = any(loc.hq for loc in _places(ctx).values())
    cards = [c for p in lineage for c in p.of_type(EncounterCard)]
    # Encounter decks are judged only where some are written (a few entries are no game),
    # and an unknown region is N004's alone.
    regions = ctx.symbols.names("region")
    unknown = {leave.region.name for card in _cards(ctx) for leave in card.leaves
               if leave.region is not None and leave.region.name not in regions}
    decks = {c.region.name for c in cards} | unknown if cards else None
    for card in _cards(ctx):
        for leave in card.leaves:
            why = _never(leave, card, decks, board, has_hq)
            if why is not None:
                yield Diagnostic.of("E006", leave.span,
                                    f"`{card.name.text}` can never leave by "
                                    f"`{leave.kind.value}`: {why}",
                                    "write a discard effect the game can meet (EP-STATUS-3)")
        if isinstance(card, StatusCard) and card.powers and not card.leaves:
            yield Diagnostic.of("E007", card.name.span,
                                f"status `{card.name.text}` acts but never leaves",
                                "write its discard effect as `leaves ...` beside the prose "
                                "(EP-STATUS-3), e.g. `leaves rest_hq`")


@check("E008")
def gadgets_nothing_gives(ctx: Context) -> Iterator[Diagnostic]:
    symbols = ctx.symbols
    gadgets = symbols.names("gadget") - symbols.names("status") - symbols.names("advanced skill")
    if not gadgets:
        return
    held = holdings(ctx.project, ctx.steps)
    for found in ctx.steps.checks:
        if not isinstance(found.action, SkillTest):
            continue
        for clause in found.action.clauses:
            name = clause.ref.name
            if name in gadgets and not held.can_hold_gadget(name):
                yield Diagnostic.of(
                    "E008", clause.ref.span,
                    f"`{name}` is a gadget no spy can hold: nothing gives a gadget",
                    f"add a `gain gadget` or a Gadget space, or write "
                    f"`starts {{ gadget \"{name}\" }}` on a spy sheet")


@check("E009")
def airports_that_are_not(ctx: Context) -> Iterator[Diagnostic]:
    places = _places(ctx)
    airports = sorted(name for name, loc in places.items() if loc.airport)
    for card in _cards(ctx):
        for power in card.powers:
            for step in power.steps:
                if not isinstance(step, AirportStep):
                    continue
                place = places.get(step.airport.name)
                if place is not None and not place.airport:
                    yield Diagnostic.of(
                        "E009", step.airport.span,
                        f"`{step.airport.name}` has no airport to {step.action.value}",
                        did_you_mean(step.airport.name, airports)
                        or "name a place with `airport` among its features")

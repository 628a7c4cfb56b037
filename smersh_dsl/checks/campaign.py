"""K: the S.H.I.E.L.D. campaign's log, scenarios and evidence (SC-CAMP-1, SC-LOG-*, SC-EVID-*)."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator

from smersh_dsl.analysis.paths import keyword_span
from smersh_dsl.checks.henchmen import missing_numbers
from smersh_dsl.checks.registry import Context, check
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.campaign import (ActionKind, CampaignDef, EvidenceKind, FieldScope,
                                       FieldType, Scenario, StepAction, StepMode)
from smersh_dsl.wording import count, counted


def _actions(scenario: Scenario, *phases: str) -> Iterator[StepAction]:
    for phase in phases:
        for step in getattr(scenario, phase):
            yield from step.actions


def _campaign(ctx: Context) -> CampaignDef | None:
    for project in (ctx.project, ctx.project.base):
        if project is not None and isinstance(project.header, CampaignDef):
            return project.header
    return None


def _scenarios(ctx: Context) -> list[Scenario]:
    own = ctx.project.of_type(Scenario)
    base = ctx.project.base.of_type(Scenario) if ctx.project.base is not None else []
    mine = {s.number for s in own}
    return sorted([s for s in base if s.number not in mine] + own, key=lambda s: s.number)


def _fields(ctx: Context) -> set[str]:
    campaign = _campaign(ctx)
    return {f.name.text for f in campaign.log_fields} if campaign is not None else set()


# SC-EXPERT-1: a campaign is played standard or expert; a step marked for one mode is
# not taken in the other, so each mode is its own world for what the log holds.
MODES = (StepMode.STANDARD, StepMode.EXPERT)


def _worlds(mode: StepMode) -> tuple[StepMode, ...]:
    return MODES if mode is StepMode.ALWAYS else (mode,)


def _steps(scenario: Scenario) -> Iterator[tuple[StepMode, StepAction]]:
    for phase in ("setup", "during", "victory", "defeat"):
        for step in getattr(scenario, phase):
            yield from ((step.mode, action) for action in step.actions)


def _recorders(scenarios: list[Scenario]) -> dict[str, dict[int, set[StepMode]]]:
    """Field -> scenario -> the modes in which that scenario records it."""
    found: dict[str, dict[int, set[StepMode]]] = {}
    for scenario in scenarios:
        for mode, action in _steps(scenario):
            if action.kind is ActionKind.RECORD and action.field is not None:
                by = found.setdefault(action.field.name, {})
                by.setdefault(scenario.number, set()).update(_worlds(mode))
    return found


def _unrecorded(name: str, number: int, source: int, mode: StepMode,
                by: dict[int, set[StepMode]]) -> tuple[str, str] | None:
    """Why `read NAME from SOURCE` in a step of ``mode`` of scenario NUMBER reads nothing."""
    if source >= number:
        return (f"scenario {number} reads `{name}` from scenario {source}, which is not "
                "played before it", "")
    if source not in by:
        return f"scenario {source} does not record `{name}`", ""
    missing = [m for m in _worlds(mode) if m not in by[source]]
    if not missing:
        return None
    (only,) = by[source]         # some mode records it, and not this one: just the other
    article = "an" if missing[0] is StepMode.EXPERT else "a"
    return (f"in {article} {missing[0].value} campaign scenario {source} does not record `{name}`: "
            f"only its {only.value}-only steps do",
            f"mark this step `{only.value}`, or record `{name}` in both modes")


@check("K001")
def read_before_recorded(ctx: Context) -> Iterator[Diagnostic]:
    """SC-LOG-2: a setup reads only what an earlier scenario's victory recorded, in each
    mode of the campaign (SC-EXPERT-1)."""
    scenarios = _scenarios(ctx)
    recorded = _recorders(scenarios)
    fields = _fields(ctx)
    for scenario in ctx.project.of_type(Scenario):
        for mode, action in _steps(scenario):
            if action.kind is not ActionKind.READ or action.field is None \
                    or action.field.name not in fields or action.source is None:
                continue      # an unknown field is N008's finding
            name = action.field.name
            by = recorded.get(name, {})
            why = _unrecorded(name, scenario.number, action.source, mode, by)
            if why is None:
                continue
            message, hint = why
            if not hint:
                earlier = sorted(n for n in by if n < scenario.number)
                hint = (f"`{name}` is recorded by scenario {', '.join(map(str, earlier))}"
                        if earlier else f"no scenario before {scenario.number} records `{name}`")
            yield Diagnostic.of("K001", action.span, message, hint)


@check("K002")
def recorded_never_read(ctx: Context) -> Iterator[Diagnostic]:
    scenarios = _scenarios(ctx)
    fields = _fields(ctx)
    read = {a.field.name for s in scenarios for a in _actions(s, "setup", "during", "victory", "defeat")
            if a.kind is ActionKind.READ and a.field is not None}
    campaign = _campaign(ctx)
    if campaign is not None:        # a cap reads the identity it names (SC-EXPERT-1)
        read |= {f.cap_identity.name for f in campaign.log_fields if f.cap_identity is not None}
    flagged: set[str] = set()
    for scenario in ctx.project.of_type(Scenario):
        for action in _actions(scenario, "setup", "during", "victory", "defeat"):
            if (action.kind is ActionKind.RECORD and action.field is not None
                    and action.field.name in fields
                    and action.field.name not in read and action.field.name not in flagged):
                flagged.add(action.field.name)
                yield Diagnostic.of("K002", action.span,
                                    f"`{action.field.name}` is recorded but no scenario reads it",
                                    f"read it in a later setup (`read {action.field.name} from "
                                    f"{scenario.number}`) or stop recording it")


@check("K003")
def scenario_numbers(ctx: Context) -> Iterator[Diagnostic]:
    """SC-CAMP-1: the scenarios are played in order, numbered 1, 2, 3 ..."""
    scenarios = _scenarios(ctx)
    numbers = sorted({s.number for s in scenarios})
    if not numbers:
        return
    mine = {id(s) for s in ctx.project.of_type(Scenario)}
    expected = 1
    for number in numbers:
        if number != expected:
            scenario = next(s for s in scenarios if s.number == number)
            if id(scenario) in mine:
                missing = missing_numbers(expected, number)
                message = (f"scenario {number}: scenarios are numbered from 1" if number < 1
                           else f"scenario {number} follows a gap: no scenario {missing}")
                yield Diagnostic.of("K003", keyword_span(scenario.span, "scenario"), message,
                                    "number the scenarios 1, 2, 3 ... in the order they are played")
        expected = max(number, 0) + 1


@check("K004", "K005", "K006", "K007", "K008")
def evidence_table(ctx: Context) -> Iterator[Diagnostic]:
    header = ctx.project.header
    if not isinstance(header, CampaignDef) or not header.evidence:
        return
    kinds = {k: [e for e in header.evidence if e.kind is k] for k in EvidenceKind}
    sizes = Counter(len(cards) for cards in kinds.values())
    usual = sizes.most_common(1)[0][0]
    for kind, cards in kinds.items():
        if len(cards) != usual:
            span = cards[0].name.span if cards else header.key.span
            yield Diagnostic.of("K004", span,
                                f"{kind.value} has {len(cards)} evidence cards, the other sets {usual}",
                                "the three sets are of equal size (SC-EVID-1: three of each)")
    names = {k: [e.name.text for e in cards] for k, cards in kinds.items()}
    seen: dict[tuple[str, str, str], str] = {}
    for combo in header.combinations:
        key = (combo.means.name, combo.motive.name, combo.opportunity.name)
        for ref, kind in ((combo.means, EvidenceKind.MEANS), (combo.motive, EvidenceKind.MOTIVE),
                          (combo.opportunity, EvidenceKind.OPPORTUNITY)):
            other = next((k for k, cards in names.items() if ref.name in cards), None)
            if other is not None and other is not kind:
                yield Diagnostic.of("K008", ref.span,
                                    f"\"{ref.name}\" is {'an' if other.value[0] in 'aeiou' else 'a'} {other.value} card, in the {kind.value} column",
                                    "each row lists a means, a motive and an opportunity, in that order")
                break     # one finding per row: the rest of a swap follows
        if key in seen:
            yield Diagnostic.of("K006", combo.span,
                                f"the combination {' x '.join(key)} is listed twice",
                                f"it already implicates \"{seen[key]}\"; each combination names "
                                "exactly one board member (SC-EVID-2)")
        else:
            seen[key] = combo.member.name
    if header.combinations or all(names.values()):
        every = list(itertools.product(names[EvidenceKind.MEANS], names[EvidenceKind.MOTIVE],
                                       names[EvidenceKind.OPPORTUNITY]))
        missing = [c for c in every if c not in seen]
        if missing:
            shown = "; ".join(" x ".join(c) for c in missing[:3])
            more = f" and {len(missing) - 3} more" if len(missing) > 3 else ""
            where = (keyword_span(header.combinations_span, "combinations")
                     if header.combinations_span else header.key.span)
            yield Diagnostic.of("K005", where,
                                f"{count(len(missing), 'evidence combination')} "
                                f"{counted(len(missing), 'implicates', 'implicate')} nobody: {shown}{more}",
                                "list every means x motive x opportunity in `combinations` (SC-EVID-2)")
    implicated = set(seen.values())
    for member in header.board_members:
        if member.text not in implicated:
            yield Diagnostic.of("K007", member.span,
                                f"board member \"{member.text}\" is implicated by no combination",
                                "every board member can be the traitor: give them combinations")


@check("K009")
def hit_point_cap(ctx: Context) -> Iterator[Diagnostic]:
    """SC-EXPERT-1: "each player must record their remaining hit points ... If a player's
    remaining hit point value is greater than their base hit point value, record their base
    hit points": a cap is a number kept per player, bounded by a per-player identity."""
    header = ctx.project.header
    if not isinstance(header, CampaignDef):
        return
    by_name = {f.name.text: f for f in header.log_fields}
    for field in header.log_fields:
        cap = field.cap_identity
        if cap is None:
            continue
        if field.type is not FieldType.NUMBER or field.scope is not FieldScope.PLAYER:
            yield Diagnostic.of("K009", field.name.span,
                                f"`{field.name.text}` is capped at base hit points but is "
                                f"{'a ' + field.type.value if field.type is not FieldType.NUMBER else 'not kept per player'}",
                                "hit points are a number each player keeps: "
                                f"`field {field.name.text} number per player ...`")
            continue
        identity = by_name.get(cap.name)
        if identity is not None and identity.scope is not FieldScope.PLAYER:
            yield Diagnostic.of("K009", cap.span,
                                f"`{cap.name}` holds no player's identity: it is not kept per player",
                                "name the field each player records their identity in "
                                "(`field identities text per player`)")


@check("K010")
def shared_icon(ctx: Context) -> Iterator[Diagnostic]:
    """SC-EVID-3: "cross out each combination ... that includes the icon on the evidence
    card gained". Two cards with one icon fall together, so gaining one can cross out the
    other's combinations even when the other is in the A.I.M. envelope: no mole is left."""
    header = ctx.project.header
    if not isinstance(header, CampaignDef):
        return
    first: dict[str, str] = {}
    for card in header.evidence:
        if card.icon is None:
            continue
        if card.icon in first:
            yield Diagnostic.of("K010", card.name.span,
                                f"\"{card.name.text}\" has the icon `{card.icon}` of "
                                f"\"{first[card.icon]}\"",
                                "give each evidence card its own icon: gaining one crosses out "
                                "every combination with its icon")
        else:
            first[card.icon] = card.name.text

"""The values a condition can meet: what the project declares, per world.

A world is one way the game is played: the game's own player range, or a variant's
(each variant its own world). In every world the round runs over the Lobo track, intel
and resolve never fall below 0, and a spy can hold only what some effect, place, spy
sheet or setup can give: statuses only where an effect names them (EP-STATUS-1:
"gaining a status names it"), advanced skills and gadgets wherever one is gained by
name or of the player's choice (judged only where spy sheets, or the board, are written). A condition is judged over the values of a world; one
that cannot be judged (success tokens, henchmen in play) is left alone.
"""

from __future__ import annotations

from dataclasses import field

from smersh_dsl.analysis.step_index import StepIndex, index_steps
from smersh_dsl.model.cards import SpySheet, TextCard
from smersh_dsl.model.document import Project
from smersh_dsl.model.effects import Condition, ConditionKind, Counter, Effect, EffectKind
from smersh_dsl.model.showdowns import Henchman
from smersh_dsl.model.world import GameDef, Region
from smersh_dsl.records import dataclass
from smersh_dsl.resolve.symbols import Symbols

_NO_FLOOR = (Counter.INTEL, Counter.RESOLVE)


@dataclass(frozen=True)
class World:
    name: str                            # "the game", "the variant `epic`"
    players: tuple[int, int] | None


@dataclass
class Holdings:
    """What a spy can come to hold, over the project and the games it extends."""

    statuses: set[str] = field(default_factory=set)
    advanced: set[str] = field(default_factory=set)
    any_advanced: bool = False
    any_gadget: bool = False
    gadgets: set[str] = field(default_factory=set)    # named: a spy `starts` with them
    prose: list[str] = field(default_factory=list)    # untyped bonus texts: may give anything
    # Advanced skills are judged only where the spies' setup is written (spy sheets), and
    # gadgets only where the board is (regions): a project of a few entries is no game.
    spies: bool = False
    board: bool = False

    def can_hold(self, name: str, symbols: Symbols) -> bool | None:
        """False when nothing gives ``name``; None when it is not a thing a spy holds."""
        kinds = [ns for ns in ("status", "advanced skill", "gadget") if name in symbols.names(ns)]
        if not kinds:
            return None
        if any(name in text for text in self.prose):
            return True
        given = {"status": name in self.statuses,
                 "advanced skill": not self.spies or self.any_advanced or name in self.advanced,
                 "gadget": self.can_hold_gadget(name)}
        return any(given[k] for k in kinds)

    def can_hold_gadget(self, name: str) -> bool:
        """A gadget comes from the deck (`gain gadget`, a Gadget space: any of them) or
        from a spy's setup (`starts { gadget NAME }`); judged only where the board is."""
        return not self.board or self.any_gadget or name in self.gadgets


def _header(project: Project) -> GameDef | None:
    for p in project.lineage():
        if isinstance(p.header, GameDef):
            return p.header
    return None


def players(project: Project) -> tuple[int, int] | None:
    """The player range of the nearest header that declares one: an expansion plays
    with its base game's players unless it says otherwise."""
    return next((p.header.players for p in project.lineage()
                 if isinstance(p.header, GameDef) and p.header.players), None)


def worlds(project: Project) -> list[World]:
    header = _header(project)
    if header is None:
        return [World("the game", None)]
    found = [World("the game", players(project))]
    seen = set()
    for p in project.lineage():
        if isinstance(p.header, GameDef):
            for variant in p.header.variants:
                if variant.players is not None and variant.name.text not in seen:
                    seen.add(variant.name.text)
                    found.append(World(f"the variant `{variant.name.text}`", variant.players))
    return found


def rounds(project: Project) -> int | None:
    for p in project.lineage():
        if isinstance(p.header, GameDef) and p.header.lobo_track is not None:
            if p.header.lobo_track.rounds is not None:
                return p.header.lobo_track.rounds
    return None


def levels(project: Project) -> set[int] | None:
    found = {lv.number for p in project.lineage() for h in p.of_type(Henchman) for lv in h.levels}
    return found or None


def holdings(project: Project, own: StepIndex) -> Holdings:
    held = Holdings()
    for p in project.lineage():
        index = own if p is project else index_steps(p.definitions())
        for kind, name in index.given:
            _give(held, kind, name)
        for card in p.of_type(TextCard):          # what a card's powers give (issue #27)
            for power in card.powers:
                for step in power.steps:
                    if isinstance(step, Effect):
                        _give(held, step.kind, step.ref.name if step.ref is not None else None)
        for region in p.of_type(Region):
            held.board = True
            _bonus(region, held)
            for place in region.locations:
                held.any_advanced |= place.advanced_skill
                held.any_gadget |= place.gadget
        for spy in p.of_type(SpySheet):
            held.spies = True
            held.advanced |= {r.name for r in spy.advanced_skills}
            if spy.starts is not None:
                held.statuses |= {r.name for r in spy.starts.statuses}
                held.gadgets |= {r.name for r in spy.starts.gadgets}
    return held


def _give(held: Holdings, kind: EffectKind, name: str | None) -> None:
    """What one effect of ``kind`` (naming ``name``, None for the player's choice) gives."""
    if kind is EffectKind.GAIN_STATUS and name is not None:
        held.statuses.add(name)
    elif kind is EffectKind.GAIN_ADVANCED_SKILL:
        held.any_advanced |= name is None
        held.advanced |= {name} if name is not None else set()
    elif kind is EffectKind.GAIN_GADGET:
        held.any_gadget = True


def _bonus(region: Region, held: Holdings) -> None:
    bonus = region.bonus
    if bonus is None:
        return
    if not bonus.effects:
        held.prose.append(bonus.text)
    for effect in bonus.effects:
        _give(held, effect.kind, effect.ref.name if effect.ref is not None else None)


@dataclass
class Values:
    """Everything a condition is judged against, but the world's player range."""

    symbols: Symbols
    held: Holdings
    rounds: int | None
    levels: set[int] | None


def outcomes(condition: Condition, world: World, values: Values) -> set[bool] | None:
    """The truth values ``condition`` can take in ``world``; None when it cannot be judged."""
    kind = condition.kind
    if kind is ConditionKind.NOT and condition.operand is not None:
        inner = outcomes(condition.operand, world, values)
        return None if inner is None else {not v for v in inner}
    if kind is ConditionKind.COMPARE:
        span = _range(condition.counter, world, values)
        if span is None:
            return None
        low, high = span
        top = high if high is not None else max(low, condition.value or 0) + 2
        return {bool(condition.holds_for({condition.counter: v}))  # type: ignore[dict-item]
                for v in range(low, top + 1)}
    if kind in (ConditionKind.STATUS, ConditionKind.HAS) and condition.ref is not None:
        can = values.held.can_hold(condition.ref.name, values.symbols)
        return {False} if can is False else None
    if kind is ConditionKind.LEVEL and values.levels is not None:
        return {False} if condition.value not in values.levels else None
    return None


def _range(counter: Counter | None, world: World, values: Values) -> tuple[int, int | None] | None:
    if counter is Counter.PLAYERS:
        return world.players
    if counter is Counter.ROUND and values.rounds is not None:
        return (1, values.rounds)
    if counter in _NO_FLOOR:
        return (0, None)
    return None

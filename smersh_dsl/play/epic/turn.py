"""A spy's turn in a whole game: rest (EP-REST-1), or the region bonus, movement
(`moves.py`) and an encounter (`encounters.py`); then the end-of-turn limits and a new
spy for a dead one (`deaths.py`). The henchman's price and order (EP-HENCH-2, EP-VAR-1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from smersh_dsl.play.epic import australia, bots, cards, leaves
from smersh_dsl.play.epic.deaths import replace_the_dead
from smersh_dsl.play.epic.encounters import meet, stranded_encounter
from smersh_dsl.play.epic.engine import quiet
from smersh_dsl.play.epic.moves import move

if TYPE_CHECKING:
    from smersh_dsl.play.epic.game import Game
    from smersh_dsl.play.epic.party import Spy


def take_turn(game: Game, index: int) -> None:
    """One player's turn. SH-STRAND-1: a stranded spy "skip[s] their movement phase and
    read[s] the Stranded Card as their encounter"."""
    state, party = game.state, game.party
    seat, spy = state.seats[index], party.spies[index]
    game.table.decide = game.decider_of(index)
    game.table.actor = spy
    party.location = seat.location
    if game.say is not quiet:
        game.say(f"Round {state.round}, {spy.name} in {seat.location} (health {spy.health}/"
                 f"{spy.max_health}, resolve {spy.resolve}, pool {party.pool} intel).")
    cards.turn_begins(game.table, spy)                                  # rule: EP-GADGET-1
    seat.location = party.location or seat.location    # a card may have moved the spy
    if seat.stranded:                                                   # rule: SH-STRAND-1
        stranded_encounter(game, index)
    else:
        here = game.board.where(seat.location)
        rest_score = 2.0 if bots.hurt(spy) else 0.0
        pick = game.table.decide.choose("Your turn:", ["Move and have an encounter", "Rest"],
                                        [1.0, rest_score], note=None)
        if pick == 1:
            rest(game, spy, here.has("hq"))
        else:
            region_bonus(game, index)                                   # rule: EP-BONUS-1
            move(game, index)
            if game.state.outcome is None:
                region_bonus(game, index)        # after moving, in the region it ended in
            if game.state.outcome is None:
                meet(game, index)
    party.location = seat.location
    cards.turn_ends(game.table, spy, party.lobo - state.round_lobo)     # rule: EP-STATUS-3
    seat.location = party.location or seat.location
    australia.end_of_turn(game, spy)
    replace_the_dead(game)


def rest(game: Game, spy: Spy, at_hq: bool) -> None:
    """EP-REST-1: "your Spy heals injuries and gains Resolve equal to the Rest value ...
    You cannot gain more Resolve or have more health than your maximum", and "If you rest
    at an HQ space, you always restore your health and Resolve to their maximum value"."""
    if at_hq:                                                           # rule: EP-REST-1
        spy.health, spy.resolve = spy.max_health, spy.max_resolve
    else:
        spy.health = min(spy.max_health, spy.health + spy.rest)
        spy.resolve = min(spy.max_resolve, spy.resolve + spy.rest)
    game.say(f"{spy.name} rests{' at the HQ' if at_hq else ''}: health {spy.health}, "
             f"resolve {spy.resolve}.")
    leaves.rested(game.table, spy, at_hq)                       # rule: EP-STATUS-3


def region_bonus(game: Game, index: int) -> None:
    """EP-BONUS-1: the Region Bonus, "Before and after moving, you may spend Intel" (the
    Ocean has none). It is offered before moving and again after moving (before the
    encounter, in the region the spy ended in), each time only when the pool pays for it;
    the sensible bot takes it when its worth beats the intel it costs and the pool keeps
    enough for the next henchman (what a player sees: the bonus's text and the pool)."""
    spy, seat = game.party.spies[index], game.state.seats[index]
    region = game.board.where(seat.location).region
    bonus = game.board.bonuses.get(region)
    if not bonus:
        return
    cost, gain, heals = _bonus_terms(game, region, bonus)
    pool = game.party.pool
    if pool < max(1, cost):
        return
    if heals and spy.health == spy.max_health:
        gain = 0.0
    spare = pool - henchman_cost(game)
    take = 1.0 if gain > cost and spare >= cost else 0.0
    if game.table.decide.choose(f"Region bonus: {bonus['text']}", ["No", "Yes"],
                                [1.0 - take, take], note=None) == 1:
        game.say(f"{spy.name} uses the region bonus of {region}: {bonus['text']}")
        game.record_intel(cost)
        game.table.run(bonus["effects"])


def _bonus_terms(game: Game, region: str, bonus: dict) -> tuple[int, float, bool]:
    """A region bonus's intel cost, the worth of the rest of it and whether it heals:
    once a game for each region (a spy is offered its region's bonus twice a turn)."""
    known = game.table.known.setdefault("region_bonus", {})
    found = known.get(region)
    if found is None:
        effects = bonus["effects"]
        found = known[region] = (
            sum(s.get("amount", 1) for s in effects if s["kind"] == "lose_intel"),
            bots.worth([s for s in effects if s["kind"] != "lose_intel"]),
            any(s["kind"] == "heal_injury" for s in effects))
    return found


def henchman_cost(game: Game) -> int:
    """EP-HENCH-2: the next henchman's intel cost for the number of players; once in a
    game for each state of what it reads (the henchmen, those confronted, the variants
    played and the number of seats)."""
    state = game.state
    key = (tuple(state.henchmen), tuple(state.confronted), tuple(state.variants),
           len(state.seats))
    cache = game.table.known.setdefault("henchman_cost", {})
    found = cache.get(key)
    if found is None:
        found = cache[key] = _henchman_cost(game)
    return found


def _henchman_cost(game: Game) -> int:
    from smersh_dsl.play.epic.world import henchman_sheet
    for name in next_henchmen(game):
        return intel_cost(henchman_sheet(game.doc, name), len(game.state.seats))
    return 0


def intel_cost(sheet: dict, players: int) -> int:
    """The sheet's price for ``players``. Assumption: for more players than the sheet
    prices (Swagman's Hope's epic variant allows 5), the price goes on rising by the
    sheet's last step (Pierre 8, 10 for 3 and 4 players: 12 for 5)."""
    costs = {int(k): int(v) for k, v in sheet["intel_cost"].items()}
    if players in costs:
        return costs[players]                                           # rule: EP-HENCH-2
    top = max(costs)
    step = costs[top] - costs.get(top - 1, costs[top])
    return costs[top] + step * (players - top)


def next_henchmen(game: Game) -> list[str]:
    """EP-VAR-1 A: "You have to face the other Henchmen before facing the main Henchman":
    the secondary ones first, in any order, the main one (the first named) last."""
    from smersh_dsl.play.epic.world import chosen
    state = game.state
    waiting = [h for h in state.henchmen if h not in state.confronted]
    if not any(v.get("main_last") for v in chosen(game.doc, state)):
        return waiting
    secondary = [h for h in waiting if h != state.henchmen[0]]
    return secondary or waiting                                         # rule: EP-VAR-1

"""A new spy for a dead one (EP-HEALTH-1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from smersh_dsl.play.epic import top_secret
from smersh_dsl.play.epic.world import NEW_SPY_RESOLVE, allowed_sheets

if TYPE_CHECKING:
    from smersh_dsl.play.epic.game import Game


def replace_the_dead(game: Game) -> None:
    """EP-HEALTH-1: "That player chooses a new Spy ... setting up their Spy board as though
    the game had just begun, except that they start with 2 less Resolve. The new Spy is
    placed on any unoccupied HQ space." A sheet not yet used if any ("If all Spy sheets in
    the box have been used, you may select a Spy that has already been used"), never a
    double agent of a henchman in play (EP-VAR-2). The dead spy's intel stays in the pool."""
    from smersh_dsl.play.epic.game import deal, make_spy
    state, party = game.state, game.party
    for index, spy in enumerate(party.spies):
        if spy.alive:
            continue
        seat = state.seats[index]
        state.record.deaths += 1
        state.mission_discard.extend(seat.missions)
        top_secret.discard_of(game).extend(spy.top_secrets)   # "discards all" its cards
        spy.top_secrets = []
        seat.missions = []
        allowed = allowed_sheets(game.doc, state)
        current = {s.name for s in party.spies}
        fresh = [s for s in allowed if s["name"] not in state.sheets_used]
        pool = fresh or [s for s in allowed if s["name"] not in current] or allowed
        decider = game.decider_of(index)
        sheet = pool[decider.choose(f"{spy.name} is dead: choose a new spy",
                                    [s["name"] for s in pool])]
        new = make_spy(game, sheet, index, NEW_SPY_RESOLVE)             # rule: EP-HEALTH-1
        new.intel = spy.intel
        party.spies[index] = new
        state.sheets_used.append(sheet["name"])
        seat.sheet, seat.stranded = sheet["name"], None
        occupied = {s.location for i, s in enumerate(state.seats) if i != index}
        free = [h for h in game.board.hqs if h not in occupied] or game.board.hqs
        seat.location = free[decider.choose("Place the new spy on an HQ:", free)]
        seat.late_mission, seat.missions_done = None, 0
        deal(game, seat, sheet)
        game.say(f"{spy.name} is dead. {new.name} joins in {seat.location} with "
                 f"{new.resolve} resolve.")

"""The round and its end: turns, the round token, intel on the lairs, confronting a
henchman or Dr. Lobo (EP-LOBO-*, EP-HENCH-*, EP-SHOW-*, EP-VAR-1), to the game's end."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from smersh_dsl.play.epic import australia, bots
from smersh_dsl.play.epic.engine import GameLost
from smersh_dsl.play.epic.sessions import Outcome, advance, start_showdown
from smersh_dsl.play.epic.deaths import replace_the_dead
from smersh_dsl.play.epic.turn import henchman_cost, next_henchmen, take_turn
from smersh_dsl.play.epic.world import henchman_sheet, showdown_of, variant
from smersh_dsl.wording import count

if TYPE_CHECKING:
    from smersh_dsl.play.epic.game import Game


def play_game(game: Game, between_rounds: Callable[[Game], None] | None = None) -> str:
    """Play rounds until the game is won or lost; ``between_rounds`` is called at each
    round's start (to save the game). Returns "won" or "lost"."""
    state = game.state
    while state.outcome is None:
        if between_rounds is not None and state.turn == 0:
            between_rounds(game)
        play_round(game)
    game.say(f"The game is {state.outcome}: {state.reason}" if state.reason
             else f"The game is {state.outcome}.")
    return state.outcome


def play_round(game: Game) -> None:
    """EP: "each player, one at a time, takes a turn until all players have gone". Players
    "may take their turns in any order"; the engine takes them in seat order (assumption)."""
    state = game.state
    if state.turn == 0:
        state.round_lobo = game.party.lobo         # `lobo_advances N`: "in one round"
    while state.turn < len(state.seats) and state.outcome is None:
        take_turn(game, state.turn)
        australia.overflow(game)
        state.turn += 1
    if state.outcome is None:
        end_of_round(game)
    state.turn = 0


def end_of_round(game: Game) -> None:
    """EP-LOBO-1, EP-LOBO-2: "advance the Round tracking token", place intel on each lair
    when the new round's space says so, then "You must Confront Dr. Lobo (when triggered)"
    or "You may Confront a Henchman (if you dare)"."""
    state = game.state
    track = game.doc["vocabulary"]["lobo_track"]
    state.round += 1                                                    # rule: EP-LOBO-1
    state.record.rounds = state.round - 1
    game.say(f"End of the round: the round token moves to {state.round}; Dr. Lobo waits "
             f"after {game.lobo_line}.")
    if state.round in track.get("lair_intel_rounds", []):               # rule: EP-LOBO-2
        for lair in game.board.lairs:
            game.party.board_intel[lair] = game.party.board_intel.get(lair, 0) + 1
        game.say("Dr. Lobo's plots advance: 1 intel is placed on each lair.")
        australia.overflow(game)
    australia.butcher_returns(game)                                     # rule: SH-LOCTRACK-1
    if state.round > game.lobo_line:                                    # rule: EP-LOBO-1
        confront_lobo(game)
        return
    waiting = next_henchmen(game)
    if not waiting:
        return
    cost = henchman_cost(game)
    decide = game.decider_of(0)
    name = waiting[0]
    if decide.choose(f"Confront {name} for {cost} intel (the pool holds {game.party.pool})?",
                     ["Not yet", f"Confront {name}"],
                     [0.5, bots.should_confront(game, cost)], note=None) == 1 \
            and game.party.pool >= cost:
        confront_henchman(game, name, cost)


def confront_henchman(game: Game, name: str, cost: int) -> None:
    """EP-HENCH-2: "pay Intel corresponding to the number of players ... as shown on the
    Henchman sheet". EP-SHOW-5: failing its encounters does not advance Dr. Lobo.
    EP-VAR-1 B: a secondary henchman beaten retreats Dr. Lobo, one not beaten advances
    him; EP-HENCH-4: the main one not beaten "will reappear to assist Dr. Lobo"."""
    state = game.state
    game.party.spend_pool(cost)                                         # rule: EP-HENCH-2
    game.record_intel(cost)
    state.confronted.append(name)
    game.say(f"The spies spend {cost} intel and confront {name}.")
    outcome = showdown(game, showdown_of(game.doc, "henchman", name))
    sheet = henchman_sheet(game.doc, name)
    need = sheet.get("successes")
    won = bool(outcome.won)
    if won:
        state.defeated.append(name)
        state.record.henchmen_beaten.append(name)
    game.say(f"{name} is {'defeated' if won else 'not defeated'}"
             + (f" ({count(need, 'success token')} {'was' if need == 1 else 'were'} needed)" if need else "") + ".")
    if name != state.henchmen[0]:                                       # rule: EP-VAR-1
        rules = variant(game.doc, "multiple_henchmen") or {}
        steps = rules.get("beaten" if won else "not_beaten") or []
        if steps:
            game.table.run(steps)
    replace_the_dead(game)


def confront_lobo(game: Game) -> None:
    """EP-LOBO-1 and EP-HENCH-3: "Turn to the Dr. Lobo section (A, B, C, or D) indicated
    on the Henchman sheet for this game" (the main henchman's). Winning it wins the game;
    losing it, or every spy dying in it, loses it (EP-SHOW-2)."""
    state = game.state
    state.record.lobo_round = state.round - 1
    letter = henchman_sheet(game.doc, state.henchmen[0])["lobo_section"]  # rule: EP-HENCH-3
    game.say(f"The round token has passed Dr. Lobo: the spies confront him (section {letter}).")
    outcome = showdown(game, showdown_of(game.doc, "lobo", letter))
    state.record.deaths += sum(not spy.alive for spy in game.party.spies)
    state.outcome = "won" if outcome.won else "lost"
    state.reason = outcome.summary
    goal = australia.track_goal(game)
    if outcome.won and goal is not None and state.location_track < goal:   # rule: SH-EPIC-1
        state.outcome = "lost"
        state.reason = (f"Dr. Lobo is beaten, but the Location Track stands at "
                        f"{state.location_track}, not {goal}: \"Win only by pushing the "
                        f"Location Track on the Australia board to {goal}\"")


def showdown(game: Game, section: dict) -> Outcome:
    """An epic showdown: every living spy takes part (EP-SHOW-3), intel from the pool
    spends as resolve; it ends at a conclusion or when every spy is dead (EP-SHOW-2)."""
    table = game.table
    table.decide = game.decider_of(0)
    table.failed = False
    pool = table.party.pool
    current: str | Outcome = start_showdown(table, section)
    try:
        while not isinstance(current, Outcome):
            current = advance(table, section, current)
    except GameLost as lost:
        current = Outcome(f"Game over: {lost}.", False)
        game.state.outcome, game.state.reason = "lost", str(lost)
    table.in_showdown = False
    table.party.successes = 0          # "remove all Success Tokens from their sheet"
    table.failed = False
    game.record_intel(max(0, pool - table.party.pool))    # intel spent as resolve
    game.say(current.summary)
    return current

"""Swagman's Hope's Location Track in a whole game (SH-LOCTRACK-1, and the epic variant's
goal, SH-EPIC-1): it starts at 0, moves only when the Aussie Butcher's token is taken on
and passed, never for his gang in the book nor for a lair. Each test quotes the
rulebook and drives the real engine."""

from __future__ import annotations

from epic_game_helpers import Answers, new_game, place, swagmans_doc
from smersh_dsl.play.epic import encounters, rounds


def test_the_track_starts_at_zero():
    """SH-LOCTRACK-1, setup step 2: "Place the brown Location Track marker on 0 (zero) on
    the Location Intelligence track on the Australia board." """
    game, _ = new_game(swagmans_doc(), players=3, variants=("epic",))
    assert game.state.location_track == 0


def test_passing_the_butchers_token_moves_the_track_and_raises_him():
    """SH-LOCTRACK-1: "If a player encounters the Aussie Butcher's token and passes the
    skill check, remove the token from the board and advance the Aussie Butcher (and
    Location Track) by 1." """
    answers = Answers({"The Aussie Butcher's token": "Take on"})
    game, lines = new_game(swagmans_doc(), players=2, answers=answers)
    game.state.butcher_at = "Perth"
    place(game, 0, "Perth")
    game.rng.faces = ["success"] * 6
    encounters.meet(game, 0)
    assert (game.state.butcher_at, game.state.butcher_level, game.state.location_track) == \
        (None, 2, 1)
    assert "The Butcher's token is removed: he is at level 2, and the Location Track moves to 1." in lines


def test_failing_the_butchers_token_moves_nothing():
    """SH-LOCTRACK-1: "The Butcher only levels up when his token is encountered on the
    board and the player passes the encounter." """
    answers = Answers({"The Aussie Butcher's token": "Take on", "What do you do?": 1})
    game, _ = new_game(swagmans_doc(), players=2, answers=answers)
    game.state.butcher_at = "Perth"
    place(game, 0, "Perth")
    game.party.spies[0].resolve = 0
    game.rng.faces = ["blank"] * 12
    encounters.meet(game, 0)
    assert (game.state.butcher_at, game.state.butcher_level, game.state.location_track) == \
        ("Perth", 1, 0)


def test_passing_the_butchers_gang_in_the_book_never_levels_him():
    """SH-LOCTRACK-1: "During book encounters, players may run into the Aussie Butcher's
    gang ... If a player passes such an encounter, do not increase the Butcher's level or
    advance the Location Intelligence track." (card 64, The Butcher's Boys)"""
    answers = Answers({"Choose a response:": 0})
    game, lines = new_game(swagmans_doc(), players=2, answers=answers)
    game.state.butcher_at, game.state.dead_drops = None, {}
    deck = game.state.decks["Australia"]
    deck.remove(64)
    deck.insert(0, 64)
    place(game, 0, "Perth")
    game.rng.faces = ["success"] * 12
    encounters.encounter(game, 0)
    assert "Encounter 64: The Butcher's Boys (Perth)" in lines
    assert not game.table.failed
    assert (game.state.butcher_level, game.state.location_track) == (1, 0)


def test_a_pass_at_a_lair_does_not_move_the_track():
    """SH-LOCTRACK-1: the track "advances when the Aussie Butcher's token is encountered
    on the board and passed"; a lair's encounter is no location token (the stand-in that
    moved it on passes at lairs is gone)."""
    game, _ = new_game(swagmans_doc(), players=3, seed=2, variants=("epic",))
    game.table.failed = False
    place(game, 0, "Monte Carlo")
    encounters.after_encounter(game, 0, "Monte Carlo", hub=False)
    assert game.state.location_track == 0


def test_his_token_returns_at_the_rounds_end_even_after_his_card_is_flipped():
    """SH-EPIC-1: "Players must reach 6 on the Location Track located on the Swagman's Hope
    board": the Butcher's token, the board's only location token, comes back at the end
    of a round in which it is off the board, after his card is flipped too (his level
    stays at the last his card prints), so six passes are there to be had."""
    answers = Answers({"The Aussie Butcher's token": "Take on", "Confront": 0})
    game, lines = new_game(swagmans_doc(), players=3, seed=3, variants=("epic",),
                           answers=answers)
    for track in range(6):
        assert game.state.butcher_at is not None
        where = game.state.butcher_at
        place(game, 0, where)
        game.party.spies[0].resolve = 5
        game.rng.faces = ["success"] * 12
        encounters.meet(game, 0)
        assert game.state.location_track == track + 1 and game.state.butcher_at is None
        rounds.end_of_round(game)
        assert f"The Aussie Butcher's token is placed in {game.state.butcher_at}." in lines
    assert game.state.butcher_flipped and game.state.butcher_level == 2


def test_in_the_epic_variant_the_bot_heads_for_the_butchers_token():
    """SH-EPIC-1 and SH-LOCTRACK-1: "Players must reach 6 on the Location Track", which
    only passing the Butcher's token moves: the sensible bot goes to it while the track
    is short of the goal, and not once the goal is reached."""
    from smersh_dsl.play.epic import moves
    for track, goes in ((0, True), (6, False)):
        game, lines = new_game(swagmans_doc(), players=3, seed=5, variants=("epic",))
        state = game.state
        state.dead_drops, state.red_board, state.butcher_at = {}, {}, "Darwin"
        state.location_track = track
        for seat in state.seats:
            seat.missions = []
        place(game, 0, "Perth")
        moves.move(game, 0)
        assert (state.seats[0].location == "Darwin") is goes

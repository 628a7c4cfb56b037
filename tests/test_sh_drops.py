"""Swagman's Hope's dead drops as the whole game applies them (SH-DROP-1, SH-DROP-2): the
Intel drop's two choices, the Top Secret drop drawing real cards. The Bomb and Up Any
Skill are held in tests/test_swagmans_deviations.py and tests/test_sh_villains.py."""

from __future__ import annotations

from epic_game_helpers import Answers, new_game, swagmans_doc
from sh_cards import with_cards
from smersh_dsl.play.epic import moves


def intel_drop(answers: Answers | None = None):
    game, lines = new_game(with_cards(swagmans_doc()), players=2, answers=answers)
    game.state.dead_drops["Perth"] = "Intel"
    game.party.board_intel.pop("Perth", None)       # only the drop's intel reaches the pool
    game.state.red_board.pop("Perth", None)
    return game, lines


def test_the_intel_drop_gives_a_yellow_intel():
    """SH-DROP-2: "Intel: The player may either take a Yellow Intel Token from supply and
    place it in the Pool, or may exchange one Yellow Intel in the Pool with one Red Intel
    from supply." """
    game, lines = intel_drop(Answers({"What do you do?": "Add a yellow"}))
    pool, red = game.party.pool, len(game.state.red_supply)
    moves.land(game, 0, "Perth")
    assert game.party.pool == pool + 1 and len(game.state.red_supply) == red
    assert "> Add a yellow Intel from the supply to the pool" in lines


def test_the_intel_drop_swaps_a_yellow_in_the_pool_for_a_red_one():
    """SH-DROP-2: "... or may exchange one Yellow Intel in the Pool with one Red Intel from
    supply": the pool holds as many intel as before, and the supply one red fewer."""
    game, _ = intel_drop(Answers({"What do you do?": "Swap"}))
    game.party.spies[0].intel = 2
    pool, red = game.party.pool, len(game.state.red_supply)
    assert red
    moves.land(game, 0, "Perth")
    assert game.party.pool == pool and len(game.state.red_supply) == red - 1


def test_the_top_secret_drop_is_claimed_once_and_draws_cards():
    """SH-DROP-1 and SH-DROP-2: "Dead Drop tokens are claimed by the first player to land
    on a city that contains one ... Tokens are not replaced", and "Top Secret: Draw 2 Top
    Secret Cards, keep 1 and discard the other"."""
    game, lines = new_game(with_cards(swagmans_doc()), players=2)
    game.state.dead_drops["Perth"] = "Top Secret"
    first, second = game.party.spies
    moves.land(game, 0, "Perth")
    moves.land(game, 1, "Perth")
    assert len(first.top_secrets) == 1 and second.top_secrets == []
    assert len(game.state.cards.top_secret_discard) == 1
    assert "Perth" not in game.state.dead_drops

"""Where the base Epic game played what its rulebook does not say (issue #27), each rule
played as the rulebook (`../shared/seeds/`) says, through the real engine, citing its id
in RULES.md."""

from __future__ import annotations

from epic_game_helpers import Answers, a_test, entry_doc, epic_doc, new_game, place, swagmans_doc
from smersh_dsl.play.epic import australia, encounters, rounds, turn

REROLL = {"kind": "reroll_if_confronted", "henchman": "Pierre"}


# -- EP-INTEL-1 ---------------------------------------------------------------------------

def test_intel_placed_on_the_lairs_stays_however_much_intel_the_board_holds():
    """EP-INTEL-1: "Place Intel on Lairs: ... place an Intel on each Lair location on the
    board" and "If you end your movement on a space containing Intel, pick up all Intel
    there": the Epic Edition names no overflow, so the lairs' intel stays until collected."""
    game, lines = new_game(epic_doc(), players=4)
    game.party.board_intel.update({"Berlin": 4, "Cairo": 4})
    game.state.round = 3                          # the round token moves to 4: lair intel
    rounds.end_of_round(game)
    assert all(game.party.board_intel.get(lair) == 1 for lair in game.board.lairs)
    assert game.party.board_intel["Berlin"] == 4
    assert not any("overflow" in line for line in lines)


def test_with_swagmans_hope_the_overflow_at_6_still_removes_the_yellow_intel():
    """SH-INTEL-2: "When playing with SWAGMAN'S HOPE expansion, Intel Overflow limit is 6 or
    more, regardless of the number of players" and "Remove all Yellow Intel ... Red Intel
    remains on the board"."""
    game, lines = new_game(swagmans_doc(), players=4)
    red = {city: list(tokens) for city, tokens in game.state.red_board.items()}
    game.party.board_intel.update({"Berlin": 3, "Cairo": 3})
    australia.overflow(game)
    assert game.party.board_intel == {}
    assert any(line.startswith("Intel overflow") for line in lines)
    assert sum(map(len, game.state.red_board.values())) == sum(map(len, red.values()))


# -- EP-VAR-2 at a lair -------------------------------------------------------------------

def _lair_game(rerolled_dice: set[int]):
    """A two-spy double-agent game whose Europe deck is one card: the entries of the dice
    in ``rerolled_dice`` begin with Pierre's reroll line; the spy stands on Europe's lair."""
    doc = entry_doc(epic_doc(), "Europe", [a_test()])
    doc["entries"] = [dict(e, steps=[REROLL, a_test()])
                      if e["encounter"] == 99 and e["die"] in rerolled_dice else e
                      for e in doc["entries"]]
    game, lines = new_game(doc, players=2, henchmen=("Pierre",),
                           spies=("Darling, Double Agent",))
    game.state.confronted.append("Pierre")
    lair = next(n for n in game.board.lairs if game.board.where(n).region == "Europe")
    place(game, 0, lair)
    return game, lines


def test_a_reroll_line_at_a_lair_rolls_the_fate_die_for_a_new_encounter():
    """EP-VAR-2, EP-ENC-4: at a lair "the die roll result is always fixed at 5", and an
    entry that begins "If the [NAME] Henchman sheet is in play and you have already
    confronted them, reroll the Fate die for a new Encounter" is followed: the fate die is
    rolled, and the encounter read is a new one, not entry 5 again."""
    game, lines = _lair_game({5})
    game.rng.faces = ["5", "resolve_reroll", "3"]
    encounters.encounter(game, 0)
    assert [line for line in lines if line.startswith("Read entry")] == [
        "Read entry 99.1.5.", "Read entry 99.1.3."]
    assert "The same encounter again: roll once more." in lines
    assert "The fate die shows resolve: gain 1 resolve and roll again." in lines


def test_a_response_whose_every_entry_rerolls_is_neither_a_pass_nor_a_fail():
    """EP-VAR-2: "reroll the Fate die for a new Encounter": when every entry of the
    response sends the spy on there is no new encounter to have, and none is passed, so
    no location bonus, no mission and no move of Dr. Lobo (a loop is never a pass)."""
    game, lines = _lair_game({1, 2, 3, 4, 5})
    seat = game.state.seats[0]
    game.missions[seat.missions[0]]["city"] = seat.location   # a mission in this lair
    missions, lobo = list(seat.missions), game.party.lobo
    encounters.encounter(game, 0)
    reads = [line for line in lines if line.startswith("Read entry")]
    assert sorted(set(reads)) == [f"Read entry 99.1.{d}." for d in range(1, 6)]
    assert len(reads) == 5
    assert lines[-1].startswith("Every entry of this response sends the spy to a new encounter")
    assert seat.missions == missions and game.party.lobo == lobo
    assert not any("location bonus" in line or "PASS read" in line for line in lines)


# -- SH-LIMIT-1 ---------------------------------------------------------------------------

def test_the_end_of_turn_limit_counts_blue_and_red_un_transports():
    """SH-LIMIT-1: "A player, at the end of his turn, may have no more than 3 of either UN
    Transports or Top Secret cards ... They must discard down to 3 at the end of their
    turn." Blue and red UN Transport tokens are UN Transports."""
    game, lines = new_game(swagmans_doc(), players=2)
    spy = game.party.spies[0]
    spy.tokens.update({"un_transport": 2, "blue_un_transport": 2, "red_un_transport": 2})
    australia.end_of_turn(game, spy)
    held = {k: spy.tokens.get(k, 0)
            for k in ("un_transport", "blue_un_transport", "red_un_transport")}
    assert sum(held.values()) == 3
    # outside Australia a blue token flies nowhere (only OUT OF Australia): the bot sheds those
    assert held == {"un_transport": 2, "blue_un_transport": 0, "red_un_transport": 1}
    assert any("discards down to 3 UN Transport" in line for line in lines)


def test_a_person_chooses_which_un_transport_to_discard():
    """SH-LIMIT-1: "They must discard down to 3": which ones is the player's choice."""
    answers = Answers({"Discard down to 3 UN Transports": "un transport"})
    game, _ = new_game(swagmans_doc(), players=2, answers=answers)
    spy = game.party.spies[0]
    spy.tokens.update({"un_transport": 2, "blue_un_transport": 2})
    australia.end_of_turn(game, spy)
    assert (spy.tokens["un_transport"], spy.tokens["blue_un_transport"]) == (1, 2)
    assert answers.asked[0] == ("Discard down to 3 UN Transports: which one?",
                                ["un transport", "blue un transport"])


# -- EP-BONUS-1 ---------------------------------------------------------------------------

def test_the_region_bonus_is_offered_before_and_after_moving():
    """EP-BONUS-1: "Region Bonuses: Before and after moving, you may spend Intel to use the
    Region Bonus of the region you are in." The offer after moving is the bonus of the
    region the spy ended its movement in."""
    answers = Answers({"Your turn": 0, "Region bonus": "No"})
    game, _ = new_game(epic_doc(), players=2, answers=answers)
    game.party.spies[0].intel = 10
    turn.take_turn(game, 0)
    offers = [prompt for prompt, _ in answers.asked if prompt.startswith("Region bonus")]
    ended = game.board.where(game.state.seats[0].location).region
    assert len(offers) == 2
    assert offers[1] == f"Region bonus: {game.board.bonuses[ended]['text']}"


def test_a_bot_takes_the_region_bonus_after_moving_by_the_same_rule():
    """EP-BONUS-1: "Before and after moving, you may spend Intel to use the Region Bonus";
    the sensible bot, with a pool that pays twice, takes a bonus worth more than its price
    (here Africa's, made "retreat Dr. Lobo" for 1 intel) before and after moving."""
    answers = Answers({"Your turn": 0, "Where do you move?": "Stay in", "Fly": 0})
    game, lines = new_game(epic_doc(), players=1, answers=answers)
    game.board.bonuses["Africa"] = {"text": "Spend 1 Intel: retreat Dr. Lobo one space.",
                                    "effects": [{"kind": "lose_intel", "amount": 1},
                                                {"kind": "retreat_lobo", "amount": 1}]}
    spy = game.party.spies[0]
    spy.intel = 20
    city = next(p.name for p in game.board.places.values()
                if p.region == "Africa" and not p.has("lair"))
    place(game, 0, city)
    turn.take_turn(game, 0)
    assert sum(line.startswith(f"{spy.name} uses the region bonus of Africa")
               for line in lines) == 2

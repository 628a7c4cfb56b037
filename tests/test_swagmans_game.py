"""Swagman's Hope's rules as a whole game plays them (`smersh_dsl.play.epic.australia`,
`board`, `turn`), each test quoting the expansion's rulebook and citing its rule id."""

from __future__ import annotations

import pytest

from epic_game_helpers import Answers, a_test, entry_doc, new_game, place, swagmans_doc
from sh_cards import with_cards
from smersh_dsl.play.core.errors import NotPlayable
from smersh_dsl.play.epic import australia, encounters, missions, moves, turn
from smersh_dsl.play.epic.board import Board
from smersh_dsl.play.epic.rounds import play_game

HUB = "Swagman's Hope"


def test_solo_play_needs_two_agents():
    """Setup: "to play with the Swagman's Hope expansion, a solo player must control two or
    more UN Agents.\""""
    with pytest.raises(NotPlayable, match="two or more"):
        new_game(swagmans_doc(), players=1)


@pytest.mark.parametrize("players, value", [(2, 2), (3, 2), (4, 1)])
def test_the_starting_red_intel_and_lobo_by_player_count(players, value):
    """SH-INTEL-1, setup 5: "2 or 3 PLAYERS. Find the Red Intel token with the number 2 and
    the blue 'Weapons' icon. Place this token face up at Swagman's Hope and advance Dr.
    Lobo's track to 2", and for 4 players the token with the number 1, advancing 1."""
    game, _ = new_game(swagmans_doc(), players=players)
    assert game.state.red_board[HUB] == [{"value": value, "icon": "Weapons"}]
    assert game.lobo_line == game.state.lobo_start - value
    assert game.state.red_un_at_hub and "Sydney" in game.state.closed


def test_one_red_intel_on_a_coastal_city_by_its_blue_number_and_dead_drops_on_the_rest():
    """SH-BOARD-1, setup 6-7: "Place one Red Intel token face down on a random Australian
    city by drawing a Fate Card and looking at the number in the BLUE circle", then "place
    one ... on each of the remaining Australian cities without a token".  SH-DROP-1."""
    game, _ = new_game(swagmans_doc(), players=2)
    coastal = game.board.coastal()
    assert coastal == ["Darwin", "Sydney", "Melbourne", "Perth"]      # blue 1, 2, 3, 4
    red = [c for c in coastal if game.state.red_board.get(c)]
    assert len(red) == 1
    assert sorted(game.state.dead_drops) == sorted(set(coastal) - set(red))


def test_the_long_coastal_legs_cost_2_points_with_no_partial_travel():
    """SH-BOARD-2: "it requires 2 movement points to travel between DARWIN and SYDNEY, and
    between MELBOURNE and PERTH ... Partial travel between these spaces is not allowed.\""""
    board = Board.of(swagmans_doc())
    reach = board.destinations("Darwin", resolve=0, hub_open=False, closed={"Sydney"})
    assert reach["Sydney"] == 0                     # 2 points: the whole movement
    assert "Melbourne" not in reach                 # Darwin-Sydney-Melbourne is 3
    extra = board.destinations("Darwin", resolve=1, hub_open=False, closed={"Sydney"})
    assert extra["Melbourne"] == 1                  # "spend 1 Resolve to gain 1 movement point"


def test_swagmans_hope_is_the_whole_movement_and_open_only_with_red_intel():
    """SH-BOARD-3: "Moving from a coastal city to Swagman's Hope, or vice versa, takes up the
    player's entire movement phase ... players may not enter Swagman's Hope under any
    circumstances unless at least 1 Red Intel token is present there.\""""
    board = Board.of(swagmans_doc())
    assert HUB not in board.destinations("Perth", 1, hub_open=False, closed=set())
    assert board.destinations("Perth", 1, hub_open=True, closed=set())[HUB] == 0
    assert HUB not in board.destinations("Alice Springs", 1, hub_open=True, closed=set())
    out = board.destinations(HUB, 1, hub_open=True, closed=set())
    assert set(out) == {HUB, "Darwin", "Sydney", "Melbourne", "Perth"}


def test_the_outback_is_entered_only_by_a_stranded_card():
    """SH-BOARD-4: "Players may not move into the Australian Outback except as the result of
    a Stranded Card.\""""
    board = Board.of(swagmans_doc())
    for start in ("Darwin", "Sydney", "Alice Springs"):
        assert "Outback" not in board.destinations(start, 1, hub_open=True, closed=set())


def test_at_swagmans_hope_the_cards_hub_section_reads_the_blue_1_to_4():
    """SH-ENC-1, SH-ENC-2: "Each Australia Encounter Card includes two sections: one for the
    four coastal cities, and one for Swagman's Hope", and "players always use the number in
    the BLUE circle that ranges 1–4.\""""
    game, lines = new_game(swagmans_doc(), players=2)
    place(game, 0, HUB)
    encounters.encounter(game, 0)
    card = next(line for line in lines if line.startswith("Encounter "))
    assert card.endswith(f"({HUB})") and 71 <= int(card.split()[1].rstrip(":")) <= 77
    read = next(line for line in lines if line.startswith("Read entry "))
    assert int(read.rstrip(".").rsplit(".", 1)[1]) in (1, 2, 3, 4)


def test_red_intel_at_the_hub_is_rescued_only_by_a_pass_and_moves_lobo_back():
    """SH-INTEL-3: "In the city of Swagman's Hope, Red Intel can only be rescued by a player
    who PASSES the encounter first ... Dr. Lobo's track then moves BACK 1 or 2 spaces,
    corresponding to the number on the token.\""""
    game, lines = new_game(swagmans_doc(), players=2)
    place(game, 0, HUB)
    australia.collect(game, game.party.spies[0], HUB)
    assert game.state.red_board[HUB]                       # not picked up by landing
    lobo = game.party.lobo
    game.table.failed = False
    encounters.after_encounter(game, 0, HUB, hub=True)
    assert HUB not in game.state.red_board and game.party.lobo == lobo - 2
    assert game.party.pool == 1


def test_overflow_counts_coastal_red_intel_not_the_hubs_and_sends_one_to_the_hub():
    """SH-INTEL-2: "INTEL OVERFLOW: Red Intel in the four Australian coastal cities – but not
    in Swagman's Hope – is counted towards the overflow limit", at "6 or more"; then "players
    must choose one of those Red Intel tokens to flip up and move into Swagman's Hope ...
    Dr. Lobo's track should be advanced by the number written on the Red Intel".\""""
    game, lines = new_game(swagmans_doc(), players=2)
    coastal = next(c for c in game.board.coastal() if game.state.red_board.get(c))
    token = game.state.red_board[coastal][0]
    game.party.board_intel.update({"Monte Carlo": 3, "Las Vegas": 1})
    australia.overflow(game)                 # 4 yellow + 1 coastal red: under 6
    assert game.party.board_intel
    game.party.board_intel["Gobi Desert"] = 1
    lobo = game.party.lobo
    australia.overflow(game)                 # 5 + 1 = 6
    assert not game.party.board_intel
    assert coastal not in game.state.red_board and token in game.state.red_board[HUB]
    assert game.party.lobo == lobo + token["value"]


def test_a_dead_drop_is_claimed_by_the_first_to_land_before_the_encounter():
    """SH-DROP-1: "Dead Drop tokens are claimed by the first player to land on a city that
    contains one. The bonus should be applied immediately, before any encounter. Tokens are
    not replaced.\""""
    game, lines = new_game(swagmans_doc(), players=2)
    city, drop = next(iter(game.state.dead_drops.items()))
    moves.land(game, 0, city)
    assert city not in game.state.dead_drops
    assert f"{game.party.spies[0].name} claims the dead drop in {city}: {drop}." in lines
    moves.land(game, 1, city)
    assert sum("claims the dead drop" in line for line in lines) == 1


def test_the_red_un_transport_goes_to_the_first_to_reach_the_hub():
    """Red UN Transport: "This is immediately claimed by the first player to travel to
    Swagman's Hope; they do not need to pass an encounter to claim it.\""""
    game, _ = new_game(swagmans_doc(), players=2)
    moves.land(game, 1, HUB)
    assert game.party.spies[1].tokens["red_un_transport"] == 1 and not game.state.red_un_at_hub


def test_blue_transports_never_fly_into_australia_the_red_one_only_does():
    """"Blue UN Transport tokens may be used to travel OUT OF Australia, but may NOT be used
    to fly INTO Australia", and "The Red UN Transport may only be used once to fly INTO
    Australia.\""""
    answers = Answers({"Fly with": 0})
    game, _ = new_game(swagmans_doc(), players=2, answers=answers)
    place(game, 0, "London")
    game.party.spies[0].tokens.update({"un_transport": 1, "red_un_transport": 1})
    moves.fly(game, 0)
    options = next(o for p, o in answers.asked if p.startswith("Fly with"))
    australian = {"Darwin", "Sydney", "Melbourne", "Perth", "Alice Springs", HUB, "Indonesia"}
    for label in options[1:]:
        where = label.split("Fly to ", 1)[1].rsplit(" (", 1)[0]
        assert (where in australian) == label.endswith("(red un transport)")


def test_end_of_turn_limits_of_three():
    """SH-LIMIT-1: "A player, at the end of his turn, may have no more than 3 of either UN
    Transports or Top Secret cards ... They must discard down to 3 at the end of their
    turn.\""""
    game, lines = new_game(with_cards(swagmans_doc()), players=2)
    spy = game.party.spies[0]
    spy.tokens.update({"un_transport": 5})
    spy.top_secrets = ["Diplomatic Pouch", "Forged Passport", "Lobo's Ledger", "Blank Telegram"]
    australia.end_of_turn(game, spy)
    assert spy.tokens["un_transport"] == 3 and len(spy.top_secrets) == 3
    assert len(game.state.cards.top_secret_discard) == 1


def test_a_stranded_spy_reads_a_stranded_card_next_turn_instead_of_moving():
    """SH-STRAND-1: "the player immediately moves their character token to the Australian
    Outback region, then draws a card from the Stranded Deck ... On that player's NEXT turn
    they skip their movement phase and read the Stranded Card as their encounter. The
    encounter will provide details ... revealing where the player should move".\""""
    doc = entry_doc(swagmans_doc(), "Australia", [{"kind": "stranded", "amount": 1, "target": None}],
                    number=61)
    game, lines = new_game(doc, players=2)
    place(game, 0, "Perth")
    encounters.encounter(game, 0)
    seat = game.state.seats[0]
    assert seat.location == "Outback" and seat.stranded
    card = seat.stranded
    turn.take_turn(game, 0)
    assert f"Stranded: {card}" in lines
    assert not any(line.startswith("Where do you move?") for line in lines)
    assert seat.location != "Outback" and seat.stranded is None


def test_the_butchers_token_on_the_board_is_taken_on_and_a_pass_raises_him():
    """SH-BUTCHER-1: "If a player encounters the Aussie Butcher's token and passes the skill
    check, remove the token from the board and advance the Aussie Butcher (and Location
    Track) by 1.\""""
    answers = Answers({"The Aussie Butcher's token": 1})
    game, lines = new_game(swagmans_doc(), players=2, answers=answers)
    game.state.butcher_at = "Perth"
    place(game, 0, "Perth")
    game.rng.faces = ["success"] * 6
    encounters.meet(game, 0)
    assert "The Aussie Butcher, level 1." in lines
    assert game.state.butcher_at is None and game.state.butcher_level == 2
    assert game.state.location_track == 1


def test_missions_resolve_at_the_city_the_encounter_began_and_are_not_replaced():
    """SH-MISSION-1: "The reward is selected at the end of the turn in which the character
    started an encounter at that location. It does not matter if the player is forced to
    change locations during their turn. The Fate Card for the completed mission should be
    discarded and is not replaced.\""""
    doc = entry_doc(swagmans_doc(), "Europe", [a_test(passed=[
        {"kind": "move", "amount": 1, "target": "Rome"}])])
    game, lines = new_game(doc, players=2)
    seat = game.state.seats[0]
    seat.missions = ["The Ambassador's Valet"]            # Paris
    place(game, 0, "Paris")
    game.rng.faces = ["success"] * 6
    encounters.encounter(game, 0)
    assert seat.location == "Rome" and seat.missions == [] and seat.missions_done == 1


def test_sheena_mars_assigns_seven_skill_points():
    """SH-CHAR-1: "The player controlling Sheena gets to assign 7 points to her starting
    Basic Skills ... leaving the other two Basic Skills ... at 0.\""""
    game, _ = new_game(swagmans_doc(), players=2, spies=("Sheena Mars",))
    sheena = game.party.spies[0]
    assert sum(sheena.skills.values()) == 7 and set(sheena.skills) == set(
        game.doc["vocabulary"]["skills"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_game_with_swagmans_hope_ends(players):
    """The expansion "must be played with the base game": a whole game with it ends won or
    lost."""
    game, lines = new_game(swagmans_doc(), players=players, seed=players)
    assert play_game(game) in ("won", "lost")


def test_vinny_carters_third_mission_counts_only_after_the_first_two():
    """SH-CHAR-1: "The player controlling Vinny must complete Locations 1 and 2 (in either
    order) before he can complete the third Location. If the player has an encounter at
    Location 3 before visiting Locations 1 and 2, he forfeits the special reward", and after
    them "take all the Villain cards that have advanced Dr. Lobo's track ... remove one at
    random, adjusting Dr. Lobo's track accordingly.\""""
    game, lines = new_game(swagmans_doc(), players=2, spies=("Vinny Carter",))
    seat = game.state.seats[0]
    assert len(seat.missions) == 3 and seat.late_mission == seat.missions[2]
    third = seat.late_mission
    city = next(m["city"] for m in game.doc["missions"] if m["name"] == third)
    missions.secret_mission(game, 0, city, passed=True)
    assert "reaches the third mission city too early" in lines[-1] and seat.late_mission is None
    again, lines = new_game(swagmans_doc(), players=2, spies=("Vinny Carter",), seed=1)
    seat = again.state.seats[0]
    seat.missions_done, again.state.villain_track = 2, [{"card": "Cyclone Season", "spaces": 1}]
    city = next(m["city"] for m in again.doc["missions"] if m["name"] == seat.late_mission)
    lobo = again.party.lobo
    missions.secret_mission(again, 0, city, passed=False)
    assert again.party.lobo == lobo - 1 and "V-1 reward" in lines[-1]


def test_the_epic_variant_sets_up_and_wins_only_at_the_track_goal():
    """SH-EPIC-1: "Epic rules require at least 3 UN agents and may play with up to 5 ...
    Players must reach 6 on the Location Track", and "Each player begins the game with one
    of their basic skills increased by 1 and with an additional Top Secret Card. Also, a
    2nd Red UN Transport Token is provided\""""
    with pytest.raises(NotPlayable, match="3 to 5 players, not 2"):
        new_game(swagmans_doc(), players=2, variants=("epic",))
    plain, _ = new_game(swagmans_doc(), players=3, seed=4)
    game, lines = new_game(with_cards(swagmans_doc()), players=5, seed=4, variants=("epic",))
    assert HUB not in game.state.red_board                  # 5 players: no red intel there
    for before, spy in zip(plain.party.spies, game.party.spies[:3]):
        assert sum(spy.skills.values()) == sum(before.skills.values()) + 1
        assert len(spy.top_secrets) == 1
    assert game.state.red_un_spare == 1


def test_in_the_epic_variant_beating_lobo_wins_only_with_the_track_at_its_goal(monkeypatch):
    """SH-EPIC-1: "Win only by pushing the Location Track on the Australia board to 6" (the
    variant's text); "Players must reach 6 on the Location Track located on the Swagman's
    Hope board."""
    from smersh_dsl.play.epic import rounds
    from smersh_dsl.play.epic.sessions import Outcome
    monkeypatch.setattr(rounds, "showdown", lambda game, section: Outcome("Victory.", True))
    for track, outcome in ((5, "lost"), (6, "won")):
        game, _ = new_game(swagmans_doc(), players=3, seed=2, variants=("epic",))
        game.state.location_track = track
        rounds.confront_lobo(game)
        assert game.state.outcome == outcome
    assert "Location Track stands at 5, not 6" in new_lost_reason(monkeypatch)


def new_lost_reason(monkeypatch) -> str:
    from smersh_dsl.play.epic import rounds
    game, _ = new_game(swagmans_doc(), players=3, seed=2, variants=("epic",))
    game.state.location_track = 5
    rounds.confront_lobo(game)
    return game.state.reason

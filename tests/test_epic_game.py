"""The Epic Edition's rules as a whole game plays them (`smersh_dsl.play.epic.game`,
`turn`, `rounds`), each test quoting the rulebook (`../shared/seeds/`) and citing the
rule's id in RULES.md."""

from __future__ import annotations

import random

import pytest

from epic_game_helpers import Answers, a_test, entry_doc, epic_doc, new_game, place
from smersh_dsl.play.core.errors import NotPlayable
from smersh_dsl.play.epic import deaths, encounters, moves, rounds, turn
from smersh_dsl.play.epic.board import Board
from smersh_dsl.play.epic.engine import quiet
from smersh_dsl.play.epic.game import Options, setup
from smersh_dsl.play.epic.rounds import play_game

# -- setup -------------------------------------------------------------------------------


def test_setup_deals_two_missions_and_one_hq_per_continent():
    """EP-MISSION-1, setup: "Deal each player 2 Secret Mission cards" and "each player
    chooses an HQ location ... there can only be 1 player per continent"."""
    game, _ = new_game(epic_doc(), players=4)
    regions = [game.board.where(s.location).region for s in game.state.seats]
    assert len(set(regions)) == 4
    assert all(game.board.where(s.location).has("hq") for s in game.state.seats)
    assert [len(s.missions) for s in game.state.seats] == [2, 2, 2, 2]


def test_the_round_token_starts_on_1_and_lobo_after_10():
    """EP-LOBO-1: "Place the Round tracking token on the 1 space of the Lobo Track and place
    the Dr. Lobo token in the space (red triangle) between the 10 and 11 space"."""
    game, _ = new_game(epic_doc())
    assert game.state.round == 1
    assert game.lobo_line == 10


def test_the_default_henchman_is_the_easiest():
    """EP-HENCH-1: "Henchmen are not all the same difficulty. We recommend you play them in
    order: Easy Darling, Medium Pierre, Hard Fedor, Epic Mr. Big"."""
    game, _ = new_game(epic_doc())
    assert game.state.henchmen == ["Darling"]


def test_a_double_agent_cannot_face_its_own_henchman_unless_clones():
    """EP-VAR-2, EP-VAR-3: "you cannot select one of the "Double Agent" Spy boards for a
    Henchman sheet currently in play", and with Henchman Clones "you may ignore the Double
    Agent rules above and play these sheets just like normal Spies"."""
    with pytest.raises(NotPlayable, match="double agent of Pierre"):
        new_game(epic_doc(), players=1, henchmen=("Pierre",), spies=("Pierre, Double Agent",))
    game, _ = new_game(epic_doc(), players=1, henchmen=("Pierre",),
                       spies=("Pierre, Double Agent",), variants=("henchman_clones",))
    assert game.party.spies[0].name == "Pierre, Double Agent"


def test_a_document_without_every_regions_deck_cannot_be_played_whole():
    """EP-ENC-2: "Encounter cards, separated by region (Africa, Asia, Australia, Europe,
    North America, South America, and Ocean)": a spy draws from its region's deck."""
    doc = epic_doc()
    doc["encounter_cards"] = [c for c in doc["encounter_cards"] if c["region"] != "Asia"]
    with pytest.raises(NotPlayable, match="no encounter cards for Asia"):
        new_game(doc)


# -- movement (EP-MOVE-1) ------------------------------------------------------------------

def test_a_spy_moves_two_spaces_or_three_for_one_resolve():
    """EP-MOVE-1: "Spies can move up to 2 spaces, following the lines on the board. You may
    spend 1 Resolve to move an additional space.\""""
    board = Board.of(epic_doc())
    reach = board.destinations("Casablanca", resolve=1, hub_open=False, closed=set())
    assert reach["Dakar"] == 0 and reach["Cairo"] == 0          # 1 space
    assert reach["Nairobi"] == 0                                # Cairo is an airport... 2
    assert reach["Cape Town"] == 1                              # Casablanca-Cairo-Nairobi-Cape Town
    none = board.destinations("Casablanca", resolve=0, hub_open=False, closed=set())
    assert "Cape Town" not in none


def test_airports_reach_every_airport_as_one_space():
    """EP-MOVE-1: "If you are moving from an Airport space, you may move to any Airport
    space on the board as a move of a single space.\""""
    board = Board.of(epic_doc())
    reach = board.destinations("Cairo", resolve=0, hub_open=False, closed=set())
    for airport in board.airports(set()):
        assert airport in reach
    assert "New York" in reach and "Havana" in reach        # Washington is an airport, 1 more


def test_a_un_transport_flies_anywhere_collects_intel_and_the_spy_still_walks():
    """EP-MOVE-1: "You may discard a UN Transport token to move anywhere on the board. You
    collect any Intel on the space you move to with a UN Transport. This does not count
    against your movement for the turn.\""""
    answers = Answers({"Fly with": "Fly to Lima", "Where do you move?": "Stay in"})
    game, lines = new_game(epic_doc(), players=1, answers=answers)
    spy = game.party.spies[0]
    spy.tokens["un_transport"] = 1
    game.party.board_intel["Lima"] = 2
    moves.move(game, 0)
    assert game.state.seats[0].location == "Lima"
    assert spy.intel == 2 and spy.tokens["un_transport"] == 0
    assert any(p.startswith("Where do you move?") for p, _ in answers.asked)


def test_ending_the_movement_on_intel_collects_it_into_the_pool():
    """EP-MOVE-1 / Intel: "If you end your movement on a space containing Intel, pick up all
    Intel there and add it to the Intel pool before attempting your Encounter.\""""
    game, _ = new_game(epic_doc(), players=1, answers=Answers({"Where do you move?": "Move to Paris"}))
    place(game, 0, "London")
    game.party.board_intel["Paris"] = 3
    moves.move(game, 0)
    assert game.party.pool == 3 and "Paris" not in game.party.board_intel


# -- rest (EP-REST-1) ------------------------------------------------------------------------

def test_rest_heals_and_gains_resolve_by_the_rest_value_capped_and_at_an_hq_to_maximum():
    """EP-REST-1: "your Spy heals injuries and gains Resolve equal to the Rest value ... You
    cannot gain more Resolve or have more health than your maximum", and "If you rest at an
    HQ space, you always restore your health and Resolve to their maximum value.\""""
    game, _ = new_game(epic_doc(), players=1)
    spy = game.party.spies[0]
    spy.health, spy.resolve = 1, 0
    turn.rest(game, spy, at_hq=False)
    assert (spy.health, spy.resolve) == (1 + spy.rest, min(spy.max_resolve, spy.rest))
    spy.health = spy.max_health - 1
    turn.rest(game, spy, at_hq=False)
    assert spy.health == spy.max_health
    spy.health, spy.resolve = 1, 0
    turn.rest(game, spy, at_hq=True)
    assert (spy.health, spy.resolve) == (spy.max_health, spy.max_resolve)


def test_a_hurt_bot_rests_instead_of_moving():
    """EP-REST-1: "If you Rest, you cannot move or have an Encounter." The sensible bot rests
    at half health or less."""
    game, lines = new_game(epic_doc(), players=1)
    spy = game.party.spies[0]
    spy.health = 1
    where = game.state.seats[0].location
    turn.take_turn(game, 0)
    assert game.state.seats[0].location == where
    assert spy.health == spy.max_health                          # at the HQ it started on
    assert not any(line.startswith("Encounter ") for line in lines)


# -- encounters ------------------------------------------------------------------------------

def test_an_encounter_reads_encounter_response_die_from_the_regions_deck():
    """EP-ENC-1, EP-ENC-2: "Draw an Encounter card from your current region's deck", and
    the entry is found "based on the 3 Numbers generated by ENCOUNTER — RESPONSE — DIE ROLL
    in that exact order"."""
    game, lines = new_game(epic_doc(), players=1)
    place(game, 0, "Cairo")
    game.rng.faces = ["3"]
    encounters.encounter(game, 0)
    card = next(line for line in lines if line.startswith("Encounter "))
    number = int(card.split()[1].rstrip(":"))
    assert next(c for c in game.doc["encounter_cards"] if c["number"] == number)["region"] == "Africa"
    read = next(line for line in lines if line.startswith("Read entry "))
    assert read.startswith(f"Read entry {number:02d}.") and read.endswith(".3.")


def test_the_fate_dies_resolve_face_gains_the_encountering_spy_resolve():
    """EP-ENC-3: "Roll the Fate die. If you get a [Resolve+Reroll], gain 1 Resolve and
    reroll the Fate die. Do this until you get a result of 1-5." The spy having the
    encounter gains it, not the first player."""
    game, lines = new_game(epic_doc(), players=2)
    second = game.party.spies[1]
    second.resolve = 0
    first = game.party.spies[0].resolve
    place(game, 1, "London")
    game.rng.faces = ["resolve_reroll", "2"]
    game.table.actor = second
    encounters.encounter(game, 1)
    assert "The fate die shows resolve: gain 1 resolve and roll again." in lines
    assert game.party.spies[0].resolve == first
    assert any(line.startswith("Read entry ") and line.endswith(".2.") for line in lines)


def test_at_a_lair_the_die_is_always_5():
    """EP-ENC-4: "If you have an Encounter in a Lair location, the die roll result is always
    fixed at 5.\""""
    game, lines = new_game(epic_doc(), players=1)
    place(game, 0, "Monte Carlo")
    game.rng.faces = ["1", "2"]
    encounters.encounter(game, 0)
    assert "At a lair the fate die is always 5." in lines
    assert any(line.startswith("Read entry ") and line.endswith(".5.") for line in lines)


def test_pass_and_fail_are_read_only_after_the_test():
    """EP-ENC-5: "do not read the pass or fail consequences until after the test.\""""
    doc = entry_doc(epic_doc(), "Europe", [a_test()])
    game, lines = new_game(doc, players=1)
    place(game, 0, "Berlin")
    game.rng.faces = ["success"]
    encounters.encounter(game, 0)
    roll = next(i for i, line in enumerate(lines) if " rolls " in line)
    assert lines.index("PASS read") > roll and "FAIL read" not in lines


def test_a_fail_advances_lobo_a_pass_gains_the_location_bonus():
    """EP-ENC-6: "If you fail an Encounter while not in an Epic Showdown, advance Dr. Lobo
    by moving his token 1 space toward the Round tracking token"; "If you pass ... gain the
    bonus from your current location".  Berlin is a Spycraft space."""
    doc = entry_doc(epic_doc(), "Europe", [a_test()])
    game, lines = new_game(doc, players=1)
    spy = game.party.spies[0]
    place(game, 0, "Berlin")
    spy.resolve = 0
    game.rng.faces = ["blank"] * 6
    encounters.encounter(game, 0)
    assert game.lobo_line == 9 and "A failed encounter: Dr. Lobo advances one space." in lines
    before = spy.skills["Spycraft"]
    game.rng.faces = ["success"] * 6
    encounters.encounter(game, 0)
    assert spy.skills["Spycraft"] == min(5, before + 1) and game.lobo_line == 9


def test_intel_a_pass_places_is_not_collected():
    """EP-ENC-7: "If the PASS entry instructs you to place Intel on the board, you do not
    collect that Intel, even if it is placed in your current location.\""""
    doc = entry_doc(epic_doc(), "Europe", [a_test(passed=[
        {"kind": "place_intel", "amount": 2, "target": "Rome", "on_lairs": False}])])
    game, _ = new_game(doc, players=1)
    place(game, 0, "Rome")
    game.rng.faces = ["success"] * 6
    encounters.encounter(game, 0)
    assert game.party.board_intel["Rome"] == 2 and game.party.pool == 0


def test_an_encounter_that_moves_the_spy_resolves_bonus_and_mission_at_the_end():
    """EP-ENC-8: "Some Encounters will move you on the gameboard. In this case, you gain the
    location bonus and resolve Secret Mission cards based on your final location at the end
    of the Encounter, not where you began.\""""
    doc = entry_doc(epic_doc(), "Europe", [a_test(passed=[
        {"kind": "move", "amount": 1, "target": "Moscow"}])])
    game, lines = new_game(doc, players=1)
    seat, spy = game.state.seats[0], game.party.spies[0]
    place(game, 0, "Berlin")
    seat.missions = ["Red Square Rendezvous"]            # Moscow's mission
    held = set(spy.held)
    game.rng.faces = ["success"] * 6
    encounters.encounter(game, 0)
    assert seat.location == "Moscow"
    assert len(spy.held - held) >= 1                     # Moscow: an advanced skill space
    assert "Red Square Rendezvous" not in seat.missions and len(seat.missions) == 2
    assert any("passes the secret mission Red Square Rendezvous" in line for line in lines)


# -- secret missions (EP-MISSION-1) -------------------------------------------------------------

def test_one_mission_per_encounter_a_fail_discards_and_replaces_it():
    """EP-MISSION-1: "If you fail the Encounter, you failed the Secret Mission. Discard the
    Secret Mission card and immediately draw a replacement", and "You may only pass or fail
    one Secret Mission per Encounter".  Two Paris missions: one resolved."""
    doc = entry_doc(epic_doc(), "Europe", [a_test()])
    paris = next(m for m in doc["missions"] if m["city"] == "Paris")
    doc["missions"].append(dict(paris, name="A Second Valet"))
    game, lines = new_game(doc, players=1)
    seat = game.state.seats[0]
    seat.missions = [paris["name"], "A Second Valet"]
    place(game, 0, "Paris")
    game.party.spies[0].resolve = 0
    game.rng.faces = ["blank"] * 6
    encounters.encounter(game, 0)
    assert seat.missions[0] == "A Second Valet" and len(seat.missions) == 2
    assert sum("fails the secret mission" in line for line in lines) == 1


def test_no_mission_is_completed_in_a_showdown():
    """EP-MISSION-1: "... and cannot complete them during an Epic Showdown.\""""
    game, _ = new_game(epic_doc(), players=1)
    seat = game.state.seats[0]
    missions = list(seat.missions)
    game.party.spies[0].intel = 20
    rounds.confront_henchman(game, "Darling", 3)
    assert seat.missions == missions


# -- death (EP-HEALTH-1) ------------------------------------------------------------------------

def test_a_dead_spy_comes_back_as_a_new_spy_with_2_less_resolve_on_a_free_hq():
    """EP-HEALTH-1: "That player chooses a new Spy ... setting up their Spy board as though
    the game had just begun, except that they start with 2 less Resolve. The new Spy is
    placed on any unoccupied HQ space.\""""
    game, lines = new_game(epic_doc(), players=2)
    dead = game.party.spies[0]
    dead.intel = 3
    old_missions = list(game.state.seats[0].missions)
    dead.health = 0
    deaths.replace_the_dead(game)
    new, seat = game.party.spies[0], game.state.seats[0]
    assert new.name != dead.name and new.name not in {"Darling, Double Agent"}
    assert new.resolve == max(0, new.max_resolve - 2)
    assert game.board.where(seat.location).has("hq")
    assert seat.location != game.state.seats[1].location
    assert new.intel == 3                       # the pool keeps the dead spy's intel
    assert len(seat.missions) == 2                 # dealt anew, the old ones discarded
    assert set(old_missions) <= set(game.state.mission_discard)
    assert game.state.record.deaths == 1


# -- the round and its end --------------------------------------------------------------------

def test_lair_intel_on_the_marked_round_spaces():
    """EP-LOBO-2: "If this symbol is showing on the new round's space, place an Intel on
    each Lair location on the board.\""""
    game, lines = new_game(epic_doc())
    game.state.round = 3
    rounds.end_of_round(game)
    assert game.state.round == 4
    assert {game.party.board_intel.get(lair) for lair in game.board.lairs} == {1}


def test_lobo_is_confronted_when_the_round_token_passes_him():
    """EP-LOBO-1: "If the Round tracking token has moved past the Dr. Lobo token, it is time
    to confront SMERSH's nefarious mastermind." After round 10, with no fail, he comes."""
    game, lines = new_game(epic_doc())
    game.state.round = 9
    rounds.end_of_round(game)
    assert game.state.outcome is None
    rounds.end_of_round(game)
    assert game.state.outcome in ("won", "lost") and game.state.record.lobo_round == 10
    assert any(line.startswith("The round token has passed Dr. Lobo") for line in lines)


def test_confronting_a_henchman_costs_its_intel_for_the_number_of_players():
    """EP-HENCH-2: "if you were playing with 2 players and the Pierre Henchman sheet, you'd
    need to spend 6 Intel." EP-SHOW-5: "Failure in Henchman Epic Showdown Encounters does
    NOT advance the Dr. Lobo Track."""
    game, lines = new_game(epic_doc(), players=2, henchmen=("Pierre",),
                           answers=Answers({"Confront Pierre": 1}))
    assert turn.henchman_cost(game) == 6
    game.party.spies[0].intel = 6
    game.state.round = 2
    lobo = game.lobo_line
    rounds.end_of_round(game)
    assert "The spies spend 6 intel and confront Pierre." in lines
    assert game.state.confronted == ["Pierre"] and game.lobo_line == lobo   # rule: EP-SHOW-5


def test_a_showdown_starts_with_the_introduction_then_encounter_01():
    """EP-SHOW-1, EP-SHOW-6: "Turn to the first page of the section for the Henchman you are
    confronting. Read their introduction, then proceed to Encounter 01 for that Henchman.\""""
    game, lines = new_game(epic_doc(), players=1)
    game.party.spies[0].intel = 3
    rounds.confront_henchman(game, "Darling", 3)
    start = lines.index("Showdown: Darling")
    assert lines[start + 2] == "-- Encounter 01"


def test_a_henchman_is_defeated_by_a_victory_conclusion_and_lobo_reads_its_section():
    """EP-SHOW-4, EP-HENCH-3: "In order to win against a Henchman or Dr. Lobo, you'll need a
    specific number of Success Tokens", and "Turn to the Dr. Lobo section (A, B, C, or D)
    indicated on the Henchman sheet for this game.\""""
    game, lines = new_game(epic_doc(), players=1, henchmen=("Pierre",))
    for seed in range(40):
        game, lines = new_game(epic_doc(), players=2, seed=seed, henchmen=("Pierre",))
        game.party.spies[0].intel = 30
        rounds.confront_henchman(game, "Pierre", 6)
        if game.state.defeated:
            break
    assert game.state.defeated == ["Pierre"]
    assert any(line.startswith("Victory") and "success tokens" in line for line in lines)
    rounds.confront_lobo(game)
    assert "Showdown: B" in lines                                      # Pierre's sheet: B


def test_an_undefeated_main_henchman_returns_in_the_lobo_showdown():
    """EP-HENCH-4: "If you fail to defeat the main Henchman selected for your game, when you
    confront Dr. Lobo, that Henchman will reappear in the story to assist Lobo.\""""
    game, _ = new_game(epic_doc(), players=1)
    undefeated = {"kind": "main_henchman", "state": "undefeated"}
    assert game.table.holds(undefeated)
    game.state.confronted.append("Darling")
    game.state.defeated.append("Darling")
    assert not game.table.holds(undefeated)
    assert game.table.holds({"kind": "henchman", "henchman": "Darling", "state": "defeated"})


def test_a_reroll_line_rerolls_when_the_double_agents_henchman_was_confronted():
    """EP-VAR-2: "Some Encounters in the Encounter book begin with the line, "If the [NAME]
    Henchman sheet is in play and you have already confronted them, reroll the Fate die for
    a new Encounter." When playing with the Double Agent Spy sheets, follow this
    instruction.\""""
    reroll = [{"kind": "reroll_if_confronted", "henchman": "Pierre"}, a_test()]
    doc = entry_doc(epic_doc(), "Europe", [a_test()])
    doc["entries"] = [e if not e["key"].endswith(".1.1") or e["encounter"] != 99
                      else dict(e, steps=reroll) for e in doc["entries"]]
    game, lines = new_game(doc, players=2, henchmen=("Pierre",),
                           spies=("Darling, Double Agent",))
    game.state.confronted.append("Pierre")
    place(game, 0, "Berlin")
    game.rng.faces = ["1", "3"]
    encounters.encounter(game, 0)
    assert any("roll the fate die again" in line for line in lines)
    assert [line for line in lines if line.startswith("Read entry")] == [
        "Read entry 99.1.1.", "Read entry 99.1.3."]


# -- whole games ------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_whole_game_ends_won_or_lost_for_1_to_4_spies(players):
    """How to Play: "Spies win if: They successfully defeat Dr. Lobo in the Epic Showdown at
    the end of the game. Spies lose if: All Spies die while facing Dr. Lobo in the Epic
    Showdown, or the game text states "You lose the game."\""""
    game, lines = new_game(epic_doc(), players=players, seed=players)
    outcome = play_game(game)
    assert outcome in ("won", "lost")
    assert game.state.record.lobo_round is not None or "lose" in game.state.reason.lower()
    assert lines[-1].startswith(f"The game is {outcome}")


def test_the_same_seed_plays_the_same_game():
    first, a = new_game(epic_doc(), players=3, seed=5)
    play_game(first)
    second, b = new_game(epic_doc(), players=3, seed=5)
    play_game(second)
    assert a == b


# -- tests and statuses in a whole game ---------------------------------------------------------

def test_a_basic_skill_space_never_raises_a_skill_past_5():
    """EP-SKILL-1: "While on your Spy board, you may only have up to a level of 5". A pass at
    Berlin (a Spycraft space) leaves a Spycraft of 5 at 5."""
    doc = entry_doc(epic_doc(), "Europe", [a_test()])
    game, _ = new_game(doc, players=1)
    spy = game.party.spies[0]
    spy.skills["Spycraft"] = 5
    place(game, 0, "Berlin")
    game.rng.faces = ["success"] * 6
    encounters.encounter(game, 0)
    assert spy.skills["Spycraft"] == 5


def test_a_test_offers_each_skill_with_its_own_modifier_and_successes():
    """EP-TEST-3: "Test Spycraft -2 or Hand to Hand -1 [2]. You choose to either test your
    Spycraft or your Hand to Hand. If you choose Spycraft, you would roll ... Spycraft Skill
    -2, needing only 1 success. If you choose Hand to Hand, ... -1, needing [2] successes.\""""
    step = a_test()
    step["options"] = [{"pick": "named", "skill": "Spycraft", "modifier": -2, "successes": 1},
                       {"pick": "named", "skill": "Hand to Hand", "modifier": -1, "successes": 2}]
    answers = Answers({"Who takes the test": 1})
    game, lines = new_game(entry_doc(epic_doc(), "Europe", [step]), players=1, answers=answers)
    spy = game.party.spies[0]
    spy.resolve, spy.skills["Hand to Hand"] = 0, 4
    place(game, 0, "Rome")
    encounters.encounter(game, 0)
    offered = next(o for p, o in answers.asked if p.startswith("Who takes the test"))
    assert offered == [f"{spy.name}: Spycraft 2 -2 [1], 1 die",
                       f"{spy.name}: Hand to Hand 4 -1 [2], 3 dice"]
    assert any(line.startswith(f"{spy.name} rolls 3 dice") for line in lines)


def test_a_bonus_with_an_advanced_skill_adds_a_die():
    """EP-TEST-5: "Test Persuasion [2] (+1 with Seduction) ... If you have the Advanced Skill
    Seduction, roll that many dice plus 1.\""""
    step = a_test("Persuasion", 2)
    step["dice_with"] = [{"holdable": "Seduction", "dice": 1}]
    game, lines = new_game(entry_doc(epic_doc(), "Europe", [step]), players=1)
    spy = game.party.spies[0]
    spy.resolve, spy.skills["Persuasion"] = 0, 2
    spy.held.add("Seduction")
    place(game, 0, "Rome")
    encounters.encounter(game, 0)
    assert any(line.startswith(f"{spy.name} rolls 3 dice") for line in lines)


def test_a_companion_held_by_one_spy_opens_a_showdown_choice_for_all():
    """EP-STATUS-2: "Some of the Status cards represent unusual allies or enemies you've made
    during your mission. These orange companion Status cards often affect multiple
    players." In a showdown any living spy may act, so one spy's companion opens a choice."""
    doc = epic_doc()
    companions = [s["name"] for s in doc["statuses"] if "companion" in s["tags"]]
    assert "Old Flame" in companions
    answers = Answers()
    game, _ = new_game(doc, players=2, answers=answers)
    game.party.spies[1].held.add(companions[0])
    game.table.in_showdown = True
    game.table.run([{"kind": "choice", "options": [
        {"label": "Plain", "guard": None, "goto": None, "steps": []},
        {"label": "With a friend", "guard": {"kind": "status", "name": companions[0]},
         "goto": None, "steps": []}]}])
    assert answers.asked[-1][1] == ["Plain", "With a friend"]


# -- the multiple henchmen variant (EP-VAR-1) ---------------------------------------------------

def test_multiple_henchmen_move_lobo_and_face_the_main_one_last():
    """EP-VAR-1: "place the Dr. Lobo token on the line just after the corresponding space of
    the Lobo track ... After the 12" for 2 henchmen; "You have to face the other Henchmen
    before facing the main Henchman"; "defeating them will retreat the Lobo tracker. If you
    fail to defeat them, the Lobo tracker moves closer\""""
    game, lines = new_game(epic_doc(), players=2, henchmen=("Fedor", "Darling"),
                           variants=("multiple_henchmen",))
    assert game.lobo_line == 12
    assert turn.next_henchmen(game) == ["Darling"]             # the secondary one first
    steps = {v["name"]: v for v in game.doc["vocabulary"]["variants"]}["multiple_henchmen"]
    game.party.spies[0].intel = 40
    lobo = game.party.lobo
    rounds.confront_henchman(game, "Darling", 4)
    beaten = "Darling" in game.state.defeated
    moved = steps["beaten" if beaten else "not_beaten"][0]
    assert game.party.lobo == lobo + (moved["amount"] if moved["kind"] == "advance_lobo"
                                      else -moved["amount"])
    assert turn.next_henchmen(game) == ["Fedor"]


def test_more_henchmen_than_the_variant_allows_is_refused():
    """EP-VAR-1: "You can choose to face 2-4 Henchmen"; without the variant, one."""
    with pytest.raises(NotPlayable, match="multiple_henchmen variant"):
        new_game(epic_doc(), henchmen=("Fedor", "Darling"))
    doc = epic_doc()
    variant = next(v for v in doc["vocabulary"]["variants"] if v["name"] == "multiple_henchmen")
    variant["henchmen"] = {"min": 1, "max": 2}
    with pytest.raises(NotPlayable, match="1 to 2 henchmen, not 3"):
        new_game(doc, henchmen=("Fedor", "Darling", "Pierre"), variants=("multiple_henchmen",))


def test_a_bracketed_number_needs_that_many_successes():
    """EP-TEST-2: "When a bracketed number is shown, you must roll that many successes to
    pass the Encounter.\""""
    game, lines = new_game(entry_doc(epic_doc(), "Europe", [a_test("Spycraft", 2)]), players=1)
    spy = game.party.spies[0]
    spy.resolve, spy.skills["Spycraft"] = 0, 3
    place(game, 0, "Rome")
    game.rng.faces = ["success", "blank", "blank"]
    encounters.encounter(game, 0)
    assert "FAIL read" in lines and game.lobo_line == 9
    game.rng.faces = ["success", "success", "blank"]
    encounters.encounter(game, 0)
    assert "PASS read" in lines


@pytest.mark.parametrize("level, resolve, dice", [(1, 2, 3), (5, 3, 6), (-1, 3, 2)])
def test_resolve_spent_before_rolling_raises_the_level_up_to_6(level, resolve, dice):
    """EP-TEST-6: "You may spend any amount of Resolve to treat your Skill as one level
    higher than it is for each Resolve spent ... you may spend Resolve to go up to 6", and
    "If you have a Skill level of 0 or below due to penalties, you must spend enough Resolve
    to raise your Skill level above 1 to roll more than the minimum 1 die.\""""
    step = a_test("Athletics", 3)
    answers = Answers()
    game, lines = new_game(entry_doc(epic_doc(), "Europe", [step]), players=1, answers=answers)
    answers.number = lambda prompt, low, high, best: high          # spend it all before
    spy = game.party.spies[0]
    spy.resolve, spy.skills["Athletics"] = resolve, level
    place(game, 0, "Rome")
    encounters.encounter(game, 0)
    assert any(line.startswith(f"{spy.name} rolls {dice} dice") for line in lines)


@pytest.mark.parametrize("bot", ["honest", "seasoned"])
def test_a_game_nobody_reads_plays_as_the_one_that_is_read(bot):
    """`engine.quiet`: the lines a quiet table leaves unmade change nothing of the game,
    and a table that is read still hears every one of them."""
    played = []
    for say in (quiet, None):
        lines: list[str] = []
        game = setup(epic_doc(), Options(players=2, bot=bot), random.Random(7),
                     say or lines.append)
        outcome = play_game(game)
        played.append((outcome, game.state.record, game.state.round, game.party.lobo,
                       [(s.name, s.health, s.intel) for s in game.party.spies], lines))
    assert played[0][:-1] == played[1][:-1] and played[0][-1] == []
    heard = played[1][-1]
    for start in ("Round 1, ", "Encounter ", "> ", "Read entry ", "The fate die shows ", "  ["):
        assert any(line.startswith(start) for line in heard), start
    for said in (" moves to ", " rolls ", " needed: "):
        assert any(said in line for line in heard), said


def test_the_games_party_is_always_its_tables():
    game, _ = new_game(epic_doc(), players=2)
    assert game.party is game.table.party and len(game.party.spies) == 2
    other, _ = new_game(epic_doc(), players=3, seed=1)
    game.table = other.table
    assert game.party is other.table.party and len(game.party.spies) == 3

"""Where a whole game with Swagman's Hope played otherwise than its rulebook says (#27):
the hub and the UN transports (SH-BOARD-3), secret missions (SH-MISSION-1) and the dead
drops' effects (SH-DROP-2). Each test quotes the sentence it holds the engine to and
drives the real engine."""

from __future__ import annotations

from epic_game_helpers import Answers, a_test, entry_doc, new_game, place, swagmans_doc
from smersh_dsl.play.epic import encounters, moves

HUB = "Swagman's Hope"
AUSTRALIA = {"Darwin", "Sydney", "Melbourne", "Perth", "Alice Springs", HUB, "Indonesia",
             "Outback"}


def flights(answers: Answers) -> list[str]:
    """The places offered at the last "Fly with a UN Transport?" prompt."""
    options = [o for p, o in answers.asked if p.startswith("Fly with")][-1]
    return [label.split("Fly to ", 1)[1].rsplit(" (", 1)[0] for label in options[1:]]


def walked(answers: Answers) -> list[list[str]]:
    return [o for p, o in answers.asked if p.startswith("Where do you move?")]


def test_a_flight_into_swagmans_hope_is_the_whole_movement():
    """SH-BOARD-3: "Moving from a coastal city to Swagman's Hope, or vice versa, takes up
    the player's entire movement phase ... Players may not make any other move before or
    after moving into or out of Swagman's Hope.\""""
    answers = Answers({"Fly with": "Fly to Swagman's Hope"})
    game, lines = new_game(swagmans_doc(), players=2, answers=answers)
    place(game, 0, "London")
    game.party.spies[0].tokens["red_un_transport"] = 1
    moves.move(game, 0)
    assert game.state.seats[0].location == HUB
    assert walked(answers) == []
    assert not any(" moves to " in line for line in lines)


def test_a_flight_out_of_swagmans_hope_is_the_whole_movement():
    """SH-BOARD-3: "Players may not make any other move before or after moving into or out
    of Swagman's Hope", and "Blue UN Transport tokens may be used to travel OUT OF
    Australia"."""
    answers = Answers({"Fly with": "Fly to London"})
    game, _ = new_game(swagmans_doc(), players=2, answers=answers)
    place(game, 0, HUB)
    game.party.spies[0].tokens["blue_un_transport"] = 1
    moves.move(game, 0)
    assert game.state.seats[0].location == "London"
    assert walked(answers) == []


def test_a_spy_that_has_flown_does_not_walk_into_swagmans_hope():
    """SH-BOARD-3: "Players may not make any other move before or after moving into or out
    of Swagman's Hope.\""""
    answers = Answers({"Fly with": "Fly to Darwin"})
    game, _ = new_game(swagmans_doc(), players=2, answers=answers)
    assert game.state.red_board.get(HUB), "the hub is open: red intel lies there"
    place(game, 0, "London")
    game.party.spies[0].tokens["red_un_transport"] = 1
    moves.move(game, 0)
    (options,) = walked(answers)
    assert options[0] == "Stay in Darwin" and not any(HUB in o for o in options)
    assert game.state.seats[0].location != HUB


def test_a_blue_transport_inside_australia_flies_only_out_of_it():
    """"Blue UN Transport tokens may be used to travel OUT OF Australia, but may NOT be used
    to fly INTO Australia" (SH-BOARD-3): from a coastal city no blue transport reaches
    Swagman's Hope or another Australian place."""
    answers = Answers({"Fly with": 0})
    game, _ = new_game(swagmans_doc(), players=2, answers=answers)
    place(game, 0, "Perth")
    game.party.spies[0].tokens.update({"un_transport": 1, "blue_un_transport": 1})
    moves.fly(game, 0)
    offered = flights(answers)
    assert "London" in offered
    assert not AUSTRALIA & set(offered)


def test_a_failed_encounter_at_a_mission_city_still_earns_its_reward():
    """SH-MISSION-1: "Characters now receive a reward for EACH of the two Secret Mission
    city locations they visit. The reward is selected at the end of the turn in which the
    character started an encounter at that location.\""""
    doc = entry_doc(swagmans_doc(), "Europe", [a_test()])
    answers = Answers({"Secret mission": "gain intel 2"})
    game, lines = new_game(doc, players=2, answers=answers)
    seat, spy = game.state.seats[0], game.party.spies[0]
    seat.missions = ["The Ambassador's Valet", "Red Square Rendezvous"]     # Paris, Moscow
    spy.resolve = 0
    place(game, 0, "Paris")
    intel = spy.intel
    game.rng.faces = ["blank"] * 30
    encounters.encounter(game, 0)
    assert "FAIL read" in "\n".join(lines)
    assert seat.missions == ["Red Square Rendezvous"] and seat.missions_done == 1
    assert f"{spy.name} completes the secret mission The Ambassador's Valet: gain intel 2." in lines
    assert spy.intel == intel + 2


def up_any_skill(answers: Answers | None = None):
    game, lines = new_game(swagmans_doc(), players=2, answers=answers)
    game.state.dead_drops["Perth"] = "Up Any Skill"
    return game, lines


def test_up_any_skill_raises_the_basic_skill_a_person_chooses():
    """SH-DROP-2: "Up Any Skill: Raise any Basic Skill by 1.\""""
    game, _ = up_any_skill()
    spy = game.party.spies[0]
    lowest = min(game.doc["vocabulary"]["skills"], key=lambda n: spy.skills.get(n, 0))
    answers = Answers({f"{spy.name}: raise which basic skill": lowest})
    game.table.decide = answers
    before = dict(spy.skills)
    moves.land(game, 0, "Perth")
    assert spy.skills == {**before, lowest: before.get(lowest, 0) + 1}


def test_up_any_skill_raises_the_bots_best_skill_below_the_top():
    """SH-DROP-2: "Up Any Skill: Raise any Basic Skill by 1.\" The bot raises its best
    skill below 5."""
    game, lines = up_any_skill()
    spy = game.party.spies[0]
    before = dict(spy.skills)
    best = max((n for n in game.doc["vocabulary"]["skills"] if before.get(n, 0) < 5),
               key=lambda n: before.get(n, 0))
    moves.land(game, 0, "Perth")
    assert spy.skills[best] == before.get(best, 0) + 1
    assert sum(spy.skills.values()) == sum(before.values()) + 1
    assert f"  [raise {best} to {spy.skills[best]}]" in lines


def test_the_bomb_injures_every_spy_in_australia_and_sends_the_fallen_to_paris():
    """SH-DROP-2: "The Bomb: All players in Australia take 1 Injury. If any player meets or
    exceeds their maximum injuries, move their player token to Paris, and advance Dr. Lobo
    by drawing a Villain Advancement card.\""""
    game, lines = new_game(swagmans_doc(), players=3)
    game.state.dead_drops["Perth"] = "The Bomb"
    claimer, frail, abroad = game.party.spies
    place(game, 1, "Sydney")
    place(game, 2, "London")
    frail.health = 1
    health = claimer.health, abroad.health
    lobo, villains = game.party.lobo, len(game.state.villain_track)
    moves.land(game, 0, "Perth")
    assert claimer.health == health[0] - 1 and game.state.seats[0].location == "Perth"
    assert frail.alive and game.state.seats[1].location == "Paris"
    assert abroad.health == health[1] and game.state.seats[2].location == "London"
    assert game.party.lobo == lobo + 1 and len(game.state.villain_track) == villains + 1
    assert f"  [{frail.name} at maximum injuries: moved to Paris]" in lines

"""Statuses leaving by their discard effect (EP-STATUS-3), through the table and whole-game
turns, each told in the transcript: "[Hangover leaves Adebayo Okafor: end of turn]"."""

from __future__ import annotations

from epic_card_helpers import typed
from epic_game_helpers import Answers, a_test, entry_doc, epic_doc, new_game, place
from smersh_dsl.play.epic.encounters import encounter
from smersh_dsl.play.epic.turn import take_turn

STEPS = [{"kind": "prose", "text": "A quiet evening."}]


def every_deck(doc: dict, steps: list[dict]) -> dict:
    """``doc`` whose every region's deck is one card whose every entry is ``steps``."""
    for i, region in enumerate(r["name"] for r in doc["regions"]):
        entry_doc(doc, region, steps, number=90 + i)
    return doc


def in_paris(tests: list[dict], faces: list[str], status: str):
    """A game whose spy, with no resolve and ``status``, has an encounter in Paris whose
    entries are ``tests``, the dice showing ``faces``; returns the spy and the transcript."""
    game, lines = new_game(entry_doc(typed(epic_doc()), "Europe", tests), players=1)
    game.table.rng.faces = list(faces)
    spy = game.party.spies[0]
    spy.resolve = 0
    spy.held.add(status)
    place(game, 0, "Paris")
    encounter(game, 0)
    return spy, lines


def resting(answers: Answers) -> Answers:
    answers.answers["Your turn:"] = "Rest"
    return answers


def test_a_status_gained_in_a_turn_leaves_at_the_end_of_the_next_turn():
    """EP-STATUS-3 (Hangover's discard effect: "Discard at the end of your next turn."): the
    card is "in force while held" through the turn it was gained in and the next, and
    leaves at that next turn's end."""
    doc = every_deck(typed(epic_doc()),
                     [{"kind": "gain_status", "amount": 1, "target": "Hangover"}])
    answers = Answers()
    game, lines = new_game(doc, players=1, answers=answers)
    spy = game.party.spies[0]
    take_turn(game, 0)
    assert "  [gain status Hangover]" in lines and spy.holds("Hangover")
    resting(answers)
    take_turn(game, 0)
    assert not spy.holds("Hangover")
    assert lines[-1] == f"  [Hangover leaves {spy.name}: end of turn]"


def test_rest_and_rest_at_an_hq_discard_their_statuses_and_nothing_else_does():
    """EP-REST-1 and EP-STATUS-3: "If you rest at an HQ space, you always restore your
    health and Resolve to their maximum value. Some Statuses can be discarded when resting
    at HQs. Refer to the text on the Status card." Black Eye leaves by any rest; Marked only
    at an HQ; Hangover not by resting: "a status leaves only by its discard effect"."""
    doc = typed(epic_doc())
    game, lines = new_game(doc, players=1, answers=resting(Answers()))
    spy = game.party.spies[0]
    spy.held |= {"Black Eye", "Marked"}
    place(game, 0, "Paris")
    take_turn(game, 0)
    assert f"  [Black Eye leaves {spy.name}: rest]" in lines
    assert spy.holds("Marked")
    spy.held.add("Hangover")
    spy.waits["Hangover"] = 5
    place(game, 0, "London")
    take_turn(game, 0)
    assert f"  [Marked leaves {spy.name}: rest at an HQ]" in lines
    assert spy.holds("Hangover")


def test_passing_a_test_of_the_named_skill_discards_the_status():
    """EP-STATUS-3: a discard effect that is a test ("Discard when you pass a Hand to Hand
    test", Hunted): a Spycraft pass leaves it, a Hand to Hand pass discards it."""
    spy, lines = in_paris([a_test("Spycraft"), a_test("Hand to Hand")],
                          ["1", "success", "blank", "success", "blank"], "Hunted")
    at = lines.index(f"  [Hunted leaves {spy.name}: passed a Hand to Hand test]")
    passes = [x for x in lines[:at] if x.endswith("needed: PASS")]
    assert len(passes) == 2 and passes[-1].startswith(f"{spy.name} rolls 2 dice: success")
    assert lines[at - 1] == passes[-1] and not spy.holds("Hunted")   # after the second pass


def test_an_encounter_passed_at_an_hq_and_one_in_a_region_discard_theirs():
    """EP-STATUS-3: "a discard effect (how it leaves: resting at an HQ, a test, an
    encounter)": Double Crossed leaves after a pass at an HQ, Seasick after an encounter
    in the Ocean; neither leaves elsewhere."""
    doc = every_deck(typed(epic_doc()), STEPS)
    game, lines = new_game(doc, players=1)
    spy = game.party.spies[0]
    spy.held |= {"Double Crossed", "Seasick"}
    place(game, 0, "Paris")
    encounter(game, 0)
    assert spy.holds("Double Crossed") and spy.holds("Seasick")
    place(game, 0, "London")
    encounter(game, 0)
    assert f"  [Double Crossed leaves {spy.name}: passed an encounter at an HQ]" in lines
    place(game, 0, "North Atlantic")
    encounter(game, 0)
    assert f"  [Seasick leaves {spy.name}: an encounter in Ocean]" in lines


def test_spending_intel_to_discard_a_status_is_offered_as_an_action():
    """EP-STATUS-3 (Cover Blown: "spend 2 Intel at any time to discard it"): in the spy's
    turn a person is offered "Spend 2 intel: discard Cover Blown"; paying discards it."""
    doc = typed(epic_doc())
    person = resting(Answers({"Adebayo Okafor: play a card?": "Spend 2 intel"}))
    game, lines = new_game(doc, players=1, answers=person)
    spy = game.party.spies[0]
    spy.held.add("Cover Blown")
    spy.intel = 3
    take_turn(game, 0)
    offered = next(o for p, o in person.asked if p.endswith("play a card?"))
    assert offered == ["Spend 2 intel: discard Cover Blown", "Play nothing"]
    assert f"  [Cover Blown leaves {spy.name}: spent 2 intel]" in lines and spy.intel == 1


def test_the_bot_pays_to_discard_a_harmful_status_when_the_pool_keeps_as_much():
    """EP-STATUS-3 with the bots' rule (card_bots.spend_score): a status that takes dice is
    paid off when the pool holds twice its price; with less, it is kept."""
    doc = typed(epic_doc())
    game, lines = new_game(doc, players=1, answers=resting(Answers()))
    spy = game.party.spies[0]
    spy.held.add("Cover Blown")
    spy.intel = 3
    place(game, 0, "Paris")                 # not an HQ: resting there keeps Cover Blown
    take_turn(game, 0)
    assert spy.holds("Cover Blown") and spy.intel == 3
    spy.intel = 4
    take_turn(game, 0)
    assert not spy.holds("Cover Blown") and spy.intel == 2


def test_a_status_that_leaves_after_use_leaves_when_its_power_is_used():
    """EP-STATUS-3 (Lucky Charm: "Discard after use."): its reroll is used after a failed
    roll, then it leaves."""
    spy, lines = in_paris([a_test("Spycraft", successes=1)],
                          ["1", "blank", "blank", "success", "success"], "Lucky Charm")
    assert f"  [Lucky Charm: {spy.name} rolls the dice again]" in lines
    assert f"  [Lucky Charm leaves {spy.name}: used]" in lines and "PASS read" in lines


def test_a_companion_leaves_when_dr_lobo_advances_two_spaces_in_a_round():
    """EP-STATUS-3, EP-COMP-1 (Inside Man: "Discard when Dr. Lobo advances two or more
    spaces in the same round."): one space in the round keeps him, a second lets him go."""
    doc = every_deck(typed(epic_doc()), [{"kind": "advance_lobo", "amount": 1, "target": None}])
    answers = Answers()
    game, lines = new_game(doc, players=2, answers=answers)
    game.state.round_lobo = game.party.lobo
    second = game.party.spies[1]
    second.held.add("Inside Man")
    take_turn(game, 0)
    assert second.holds("Inside Man")
    take_turn(game, 1)
    assert not second.holds("Inside Man")
    assert (f"  [Inside Man leaves {second.name}: Dr. Lobo advanced 2 or more spaces this round]"
            in lines)

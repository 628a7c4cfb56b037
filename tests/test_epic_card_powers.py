"""Held cards at play (issue #27): the gadget deck, gadgets, statuses and companions whose
typed powers act at their moments, in single encounters, whole-game turns and showdowns,
asserting what a player sees: the questions put, the transcript's lines, the cards held."""

from __future__ import annotations

from epic_card_helpers import GADGETS, dice, power, typed
from epic_game_helpers import Answers, Faces, a_test, entry_doc, epic_doc, new_game, place
from smersh_dsl.play.core.deciders import GreedyPolicy
from smersh_dsl.play.epic.decks import cards as deck_cards
from smersh_dsl.play.epic.encounters import encounter
from smersh_dsl.play.epic.engine import Table
from smersh_dsl.play.epic.party import party_from


def table(doc: dict, players: int = 1, faces: list[str] | None = None,
          decide: GreedyPolicy | None = None, intel: int = 0) -> tuple[Table, list[str]]:
    lines: list[str] = []
    rng = Faces(1)
    rng.faces = list(faces or [])
    return Table(doc, party_from(doc, players, intel), rng, decide or GreedyPolicy(),
                 lines.append), lines


# -- EP-GADGET-1: the deck ---------------------------------------------------------------------

def test_the_gadget_deck_is_the_documents_gadgets_shuffled_and_reforms_from_its_discard():
    """EP-GADGET-1: "Find each of the following card decks, shuffle them, and place them
    face down ... b. Gadget cards" and "If the deck of Gadget cards runs out, shuffle the
    discard and form a new deck." """
    doc = typed(epic_doc())
    for card in doc["gadgets"]:
        card["copies"] = 1
    doc["gadgets"][0]["copies"] = 2
    size = len(doc["gadgets"]) + 1
    game, lines = new_game(doc, players=1, seed=3)
    deck = game.state.cards.gadgets
    assert sorted(deck) == sorted(deck_cards(doc, "gadget")) and len(deck) == size
    assert deck != deck_cards(doc, "gadget")                    # shuffled with the game's dice
    spy, top = game.party.spies[0], deck[0]
    game.table.actor = spy
    game.table.run([{"kind": "gain_gadget", "amount": size, "target": None}])
    assert spy.gadgets[0] == top and not game.state.cards.gadgets
    assert f"  [{spy.name} draws gadget {top}]" in lines
    game.table.run([{"kind": "lose_gadget", "amount": 2, "target": None}])
    game.table.run([{"kind": "gain_gadget", "amount": 1, "target": None}])
    assert len(spy.gadgets) == size - 1 and not game.state.cards.gadget_discard
    assert len(game.state.cards.gadgets) == 1          # the discard formed a new deck
    game.table.run([{"kind": "gain_gadget", "amount": 2, "target": None}])
    assert len(spy.gadgets) == size and "  [the gadget deck is empty: none drawn]" in lines


def test_a_gadget_spaces_pass_draws_a_named_gadget_in_a_whole_game():
    """EP-GADGET-1: "Gadget Space: When a Spy passes an Encounter here, they draw a Gadget
    card." """
    doc = entry_doc(typed(epic_doc()), "North America", [{"kind": "prose", "text": "ok"}])
    game, lines = new_game(doc, players=1)
    place(game, 0, "New York")
    top = game.state.cards.gadgets[0]
    encounter(game, 0)
    spy = game.party.spies[0]
    assert spy.gadgets == [top] and f"  [{spy.name} draws gadget {top}]" in lines


# -- gadgets played at a test ------------------------------------------------------------------

def test_a_before_test_gadget_adds_its_dice_and_is_discarded():
    """EP-GADGET-1: "When you play a Gadget card, resolve its effect, then discard it unless
    it says otherwise. You may play Gadget cards any time during your turn, or when
    instructed to on the card." (Shoe Phone: +2 dice before a test.)"""
    doc = typed(epic_doc())
    t, lines = table(doc, faces=["blank"] * 4)
    spy = t.party.spies[0]
    spy.gadgets = ["Shoe Phone"]
    spy.resolve = 0
    t.run([a_test("Athletics", successes=2)])
    assert f"  [Shoe Phone: {spy.name} rolls 2 more dice]" in lines
    assert any(line.startswith(f"{spy.name} rolls 3 dice:") for line in lines)   # 1 + 2
    assert spy.gadgets == [] and t.decks.gadget_discard == ["Shoe Phone"]
    assert "  [Shoe Phone is discarded]" in lines


def test_a_person_is_offered_the_cards_they_may_play_and_may_play_nothing():
    """EP-GADGET-1: "You may play Gadget cards any time during your turn, or when
    instructed to on the card": the player is asked, and a card not played stays."""
    doc = typed(epic_doc())
    person = Answers({"Adebayo Okafor: play a card?": "Play nothing"})
    t, lines = table(doc, decide=person, faces=["success"])
    spy = t.party.spies[0]
    spy.gadgets = ["Shoe Phone", "Sleeping Gas Lipstick"]
    t.run([a_test("Spycraft")])
    asked = [options for prompt, options in person.asked if prompt.endswith("play a card?")]
    assert asked == [["Play Shoe Phone: +2 dice", "Play nothing"]]     # the lipstick is Hand to Hand's
    assert spy.gadgets == ["Shoe Phone", "Sleeping Gas Lipstick"]


def test_a_gadget_that_passes_a_kind_of_test_automatically():
    """EP-TEST-4 from a card: "Some tests will allow automatic passes"; the Sleeping Gas
    Lipstick passes a Hand to Hand test, and is discarded after ("then discard it unless
    it says otherwise", EP-GADGET-1)."""
    doc = typed(epic_doc())
    t, lines = table(doc, faces=["blank"] * 3)
    spy = t.party.spies[0]
    spy.gadgets = ["Sleeping Gas Lipstick"]
    t.run([a_test("Hand to Hand", successes=3)])
    assert f"  [Sleeping Gas Lipstick: {spy.name} passes automatically]" in lines
    assert "PASS read" in lines and spy.gadgets == []


def test_the_bot_leaves_a_likely_test_to_the_dice_and_keeps_the_gadget():
    """EP-PLAYER-1 (what a bot may know: its spy, the card, the chance shown): a test the
    offer gives 70% or more is not worth a one-use gadget (card_bots.SURE)."""
    doc = typed(epic_doc())
    t, lines = table(doc, faces=["success"])
    spy = t.party.spies[0]
    spy.skills["Athletics"] = 5
    spy.gadgets = ["Shoe Phone"]
    t.run([a_test("Athletics", successes=1)])
    assert spy.gadgets == ["Shoe Phone"] and not any("Shoe Phone:" in x for x in lines)


def test_an_injury_gadget_with_two_uses_is_discarded_the_second_time():
    """EP-GADGET-1: "resolve its effect, then discard it unless it says otherwise" (the
    Armoured Bowler says: "discard it the second time you use it")."""
    doc = typed(epic_doc())
    t, lines = table(doc)
    spy = t.party.spies[0]
    spy.gadgets = ["Armoured Bowler"]
    health = spy.health
    t.run([{"kind": "take_injury", "amount": 3, "target": None}])
    assert spy.health == health - 1 and spy.gadgets == ["Armoured Bowler"]
    assert f"  [Armoured Bowler: {spy.name} takes 2 fewer injuries]" in lines
    assert f"  [{spy.name} takes 1 injury]" in lines
    spy.health = 3                  # the last use is kept for an injury that leaves 2 or less
    t.run([{"kind": "take_injury", "amount": 1, "target": None}])
    assert spy.health == 3 and spy.gadgets == []
    assert f"  [{spy.name} takes no injury]" in lines and "  [Armoured Bowler is discarded]" in lines


def test_pass_with_a_gadget_fires_when_the_spy_holds_it_and_does_not_use_it_up():
    """EP-TEST-4: "Some tests will allow automatic passes if the Spy attempting them has a
    specific Status card or Advanced Skill": holding the gadget a "pass with" names is
    enough (docs/books.md: it is not played, so it stays)."""
    doc = typed(epic_doc())
    t, lines = table(doc, faces=["blank"] * 3)
    spy = t.party.spies[0]
    spy.gadgets = ["Rocket Belt"]
    test = a_test("Athletics", successes=3)
    test["auto_pass_with"] = ["Rocket Belt"]
    t.run([test])
    assert f"{spy.name} passes automatically." in lines and spy.gadgets == ["Rocket Belt"]
    spy.gadgets = []
    t.run([test])
    assert "FAIL read" in lines


def test_a_card_guard_in_a_region_holds_only_there():
    """EP-GADGET-1: "or when instructed to on the card" (the Attache Dinghy: "Play while in
    the Ocean region: pass an Athletics test automatically")."""
    doc = typed(epic_doc())
    t, lines = table(doc, faces=["blank"] * 6)
    spy = t.party.spies[0]
    spy.gadgets = ["Attache Dinghy"]
    t.party.location = "Paris"
    t.run([a_test("Athletics", successes=3)])
    assert "FAIL read" in lines and spy.gadgets == ["Attache Dinghy"]
    t.party.location = "North Atlantic"
    t.run([a_test("Athletics", successes=3)])
    assert f"  [Attache Dinghy: {spy.name} passes automatically]" in lines


# -- statuses in force while held (EP-STATUS-3) and companions (EP-COMP-1) ---------------------

def test_a_held_status_takes_its_dice_from_its_skills_tests_and_says_so():
    """EP-STATUS-3: "Each Status card shows its Name, Card Effect, and Discard Effect" and
    the card effect is in force while it is held (Hangover: -1 die to Athletics and
    Spycraft tests)."""
    doc = typed(epic_doc())
    person = Answers()
    t, lines = table(doc, decide=person, faces=["blank"] * 4)
    spy = t.party.spies[0]
    spy.held.add("Hangover")
    spy.resolve = 0
    t.run([a_test("Spycraft"), a_test("Persuasion")])
    labels = [options[0] for prompt, options in person.asked if prompt.startswith("Who takes")]
    assert labels[0].startswith(f"{spy.name}: Spycraft 2 -1 [1], 1 die")
    assert labels[1].startswith(f"{spy.name}: Persuasion 1 +0 [1], 1 die")
    assert lines.count(f"  [Hangover: {spy.name} rolls 1 die fewer]") == 1


def test_a_companion_reaching_all_spies_lets_another_spy_reroll_for_its_cost():
    """EP-COMP-1, EP-STATUS-2: "Companions: Some of the Status cards represent unusual
    allies or enemies you've made during your mission. These orange companion Status cards
    often affect multiple players." (Inside Man, held by one spy: any spy may spend 1
    intel to reroll a test.)"""
    doc = typed(epic_doc())
    t, lines = table(doc, players=2, faces=["blank", "success"], intel=1)
    first, second = t.party.spies
    second.held.add("Inside Man")
    first.resolve = 0
    t.actor = first
    t.run([a_test("Athletics")])
    assert f"  [Inside Man: {first.name} rolls the dice again]" in lines
    assert "PASS read" in lines and t.party.pool == 1     # 2 intel in the pool, 1 paid
    assert "Inside Man" in second.held                   # a status's power never discards it


def test_in_a_showdown_only_the_takers_own_cards_count():
    """EP-SHOW-3: "you may choose any Spy that is still alive to take that test or Gamble
    action. Only their Skills, Statuses, and Gadgets may be used to pass it." Another
    spy's companion does not reach the taker; the taker's own gadget does."""
    doc = typed(epic_doc())
    t, lines = table(doc, players=2, faces=["blank"] * 8, intel=2,
                     decide=Answers({"Who takes": 0}))
    t.in_showdown = True
    first, second = t.party.spies
    second.held.add("Inside Man")
    first.gadgets = ["Sleeping Gas Lipstick"]
    second.skills["Hand to Hand"] = 0
    first.skills["Hand to Hand"] = 0
    t.run([a_test("Athletics", successes=3)])
    assert not any("Inside Man:" in x and first.name in x for x in lines)
    t.run([a_test("Hand to Hand", successes=3)])
    assert f"  [Sleeping Gas Lipstick: {first.name} passes automatically]" in lines


# -- in a whole game's turn --------------------------------------------------------------------

def test_an_any_time_gadget_is_played_in_the_owners_turn():
    """EP-GADGET-1: "You may play Gadget cards any time during your turn" (the Fountain Pen
    Transmitter retreats Dr. Lobo one space)."""
    doc = typed(epic_doc())
    game, lines = new_game(doc, players=1)
    spy = game.party.spies[0]
    spy.gadgets = ["Fountain Pen Transmitter"]
    game.party.lobo = 2
    from smersh_dsl.play.epic.turn import take_turn
    take_turn(game, 0)
    assert f"  [Fountain Pen Transmitter: retreat lobo for {spy.name}]" in lines
    assert "Fountain Pen Transmitter" not in spy.gadgets
    assert game.state.cards.gadget_discard[-1] == "Fountain Pen Transmitter"


def test_gadgets_are_played_and_statuses_leave_in_seeded_whole_games():
    """EP-GADGET-1 and EP-STATUS-3 in whole games: "When you play a Gadget card, resolve its
    effect, then discard it"; "a status leaves only by its discard effect": over seeded
    four-player games of the bundled book with its cards typed, spies play gadgets and
    their statuses leave."""
    from smersh_dsl.play.epic.rounds import play_game
    doc = typed(epic_doc())
    for name, powers in GADGETS.items():
        assert any(g["name"] == name for g in doc["gadgets"]), name
    for card in doc["gadgets"]:                  # every gadget does something in these games
        card["powers"] = card["powers"] or [power("before_test", [dice(1)])]
    played, left = 0, 0
    for seed in range(4):
        game, lines = new_game(doc, players=4, seed=seed)
        play_game(game)
        names = {c["name"] for c in doc["gadgets"]}
        played += sum(1 for x in lines if x.startswith("  [") and x[3:].split(":")[0] in names)
        left += sum(1 for x in lines if " leaves " in x and x.startswith("  ["))
    assert played > 0 and left > 0


def test_a_status_that_passes_a_test_while_held_counts_as_certain_and_says_so():
    """EP-TEST-4 from a card in force while held ("in force while held", EP-STATUS-3): the
    offer shows the pass as certain, and the transcript names the card."""
    doc = typed(epic_doc())
    doc["statuses"][0]["powers"] = [power("while_held", [{"kind": "auto_pass"}],
                                          skills=["Deception"], keep=True)]
    name = doc["statuses"][0]["name"]
    person = Answers()
    t, lines = table(doc, decide=person, faces=["blank"] * 3)
    spy = t.party.spies[0]
    spy.held.add(name)
    t.run([a_test("Deception", successes=3)])
    label = next(o[0] for p, o in person.asked if p.startswith("Who takes"))
    assert label.endswith(f"passes automatically with {name}")
    assert f"  [{name}: {spy.name} passes automatically]" in lines and "PASS read" in lines


def test_a_companion_reaching_the_region_adds_its_dice_only_to_spies_there():
    """EP-COMP-1: "Companion (orange) statuses affect several players: their effect reaches
    the spies the card names" (here the spies in the holder's region): "These orange
    companion Status cards often affect multiple players." """
    doc = typed(epic_doc())
    cat = next(c for c in doc["statuses"] if c["name"] == "Stray Cat")
    cat["powers"] = [power("while_held", [dice(1)], keep=True, reach="region")]
    person = Answers()
    game, lines = new_game(doc, players=2, answers=person)
    first, second = game.party.spies
    first.held.add("Stray Cat")
    place(game, 0, "Paris")
    place(game, 1, "Berlin")
    game.table.actor = second
    game.table.run([a_test("Spycraft")])
    place(game, 1, "Tokyo")
    game.table.run([a_test("Spycraft")])
    labels = [o[0] for p, o in person.asked if p.startswith("Who takes")]
    level = second.skills["Spycraft"]
    assert labels[0].startswith(f"{second.name}: Spycraft {level} +1")
    assert labels[1].startswith(f"{second.name}: Spycraft {level} +0")
    assert f"  [Stray Cat: {second.name} rolls 1 more die]" in lines


def test_powers_at_the_start_and_end_of_a_turn_after_a_pass_and_on_gaining_intel():
    """EP-GADGET-1: "You may play Gadget cards any time during your turn, or when
    instructed to on the card": a card's own timing (the start or the end of the owner's
    turn, after a pass, on gaining intel) is when it acts."""
    doc = typed(epic_doc())
    by_name = {c["name"]: c for c in doc["gadgets"]}
    heal = {"kind": "heal_injury", "amount": 1, "target": None}
    by_name["Polyglot Pipe"]["powers"] = [power("start_of_turn", [heal], keep=True)]
    by_name["Magnetic Cufflinks"]["powers"] = [power("end_of_turn", [heal], keep=True)]
    by_name["Microdot Reader"]["powers"] = [
        power("after_pass", [{"kind": "gain_intel", "amount": 1, "target": None}], keep=True)]
    by_name["Rocket Belt"]["powers"] = [
        power("on_gain_intel", [{"kind": "gain_resolve", "amount": 1, "target": None}], keep=True)]
    game, lines = new_game(doc, players=1, answers=Answers({"Your turn:": "Rest"}))
    spy = game.party.spies[0]
    spy.gadgets = ["Polyglot Pipe", "Magnetic Cufflinks", "Microdot Reader", "Rocket Belt"]
    place(game, 0, "Paris")
    spy.health = spy.max_health - 4
    from smersh_dsl.play.epic.turn import take_turn
    take_turn(game, 0)
    start = lines.index(f"  [Polyglot Pipe: heal injury for {spy.name}]")
    rest = next(i for i, x in enumerate(lines) if x.startswith(f"{spy.name} rests"))
    end = lines.index(f"  [Magnetic Cufflinks: heal injury for {spy.name}]")
    assert start < rest < end
    spy.resolve = 0
    game.table.rng.faces = ["success", "success"]
    game.table.actor = spy
    game.table.run([a_test("Hand to Hand")])
    assert f"  [Microdot Reader: gain intel for {spy.name}]" in lines
    assert f"  [Rocket Belt: gain resolve for {spy.name}]" in lines
    assert spy.intel == 1 and spy.resolve == 1


def test_a_gadget_is_played_in_a_henchman_showdown_of_a_whole_game():
    """EP-SHOW-3: "you may choose any Spy that is still alive to take that test or Gamble
    action. Only their Skills, Statuses, and Gadgets may be used to pass it." """
    doc = typed(epic_doc())
    lipstick = next(c for c in doc["gadgets"] if c["name"] == "Sleeping Gas Lipstick")
    lipstick["powers"] = [power("before_test", [{"kind": "auto_pass"}], keep=True)]
    from smersh_dsl.play.epic import rounds
    game, lines = new_game(doc, players=1, seed=2)
    spy = game.party.spies[0]
    spy.gadgets = ["Sleeping Gas Lipstick"]
    spy.skills = {name: 0 for name in spy.skills}
    spy.intel = 3
    rounds.confront_henchman(game, "Darling", 3)
    showdown = lines[lines.index("Showdown: Darling"):]
    assert f"  [Sleeping Gas Lipstick: {spy.name} passes automatically]" in showdown
    assert "Sleeping Gas Lipstick" in spy.gadgets              # `keep`: it stays


def test_losing_a_top_secret_card_discards_one_the_spy_chooses():
    """SH-LIMIT-1's cards held by name ("no more than 3 of either UN Transports or Top
    Secret cards ... They must discard"): `lose top_secret` discards a card held to the Top
    Secret discard, and with none held says so."""
    doc = typed(epic_doc())
    t, lines = table(doc, decide=Answers({"Which top secret": 1}))
    spy = t.party.spies[0]
    spy.top_secrets = ["Secret A", "Secret B"]
    t.run([{"kind": "lose_top_secret", "amount": 1, "target": None}])
    assert spy.top_secrets == ["Secret A"] and t.decks.top_secret_discard == ["Secret B"]
    assert "  [lose top secret Secret B]" in lines
    spy.top_secrets = []
    t.run([{"kind": "lose_top_secret", "amount": 1, "target": None}])
    assert f"  [{spy.name} holds no top secret: none lost]" in lines

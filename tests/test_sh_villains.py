"""Swagman's Hope's villain cards in a whole game (SH-VILLAIN-1): the deck, the Villain
Advancement when a card is drawn, its End of Turn event at the end of that turn, Sydney
airport closed at the start and opened and closed by the cards, and Vinny Carter's V-1
reward. Each test quotes the rulebook and drives the real engine; the cards are typed
in `sh_cards` as the built document holds them."""

from __future__ import annotations

import json

from epic_game_helpers import Answers, a_test, entry_doc, new_game, place, swagmans_doc
from sh_cards import with_cards
from smersh_dsl.play.epic import missions, moves, save, turn
from smersh_dsl.play.epic.rounds import play_game

STAY = {"Your turn:": 0, "Where do you move?": "Stay in", "Region bonus": 0}


def failing_in_australia(players: int = 3, answers: Answers | None = None):
    """A game whose Australia deck is one card that always fails, every seat staying
    put; seat 0 in Perth (no dead drop, no Butcher), seat 1 in Darwin, seat 2 in London."""
    doc = entry_doc(with_cards(swagmans_doc()), "Australia", [a_test()])
    game, lines = new_game(doc, players=players, answers=answers or Answers(STAY))
    game.state.dead_drops.clear()
    game.state.butcher_at = None
    for index, where in enumerate(["Perth", "Darwin", "London"][:players]):
        place(game, index, where)
    for spy in game.party.spies:
        spy.resolve = 0
    game.rng.faces = ["blank"] * 40
    return game, lines


def test_sydney_airport_starts_closed_and_no_one_flies_into_it():
    """SH-VILLAIN-1: "Sydney airport starts the game closed, but can be opened (and
    re-closed) by 'End of Turn' events on the new Villain cards." Setup step 4: "Place a
    Closed Airport marker on Sydney." """
    answers = Answers({"Where do you move?": "Stay in"})
    game, _ = new_game(with_cards(swagmans_doc()), players=2, answers=answers)
    assert game.state.closed == ["Sydney"]
    place(game, 0, "London")
    moves.move(game, 0)
    (options,) = [o for p, o in answers.asked if p.startswith("Where do you move?")]
    assert "Move to Tokyo" in options and "Move to Sydney" not in options


def test_a_drawn_card_advances_lobo_and_its_end_of_turn_event_comes_at_the_turns_end():
    """SH-VILLAIN-1: villain cards advance Dr. Lobo when drawn ("Villain Advancement") and
    carry End of Turn events; "If the check is failed, advance Dr Lobo's track by 1 space
    as normal" in Australia, where the expansion advances Dr. Lobo "by drawing a Villain
    Advancement card". Cyclone Season: "End of Turn: Sydney airport closes; every agent in
    Australia takes 1 injury"."""
    game, lines = failing_in_australia()
    game.state.closed = []
    game.state.villain_deck = ["Cyclone Season", "The Long Dry"]
    health = [s.health for s in game.party.spies]
    lobo = game.party.lobo
    turn.take_turn(game, 0)
    assert game.party.lobo == lobo + 1                  # the card's advancement, not two
    assert game.state.villain_deck == ["The Long Dry"]
    drawn = lines.index("  [villain card Cyclone Season: Advance Dr. Lobo 1 space. End of Turn: "
                        "Sydney airport closes; every agent in Australia takes 1 injury.]")
    event = lines.index("  [Cyclone Season, End of Turn]")
    assert lines.index("FAIL read") < drawn < event
    assert "  [Cyclone Season: Sydney airport is now closed]" in lines[event:]
    assert game.state.closed == ["Sydney"]
    perth, darwin, london = game.party.spies
    assert [s.health for s in game.party.spies] == [health[0] - 1, health[1] - 1, health[2]]
    assert f"  [Cyclone Season reaches {darwin.name}]" in lines[event:]
    assert not any(london.name in line for line in lines[event:])


def test_a_failed_encounter_outside_australia_draws_no_villain_card():
    """EP-ENC-6: a fail "advance[s] Dr. Lobo" one space; the villain cards are
    Australia's: "All skill checks in Australia are conducted using the base-game rules.
    If the check is failed, advance Dr Lobo's track by 1 space as normal"."""
    doc = entry_doc(with_cards(swagmans_doc()), "Europe", [a_test()])
    game, lines = new_game(doc, players=2, answers=Answers(STAY))
    place(game, 0, "Paris")
    game.party.spies[0].resolve = 0
    game.rng.faces = ["blank"] * 40
    deck, lobo = list(game.state.villain_deck), game.party.lobo
    turn.take_turn(game, 0)
    assert game.party.lobo == lobo + 1 and game.state.villain_deck == deck
    assert "A failed encounter: Dr. Lobo advances one space." in lines


def test_a_friend_in_the_control_tower_opens_sydney_to_flights():
    """SH-VILLAIN-1: Sydney airport "can be opened (and re-closed) by 'End of Turn' events
    on the new Villain cards": once open, a spy at an airport may move to Sydney as one
    space (EP-MOVE-1, "airports connect to all airports as one space")."""
    game, lines = failing_in_australia(players=2)
    game.state.villain_deck = ["A Friend in the Control Tower"]
    turn.take_turn(game, 0)
    assert game.state.closed == []
    assert "  [A Friend in the Control Tower: Sydney airport is now open]" in lines
    answers = Answers({"Where do you move?": "Stay in"})
    game.table.decide = answers
    place(game, 1, "London")
    moves.move(game, 1)
    (options,) = [o for p, o in answers.asked if p.startswith("Where do you move?")]
    assert "Move to Sydney" in options


def test_airlift_toggles_sydney_airport():
    """SH-VILLAIN-1: "Sydney airport starts the game closed, but can be opened (and
    re-closed)": Airlift to the Red Centre's "if Sydney airport is open it closes;
    otherwise it opens"."""
    game, lines = failing_in_australia(players=2)
    game.state.villain_deck = ["Airlift to the Red Centre"]
    turn.take_turn(game, 0)
    assert game.state.closed == [] and "  [Airlift to the Red Centre: Sydney airport is now open]" in lines
    game.state.villain_deck = ["Airlift to the Red Centre"]
    game.rng.faces = ["blank"] * 40
    turn.take_turn(game, 0)
    assert game.state.closed == ["Sydney"]
    assert "  [Airlift to the Red Centre: Sydney airport is now closed]" in lines


def test_the_bomb_advances_lobo_by_the_villain_card_it_draws():
    """SH-DROP-2: "If any player meets or exceeds their maximum injuries, move their player
    token to Paris, and advance Dr. Lobo by drawing a Villain Advancement card": the card
    drawn is the deck's top one, and Dr. Lobo moves as far as it says."""
    game, lines = new_game(with_cards(swagmans_doc()), players=2)
    game.state.dead_drops["Perth"] = "The Bomb"
    game.state.villain_deck = ["The Long Dry", "Cyclone Season"]
    place(game, 1, "Darwin")
    game.party.spies[1].health = 1
    lobo = game.party.lobo
    moves.land(game, 0, "Perth")
    assert game.party.lobo == lobo + 2
    assert "  [villain card The Long Dry: Advance Dr. Lobo 2 spaces.]" in lines
    assert game.state.villain_track == [{"card": "The Long Dry", "spaces": 2}]


def test_an_untyped_villain_card_still_advances_lobo_one_space():
    """SH-VILLAIN-1: villain cards "advance Dr. Lobo when drawn ("Villain Advancement")":
    a card whose book gives it no typed power advances him the one space every bundled
    card prints ("Advance Dr. Lobo 1 space")."""
    doc = swagmans_doc()
    doc["villains"] = [dict(c, powers=[]) for c in doc["villains"]]
    game, lines = new_game(doc, players=2)
    name = game.state.villain_deck[0]
    lobo = game.party.lobo
    game.table.run([{"kind": "draw_villain_card", "amount": 1, "target": None}])
    assert game.party.lobo == lobo + 1 and f"  [{name}: Dr. Lobo advances 1]" in lines


def test_the_deck_is_shuffled_and_made_again_from_the_cards_beside_the_track():
    """SH-VILLAIN-1: the villain deck, shuffled with the game's dice; the rulebook does not
    say what an empty deck does: as the Epic gadget deck "reshuffles its discard", the
    cards that advanced the track are shuffled into a new one (docs/books.md)."""
    orders = {tuple(new_game(with_cards(swagmans_doc()), players=2, seed=s)[0].state.villain_deck)
              for s in range(6)}
    assert len(orders) > 1 and all(sorted(o) == sorted(
        c["name"] for c in with_cards(swagmans_doc())["villains"]) for o in orders)
    game, lines = new_game(with_cards(swagmans_doc()), players=2)
    for _ in range(4):
        game.table.run([{"kind": "draw_villain_card", "amount": 1, "target": None}])
    assert game.state.villain_deck == [] and len(game.state.villain_track) == 4
    game.table.run([{"kind": "draw_villain_card", "amount": 1, "target": None}])
    assert len(game.state.villain_deck) == 3 and len(game.state.villain_track) == 1
    assert any("shuffled into a new deck" in line for line in lines)


def test_vinnys_v1_reward_removes_a_card_that_advanced_the_track_at_random():
    """SH-CHAR-1 and SH-VILLAIN-1: "the player receives the V-1 reward: take all the
    Villain cards that have advanced Dr. Lobo's track, shuffle them, and remove one at
    random, adjusting Dr. Lobo's track accordingly." """
    removed = set()
    for seed in range(8):
        game, lines = new_game(with_cards(swagmans_doc()), players=2, spies=("Vinny Carter",),
                               seed=seed)
        seat = game.state.seats[0]
        seat.missions_done = 2
        game.state.villain_track = [{"card": "Cyclone Season", "spaces": 1},
                                    {"card": "The Long Dry", "spaces": 2},
                                    {"card": "Airlift to the Red Centre", "spaces": 0}]
        city = next(m["city"] for m in game.doc["missions"] if m["name"] == seat.late_mission)
        lobo = game.party.lobo
        missions.secret_mission(game, 0, city, passed=True)
        (gone,) = {"Cyclone Season", "The Long Dry"} - {c["card"] for c in game.state.villain_track}
        spaces = {"Cyclone Season": 1, "The Long Dry": 2}[gone]
        assert game.party.lobo == lobo - spaces
        assert lines[-1] == (f"{game.party.spies[0].name} earns the V-1 reward: {gone} is "
                             f"removed from the game and Dr. Lobo moves back {spaces}.")
        removed.add(gone)
    assert removed == {"Cyclone Season", "The Long Dry"}


def test_a_save_keeps_the_villain_deck_and_what_it_has_drawn(tmp_path):
    """A game saved between rounds goes on as it would have: the villain deck, the cards
    beside the track and the Top Secret cards held come back from the file."""
    game, _ = new_game(with_cards(swagmans_doc()), players=2)
    game.table.run([{"kind": "draw_villain_card", "amount": 1, "target": None}])
    game.party.spies[0].top_secrets = ["Diplomatic Pouch"]
    path = tmp_path / "g.json"
    save.save(path, game)
    back = save.load(path, game.doc, lambda line: None)
    assert back.state.villain_deck == game.state.villain_deck
    assert back.state.villain_track == game.state.villain_track
    assert back.party.spies[0].top_secrets == ["Diplomatic Pouch"]
    data = json.loads(path.read_text())
    data["state"]["villain_deck"] = ["No Such Card"]
    path.write_text(json.dumps(data))
    try:
        save.load(path, game.doc, lambda line: None)
    except save.SaveProblem as problem:
        assert str(problem) == (f"{path}: /state/villain_deck/0: no villain card "
                                "'No Such Card' in the document")
    else:
        raise AssertionError("a save naming an unknown villain card was read")


def test_whole_games_draw_villain_cards_and_open_and_close_sydney_airport():
    """SH-VILLAIN-1, in seeded four-player games with Swagman's Hope: "Sydney airport starts
    the game closed, but can be opened (and re-closed) by 'End of Turn' events on the new
    Villain cards"."""
    seen = []
    for seed in range(1, 9):
        game, lines = new_game(with_cards(swagmans_doc()), players=4, seed=seed)
        assert play_game(game) in ("won", "lost")
        text = "\n".join(lines)
        seen.append((text.count("  [villain card "), text.count("Sydney airport is now open"),
                     text.count("Sydney airport is now closed")))
    assert any(drawn and opened and closed for drawn, opened, closed in seen), seen

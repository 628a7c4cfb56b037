"""Swagman's Hope's Top Secret cards in a whole game (SH-TOPSECRET-1, SH-LIMIT-1): cards
held by name, drawn from a shuffled deck by the Top Secret dead drop (draw 2, keep 1),
by entries and by the epic variant's setup, and at most 3 held at the end of a turn.
Each test quotes the rulebook and drives the real engine."""

from __future__ import annotations

from epic_game_helpers import Answers, new_game, swagmans_doc
from sh_cards import with_cards
from smersh_dsl.play.epic import moves, turn


def at_the_drop(deck: list[str], answers: Answers | None = None, **options):
    game, lines = new_game(with_cards(swagmans_doc()), players=2, answers=answers, **options)
    game.state.dead_drops["Perth"] = "Top Secret"
    game.state.cards.top_secrets = list(deck)
    return game, lines


def test_the_top_secret_dead_drop_draws_two_and_the_bot_keeps_the_better():
    """SH-TOPSECRET-1: "Top Secret: Draw 2 Top Secret Cards, keep 1 and discard the other."
    The sensible bot keeps the card whose typed powers weigh more (docs/books.md)."""
    game, lines = at_the_drop(["Blank Telegram", "Diplomatic Pouch", "Forged Passport"])
    spy = game.party.spies[0]
    moves.land(game, 0, "Perth")
    assert spy.top_secrets == ["Diplomatic Pouch"]
    assert game.state.cards.top_secret_discard == ["Blank Telegram"]
    assert game.state.cards.top_secrets == ["Forged Passport"]
    assert (f"  [Top Secret: {spy.name} draws Blank Telegram, Diplomatic Pouch, keeps "
            "Diplomatic Pouch]") in lines
    assert "top_secret" not in spy.tokens


def test_a_person_chooses_which_of_the_two_to_keep_reading_their_effects():
    """SH-TOPSECRET-1: "Draw 2 Top Secret Cards, keep 1 and discard the other": the
    player sees what each card says and lets go of one."""
    answers = Answers({"Top Secret: keep 1": "Diplomatic Pouch"})
    game, _ = at_the_drop(["Blank Telegram", "Diplomatic Pouch"], answers)
    moves.land(game, 0, "Perth")
    (options,) = [o for p, o in answers.asked if p.startswith("Top Secret: keep 1")]
    assert options == ["Blank Telegram: Nothing of use.",
                       "Diplomatic Pouch: Play before a Persuasion test: you pass it "
                       "automatically."]
    assert game.party.spies[0].top_secrets == ["Blank Telegram"]
    assert game.state.cards.top_secret_discard == ["Diplomatic Pouch"]


def test_at_most_three_top_secret_cards_at_the_end_of_a_turn():
    """SH-LIMIT-1 and SH-TOPSECRET-1: "A Player may not have more than 3 Top Secret Cards
    in their possession by the end of their turn", and "They must discard down to 3 at
    the end of their turn": the bot lets go of the card that weighs least."""
    answers = Answers({"Your turn:": 1})                                # rest
    game, lines = new_game(with_cards(swagmans_doc()), players=2, answers=answers)
    spy = game.party.spies[0]
    # none of them is played in a turn of rest (Lobo's Ledger, played at any time, would be)
    spy.top_secrets = ["Diplomatic Pouch", "Blank Telegram", "Cyanide Capsule", "Forged Passport"]
    turn.take_turn(game, 0)
    assert spy.top_secrets == ["Diplomatic Pouch", "Cyanide Capsule", "Forged Passport"]
    assert game.state.cards.top_secret_discard == ["Blank Telegram"]
    assert (f"  [Top Secret: {spy.name} discards Blank Telegram (at most 3 at the end of "
            "a turn)]") in lines


def test_three_held_are_kept_during_the_turn_and_shed_only_at_its_end():
    """SH-LIMIT-1: the limit holds "at the end of his turn": a fourth card drawn during
    the turn is held until the turn ends."""
    game, lines = at_the_drop(["Cyanide Capsule", "Blank Telegram"])
    spy = game.party.spies[0]
    spy.top_secrets = ["Diplomatic Pouch", "Lobo's Ledger", "Forged Passport"]
    moves.land(game, 0, "Perth")
    assert len(spy.top_secrets) == 4
    answers = Answers({"Discard down to 3 Top Secret": "Forged Passport"})
    game.table.decide = answers
    from smersh_dsl.play.epic import australia
    australia.end_of_turn(game, spy)
    assert spy.top_secrets == ["Diplomatic Pouch", "Lobo's Ledger", "Cyanide Capsule"]


def test_an_entry_draws_real_cards_and_the_deck_reshuffles_its_discard():
    """SH-TOPSECRET-1: Top Secret cards are cards, drawn from their deck (an entry's
    `draw 1 top_secret`); an empty deck is made again from its discard, as "the deck
    reshuffles its discard" (the Epic Edition's gadget deck)."""
    game, lines = new_game(with_cards(swagmans_doc()), players=2)
    spy = game.party.spies[0]
    game.state.cards.top_secrets, game.state.cards.top_secret_discard = [], ["Lobo's Ledger"]
    game.table.actor = spy
    game.table.run([{"kind": "draw_top_secret", "amount": 1, "target": None}])
    assert spy.top_secrets == ["Lobo's Ledger"] and game.state.cards.top_secret_discard == []
    assert any("its discard is shuffled into a new deck" in line for line in lines)
    game.table.run([{"kind": "draw_top_secret", "amount": 1, "target": None}])
    assert f"  [{spy.name} draws no Top Secret card: none is left]" in lines


def test_the_deck_holds_every_card_times_its_copies_shuffled():
    """SH-TOPSECRET-1: the Top Secret deck is the document's `top_secrets`, each card as
    many times as its copies, shuffled with the game's dice."""
    doc = with_cards(swagmans_doc())
    doc["top_secrets"][0]["copies"] = 2
    decks = {tuple(new_game(doc, players=2, seed=s)[0].state.cards.top_secrets) for s in range(5)}
    names = sorted([c["name"] for c in doc["top_secrets"]] + [doc["top_secrets"][0]["name"]])
    assert len(decks) > 1 and all(sorted(d) == names for d in decks)


def test_the_epic_variant_deals_each_player_a_top_secret_card():
    """SH-EPIC-1 and SH-TOPSECRET-1: "Each player begins the game with one of their basic
    skills increased by 1 and with an additional Top Secret Card." """
    game, lines = new_game(with_cards(swagmans_doc()), players=3, seed=1, variants=("epic",))
    held = [spy.top_secrets for spy in game.party.spies]
    assert all(len(h) == 1 for h in held)
    every = {c["name"] for c in game.doc["top_secrets"]}
    assert {h[0] for h in held} <= every and len(game.state.cards.top_secrets) == len(every) - 3
    assert any(line.startswith(f"  [Top Secret: {game.party.spies[0].name} draws ") for line in lines)


def test_a_dead_spys_top_secret_cards_go_to_the_discard():
    """EP-HEALTH-1 and SH-TOPSECRET-1: a spy who dies "discards all" the cards it has
    collected: its Top Secret cards go to the discard, and the new spy holds none."""
    from smersh_dsl.play.epic.deaths import replace_the_dead
    game, lines = new_game(with_cards(swagmans_doc()), players=2)
    spy = game.party.spies[0]
    spy.top_secrets = ["Lobo's Ledger", "Forged Passport"]
    game.table.injure(spy, spy.health)
    replace_the_dead(game)
    assert game.party.spies[0] is not spy and game.party.spies[0].top_secrets == []
    assert game.state.cards.top_secret_discard == ["Lobo's Ledger", "Forged Passport"]

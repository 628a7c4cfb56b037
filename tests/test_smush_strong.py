"""Agents of S.M.U.S.H.: the strong bots (a search over the rest of the game), the sweep of
one card number, and what decided each game (docs/smush.md)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from conftest import REPO, smersh
from smersh_dsl.play.core.estimate import Estimate
from smersh_dsl.play.smush.choices import Choice, Option
from smersh_dsl.play.smush.rules import HARMONY, SMUSH
from smersh_dsl.play.smush.sim import simulate
from smersh_dsl.play.smush.strong import StrongBot, determinise
from smersh_dsl.play.smush.sweep import SweepError, parse_sweep, run_sweep, vary
from test_smush_play import position, smush_rules
from test_smush_sim import tiny

# A fixed seed and modest counts: the strong bot plays a few thousand simulated games a
# move, so these matches are short; docs/smush.md has the full figures.
SEED, STRONG_GAMES, GREEDY_GAMES = 16, 40, 400


def interval(wins: int, games: int) -> tuple[float, float]:
    return Estimate(wins, games).interval()


def test_strong_harmony_wins_more_often_against_greedy_smush_than_greedy_harmony():
    """Against the same greedy SMUSH, the search (strong) Harmony wins more often than the
    greedy one, and the 95% intervals do not overlap."""
    rules = smush_rules()
    strong = simulate(rules, STRONG_GAMES, SEED, "strong", "greedy")
    greedy = simulate(rules, GREEDY_GAMES, SEED, "greedy", "greedy")
    low, _ = interval(strong.wins[HARMONY], STRONG_GAMES)
    _, high = interval(greedy.wins[HARMONY], GREEDY_GAMES)
    assert low > high, (strong.wins, greedy.wins)


def test_strong_smush_wins_more_often_against_greedy_harmony_than_greedy_smush():
    """Against the same greedy Harmony, the search (strong) SMUSH wins more of the same
    seeded games than the greedy SMUSH does. Its simulated games are SharpBot's, where
    SMUSH makes the line dear and Harmony goes in on the greedy bot's rule; with the quick
    policy's games it had done no better than greedy (docs/smush.md, "Strong bots", which
    has the 300-game figures and their intervals)."""
    rules = smush_rules()
    strong = simulate(rules, STRONG_GAMES, SEED, "greedy", "strong")
    greedy = simulate(rules, STRONG_GAMES, SEED, "greedy", "greedy")
    assert strong.wins[SMUSH] > greedy.wins[SMUSH], (strong.wins, greedy.wins)


def test_sharp_rollouts_lay_the_dearest_face_and_go_in_on_the_greedy_rule():
    """SM-ROUND-1 step 2: "Orientate the face you wish to use facing your opponent." In the
    strong SMUSH's simulated games she lays the face that costs Harmony's active halves
    most; and Harmony, with 5 CP against a revealed Vault Door (Tech 3: 6 CP without a
    gadget; flip powers cannot target it), stays out, where with 6 CP she goes in."""
    from smersh_dsl.play.smush.rollout import SharpBot

    game = position([], ["Hip Dagger"])
    t = game.table
    t.hand = [c for c in game.rules.defences if c.number == 6]      # Vault Door / Trapdoor
    faces = [(0, 0), (0, 1)]
    choice = Choice("lay", SMUSH, "lay", tuple(Option("", ("lay", i, f)) for i, f in faces))
    laid = SharpBot(random.Random(1)).decide(game, choice)
    assert t.hand[0].faces[faces[laid][1]].name == "Vault Door"

    game = position([("Vault Door", 0, True)], ["Hip Dagger"])
    go = Choice("incursion", HARMONY, "go?", (Option("go", ("go",)), Option("stay", ("stay",))))
    game.table.cp = 5
    assert SharpBot(random.Random(1)).decide(game, go) == 1
    game.table.cp = 6
    assert SharpBot(random.Random(1)).decide(game, go) == 0


def test_the_search_counts_a_sure_win_and_a_sure_loss():
    """SM-END-1: "c) the end of the sixth round, if no winner has been decided. In this case
    the forces of SMUSH are successful." In round 6, with two crystals and a Guard (strength
    1) against her Hip Dagger (strength 1), going in wins every simulated game and staying
    loses every one."""
    game = position([("Guard", 0, True)], ["Hip Dagger"])
    game.table.round, game.table.crystals = 6, 2
    choice = Choice("incursion", HARMONY, "go?", (Option("Make an incursion", ("go",)),
                                                 Option("No incursion", ("stay",))))
    bot = StrongBot(random.Random(1), budget=8)            # 8 games: 4 samples x 2 moves
    # a win is worth 1 + 0.25 x 3/3 crystals; a loss with two crystals 0.25 x 2/3
    assert bot.search(game, choice, [0, 1]) == pytest.approx({0: 4 * 1.25, 1: 4 * 0.25 * 2 / 3})
    assert bot.decide(game, choice) == 0
    assert game.table.crystals == 2 and game.table.winner is None     # the real game is untouched


def test_harmony_deals_only_what_she_cannot_see():
    """SM-INC-1: "If the Defence card is face down, the SMUSH player flips it face up now":
    until then Harmony does not know it. Her samples keep every face-up defence and every
    henchman where they lie, and deal the face-down ones, SMUSH's hand and deck from the
    cards she has not seen; SMUSH's samples only shuffle her own deck."""
    game = position([("Guard", 1, True), ("Vault Door", 2, False)], ["Catsuit"])
    t = game.table
    rules = game.rules
    t.hand = [c for c in rules.defences if c.number in (1, 3)]
    t.deck = [c for c in rules.defences if c.number in (4, 5)]
    dealt_cards = Counter()
    for seed in range(20):
        copy = determinise(t, HARMONY, random.Random(seed))
        assert copy.line[0].card is t.line[0].card and copy.line[0].face_up
        assert [d.henchmen for d in copy.line] == [1, 2] and not copy.line[1].face_up
        cards = sorted(c.number for c in [copy.line[1].card] + copy.hand + copy.deck)
        assert cards == [1, 3, 4, 5, 6] and len(copy.hand) == 2
        dealt_cards[copy.line[1].card.number] += 1
        mine = determinise(t, SMUSH, random.Random(seed))
        assert [d.card for d in mine.line] == [d.card for d in t.line] and mine.hand == t.hand
        assert sorted(c.number for c in mine.deck) == [4, 5]
    assert len(dealt_cards) > 2                      # the face-down card is really dealt
    assert [c.number for c in t.deck] == [4, 5]      # and the table itself is untouched


# ------------------------------------------------------------------------------ sweeps

def test_a_sweep_moves_harmony_from_sure_win_to_sure_loss(tmp_path):
    """One defence, one round (tests/test_smush_sim.py): with the Pit at strength 1, a Wall of
    strength 1 lets greedy Harmony through every time (2 CP pay for 1 point even without a
    gadget, SM-INC-2), a Wall of 9 stops her every time: greedy SMUSH lays it."""
    rules = tiny(tmp_path, 1, 1)
    sweep = parse_sweep("Wall.strength=1..9", rules)
    results = dict(run_sweep(rules, sweep, 30, 3, "greedy", "greedy"))
    assert sorted(results) == list(range(1, 10))
    assert results[1].wins[HARMONY] == 30 and results[9].wins[HARMONY] == 0
    assert vary(rules, sweep, 5).defences[0].faces[0].strength == 5
    assert vary(rules, sweep, 5).defences[0].faces[1] == rules.defences[0].faces[1]


def test_a_sweep_names_a_card_number_or_says_why_not():
    rules = smush_rules()
    assert parse_sweep("Vault Door.strength=2..4", rules).values == (2, 3, 4)
    assert parse_sweep("Catsuit.boost_cost=1..2", rules).field == "boost_cost"
    for bad, said in [("Vault Door=2..4", "NAME.FIELD=A..B"),
                      ("Vault Dor.strength=2..4", "no gadget half or defence face"),
                      ("Vault Door.colour=2..4", "FIELD is one of"),
                      ("Vault Door.boost_cost=1..2", "has no boost"),
                      ("Piranha Pool.bonus=1..2", "has no bonus"),
                      ("Vault Door.strength=4..2", "runs upwards"),
                      ("Catsuit.boost_amount=0..2", "at least 1")]:
        try:
            parse_sweep(bad, rules)
        except SweepError as problem:
            assert said in str(problem), problem
        else:
            raise AssertionError(f"{bad} was accepted")


def test_simulate_sweep_command_reports_each_value_with_an_interval():
    done = smersh("simulate", "smush", "--games", "20", "--policy", "random", "--seed", "2",
                  "--sweep", "Vault Door.strength=2..3", "--format", "json", cwd=REPO)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["sweep"] == "Vault Door.strength" and [r["value"] for r in data["values"]] == [2, 3]
    for row in data["values"]:
        low, high = row["interval"]
        assert low <= row["harmony_rate"] <= high and sum(row["endings"].values()) == 20
    bad = smersh("simulate", "smush", "--games", "5", "--sweep", "Vault Door.strength", cwd=REPO)
    assert bad.returncode == 2 and "NAME.FIELD=A..B" in bad.stderr
    assert "Traceback" not in bad.stderr


# ----------------------------------------------------------------------- what decided

def test_the_gadget_half_that_won_the_crystal_decided_the_game(tmp_path):
    """SM-INC-5: "If there are no more Defences left to Overcome, the incursion is
    successful. Harmony takes one of the Moon Crystals." One round, one crystal to win, a
    defence of strength 1: greedy Harmony wins every game; the half that overcame the
    defence decided it, and a game won with CP alone was decided by no half."""
    rules = tiny(tmp_path, 1, 1)
    summary = simulate(rules, 60, 4, "greedy", "greedy")
    data = summary.as_json(rules)
    assert summary.wins[HARMONY] == 60
    halves = {g["name"]: g for g in data["gadget_halves"]}
    for name in halves:
        assert halves[name]["decided"] == halves[name]["overcame"]     # one defence a game
    assert sum(d["decided"] for d in data["defence_faces"]) == 0


def test_the_defence_that_gave_the_last_clue_decided_the_game(tmp_path):
    """SM-INC-4: "If Harmony cannot (or will not) equal the strength of the card being
    Overcome, she is almost caught and must withdraw. The incursion ends immediately and the
    SMUSH player gains a clue." With one clue to win and a defence of 9, the face that
    stopped her decided every game."""
    rules = tiny(tmp_path, 9, 9)
    data = simulate(rules, 40, 4, "greedy", "greedy").as_json(rules)
    assert sum(d["decided"] for d in data["defence_faces"]) == 1.0
    assert all(d["decided"] == d["met"] for d in data["defence_faces"])
    assert sum(g["decided"] for g in data["gadget_halves"]) == 0


def test_workers_give_the_same_figures_as_one_process():
    rules = smush_rules()
    one = simulate(rules, 60, 9, "random", "greedy").as_json(rules)
    two = simulate(rules, 60, 9, "random", "greedy", workers=2).as_json(rules)
    assert one == two

"""Agents of S.M.U.S.H.: the strong bots' fast simulated games (playout.py on compact.py's
tables) play the very games of the reference engine, and the adaptive search that stops
sampling moves clearly behind chooses as well as the fixed one (docs/smush.md, "A rollout
engine made for speed")."""

from __future__ import annotations

import functools
import random

import pytest

from smersh_dsl.play.core.estimate import Estimate
from smersh_dsl.play.smush import strong
from smersh_dsl.play.smush.compact import tables
from smersh_dsl.play.smush.playout import Playout
from smersh_dsl.play.smush.rules import HARMONY, SMUSH
from smersh_dsl.play.smush.sim import simulate
from smersh_dsl.play.smush.strong import StrongBot, determinise
from test_smush_play import smush_rules


def outcome_of_table(table, T) -> tuple:
    return (table.winner, table.crystals, table.clues, table.round, table.cp, table.tokens,
            table.supply, [d.henchmen for d in table.line],
            [2 * T.card_of_number[d.card.number] + d.face for d in table.line])


def outcome_of_playout(p: Playout) -> tuple:
    return (p.winner, p.crystals, p.clues, p.round, p.cp, p.tokens, p.supply, p.men, p.face)


def test_fast_simulated_games_are_the_reference_engines_move_for_move(monkeypatch):
    """At every choice the strong bots search in a few whole strong-against-strong games,
    each candidate's simulated game from the same deal and dice ends the same way on both
    engines: the same winner, crystals, clues, round, CP, tokens, and the same line."""
    rules = smush_rules()
    T = tables(rules)
    seen: dict[tuple[str, str], int] = {}
    differ: list[tuple] = []
    search = StrongBot.search_adaptive

    def comparing(self, game, choice, candidates):
        for _ in range(2):
            dealt = determinise(game.table, choice.side, self.rng)
            dice = self.rng.getrandbits(64)
            for candidate in candidates:
                reference = dealt.copy()
                want = self.play_out_reference(reference, choice, candidate, dice)
                fast = Playout.of_table(dealt, T)
                got = self.play_out_fast(fast, choice, candidate, dice)
                seen[choice.side, choice.kind] = seen.get((choice.side, choice.kind), 0) + 1
                if (got, outcome_of_playout(fast)) != (want, outcome_of_table(reference, T)):
                    differ.append((choice.kind, outcome_of_playout(fast),
                                   outcome_of_table(reference, T)))
        return search(self, game, choice, candidates)

    monkeypatch.setattr(StrongBot, "search_adaptive", comparing)
    monkeypatch.setattr(strong, "StrongBot", functools.partial(StrongBot, search="full"))
    simulate(rules, 4, 5, "strong", "strong")
    assert not differ, differ[:3]
    kinds = {kind for _, kind in seen}
    assert kinds == {"lay", "henchman", "gadget", "orient", "incursion", "rearrange"}, seen
    assert sum(seen.values()) > 500


def outcome_in_full(p: Playout) -> tuple:
    return (p.winner, p.crystals, p.clues, p.round, p.cp, p.tokens, p.used, p.supply,
            p.gained, p.face, p.up, p.men, p.deck, p.hand, p.gadget_hand, p.cards, p.half,
            p.ready)


def test_compiled_simulated_games_are_the_compact_engines_move_for_move(monkeypatch):
    """At every choice the strong bots search in a few whole strong-against-strong games,
    every candidate's simulated game from the same deal and dice ends the same way on the
    compiled engine (jit/, one call per sample) as on playout.py's: the same score, and
    every number and list of the table as it ended."""
    pytest.importorskip("numba")
    from smersh_dsl.play.smush.jit import sampling

    rules = smush_rules()
    seen: dict[tuple[str, str], int] = {}
    differ: list[tuple] = []
    search = StrongBot.search_halving

    def comparing(self, game, choice, candidates):
        for _ in range(2):
            dealt, dice = self.deal(game, choice)
            ends: list[Playout] = []
            got = sampling.play_sample(dealt, choice.kind, strong.RESUME[choice.kind],
                                       candidates, dice, choice.side == SMUSH, choice.side,
                                       strong.SHAPING, ends)
            for candidate, value, end in zip(candidates, got, ends):
                want = dealt.copy()
                score = self.play_out_fast(want, choice, candidate, dice)
                seen[choice.side, choice.kind] = seen.get((choice.side, choice.kind), 0) + 1
                if (value, outcome_in_full(end)) != (score, outcome_in_full(want)):
                    differ.append((choice.kind, outcome_in_full(end), outcome_in_full(want)))
        return search(self, game, choice, candidates)

    monkeypatch.setattr(StrongBot, "search_halving", comparing)
    simulate(rules, 3, 5, "strong", "strong")
    assert not differ, differ[:3]
    assert {kind for _, kind in seen} == {"lay", "henchman", "gadget", "orient", "incursion",
                                          "rearrange"}, seen
    assert sum(seen.values()) > 300


def test_the_adaptive_search_wins_as_often_as_the_fixed_search_on_the_same_seeds(monkeypatch):
    """Strong against greedy, each side in turn, on the same seeded games: the strong side
    wins as often with the adaptive search (`search="full"`, the default before the
    halving search) as with the fixed 32 simulated games a choice, within the 95% interval
    of the fixed search's rate; and it plays fewer simulated games. Both search on the
    compact engine, whose simulated games are the reference engine's move for move (the
    first test here)."""
    rules = smush_rules()
    games, seed = 48, 16
    counted = {"adaptive": 0, "fixed": 0}
    play_sample = StrongBot.play_sample

    def counting(self, *args):
        counted["adaptive" if self.adaptive else "fixed"] += len(args[2])
        return play_sample(self, *args)

    monkeypatch.setattr(StrongBot, "play_sample", counting)
    for harmony, smush, side in (("strong", "greedy", HARMONY), ("greedy", "strong", SMUSH)):
        with monkeypatch.context() as m:
            m.setattr(strong, "StrongBot", functools.partial(StrongBot, search="full"))
            new = simulate(rules, games, seed, harmony, smush).wins[side]
        with monkeypatch.context() as m:
            m.setattr(strong, "StrongBot", functools.partial(
                StrongBot, adaptive=False, search="full"))
            old = simulate(rules, games, seed, harmony, smush).wins[side]
        low, high = Estimate(old, games).interval()
        assert low <= new / games <= high, (side, new, old)
    assert counted["adaptive"] < 0.85 * counted["fixed"], counted


def test_the_halving_search_wins_as_often_as_the_full_search_on_the_same_seeds(monkeypatch):
    """Issue #31: strong against greedy, each side in turn, on the same seeded games, the
    strong side wins as often with the successive-halving search (the default) as with
    the full search (`search="full"`), within the 95% interval of the full search's rate;
    and the halving search plays fewer simulated games (docs/smush.md, "Successive
    halving", has the 300-game figures, strong against strong too)."""
    rules = smush_rules()
    games, seed = 100, 3
    counted = {"halving": 0, "full": 0}
    play_sample = StrongBot.play_sample

    def counting(self, *args):
        counted[self.kind] += len(args[2])
        return play_sample(self, *args)

    monkeypatch.setattr(StrongBot, "play_sample", counting)
    for harmony, smush, side in (("strong", "greedy", HARMONY), ("greedy", "strong", SMUSH)):
        new = simulate(rules, games, seed, harmony, smush).wins[side]
        with monkeypatch.context() as m:
            m.setattr(strong, "StrongBot", functools.partial(StrongBot, search="full"))
            old = simulate(rules, games, seed, harmony, smush).wins[side]
        low, high = Estimate(old, games).interval()
        assert low <= new / games <= high, (side, new, old)
    assert counted["halving"] < 0.85 * counted["full"], counted


def test_the_halving_search_keeps_harmonys_greedy_move_unless_another_is_clearly_better(
        monkeypatch):
    """SM-END-1: in round 6 with two crystals and a Guard (strength 1) against her Hip
    Dagger, going in wins every simulated game and staying loses every one. Listed with
    staying as the greedy move (first), the halving search still goes in, after the first
    round's samples only; with a margin (HALVING_MARGIN) no difference can pass, the greedy
    move stands."""
    from test_smush_play import position
    from smersh_dsl.play.smush.choices import Choice, Option

    game = position([("Guard", 0, True)], ["Hip Dagger"])
    game.table.round, game.table.crystals = 6, 2
    choice = Choice("incursion", HARMONY, "go?", (Option("Make an incursion", ("go",)),
                                                 Option("No incursion", ("stay",))))
    played = []
    play_sample = StrongBot.play_sample
    monkeypatch.setattr(StrongBot, "play_sample",
                        lambda self, *args: played.extend(args[2]) or play_sample(self, *args))
    assert StrongBot(random.Random(1)).search_halving(game, choice, [1, 0]) == 0
    first = strong.HALVING[HARMONY][0]
    assert sorted(played) == [0] * first + [1] * first
    monkeypatch.setitem(strong.HALVING_MARGIN, HARMONY, 10.0)
    assert StrongBot(random.Random(1)).search_halving(game, choice, [1, 0]) == 1


def test_a_sure_choice_stops_after_the_first_samples():
    """SM-END-1: in round 6 with two crystals and a Guard (strength 1) against her Hip
    Dagger, going in wins every simulated game and staying loses every one: the adaptive
    search sees it after MIN_SAMPLES samples and plays no more."""
    from test_smush_play import position
    from smersh_dsl.play.smush.choices import Choice, Option

    game = position([("Guard", 0, True)], ["Hip Dagger"])
    game.table.round, game.table.crystals = 6, 2
    choice = Choice("incursion", HARMONY, "go?", (Option("Make an incursion", ("go",)),
                                                 Option("No incursion", ("stay",))))
    bot = StrongBot(random.Random(1))
    wins, played = bot.search_adaptive(game, choice, [1, 0])       # greedy first: stay
    assert played == {0: strong.MIN_SAMPLES, 1: strong.MIN_SAMPLES}
    assert bot.decide(game, choice) == 0


def test_the_greedy_scores_on_the_compact_table_are_the_greedy_bots(monkeypatch):
    """At every choice the strong bots search in a few whole strong-against-strong games,
    the scores they order and keep moves by (greedy_scores.py, on the compact table) are
    GreedyBot's own, option for option."""
    from smersh_dsl.play.smush import greedy_scores
    from smersh_dsl.play.smush.bots import GreedyBot

    rules = smush_rules()
    T = tables(rules)
    seen: dict[str, int] = {}
    differ: list[tuple] = []
    decide = StrongBot.decide

    def comparing(self, game, choice):
        if choice.kind in strong.SEARCHED[choice.side]:
            want = getattr(GreedyBot, "_" + choice.kind)(self, game, game.table, choice)
            got = greedy_scores.scores(Playout.of_table(game.table, T), choice)
            seen[choice.kind] = seen.get(choice.kind, 0) + 1
            if got != want:
                differ.append((choice.kind, got, want))
        return decide(self, game, choice)

    monkeypatch.setattr(StrongBot, "decide", comparing)
    simulate(rules, 6, 3, "strong", "strong")
    assert not differ, differ[:3]
    assert set(seen) == {"lay", "henchman", "gadget", "orient", "incursion", "rearrange"}, seen
    assert sum(seen.values()) > 100


def test_the_fast_search_plays_the_very_games_of_the_reference_search(monkeypatch):
    """The compact engine, its greedy scores and its memos change how fast the strong bots
    choose, not what: strong against strong, the same seeds give the same games (winners,
    endings, rounds, every card's use) as the search on the reference engine and
    GreedyBot's own scores, so the win rate is today's exactly (issue #31)."""
    rules = smush_rules()
    fast = simulate(rules, 6, 21, "strong", "strong")
    monkeypatch.setattr(strong, "StrongBot", functools.partial(StrongBot, fast=False))
    reference = simulate(rules, 6, 21, "strong", "strong")
    assert (fast.wins, fast.endings, fast.rounds, fast.uses) == \
        (reference.wins, reference.endings, reference.rounds, reference.uses)
    assert fast.endings["crystals"] and fast.wins[SMUSH]

"""The crossings into the compiled engine: one call per sample plays every live candidate
of a searched choice (engine.play_sample), from strong.StrongBot's dealt compact table;
and the two sums of greedy_scores.py that price whole lines many times."""

from __future__ import annotations

import numpy as np

from smersh_dsl.play.smush.compact import Tables
from smersh_dsl.play.smush.jit import arrays, engine, mt
from smersh_dsl.play.smush.playout import Playout

# id(Tables) -> (the tables, their arrays), as compact.tables keeps Tables per Rules.
_RULES: dict[int, tuple[Tables, tuple]] = {}
NO_ENDS = np.zeros((0, arrays.SIZE), dtype=np.int64)


def rules(T: Tables) -> tuple:
    found = _RULES.get(id(T))
    if found is None or found[0] is not T:
        if len(_RULES) >= 4:
            _RULES.pop(next(iter(_RULES)))
        found = _RULES[id(T)] = (T, arrays.rules_of(T))
    return found[1]


def play_sample(dealt: Playout, kind: str, phase: str, candidates: list[int], dice: int,
                sharp: bool, side: str, shaping: float,
                ends: list[Playout] | None = None) -> list[float]:
    """What each candidate's simulated game from `dealt` with the dice `dice` was worth to
    `side`: StrongBot.play_out_fast's scores, in the order of `candidates`. Forced
    choices of `kind` are answered with the candidate (a "rearrange" is made first);
    `ends`, if given, receives each game as it ended (the tests compare them)."""
    rows = np.zeros((len(candidates), arrays.SIZE), dtype=np.int64) if ends is not None \
        else NO_ENDS
    out = np.zeros(len(candidates), dtype=np.float64)
    rearranging = kind == "rearrange"
    engine.play_sample(rules(dealt.T), arrays.packed(dealt), dice & mt.WORD, dice >> 32,
                       np.array(candidates, dtype=np.int64), arrays.PHASE[phase], sharp,
                       0 if rearranging else arrays.FORCED_KINDS[kind], rearranging,
                       arrays.WINNERS[side], shaping, out, rows)
    if ends is not None:
        ends.extend(arrays.unboard(row, dealt.copy()) for row in rows)
    return out.tolist()


def harmony_best(p: Playout, cards: tuple[int, ...]) -> int:
    """greedy_scores.harmony_best's cost, worked out compiled."""
    return int(engine.harmony_best(rules(p.T), arrays.packed(p), np.array(cards, dtype=np.int64)))


def dealt_costs(p: Playout, mask: int, samples: int) -> list[int]:
    """Playout.dealt_costs, worked out compiled."""
    return engine.packed_dealt_costs(rules(p.T), arrays.packed(p), mask, samples).tolist()


def load(T: Tables) -> None:
    """Every crossing run once on an empty table of `T`'s rules, so that numba has loaded
    (or compiled) all of the engine in this process: worker processes forked after it
    share the machine code instead of each loading, or compiling, their own."""
    p = Playout(T)
    p.cp = p.tokens = p.used = p.crystals = p.clues = p.round = p.supply = p.gained = 0
    p.face, p.up, p.men, p.hand, p.gadget_hand = [], [], [], [], []
    p.cards, p.half, p.ready = [], [], []
    p.deck = list(range(len(T.rules.defences)))
    for sharp in (False, True):
        play_sample(p, "rearrange", "income", [0], 1, sharp, "harmony", 0.25)
    harmony_best(p, ())
    dealt_costs(p, 0, 1)

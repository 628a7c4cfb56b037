"""compact.Tables and playout.Playout as numpy arrays for the compiled engine (engine.py).

The rules are five arrays built once per Tables (`rules_of`): per defence face and per
gadget half a row of small integers (the columns below), the bonuses as a table of what
each face or half gains from each neighbour (so a price needs no condition matched), the
flip powers outlook.flip_saving counts (compact.Tables.savers), the settings, and the
generators of compact.Tables.deals already seeded, one per round and line length.

A game is one int64 array: the scalars at the offsets below, then the nine lists of
playout.py, each CAP long, with their lengths among the scalars (`packed` is the form
a Playout crosses in)."""

from __future__ import annotations

import numpy as np

from smersh_dsl.play.smush import rollout
from smersh_dsl.play.smush.compact import Tables
from smersh_dsl.play.smush.jit import mt
from smersh_dsl.play.smush.playout import PHASES, Playout
from smersh_dsl.play.smush.rules import HARMONY, INWARD, SMUSH

CAP = 31                  # defences and gadgets at most: a mask of halves fits in int64

# -- a game's scalars, then its lists -------------------------------------------------
CP, TOKENS, USED, CRYSTALS, CLUES, ROUND, SUPPLY, GAINED, WINNER, FORCED, ANSWER = range(11)
N_LINE, N_DECK, N_HAND, N_GADGET_HAND, N_CARDS = range(11, 16)
FACE, UP, MEN, DECK, HAND, GADGET_HAND, CARDS, HALF, READY = range(16, 16 + 9 * CAP, CAP)
SIZE = 16 + 9 * CAP
WINNERS = {None: 0, HARMONY: 1, SMUSH: 2}
FORCED_KINDS = {None: 0, "lay": 1, "henchman": 2, "gadget": 3, "orient": 4, "incursion": 5}
PHASE = {phase: i for i, phase in enumerate(PHASES)}

# -- a defence face's row -------------------------------------------------------------
TYPE, STRENGTH, SURCHARGE, NO_TOKENS, FLIP_IMMUNE, BYPASS, BYPASS_A, BYPASS_B = range(8)
BYPASS_KINDS = {None: 0, "deny_flips": 1, "move_henchman": 2, "lose_cp": 3, "swap_next": 4}
# -- a gadget half's row (TYPE and STRENGTH as a face's) ------------------------------
BOOSTABLE, BOOST_COST, BOOST_AMOUNT, FLIP, FLIP_AMOUNT = range(2, 7)
# Flip kinds: the quick policy's FLIP_ORDER first (1 to 4), then the ones it never plays.
FLIP_KINDS = {None: 0, **{k: i + 1 for i, k in enumerate(rollout.FLIP_ORDER)}}
OTHER_FLIP = len(FLIP_KINDS)
# -- settings, in rules.Settings' order, then the number of types ---------------------
(ROUNDS, NEED_CRYSTALS, NEED_CLUES, CP_CAP, CP_START, HENCHMAN_BONUS, HENCHMEN,
 OVERCOME_COST, FLIPS, ACTIVE_GADGETS, RESOURCE_TOKENS, TYPES) = range(12)


def fits(T: Tables) -> bool:
    """Whether the compiled engine's capacities hold these rules."""
    return len(T.rules.defences) <= CAP and len(T.rules.gadgets) <= CAP


def _power(power: dict | None, key: str, default: int = 0) -> int:
    return int(power.get(key, default)) if power else default


def rules_of(T: Tables) -> tuple:
    """The rules of `T` as the compiled engine reads them (kept on T by engine.py)."""
    s, F, H = T.settings, len(T.faces), len(T.halves)
    faces = np.zeros((F, 8), dtype=np.int64)
    for f, face in enumerate(T.faces):
        power = face.on_bypass
        kind = power["kind"] if power else None
        a = {"deny_flips": _power(power, "gift"), "lose_cp": _power(power, "amount"),
             "swap_next": _power(power, "ransom"),
             "move_henchman": -1 if power and power.get("direction") == INWARD else 1}
        faces[f] = (T.type_of[f], T.strength[f],
                    face.passive["amount"] if T.passive[f] == "boost_cost" else 0,
                    T.no_tokens[f], T.flip_immune[f], BYPASS_KINDS[kind], a.get(kind, 0),
                    bool(power and power.get("unless_gadget")))
    halves = np.zeros((H, 7), dtype=np.int64)
    for h, half in enumerate(T.halves):
        boostable = (half.boost_cost is not None and bool(half.boost_amount)
                     and half.boost_amount > 0)
        halves[h] = (T.half_type[h], T.half_strength[h], boostable,
                     half.boost_cost if boostable else 0, half.boost_amount if boostable else 1,
                     FLIP_KINDS.get(T.flip_kind[h], OTHER_FLIP), _power(half.flip, "amount"))
    # bonus[x, 0 inward / 1 outward, neighbour]: x a face, or F + a half; neighbour NONE
    # (face down or none) gives nothing (SM-CARD-1).
    bonus = np.zeros((F + H, 2, F + 1), dtype=np.int64)
    for x, face in enumerate(T.faces + T.halves):
        for b in face.bonuses:
            side = 0 if b.direction == INWARD else 1
            for other, near in enumerate(T.faces):
                if near.matches(b.condition):
                    bonus[x, side, other] += b.amount
    savers = np.array([(h, FLIP_KINDS[kind], cap)
                       for h, kind, cap, _ in T.savers], dtype=np.int64).reshape(-1, 3)
    settings = np.array([s.rounds, s.crystals, s.clues, s.cp_cap, s.cp_start,
                         s.henchman_bonus, s.henchmen, s.overcome_cost,
                         s.flip_powers_per_incursion, s.active_gadgets, s.resource_tokens,
                         T.types], dtype=np.int64)
    return faces, halves, bonus, savers, settings, dealers(s.rounds, len(T.rules.defences))


def dealers(rounds: int, defences: int) -> np.ndarray:
    """compact.Tables.deals's `random.Random(round * 131 + length * 17 + length - 1)` per
    round and line length, seeded (and its first words drawn) once: row
    round * (defences + 1) + length."""
    rows = np.zeros(((rounds + 1) * (defences + 1), mt.N + 1), dtype=np.int64)
    for r in range(rounds + 1):
        for length in range(defences + 1):
            row = rows[r * (defences + 1) + length]
            mt.seed(row, mt.words(r * 131 + length * 17 + length - 1))
            mt.twist(row)
    return rows


def packed(p: Playout) -> np.ndarray:
    """`p` as the compiled engine reads it in (engine.unpack makes it a game): the
    scalars of a game, then the nine lists end to end (the lengths among the scalars),
    so that a crossing converts a few dozen numbers, not a whole game."""
    row = [p.cp, p.tokens, p.used, p.crystals, p.clues, p.round, p.supply, p.gained,
           WINNERS[p.winner], 0, 0,
           len(p.face), len(p.deck), len(p.hand), len(p.gadget_hand), len(p.cards)]
    row += p.face
    row += p.up
    row += p.men
    row += p.deck
    row += p.hand
    row += p.gadget_hand
    row += p.cards
    row += p.half
    row += p.ready
    return np.array(row, dtype=np.int64)


def unboard(g: np.ndarray, p: Playout) -> Playout:
    """The compiled engine's game `g` written back onto `p` (for the tests' comparison)."""
    p.cp, p.tokens, p.used, p.crystals, p.clues, p.round, p.supply, p.gained = (
        int(v) for v in g[:WINNER])
    p.winner = {v: k for k, v in WINNERS.items()}[int(g[WINNER])]
    n_line, n_deck, n_hand, n_gadget_hand, n_cards = (int(v) for v in g[N_LINE:FACE])
    row = lambda at, n: [int(v) for v in g[at:at + n]]  # noqa: E731
    p.face, p.men, p.deck = row(FACE, n_line), row(MEN, n_line), row(DECK, n_deck)
    p.up = [bool(v) for v in g[UP:UP + n_line]]
    p.hand, p.gadget_hand = row(HAND, n_hand), row(GADGET_HAND, n_gadget_hand)
    p.cards, p.half = row(CARDS, n_cards), row(HALF, n_cards)
    p.ready = [bool(v) for v in g[READY:READY + n_cards]]
    return p

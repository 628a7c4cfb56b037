"""playout.py's simulated game compiled by numba: the same steps in the same order with
the same draws on the same generator (mt.py's twin of `random.Random`), on arrays.py's
game and rules. Each function here is the playout.py method of the same name; where
playout.py keeps a conclusion in compact.Tables (prices, the quick policies' picks, the
deals), this computes it again, which costs less than a lookup would. `play_sample`
plays every candidate of one sample in one call (docs/smush.md, "A rollout engine made
for speed")."""

from __future__ import annotations

import numpy as np
from numba import njit

from smersh_dsl.play.smush.jit import mt
from smersh_dsl.play.smush.jit.arrays import (
    ACTIVE_GADGETS, ANSWER, BOOST_AMOUNT, BOOST_COST, BOOSTABLE, BYPASS, BYPASS_A, BYPASS_B,
    CARDS, CLUES, CP, CP_CAP, CRYSTALS, DECK, FACE, FLIP, FLIP_AMOUNT, FLIP_IMMUNE, FLIPS,
    FORCED, GADGET_HAND, GAINED, HALF, HAND, HENCHMAN_BONUS, HENCHMEN, MEN, N_CARDS, N_DECK,
    SIZE,
    N_GADGET_HAND, N_HAND, N_LINE, NEED_CLUES, NEED_CRYSTALS, NO_TOKENS, OVERCOME_COST, READY,
    RESOURCE_TOKENS, ROUND, ROUNDS, STRENGTH, SUPPLY, SURCHARGE, TOKENS, TYPE, TYPES, UP,
    USED, WINNER)
from smersh_dsl.play.smush.rollout import DEAR, HIDDEN_GUESS, SHARP_DEALS

HARMONY_WON, SMUSH_WON = 1, 2
LAY, HENCHMAN, GADGET, ORIENT, INCURSION = 1, 2, 3, 4, 5      # arrays.FORCED_KINDS
BYPASS_FLIP, WEAKEN, RETURN_HENCHMAN, GAIN_CP = 1, 2, 3, 4     # arrays.FLIP_KINDS
DENY_FLIPS, MOVE_HENCHMAN, LOSE_CP = 1, 2, 3                   # arrays.BYPASS_KINDS


# -- prices (compact.Tables._price) -----------------------------------------------------
@njit(cache=True)
def price(R, face, men, weakened, inner, outer, mask):
    faces, halves, bonus, _, st, _ = R
    F = faces.shape[0]
    strength = (faces[face, STRENGTH] + st[HENCHMAN_BONUS] * men + bonus[face, 0, inner]
                + bonus[face, 1, outer] - weakened)
    if strength < 0:
        strength = 0
    best = 2 * st[OVERCOME_COST] * strength + 1
    for h in range(halves.shape[0]):
        if not mask >> h & 1 or halves[h, TYPE] != faces[face, TYPE]:
            continue
        short = strength - halves[h, STRENGTH] - bonus[F + h, 0, inner] - bonus[F + h, 1, outer]
        if short <= 0:
            best = 0
        elif halves[h, BOOSTABLE]:
            amount = halves[h, BOOST_AMOUNT]
            cost = halves[h, BOOST_COST] + faces[face, SURCHARGE]
            code = 2 * ((short + amount - 1) // amount) * (cost if cost > 0 else 0)
            if code < best:
                best = code
    return best


# -- small helpers ------------------------------------------------------------------------
@njit(cache=True)
def pick_top(values, n, rng):
    """`rng.choice` of the indices where values[:n] is greatest."""
    top = values[0]
    for i in range(1, n):
        if values[i] > top:
            top = values[i]
    count = 0
    for i in range(n):
        count += values[i] == top
    r = mt.randbelow(rng, count)
    for i in range(n):
        if values[i] == top:
            if r == 0:
                return i
            r -= 1
    return -1


@njit(cache=True)
def forced(g, kind):
    if g[FORCED] == kind:
        g[FORCED] = 0
        return True
    return False


@njit(cache=True)
def mask_of(g, all_gadgets):
    m = 0
    for k in range(g[N_CARDS]):
        if g[READY + k] or all_gadgets:
            m |= 1 << (2 * g[CARDS + k] + g[HALF + k])
    return m


@njit(cache=True)
def shown(g, i, none):
    return g[FACE + i] if 0 <= i < g[N_LINE] and g[UP + i] else none


@njit(cache=True)
def gain(R, g, amount):
    v = g[CP] + amount
    cap = R[4][CP_CAP]
    g[CP] = 0 if v < 0 else (cap if v > cap else v)


@njit(cache=True)
def pay(g, amount):
    left = g[TOKENS] - g[USED]
    from_tokens = amount if amount < left else left
    g[USED] += from_tokens
    g[CP] -= amount - from_tokens


@njit(cache=True)
def pop(g, at, n_at, i):
    """list.pop(i) of the list at `at` whose length is g[n_at]."""
    value = g[at + i]
    for k in range(i, g[n_at] - 1):
        g[at + k] = g[at + k + 1]
    g[n_at] -= 1
    return value


@njit(cache=True)
def unpack(row):
    """arrays.packed's row as a game."""
    g = np.zeros(SIZE, dtype=np.int64)
    g[:FACE] = row[:FACE]
    at = FACE
    for start, length in ((FACE, row[N_LINE]), (UP, row[N_LINE]), (MEN, row[N_LINE]),
                          (DECK, row[N_DECK]), (HAND, row[N_HAND]),
                          (GADGET_HAND, row[N_GADGET_HAND]), (CARDS, row[N_CARDS]),
                          (HALF, row[N_CARDS]), (READY, row[N_CARDS])):
        g[start:start + length] = row[at:at + length]
        at += length
    return g


# -- SMUSH --------------------------------------------------------------------------------
@njit(cache=True)
def lay(R, g, rng, sharp):
    n_hand = g[N_HAND]
    if not n_hand:
        return
    faces, halves = R[0], R[1]
    if forced(g, LAY):
        pick = g[ANSWER]
    elif sharp:
        pick = dearest(R, g, rng)
    elif mt.random(rng) < 0.5:
        pick = mt.randbelow(rng, 2 * n_hand)
    else:
        covered = 0
        for k in range(g[N_CARDS]):
            covered |= 1 << halves[2 * g[CARDS + k] + g[HALF + k], TYPE]
        scores = np.empty(2 * n_hand, dtype=np.int64)
        for i in range(2 * n_hand):
            f = 2 * g[HAND + (i >> 1)] + (i & 1)
            scores[i] = faces[f, STRENGTH] + (0 if covered >> faces[f, TYPE] & 1 else 2)
        pick = pick_top(scores, 2 * n_hand, rng)
    card = pop(g, HAND, N_HAND, pick >> 1)
    n = g[N_LINE]
    g[FACE + n], g[UP + n], g[MEN + n] = 2 * card + (pick & 1), 0, 0
    g[N_LINE] = n + 1


@njit(cache=True)
def dearest(R, g, rng):
    mask = mask_of(g, True)
    none = R[0].shape[0]
    n = g[N_LINE]
    base = 0
    for i in range(n - 1):
        base += price(R, g[FACE + i], g[MEN + i], 0, shown(g, i - 1, none), g[FACE + i + 1],
                      mask) >> 1
    inner = shown(g, n - 1, none)
    costs = np.empty(2 * g[N_HAND], dtype=np.int64)
    for i in range(2 * g[N_HAND]):
        new = 2 * g[HAND + (i >> 1)] + (i & 1)
        cost = base + (price(R, new, 0, 0, inner, none, mask) >> 1)
        if n:
            cost += price(R, g[FACE + n - 1], g[MEN + n - 1], 0, shown(g, n - 2, none), new,
                          mask) >> 1
        costs[i] = cost
    return pick_top(costs, 2 * g[N_HAND], rng)


@njit(cache=True)
def lift(g):
    for i in range(g[N_LINE]):
        g[SUPPLY] += g[MEN + i]
        g[MEN + i] = 0


@njit(cache=True)
def place(R, g, rng, sharp):
    n = g[N_LINE]
    if not n or not g[SUPPLY]:
        return
    while g[SUPPLY]:
        if n == 1:
            j = 0
        elif forced(g, HENCHMAN):
            j = n - 1 - g[ANSWER]
        elif sharp:
            j = n - 1 - henchman(R, g, rng)
        else:
            j = n - 1 - mt.randbelow(rng, n)
        g[MEN + j] += 1
        g[SUPPLY] -= 1


@njit(cache=True)
def henchman(R, g, rng):
    mask = mask_of(g, True)
    none = R[0].shape[0]
    n = g[N_LINE]
    gains = np.empty(n, dtype=np.int64)
    for o in range(n):                          # options run outermost first
        j = n - 1 - o
        inner = g[FACE + j - 1] if j and g[UP + j - 1] else none
        outer = g[FACE + j + 1] if j + 1 < n else none
        gains[o] = ((price(R, g[FACE + j], g[MEN + j] + 1, 0, inner, outer, mask) >> 1)
                    - (price(R, g[FACE + j], g[MEN + j], 0, inner, outer, mask) >> 1))
    return pick_top(gains, n, rng)


# -- Harmony ------------------------------------------------------------------------------
@njit(cache=True)
def gadget(R, g, rng):
    if g[N_GADGET_HAND] and g[N_CARDS] < R[4][ACTIVE_GADGETS]:
        if forced(g, GADGET):
            pick = g[ANSWER]
        else:
            pick = mt.randbelow(rng, g[N_GADGET_HAND])
        if pick < g[N_GADGET_HAND]:
            k = g[N_CARDS]
            g[CARDS + k] = pop(g, GADGET_HAND, N_GADGET_HAND, pick)
            g[HALF + k] = 0
            g[N_CARDS] = k + 1
    for k in range(g[N_CARDS]):
        g[READY + k] = 1


@njit(cache=True)
def orient(R, g, rng):
    n = g[N_CARDS]
    if not n:
        return
    faces, halves, st = R[0], R[1], R[4]
    now = 0
    for j in range(n):
        now |= g[HALF + j] << (n - 1 - j)
    combos = np.empty(1 << n, dtype=np.int64)  # compact.Tables.orientations' order
    combos[0] = now
    at = 1
    for c in range(1 << n):
        if c != now:
            combos[at] = c
            at += 1
    if forced(g, ORIENT):
        combo = combos[g[ANSWER]]
    else:
        by_type = np.zeros(st[TYPES], dtype=np.int64)
        for i in range(g[N_LINE]):
            if g[UP + i]:
                f = g[FACE + i]
                by_type[faces[f, TYPE]] += faces[f, STRENGTH] + st[HENCHMAN_BONUS] * g[MEN + i]
        scores = np.empty(1 << n, dtype=np.int64)
        for c in range(1 << n):
            types, count, total = 0, 0, 0
            for j in range(n):
                h = 2 * g[CARDS + j] + (combos[c] >> (n - 1 - j) & 1)
                t = halves[h, TYPE]
                if not types >> t & 1:
                    types |= 1 << t
                    count += 1
                    total += 100 * by_type[t]
                total += halves[h, STRENGTH]
            scores[c] = total + 10 * count
        combo = combos[pick_top(scores, 1 << n, rng)]
    for j in range(n):
        g[HALF + j] = combo >> (n - 1 - j) & 1


@njit(cache=True)
def incursion(R, g, rng, sharp):
    st = R[4]
    if forced(g, INCURSION):
        go = g[ANSWER] == 0
    elif st[ROUNDS] - g[ROUND] + 1 <= st[NEED_CRYSTALS] - g[CRYSTALS]:
        go = True
    elif sharp:
        go = sharp_go(R, g)
    else:
        go = quick_go(R, g)
    if go:
        run_incursion(R, g, rng, sharp)


@njit(cache=True)
def quick_go(R, g):
    mask = mask_of(g, False)
    none = R[0].shape[0]
    n = g[N_LINE]
    need = 0
    for i in range(n):
        if g[UP + i]:
            inner = g[FACE + i - 1] if i and g[UP + i - 1] else none
            outer = g[FACE + i + 1] if i + 1 < n and g[UP + i + 1] else none
            need += price(R, g[FACE + i], g[MEN + i], 0, inner, outer, mask) >> 1
        else:
            need += HIDDEN_GUESS
    return need <= g[CP] + g[TOKENS] - g[USED]


@njit(cache=True)
def sharp_go(R, g):
    costs = dealt_costs(R, g, mask_of(g, False), SHARP_DEALS)
    budget = g[CP] + g[TOKENS] - g[USED]
    within = 0
    for c in costs:
        within += c <= budget
    chance = within / costs.shape[0]
    return chance >= (0.5 if R[4][NEED_CLUES] - g[CLUES] <= 1 else 0.3)


@njit(cache=True)
def packed_dealt_costs(R, row, mask, samples):
    """dealt_costs for the game `row` (arrays.packed)."""
    return dealt_costs(R, unpack(row), mask, samples)


@njit(cache=True)
def dealt_costs(R, g, mask, samples):
    D = R[0].shape[0] // 2
    n = g[N_LINE]
    hidden = np.empty(n, dtype=np.int64)
    n_hidden, seen = 0, 0
    for i in range(n):
        if g[UP + i]:
            seen |= 1 << (g[FACE + i] >> 1)
        else:
            hidden[n_hidden] = i
            n_hidden += 1
    unseen = np.empty(D, dtype=np.int64)
    n_unseen = 0
    for c in range(D):
        if not seen >> c & 1:
            unseen[n_unseen] = c
            n_unseen += 1
    faces = g[FACE:FACE + n].copy()
    if not n_hidden or n_unseen < n_hidden:
        costs = np.empty(1, dtype=np.int64)
        costs[0] = net_cost(R, g, faces, mask)
        return costs
    rng = R[5][g[ROUND] * (D + 1) + n].copy()
    dealt = np.empty(n_hidden, dtype=np.int64)
    costs = np.empty(samples, dtype=np.int64)
    for s in range(samples):
        mt.sample(rng, unseen, n_unseen, n_hidden, dealt)
        for k in range(n_hidden):
            faces[hidden[k]] = 2 * dealt[k] + mt.randbelow(rng, 2)
        costs[s] = net_cost(R, g, faces, mask)
    return costs


@njit(cache=True)
def net_cost(R, g, faces, mask):
    face_rows, savers = R[0], R[3]
    none = face_rows.shape[0]
    n = faces.shape[0]
    priced = np.empty(n, dtype=np.int64)
    total = 0
    for i in range(n):
        inner = g[FACE + i - 1] if i and g[UP + i - 1] else none
        outer = faces[i + 1] if i + 1 < n else none
        priced[i] = price(R, faces[i], g[MEN + i], 0, inner, outer, mask) >> 1
        total += priced[i]
    best = 0
    for s in range(savers.shape[0]):
        h, kind, cap = savers[s, 0], savers[s, 1], savers[s, 2]
        if not mask >> h & 1:
            continue
        if kind == GAIN_CP:
            if cap > best:
                best = cap
            continue
        for i in range(n):                  # every other saver targets a defence
            if g[UP + i] and face_rows[g[FACE + i], FLIP_IMMUNE]:
                continue
            if kind == RETURN_HENCHMAN and not g[MEN + i]:
                continue
            saved = priced[i] if priced[i] < cap else cap
            if saved > best:
                best = saved
    return total - best


@njit(cache=True)
def harmony_best(R, row, cards):
    """greedy_scores.harmony_best's least net cost of the whole line of the game
    `row` (arrays.packed) over every orientation of the gadget `cards`
    (compact.Tables.masks)."""
    g = unpack(row)
    n = cards.shape[0]
    faces = g[FACE:FACE + g[N_LINE]].copy()
    best = 0
    for combo in range(1 << n):
        mask = 0
        for j in range(n):
            mask |= 1 << (2 * cards[j] + (combo >> (n - 1 - j) & 1))
        cost = net_cost(R, g, faces, mask)
        if combo == 0 or cost < best:
            best = cost
    return best


@njit(cache=True)
def collect(R, g):
    halves = R[1]
    total = 0
    for k in range(g[N_CARDS]):
        if g[READY + k]:
            total += halves[2 * g[CARDS + k] + g[HALF + k], STRENGTH]
    gain(R, g, total)
    g[USED] = 0


# -- the incursion ------------------------------------------------------------------------
@njit(cache=True)
def run_incursion(R, g, rng, sharp):
    faces, halves, st = R[0], R[1], R[4]
    none = faces.shape[0]
    flips = st[FLIPS]
    denied = False
    mask = mask_of(g, False)
    index = g[N_LINE] - 1
    while index >= 0:
        g[UP + index] = 1
        here = g[FACE + index]
        weak, bypassed = 0, False
        inner = g[FACE + index - 1] if index and g[UP + index - 1] else none
        outer = g[FACE + index + 1] if index + 1 < g[N_LINE] else none
        code = price(R, here, g[MEN + index], 0, inner, outer, mask)
        while flips > 0 and not denied:
            cost = code >> 1
            if cost < DEAR and cost <= g[CP] + g[TOKENS] - g[USED]:
                break
            k, kind = flip_pick(R, g, index, here)
            if k < 0:
                break
            g[READY + k] = 0
            flips -= 1
            half = 2 * g[CARDS + k] + g[HALF + k]
            mask &= ~(1 << half)
            if kind == GAIN_CP:
                gain(R, g, halves[half, FLIP_AMOUNT])
            elif kind == WEAKEN:
                weak += halves[half, FLIP_AMOUNT]
            elif kind == RETURN_HENCHMAN:
                g[MEN + index] -= 1
                g[SUPPLY] += 1
            else:
                bypassed = True
                break
            code = price(R, here, g[MEN + index], weak, inner, outer, mask)
        with_gadget = False
        if not bypassed:
            cost = code >> 1
            tokens = 0 if faces[here, NO_TOKENS] else g[TOKENS] - g[USED]
            if cost > g[CP] + tokens:
                fail(R, g)
                return
            from_tokens = cost if cost < tokens else tokens
            g[USED] += from_tokens
            g[CP] -= cost - from_tokens
            with_gadget = not code & 1
        if faces[here, BYPASS]:
            denied = on_bypass(R, g, rng, index, here, with_gadget, flips, denied)
        index -= 1
    succeed(R, g, rng, sharp)


@njit(cache=True)
def flip_pick(R, g, index, here):
    """playout._flip_pick: the first ready gadget of the first kind of FLIP_ORDER that
    may be played here (-1 for none)."""
    halves = R[1]
    immune = R[0][here, FLIP_IMMUNE]
    for kind in (BYPASS_FLIP, WEAKEN, RETURN_HENCHMAN, GAIN_CP):
        if immune and kind != GAIN_CP:                 # the targeting kinds
            continue
        if kind == RETURN_HENCHMAN and g[MEN + index] == 0:
            continue
        for k in range(g[N_CARDS]):
            if g[READY + k] and halves[2 * g[CARDS + k] + g[HALF + k], FLIP] == kind:
                return k, kind
    return -1, 0


@njit(cache=True)
def on_bypass(R, g, rng, index, here, with_gadget, flips, denied):
    row = R[0][here]
    kind = row[BYPASS]
    if kind == DENY_FLIPS:
        if flips > 0 and not denied:
            gain(R, g, row[BYPASS_A])
            return True
    elif kind == MOVE_HENCHMAN:
        at = index + row[BYPASS_A]
        if g[MEN + index] > 0 and 0 <= at < g[N_LINE]:
            g[MEN + index] -= 1
            g[MEN + at] += 1
    elif kind == LOSE_CP:
        if g[CP] > 0 and not (row[BYPASS_B] and with_gadget):
            g[CP] -= min(g[CP], row[BYPASS_A])
    elif index >= 2:                                   # swap_next
        ransom = row[BYPASS_A]
        paid = False
        if (ransom > 0 and g[CP] + g[TOKENS] - g[USED] >= ransom
                and mt.randbelow(rng, 2) == 0):
            pay(g, ransom)
            paid = True
        if not paid:
            for at in (FACE, UP, MEN):
                g[at + index - 1], g[at + index - 2] = g[at + index - 2], g[at + index - 1]
    return denied


@njit(cache=True)
def fail(R, g):
    st = R[4]
    g[CLUES] += 1
    g[TOKENS] = min(st[RESOURCE_TOKENS], g[TOKENS] + 1)
    if g[CLUES] >= st[NEED_CLUES]:
        g[WINNER] = SMUSH_WON


@njit(cache=True)
def succeed(R, g, rng, sharp):
    st = R[4]
    g[CRYSTALS] += 1
    if g[CRYSTALS] >= st[NEED_CRYSTALS]:
        g[WINNER] = HARMONY_WON
        return
    if g[GAINED] < st[HENCHMEN]:
        g[GAINED] += 1
        g[SUPPLY] += 1
    n = g[N_LINE]
    options = 1 + n + n * (n - 1)
    if options == 1 or sharp or mt.random(rng) < 0.5:
        return
    rearrange(g, mt.randbelow(rng, options))


@njit(cache=True)
def rearrange(g, pick):
    n = g[N_LINE]
    if pick == 0:
        return
    if pick <= n:
        g[FACE + pick - 1] ^= 1
        return
    i, j = divmod(pick - 1 - n, n - 1)
    j += j >= i
    for at in (FACE, UP, MEN):
        value = g[at + i]
        if j > i:
            for k in range(i, j):
                g[at + k] = g[at + k + 1]
        else:
            for k in range(i, j, -1):
                g[at + k] = g[at + k - 1]
        g[at + j] = value


# -- the game -----------------------------------------------------------------------------
@njit(cache=True)
def step(R, g, rng, sharp, phase):
    if phase == 0:
        lay(R, g, rng, sharp)
    elif phase == 1:
        lift(g)
    elif phase == 2:
        place(R, g, rng, sharp)
    elif phase == 3:
        gadget(R, g, rng)
    elif phase == 4:
        orient(R, g, rng)
    elif phase == 5:
        incursion(R, g, rng, sharp)
    else:
        collect(R, g)


@njit(cache=True)
def play(R, g, rng, sharp, phase):
    """Playout.play from step `phase` of playout.PHASES (the forced choice, if any, in
    g[FORCED] and g[ANSWER])."""
    mt.shuffled(rng, R[0].shape[0] // 2)        # Game() shuffles a deck it then replaces
    for p in range(phase, 7):
        step(R, g, rng, sharp, p)
        if g[WINNER]:
            return
    rounds = R[4][ROUNDS]
    while not g[WINNER]:
        if g[ROUND] >= rounds:                               # SM-END-1
            g[WINNER] = SMUSH_WON
            break
        g[ROUND] += 1
        if g[N_DECK]:
            g[N_DECK] -= 1
            g[HAND + g[N_HAND]] = g[DECK + g[N_DECK]]
            g[N_HAND] += 1
        for p in range(7):
            step(R, g, rng, sharp, p)
            if g[WINNER]:
                break


@njit(cache=True)
def score(R, g, side, shaping):
    """Playout.score for `side` (HARMONY_WON or SMUSH_WON)."""
    need = R[4][NEED_CRYSTALS]
    crystals = min(g[CRYSTALS], need)
    share = crystals / need if side == HARMONY_WON else (need - crystals) / need
    return (1.0 if g[WINNER] == side else 0.0) + shaping * share


@njit(cache=True)
def play_sample(R, row, low, high, candidates, phase, sharp, kind, rearranging, side,
                shaping, out, ends):
    """strong.StrongBot.play_out_fast for every candidate of one sample, from the same
    dealt game `row` (arrays.packed) and the dice `high << 32 | low`: their scores into
    `out`, and (when `ends` has a row per candidate) the games as they ended."""
    g = unpack(row)
    key = np.empty(1 if high == 0 else 2, dtype=np.int64)
    key[0] = low
    if high:
        key[1] = high
    dice = mt.new_state()
    mt.seed(dice, key)
    mt.twist(dice)                  # once for all the candidates' copies
    for c in range(candidates.shape[0]):
        game = g.copy()
        rng = dice.copy()
        if rearranging:
            rearrange(game, candidates[c])
        else:
            game[FORCED], game[ANSWER] = kind, candidates[c]
        play(R, game, rng, sharp, phase)
        out[c] = score(R, game, side, shaping)
        if ends.shape[0] > c:
            ends[c] = game

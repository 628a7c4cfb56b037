"""The strong bots: determinised Monte Carlo search over the rest of the game
(docs/smush.md, "Strong bots").

At each choice that shapes the six rounds (Harmony: which gadget card to play, which
halves to turn, whether to go in; SMUSH: which defence and face to lay, where each
henchman goes, how to change the line after a success), the bot plays the rest of the
game out many times from a copy of the table, once per candidate move and per sample,
and takes the move that won most often. Each sample first deals what the bot cannot see
(determinisation): for Harmony, the face-down defences, SMUSH's hand and the order of
her deck, drawn from the defence cards she has not seen face up, each face-down one on
a random face; for SMUSH, the order of her own deck. Every candidate meets the same
samples and the same dice (common random numbers), so the comparison is between moves,
not luck. The simulated games are played by the quick policies of rollout.py: `QuickBot`
for Harmony's searches, `SharpBot` for SMUSH's. Harmony keeps the greedy bot's move
unless another won clearly more often (a few samples cannot tell small differences
apart); SMUSH takes the move that won most. Choices inside an incursion (flip powers,
paying, on-bypass powers, ransoms) are tactical and are left to the greedy bot.

The simulated games run on playout.py's compact engine, which plays the reference
engine's games move for move, faster, and GreedyBot's scores are worked out on the same
compact table (greedy_scores.py, the same numbers); when numba is there (jit/), the same
games are played compiled, every candidate of a sample in one call (`play_sample`). The default search is successive
halving (`search_halving`: a few samples a candidate, then the worse half goes, round
after round); `search="full"` keeps the search before it, which stops sampling a move
once it is clearly behind (`search_adaptive`), playing at most the fixed search's games
(docs/smush.md, "A rollout engine made for speed" and "Successive halving")."""

from __future__ import annotations

import math
import random

from smersh_dsl.play.smush import greedy_scores, jit
from smersh_dsl.play.smush.bots import GreedyBot
from smersh_dsl.play.smush.choices import Choice
from smersh_dsl.play.smush.compact import tables
from smersh_dsl.play.smush.engine import Game, Player
from smersh_dsl.play.smush.incursion import apply_rearrange
from smersh_dsl.play.smush.playout import Playout
from smersh_dsl.play.smush.rollout import QuickBot, SharpBot
from smersh_dsl.play.smush.rules import HARMONY, SMUSH
from smersh_dsl.play.smush.table import Defence, Table

# The choices searched, and the step of the round a copy resumes at to replay each one.
RESUME = {"lay": "lay", "henchman": "place", "gadget": "gadget", "orient": "orient",
          "incursion": "incursion", "rearrange": "income"}
SEARCHED = {HARMONY: frozenset({"gadget", "orient", "incursion"}),
            SMUSH: frozenset({"lay", "henchman", "rearrange"})}
BUDGET = 32               # simulated games per choice, shared among its candidates
MIN_SAMPLES = 4           # ... but at least this many per candidate
SHAPING = 0.25            # a simulated game's worth: a win, plus this much for crystals
STEP = 2                  # the adaptive search's samples a round, per candidate left
DROP = 2.0                # ... and the standard errors of a difference that drop a move
SPREAD = 0.25             # the least spread of a difference, per sample, it assumes
MAX_CANDIDATES = 6        # a change to the line after a success: the greedy bot's best few
# Successive halving, per side: samples a candidate the first round, then more a round
# (docs/smush.md, "Successive halving": 2 first made one side or the other weaker).
HALVING = {HARMONY: (4, 2), SMUSH: (4, 2)}
SEARCHES = ("halving", "full")
ROLLOUT = {HARMONY: QuickBot, SMUSH: SharpBot}    # who plays a side's simulated games
# How much better than the greedy bot's move another must score, in square roots of the
# samples a candidate (about 1.4 standard deviations of the difference at 1.0). Measured
# (docs/smush.md, "Strong bots"): Harmony does best keeping the greedy move unless another
# is clearly better; SMUSH, whose SharpBot games weigh her moves more truly, does best
# taking the move that won most.
MARGIN = {HARMONY: 1.0, SMUSH: 0.0}
# The halving search's margins, the same way: with 4 samples Harmony's margin of 1.0 kept
# her too close to the greedy bot (docs/smush.md, "Successive halving").
HALVING_MARGIN = {HARMONY: 0.5, SMUSH: 0.0}


class Forced:
    """Answers the first choice of `kind` with `answer`, then plays as `then`."""

    def __init__(self, kind: str, answer: int, then: Player) -> None:
        self.kind, self.answer, self.then = kind, answer, then

    def decide(self, game: Game, choice: Choice) -> int:
        if choice.kind == self.kind and self.answer is not None:
            answer, self.answer = self.answer, None
            return answer
        return self.then.decide(game, choice)


def determinise(table: Table, side: str, rng: random.Random) -> Table:
    """A copy of `table` where what `side` cannot see is dealt at random from what it
    could be."""
    copy = table.copy()
    if side == SMUSH:
        rng.shuffle(copy.deck)                       # she knows her cards, not their order
        return copy
    hidden = [i for i, d in enumerate(copy.line) if not d.face_up]
    unseen = [copy.line[i].card for i in hidden] + copy.hand + copy.deck
    rng.shuffle(unseen)
    for i in hidden:                                 # henchmen on them are in plain sight
        copy.line[i] = Defence(unseen.pop(), rng.randrange(2), False, copy.line[i].henchmen)
    copy.hand = [unseen.pop() for _ in range(len(table.hand))]
    copy.deck = unseen
    return copy


def determinise_compact(seen: Playout, side: str, rng: random.Random) -> Playout:
    """`determinise` on playout.py's compact table: the same deal from the same `rng`
    (the same shuffles and draws, on card numbers instead of cards)."""
    copy = seen.copy()
    if side == SMUSH:
        rng.shuffle(copy.deck)
        return copy
    hidden = [i for i, up in enumerate(copy.up) if not up]
    unseen = [copy.face[i] >> 1 for i in hidden] + copy.hand + copy.deck
    rng.shuffle(unseen)
    for i in hidden:
        copy.face[i] = 2 * unseen.pop() + rng.randrange(2)
    copy.hand = [unseen.pop() for _ in range(len(seen.hand))]
    copy.deck = unseen
    return copy


class StrongBot(GreedyBot):
    """`search`: "halving" (`search_halving`, the default) or "full" (the search of
    `BUDGET` simulated games a choice, as before issue #31's halving); `fast`: simulated
    games on playout.py's compact engine (the same games as the reference engine's,
    faster); `adaptive` (full search only): the search stops sampling the moves that are
    clearly behind (`search_adaptive`) instead of giving every one the same samples."""

    def __init__(self, rng: random.Random, budget: int = BUDGET, fast: bool = True,
                 adaptive: bool = True, search: str = "halving",
                 halving: dict[str, tuple[int, int]] | None = None) -> None:
        if search not in SEARCHES:
            raise ValueError(f"unknown search {search!r}; there are {', '.join(SEARCHES)}")
        self.rng = random.Random(rng.getrandbits(64))
        self.budget, self.fast, self.adaptive = budget, fast, adaptive
        self.kind, self.halving = search, halving or HALVING
        self.seen: tuple[Choice, Playout] | None = None     # the table of the choice asked

    def decide(self, game: Game, choice: Choice) -> int:
        if choice.kind not in SEARCHED[choice.side]:
            return super().decide(game, choice)
        if self.fast:       # GreedyBot's scores, worked out on the compact table
            seen = Playout.of_table(game.table, tables(game.table.rules))
            greedy = greedy_scores.scores(seen.copy(), choice)
            self.seen = (choice, seen)
        else:
            greedy = getattr(self, "_" + choice.kind)(game, game.table, choice)
        candidates = sorted(range(len(choice.options)), key=lambda i: (-greedy[i], i))
        if choice.kind == "rearrange":
            candidates = candidates[:MAX_CANDIDATES]
        if self.kind == "halving":
            return self.search_halving(game, choice, candidates)
        if self.adaptive:
            wins, samples = self.search_adaptive(game, choice, candidates)
        else:
            wins, samples = self.search(game, choice, candidates), None
        full = self.samples(len(candidates))
        # Every candidate's total on the same footing: per `full` samples.
        mean = {i: wins[i] * full / (samples[i] if samples else full) for i in candidates}
        best = max(candidates, key=lambda i: (mean[i], greedy[i], -i))
        # The greedy bot's move stands unless the search finds another better by more than
        # the side's margin (MARGIN).
        margin = MARGIN[choice.side] * math.sqrt(full)
        return best if mean[best] - mean[candidates[0]] > margin else candidates[0]

    def samples(self, candidates: int) -> int:
        return max(MIN_SAMPLES, self.budget // candidates)

    def search(self, game: Game, choice: Choice, candidates: list[int]) -> dict[int, float]:
        """What each candidate's simulated games were worth to `choice.side` (`score`)."""
        samples = self.samples(len(candidates))
        wins = dict.fromkeys(candidates, 0.0)
        for _ in range(samples):
            dealt, dice = self.deal(game, choice)
            for candidate, value in zip(candidates, self.play_sample(dealt, choice, candidates,
                                                                     dice)):
                wins[candidate] += value
        return wins

    def search_adaptive(self, game: Game, choice: Choice,
                        candidates: list[int]) -> tuple[dict[int, float], dict[int, int]]:
        """What each candidate's simulated games were worth, and how many it played.

        Every candidate starts with MIN_SAMPLES samples, then the ones left get STEP more a
        round, all on the same deals and dice. After each round a candidate is dropped
        once the search can tell where it stands (`settled`): a move whose interval lies
        below the leader's (DROP standard errors of the paired difference); for Harmony
        also a move that cannot beat the greedy one (`candidates[0]`) by her margin even at
        the top of its interval, or the greedy move once the leader beats it by more. The
        search stops when one candidate is left or the ones left have played the fixed
        search's count (`samples`): never more games than it."""
        full = self.samples(len(candidates))
        margin = MARGIN[choice.side] * math.sqrt(full) / full       # per sample
        wins = dict.fromkeys(candidates, 0.0)
        worth: dict[int, list[float]] = {c: [] for c in candidates}
        live = list(candidates)
        played = 0
        while True:
            target = min(full, max(MIN_SAMPLES, played + STEP))
            for _ in range(target - played):
                dealt, dice = self.deal(game, choice)
                for candidate, value in zip(live, self.play_sample(dealt, choice, live, dice)):
                    wins[candidate] += value
                    worth[candidate].append(value)
            played = target
            if played >= full:
                break
            leader = max(live, key=lambda c: (wins[c], -live.index(c)))
            live = [c for c in live if not self.settled(c, leader, candidates[0], worth, margin)]
            if len(live) == 1:
                break
        return wins, {c: len(worth[c]) for c in candidates}

    def search_halving(self, game: Game, choice: Choice, candidates: list[int]) -> int:
        """The move of a successive-halving search (docs/smush.md, "Successive halving").

        Every candidate left plays `first` samples the first round, `more` more each round
        after, all on the same deals and dice; then the worse half by total goes (ties
        keep the greedy order). Harmony never drops the greedy move (`candidates[0]`):
        it stands at the end unless the last other candidate beats it by her margin
        (HALVING_MARGIN, in square roots of the samples both played), as in the full
        search. A choice of one move plays no simulated game."""
        first, more = self.halving[choice.side]
        wins = dict.fromkeys(candidates, 0.0)
        live, played, target = list(candidates), 0, first
        keep_greedy = HALVING_MARGIN[choice.side] > 0
        while len(live) > 1:
            for _ in range(target - played):
                dealt, dice = self.deal(game, choice)
                for candidate, value in zip(live, self.play_sample(dealt, choice, live, dice)):
                    wins[candidate] += value
            played, target = target, target + more
            ranked = sorted(live, key=lambda c: -wins[c])          # stable: greedy order
            if keep_greedy and len(live) == 2:
                break
            half = ranked[:(len(live) + 1) // 2]
            if keep_greedy and candidates[0] not in half:
                half = [candidates[0]] + half[:-1]
            live = [c for c in live if c in half]
        if len(live) == 1:
            return live[0]
        best = max(live, key=lambda c: (wins[c], c == candidates[0]))
        margin = HALVING_MARGIN[choice.side] * math.sqrt(played)
        return best if wins[best] - wins[candidates[0]] > margin else candidates[0]

    @staticmethod
    def settled(c: int, leader: int, greedy: int, worth: dict[int, list[float]],
                margin: float) -> bool:
        """Whether candidate `c` can be dropped: it is clearly behind the leader; or, with
        a margin (Harmony), it cannot beat the greedy move by the margin, or it is the
        greedy move and the leader clearly beats it by more."""
        if c == leader:
            return False
        if lead_bound(worth[c], worth[leader], +1) < 0:
            return True
        if margin <= 0:
            return False
        if c == greedy:
            return lead_bound(worth[leader], worth[greedy], -1) > margin
        return lead_bound(worth[c], worth[greedy], +1) <= margin

    def deal(self, game: Game, choice: Choice) -> tuple:
        """One sample: the table as `choice.side` might believe it, and the dice."""
        if self.fast:
            if self.seen is None or self.seen[0] is not choice:
                self.seen = (choice, Playout.of_table(game.table, tables(game.table.rules)))
            dealt = determinise_compact(self.seen[1], choice.side, self.rng)
            return dealt, self.rng.getrandbits(64)
        dealt = determinise(game.table, choice.side, self.rng)
        return dealt, self.rng.getrandbits(64)

    def play_sample(self, dealt: Table | Playout, choice: Choice, candidates: list[int],
                    dice: int) -> list[float]:
        """What the simulated game of each of `candidates` from one sample (`dealt` and
        `dice`) was worth, in their order: all in one call of the compiled engine when
        there is one (jit.crossing), else one `play_out` each on a copy."""
        crossing = jit.crossing(dealt.T) if isinstance(dealt, Playout) else None
        if crossing is None:
            return [self.play_out(dealt.copy(), choice, c, dice) for c in candidates]
        return crossing.play_sample(dealt, choice.kind, RESUME[choice.kind], candidates, dice,
                                    ROLLOUT[choice.side] is SharpBot, choice.side, SHAPING)

    def play_out(self, table: Table | Playout, choice: Choice, candidate: int,
                 dice: int) -> float:
        if isinstance(table, Playout):
            return self.play_out_fast(table, choice, candidate, dice)
        return self.play_out_reference(table, choice, candidate, dice)

    def play_out_fast(self, table: Playout, choice: Choice, candidate: int,
                      dice: int) -> float:
        """play_out_reference's game on playout.py's compact table."""
        rng = random.Random(dice)
        sharp = ROLLOUT[choice.side] is SharpBot
        if choice.kind == "rearrange":
            table.rearrange(candidate)
            table.play(RESUME["rearrange"], rng, sharp)
        else:
            table.play(RESUME[choice.kind], rng, sharp, choice.kind, candidate)
        return table.score(choice.side, SHAPING)

    def play_out_reference(self, table: Table, choice: Choice, candidate: int,
                           dice: int) -> float:
        rng = random.Random(dice)
        quick = ROLLOUT[choice.side](rng)
        seats: dict[str, Player] = {HARMONY: quick, SMUSH: quick}
        phase = RESUME[choice.kind]
        if choice.kind == "rearrange":
            apply_rearrange(table, choice.options[candidate].move)
        else:
            seats[choice.side] = Forced(choice.kind, candidate, quick)
        copy = Game.from_table(table, rng, seats)
        copy.resume(phase)
        copy.play_on()
        return score(table, choice.side)


def lead_bound(other: list[float], ref: list[float], sign: int) -> float:
    """The top (`sign` +1) or bottom (-1) of the interval of how much more `other` is
    worth than `ref` a sample, over the samples both played (paired: the same deals and
    dice): the mean difference plus or minus DROP standard errors, the spread never taken
    below SPREAD (a few samples that all agree do not make a difference certain)."""
    diffs = [a - b for a, b in zip(other, ref)]
    n = len(diffs)
    mean = sum(diffs) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, n - 1))
    return mean + sign * DROP * max(spread, SPREAD) / math.sqrt(n)


def score(table: Table, side: str) -> float:
    """A simulated game's worth to `side`: 1 for a win, and a little for each crystal
    Harmony took (for her) or did not take (for SMUSH), so that a few samples still tell
    a near miss from a rout."""
    need = table.rules.settings.crystals
    crystals = min(table.crystals, need)
    share = crystals / need if side == HARMONY else (need - crystals) / need
    return float(table.winner == side) + SHAPING * share

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
apart); SMUSH takes the move that won most. Choices inside an incursion (flip powers, paying, on-bypass
powers, ransoms) are tactical and are left to the greedy bot."""

from __future__ import annotations

import math
import random

from smersh_dsl.play.smush.bots import GreedyBot
from smersh_dsl.play.smush.choices import Choice
from smersh_dsl.play.smush.engine import Game, Player
from smersh_dsl.play.smush.incursion import apply_rearrange
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
MAX_CANDIDATES = 6        # a change to the line after a success: the greedy bot's best few
ROLLOUT = {HARMONY: QuickBot, SMUSH: SharpBot}    # who plays a side's simulated games
# How much better than the greedy bot's move another must score, in square roots of the
# samples a candidate (about 1.4 standard deviations of the difference at 1.0). Measured
# (docs/smush.md, "Strong bots"): Harmony does best keeping the greedy move unless another
# is clearly better; SMUSH, whose SharpBot games weigh her moves more truly, does best
# taking the move that won most.
MARGIN = {HARMONY: 1.0, SMUSH: 0.0}


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


class StrongBot(GreedyBot):
    def __init__(self, rng: random.Random, budget: int = BUDGET) -> None:
        self.rng = random.Random(rng.getrandbits(64))
        self.budget = budget

    def decide(self, game: Game, choice: Choice) -> int:
        if choice.kind not in SEARCHED[choice.side]:
            return super().decide(game, choice)
        greedy = getattr(self, "_" + choice.kind)(game, game.table, choice)
        candidates = sorted(range(len(choice.options)), key=lambda i: (-greedy[i], i))
        if choice.kind == "rearrange":
            candidates = candidates[:MAX_CANDIDATES]
        wins = self.search(game, choice, candidates)
        best = max(candidates, key=lambda i: (wins[i], greedy[i], -i))
        # The greedy bot's move stands unless the search finds another better by more than
        # the side's margin (MARGIN).
        margin = MARGIN[choice.side] * math.sqrt(self.samples(len(candidates)))
        return best if wins[best] - wins[candidates[0]] > margin else candidates[0]

    def samples(self, candidates: int) -> int:
        return max(MIN_SAMPLES, self.budget // candidates)

    def search(self, game: Game, choice: Choice, candidates: list[int]) -> dict[int, float]:
        """What each candidate's simulated games were worth to `choice.side` (`score`)."""
        samples = self.samples(len(candidates))
        wins = dict.fromkeys(candidates, 0.0)
        for _ in range(samples):
            dealt = determinise(game.table, choice.side, self.rng)
            dice = self.rng.getrandbits(64)
            for candidate in candidates:
                wins[candidate] += self.play_out(dealt.copy(), choice, candidate, dice)
        return wins

    def play_out(self, table: Table, choice: Choice, candidate: int, dice: int) -> float:
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


def score(table: Table, side: str) -> float:
    """A simulated game's worth to `side`: 1 for a win, and a little for each crystal
    Harmony took (for her) or did not take (for SMUSH), so that a few samples still tell
    a near miss from a rout."""
    need = table.rules.settings.crystals
    crystals = min(table.crystals, need)
    share = crystals / need if side == HARMONY else (need - crystals) / need
    return float(table.winner == side) + SHAPING * share

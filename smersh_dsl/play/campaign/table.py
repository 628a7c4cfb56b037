"""What happens on the table when nobody is at the keyboard (`--auto`, `smersh simulate
campaign`): a small stochastic stand-in for the Marvel Champions game of a scenario, only
as far as the campaign log sees it -- secret counters placed and uncovered, the A.I.M.
Interference treacheries, the heroes' remaining hit points, who wins.

Every number here is ours, not the rulebook's (docs/books.md, "the table model"); the
rules the campaign applies to these numbers (betrayal, evidence, the accusation) are the
rulebook's and live in board, envelopes and accusation.
"""

from __future__ import annotations

import random

from smersh_dsl.play.campaign import board
from smersh_dsl.play.core.deciders import Decider
from smersh_dsl.records import dataclass

ROUNDS = 6                  # player phases a scenario lasts
INTERFERENCE_COPIES = 3     # "Shuffle the three copies of the A.I.M. Interference treachery"
INTERFERENCE_CHANCE = 0.15  # a round reveals one of the copies still in the deck
UNCOVER_CHANCE = 0.5        # a round the heroes uncover one secret
WIN_CHANCE = 0.6            # the heroes win the scenario
BASE_HIT_POINTS = (9, 14)   # an identity's printed hit points, when a bot must name them


@dataclass
class Table:
    doc: dict
    log: dict
    decide: Decider
    rng: random.Random

    def round(self, copies: int) -> int:
        """One round: perhaps an A.I.M. Interference (a secret on each board member), then
        perhaps one secret uncovered on an environment the policy picks. Returns the
        copies of the treachery still in the deck."""
        if copies and self.rng.random() < INTERFERENCE_CHANCE:
            copies -= 1
            for member in self.doc["board_members"]:
                board.add_secrets(self.doc, self.log, member, 1)
        targets = [m for m in board.environments(self.doc, self.log) if self.log["secrets"][m] > 0]
        if targets and self.rng.random() < UNCOVER_CHANCE:
            most = board.limit(self.doc, self.log) or 99
            scores = [_urgency(self.log["secrets"][m], most) for m in targets]
            pick = self.decide.choose("Uncover a secret of which board member?", targets, scores)
            self.log["secrets"][targets[pick]] -= 1
        return copies

    def won(self) -> bool:
        return self.rng.random() < WIN_CHANCE

    def hit_points(self, base: int) -> int:
        """Remaining hit points at a victory; healing may take them past the base, which
        the log's cap then cuts (SC-EXPERT-1)."""
        return self.rng.randint(1, base + 3)

    def base_hit_points(self) -> int:
        return self.rng.randint(*BASE_HIT_POINTS)


def _urgency(secrets: int, most: int) -> float:
    """A member one secret from turning comes first; then the one nearest to none (whose
    last secret gives evidence)."""
    return 10.0 + secrets if secrets >= most - 1 else 1.0 / secrets

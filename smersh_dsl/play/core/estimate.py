"""A rate measured over many games, with its 95% Wilson interval: what every simulation
reports."""

from __future__ import annotations

import math

from smersh_dsl.records import dataclass

Z95 = 1.959964


@dataclass(frozen=True)
class Estimate:
    wins: int
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games

    def interval(self) -> tuple[float, float]:
        """The Wilson score interval at 95%."""
        n, p = self.games, self.rate
        centre = (p + Z95 ** 2 / (2 * n)) / (1 + Z95 ** 2 / n)
        half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / (1 + Z95 ** 2 / n)
        return max(0.0, centre - half), min(1.0, centre + half)

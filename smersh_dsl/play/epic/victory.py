"""How often a party beats a showdown: Monte Carlo runs of the player's own table, with a
95% Wilson interval. Decisions are the greedy policy's (the best chance each time).
``exact`` gives the same figure exactly where the section's states are few enough."""

from __future__ import annotations

import json
import random
from fractions import Fraction

from smersh_dsl.play.core.deciders import GreedyPolicy
from smersh_dsl.play.core.estimate import Estimate
from smersh_dsl.play.epic.engine import Table
from smersh_dsl.play.epic.party import Party, Spy
from smersh_dsl.play.epic.sessions import play_showdown
from smersh_dsl.digits import whole_number
from smersh_dsl.wording import count


# EP-SKILL-1: "board levels up to 5"; 0 is the floor a lowered skill can reach (the odds
# tables of `smersh stats` start there too).
MIN_LEVEL, MAX_LEVEL = 0, 5


def parse_party(specs: tuple[str, ...], skills: list[str]) -> list[dict[str, int]]:
    """`--party "Spycraft=3,Athletics=2"` once per spy; unnamed skills are at level 1."""
    party = []
    for spec in specs:
        levels = {s: 1 for s in skills}
        for part in filter(None, (p.strip() for p in spec.split(","))):
            name, equals, value = part.partition("=")
            if name.strip() not in levels or not equals:
                raise ValueError(f"{part!r}: write SKILL=LEVEL with one of "
                                 + ", ".join(skills))
            try:                                                        # rule: EP-SKILL-1
                level = whole_number(value, "a skill's level on the board", MIN_LEVEL, MAX_LEVEL)
            except ValueError as problem:
                raise ValueError(f"{part!r}: {problem}") from None
            levels[name.strip()] = level
        party.append(levels)
    return party


def make_party(levels: list[dict[str, int]], intel: int = 4, health: int = 5,
               resolve: int = 3) -> Party:
    """The party of ``--party``: one spy per skill table, with these counters each."""
    return Party([Spy(f"Spy {i + 1}", dict(spy), health, resolve, resolve, intel=intel)
                  for i, spy in enumerate(levels)])


def estimate(doc: dict, section: str, party: list[dict[str, int]], games: int, seed: int,
             intel: int = 4, health: int = 5, resolve: int = 3) -> Estimate:
    rng = random.Random(seed)
    wins = 0
    for _ in range(games):
        table = Table(doc, make_party(party, intel, health, resolve), rng, GreedyPolicy(),
                      lambda _: None)
        wins += bool(play_showdown(table, section).won)
    return Estimate(wins, games)


def render_victory(section: str, exact: Fraction | None, sampled: Estimate, fmt: str) -> str:
    """The chance of victory as text, JSON or CSV: the exact figure (if there is one) and
    the sampled one with its interval, which should agree."""
    low, high = sampled.interval()
    if fmt == "json":
        return json.dumps({"section": section, "policy": "greedy",
                           "exact": None if exact is None else float(exact),
                           "exact_fraction": None if exact is None else str(exact),
                           "sampled": {"wins": sampled.wins, "games": sampled.games,
                                       "rate": sampled.rate, "interval95": [low, high]}},
                          indent=2) + "\n"
    if fmt == "csv":
        return ("section,exact,sampled_rate,interval95_low,interval95_high,games\n"
                f"{section},{'' if exact is None else float(exact)},{sampled.rate},{low},{high},"
                f"{sampled.games}\n")
    lines = [f"{section}, the greedy policy deciding:"]
    if exact is None:
        lines.append("  exact:   too many states to solve; see the sampled figure")
    else:
        lines.append(f"  exact:   {float(exact):.2%}")
    lines.append(f"  sampled: {sampled.rate:.1%} (95% interval {low:.1%} to {high:.1%}, "
                 f"won {sampled.wins} of {count(sampled.games, 'game')})")
    return "\n".join(lines) + "\n"

"""`smersh simulate`: many unattended games of Agents of S.M.U.S.H., and what they show:
each side's win rate with a 95% Wilson interval, the game length, and how often each
gadget half and defence face is used."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from smersh_dsl.play.core.estimate import Estimate
from smersh_dsl.play.smush.engine import Game
from smersh_dsl.play.smush.players import players
from smersh_dsl.play.smush.rules import HARMONY, SMUSH, Rules


@dataclass
class Summary:
    games: int
    seed: int
    policies: dict[str, str]
    wins: Counter = field(default_factory=Counter)           # side -> games won
    endings: Counter = field(default_factory=Counter)        # crystals, clues, rounds
    rounds: int = 0                                          # summed over the games
    uses: dict[str, Counter] = field(default_factory=lambda: {
        "overcame": Counter(), "flipped": Counter(), "played": Counter(), "met": Counter()})

    def as_json(self, rules: Rules) -> dict:
        def side(name: str) -> dict:
            estimate = Estimate(self.wins[name], self.games)
            low, high = estimate.interval()
            return {"wins": self.wins[name], "rate": round(estimate.rate, 4),
                    "interval": [round(low, 4), round(high, 4)]}

        def per_game(kind: str, name: str) -> float:
            return round(self.uses[kind][name] / self.games, 3)

        return {
            "games": self.games, "seed": self.seed, "policies": self.policies,
            "harmony": side(HARMONY), "smush": side(SMUSH),
            "average_rounds": round(self.rounds / self.games, 3),
            "endings": {k: self.endings[k] for k in ("crystals", "clues", "rounds")},
            "gadget_halves": [{"name": f.name, "overcame": per_game("overcame", f.name),
                               "flipped": per_game("flipped", f.name)}
                              for c in rules.gadgets for f in c.faces],
            "defence_faces": [{"name": f.name, "played": per_game("played", f.name),
                               "met": per_game("met", f.name)}
                              for c in rules.defences for f in c.faces],
        }


def simulate(rules: Rules, games: int, seed: int, harmony_policy: str, smush_policy: str,
             progress: Callable[[int], None] | None = None) -> Summary:
    """`games` games, each dealt from its own seed drawn from `seed`: the same seed gives the
    same figures."""
    summary = Summary(games, seed, {HARMONY: harmony_policy, SMUSH: smush_policy})
    seeds = random.Random(seed)
    for number in range(1, games + 1):
        rng = random.Random(seeds.getrandbits(64))
        table = Game(rules, rng, players(rng, auto=True, harmony_policy=harmony_policy,
                                         smush_policy=smush_policy)).play()
        summary.wins[table.winner] += 1
        summary.endings[table.ending] += 1
        summary.rounds += table.round
        for kind in summary.uses:
            summary.uses[kind].update(getattr(table.usage, kind))
        if progress is not None:
            progress(number)
    return summary


def render_text(data: dict) -> str:
    def side(name: str, title: str) -> str:
        s = data[name]
        return (f"{title:<14} won {s['wins']:>6} of {data['games']}: {s['rate']:6.1%} "
                f"(95% interval {s['interval'][0]:.1%} to {s['interval'][1]:.1%})")

    policies = data["policies"]
    lines = [f"{data['games']} games, seed {data['seed']}, Harmony {policies['harmony']}, "
             f"SMUSH {policies['smush']}",
             side("harmony", "Harmony Grace"), side("smush", "SMUSH"),
             f"Average length: {data['average_rounds']:.2f} rounds",
             "Endings: " + ", ".join(f"{n} by {k}" for k, n in data["endings"].items()),
             "", "Gadget half         overcame/game  flipped/game"]
    lines += [f"  {g['name']:<18} {g['overcame']:>12.2f}  {g['flipped']:>12.2f}"
              for g in data["gadget_halves"]]
    lines += ["", "Defence face        played/game    met/game"]
    lines += [f"  {d['name']:<18} {d['played']:>12.2f}  {d['met']:>10.2f}"
              for d in data["defence_faces"]]
    return "\n".join(lines) + "\n"


RENDERERS: dict[str, Callable[[dict], str]] = {
    "text": render_text,
    "json": lambda data: json.dumps(data, indent=2) + "\n",
}

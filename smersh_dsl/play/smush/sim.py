"""`smersh simulate`: many unattended games of Agents of S.M.U.S.H., and what they show:
each side's win rate with a 95% Wilson interval, the game length, how often each gadget
half and defence face is used, and how often each decided a game (docs/smush.md).
Games may be shared among worker processes: each game has its own seed, so the figures
are the same however many workers play them."""

from __future__ import annotations

import json
import multiprocessing
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import field

from smersh_dsl.play.core.estimate import Estimate
from smersh_dsl.play.smush.engine import Game
from smersh_dsl.play.smush.players import players
from smersh_dsl.play.smush.rules import HARMONY, SMUSH, Rules
from smersh_dsl.records import dataclass


@dataclass
class Summary:
    games: int
    seed: int
    policies: dict[str, str]
    wins: Counter = field(default_factory=Counter)           # side -> games won
    endings: Counter = field(default_factory=Counter)        # crystals, clues, rounds
    rounds: int = 0                                          # summed over the games
    uses: dict[str, Counter] = field(default_factory=lambda: {
        "overcame": Counter(), "flipped": Counter(), "played": Counter(), "met": Counter(),
        "decided": Counter()})

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
                               "flipped": per_game("flipped", f.name),
                               "decided": per_game("decided", f.name)}
                              for c in rules.gadgets for f in c.faces],
            "defence_faces": [{"name": f.name, "played": per_game("played", f.name),
                               "met": per_game("met", f.name),
                               "decided": per_game("decided", f.name)}
                              for c in rules.defences for f in c.faces],
        }


Result = tuple[str, str, int, dict[str, Counter]]      # winner, ending, rounds, usage


def play_one(rules: Rules, game_seed: int, harmony_policy: str, smush_policy: str) -> Result:
    rng = random.Random(game_seed)
    table = Game(rules, rng, players(rng, auto=True, harmony_policy=harmony_policy,
                                     smush_policy=smush_policy)).play()
    usage = {kind: getattr(table.usage, kind) for kind in
             ("overcame", "flipped", "played", "met", "decided")}
    return table.winner or SMUSH, table.ending, table.round, usage


def _play_batch(job: tuple) -> list[Result]:
    rules, game_seeds, harmony_policy, smush_policy = job
    return [play_one(rules, s, harmony_policy, smush_policy) for s in game_seeds]


def simulate(rules: Rules, games: int, seed: int, harmony_policy: str, smush_policy: str,
             progress: Callable[[int], None] | None = None, workers: int = 1,
             cluster: str | None = None) -> Summary:
    """`games` games, each dealt from its own seed drawn from `seed`: the same seed gives the
    same figures, with any number of `workers` (processes), or on the Dask scheduler at
    `cluster` (play/core/cluster.py)."""
    summary = Summary(games, seed, {HARMONY: harmony_policy, SMUSH: smush_policy})
    seeds = random.Random(seed)
    game_seeds = [seeds.getrandbits(64) for _ in range(games)]
    size = max(1, min(50, games // (workers * 8) or 1)) if cluster is None else 10
    jobs = [(rules, game_seeds[i:i + size], harmony_policy, smush_policy)
            for i in range(0, games, size)]
    done = 0

    def add(results: list[Result]) -> None:
        nonlocal done
        for winner, ending, rounds, usage in results:
            summary.wins[winner] += 1
            summary.endings[ending] += 1
            summary.rounds += rounds
            for kind, counts in usage.items():
                summary.uses[kind].update(counts)
            done += 1
            if progress is not None:
                progress(done)

    if cluster is not None:
        from smersh_dsl.play.core.cluster import run_batches

        for results in run_batches(cluster, _play_batch, jobs):
            add(results)
        return summary
    if workers <= 1 or len(jobs) == 1:
        for job in jobs:
            add(_play_batch(job))
        return summary
    if "strong" in (harmony_policy, smush_policy):
        from smersh_dsl.play.smush import jit
        from smersh_dsl.play.smush.compact import tables

        jit.load(tables(rules))     # once here, not once a worker (docs/smush.md)
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        for results in pool.imap(_play_batch, jobs):
            add(results)
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
             "", "Gadget half         overcame/game  flipped/game  decided"]
    lines += [f"  {g['name']:<18} {g['overcame']:>12.2f}  {g['flipped']:>12.2f}  "
              f"{g['decided']:>7.1%}" for g in data["gadget_halves"]]
    lines += ["", "Defence face        played/game    met/game  decided"]
    lines += [f"  {d['name']:<18} {d['played']:>12.2f}  {d['met']:>10.2f}  {d['decided']:>7.1%}"
              for d in data["defence_faces"]]
    lines += ["", "decided: share of games won by the crystals this half earned (it overcame "
              "a defence or", "flipped in the winning incursion), or by the clue this face "
              "gave (it stopped the", "losing incursion; at the end of round 6, the last "
              "incursion that failed)"]
    return "\n".join(lines) + "\n"


RENDERERS: dict[str, Callable[[dict], str]] = {
    "text": render_text,
    "json": lambda data: json.dumps(data, indent=2) + "\n",
}

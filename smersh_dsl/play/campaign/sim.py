"""Many seeded campaigns played by bots through the book-keeper: how often the mole is
known for certain (every combination left implicates one board member) after each
scenario and when the accusation is made, in standard and expert campaigns."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import field

from smersh_dsl.play.campaign import envelopes
from smersh_dsl.play.campaign.keeper import Keeper, play_scenario
from smersh_dsl.play.campaign.log import new_log
from smersh_dsl.play.core.deciders import decider
from smersh_dsl.play.core.estimate import Estimate
from smersh_dsl.records import dataclass

MAX_ATTEMPTS = 40     # plays of one scenario before a bot campaign is called stuck


class Broken(AssertionError):
    """The grid crossed out the A.I.M. envelope's combination, or left none."""


@dataclass
class Campaign:
    """What one campaign showed."""

    certain_after: dict[int, bool] = field(default_factory=dict)
    evidence_after: dict[int, int] = field(default_factory=dict)
    accusation: dict | None = None
    won: bool = False
    stuck: bool = False
    fewest_left: int = 99


def _watch(doc: dict, log: dict, seen: Campaign) -> None:
    """After every scenario: one combination, the A.I.M. envelope's, always survives."""
    if not log["aim_envelope"]:
        return
    left = envelopes.surviving(doc, log)
    seen.fewest_left = min(seen.fewest_left, len(left))
    if envelopes.key(envelopes.mole(doc, log)) not in {envelopes.key(c) for c in left}:
        raise Broken(f"the A.I.M. combination is crossed out ({len(left)} left)")


def play_campaign(doc: dict, rng: random.Random, expert: bool, policy: str,
                  players: int = 2) -> Campaign:
    """One campaign from scenario 1 to its end, every scenario played through the keeper;
    a lost scenario is played again, as the rulebook allows."""
    log = new_log(doc, players, expert)
    seen = Campaign()
    keeper = Keeper(doc, log, decider(True, policy, rng), rng, lambda _: None, True)
    last = max(s["number"] for s in doc["scenarios"])
    attempts = 0
    while not log["lost"] and len(log["completed"]) < len(doc["scenarios"]):
        before = len(log["completed"])
        play_scenario(keeper, lambda _: None)
        _watch(doc, log, seen)
        if seen.accusation is None and log["accusations"]:
            seen.accusation = log["accusations"][0]
        if len(log["completed"]) > before:
            number, attempts = log["completed"][-1], 0
            if number != last:
                seen.certain_after[number] = envelopes.certain(doc, log) is not None
                seen.evidence_after[number] = len(log["evidence_gained"])
            continue
        attempts += 1
        if attempts >= MAX_ATTEMPTS:
            seen.stuck = True
            break
    seen.won = len(log["completed"]) == len(doc["scenarios"])
    return seen


def simulate(doc: dict, campaigns: int, seed: int, policy: str,
             progress: Callable[[int], None] = lambda _: None) -> dict:
    """Standard then expert campaigns, each seeded from `seed`, its mode and its number."""
    last = max(s["number"] for s in doc["scenarios"])
    modes = {}
    done = 0
    for mode in ("standard", "expert"):
        runs = []
        for i in range(campaigns):
            runs.append(play_campaign(doc, random.Random(f"{seed}:{mode}:{i}"),
                                      mode == "expert", policy))
            done += 1
            progress(done)
        modes[mode] = _summary(runs, last)
    return {"campaign": doc["id"], "campaigns": campaigns, "seed": seed, "policy": policy,
            "modes": modes}


def _rate(hits: int, games: int) -> dict:
    if games == 0:
        return {"count": 0, "of": 0, "rate": None, "interval": None}
    estimate = Estimate(hits, games)
    low, high = estimate.interval()
    return {"count": hits, "of": games, "rate": round(estimate.rate, 4),
            "interval": [round(low, 4), round(high, 4)]}


def _summary(runs: list[Campaign], last: int) -> dict:
    by_scenario = []
    for number in range(1, last):
        reached = [r for r in runs if number in r.certain_after]
        row = _rate(sum(r.certain_after[number] for r in reached), len(reached))
        row["scenario"] = number
        row["evidence_mean"] = (round(sum(r.evidence_after[number] for r in reached)
                                      / len(reached), 3) if reached else None)
        by_scenario.append(row)
    accused = [r.accusation for r in runs if r.accusation is not None]
    row = _rate(sum(a["certain"] for a in accused), len(accused))
    row["scenario"] = last
    row["evidence_mean"] = (round(sum(a["evidence_before"] for a in accused) / len(accused), 3)
                            if accused else None)
    by_scenario.append(row)
    return {"certain": by_scenario,
            "accusation_correct": _rate(sum(a["correct"] for a in accused), len(accused)),
            "wrong_guesses_mean": (round(sum(len(a["wrong"]) for a in accused) / len(accused), 3)
                                   if accused else None),
            "campaign_won": _rate(sum(r.won for r in runs), len(runs)),
            "stuck": sum(r.stuck for r in runs),
            "fewest_combinations_left": min((r.fewest_left for r in runs), default=None)}


def render_text(data: dict) -> str:
    lines = [f"{data['campaigns']} campaigns of {data['campaign']} per mode, seed "
             f"{data['seed']}, policy {data['policy']}"]
    for mode, summary in data["modes"].items():
        lines.append(f"\n{mode}: the mole known for certain")
        for row in summary["certain"]:
            when = (f"after scenario {row['scenario']}" if row is not summary["certain"][-1]
                    else f"at the accusation (scenario {row['scenario']})")
            if row["of"] == 0:
                lines.append(f"  {when}: no campaign got there")
                continue
            lines.append(f"  {when}: {row['rate']:.1%} of {row['of']} "
                         f"(95% interval {row['interval'][0]:.1%} to {row['interval'][1]:.1%}),"
                         f" {row['evidence_mean']:.2f} evidence cards on average")
        correct, won = summary["accusation_correct"], summary["campaign_won"]
        if correct["of"]:
            lines.append(f"  first accusation correct: {correct['rate']:.1%}; wrong guesses "
                         f"{summary['wrong_guesses_mean']:.2f} on average")
        lines.append(f"  campaigns won: {won['rate']:.1%}; stuck (a scenario lost "
                     f"{MAX_ATTEMPTS} times): {summary['stuck']}; fewest combinations left: "
                     f"{summary['fewest_combinations_left']}")
    return "\n".join(lines) + "\n"


RENDERERS: dict[str, Callable[[dict], str]] = {
    "text": render_text,
    "json": lambda data: json.dumps(data, indent=2) + "\n",
}

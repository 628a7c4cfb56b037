"""`smersh simulate epic`: many whole games played by bots, and what they say to a writer.

Game ``i`` of a run with seed ``S`` is always played from `random.Random(f"{S}:{i}")`,
so the figures are the same whatever the number of processes that play them. Honest
bots that learnt first (`--learn`, learning.py) carry the frozen table in the options,
so every process plays by the same one.
"""

from __future__ import annotations

import csv
import io
import json
import multiprocessing
import os
import statistics
from collections.abc import Callable
from dataclasses import asdict, field

from smersh_dsl.play.core.estimate import Estimate
from smersh_dsl.play.epic.engine import quiet
from smersh_dsl.play.epic.game import Options, setup
from smersh_dsl.play.epic.rounds import play_game
from smersh_dsl.records import dataclass
from smersh_dsl.wording import count

TOP = 10
CHUNK = 25


@dataclass
class Played:
    """One game's figures."""

    game: int
    outcome: str
    rounds: int
    lobo_round: int | None
    deaths: int
    intel_spent: int
    henchmen_beaten: list[str]
    main_beaten_before_lobo: bool
    hurt_by: dict[str, int] = field(default_factory=dict)
    lobo_by: dict[str, int] = field(default_factory=dict)
    read: dict[str, int] = field(default_factory=dict)
    failed: dict[str, int] = field(default_factory=dict)
    cards_played: int = 0          # held cards' powers used (EP-GADGET-1)
    statuses_left: int = 0         # statuses gone by their discard effect (EP-STATUS-3)
    intel_by: dict[str, int] = field(default_factory=dict)     # entry -> intel spent in it


def play_one(doc: dict, options: Options, seed: int, index: int) -> Played:
    import random
    rng = random.Random(f"{seed}:{index}")
    game = setup(doc, options, rng, quiet)
    play_game(game)
    r = game.state.record
    return Played(index, game.state.outcome or "lost", r.rounds, r.lobo_round, r.deaths,
                  r.intel_spent, list(r.henchmen_beaten),
                  game.state.henchmen[0] in game.state.defeated,
                  dict(r.hurt_by), dict(r.lobo_by), dict(r.read), dict(r.failed),
                  game.table.tally.get("cards_played", 0), game.table.tally.get("statuses_left", 0),
                  dict(r.intel_by))


_JOB: tuple[dict, Options, int] | None = None


def _chunk(indices: list[int]) -> list[Played]:
    assert _JOB is not None
    doc, options, seed = _JOB
    return [play_one(doc, options, seed, i) for i in indices]


def run(doc: dict, options: Options, games: int, seed: int, jobs: int | None = None,
        progress: Callable[[int], None] | None = None) -> list[Played]:
    """Play ``games`` games, in ``jobs`` processes (default: the cores this process may
    use, forked so the document is not copied per game)."""
    global _JOB
    if jobs is None:
        jobs = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
    chunks = [list(range(i, min(games, i + CHUNK))) for i in range(0, games, CHUNK)]
    done: list[Played] = []
    _JOB = (doc, options, seed)
    methods = multiprocessing.get_all_start_methods()
    if jobs <= 1 or games < 2 * CHUNK or "fork" not in methods:
        for chunk in chunks:
            done.extend(_chunk(chunk))
            if progress:
                progress(len(done))
        return done
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        for part in pool.imap(_chunk, chunks):
            done.extend(part)
            if progress:
                progress(len(done))
    return sorted(done, key=lambda p: p.game)


def summary(played: list[Played], games: int, seed: int, options: Options, title: str,
            learnt: dict | None = None) -> dict:
    """The figures of ``played``; ``learnt`` (the honest bots' training: games, seed,
    responses remembered) is said when they played by a learnt table."""
    wins = sum(p.outcome == "won" for p in played)
    low, high = Estimate(wins, games).interval()
    rounds = [p.rounds for p in played]
    lobo = [p.lobo_round for p in played if p.lobo_round is not None]

    def per_game(key: str) -> list[dict]:
        total: dict[str, int] = {}
        reads: dict[str, int] = {}
        for p in played:
            for entry, n in getattr(p, key).items():
                total[entry] = total.get(entry, 0) + n
            for entry, n in p.read.items():
                reads[entry] = reads.get(entry, 0) + n
        top = sorted(total.items(), key=lambda kv: (-kv[1], kv[0]))[:TOP]
        return [{"entry": e, "per_game": round(n / games, 4), "read": reads.get(e, 0),
                 "per_reading": round(n / reads[e], 3) if reads.get(e) else None}
                for e, n in top]

    def by_card(key: str) -> list[dict]:
        total: dict[str, int] = {}
        for p in played:
            for entry, n in getattr(p, key).items():
                card = entry.split(".")[0] if entry[:1].isdigit() else entry
                total[card] = total.get(card, 0) + n
        top = sorted(total.items(), key=lambda kv: (-kv[1], kv[0]))[:TOP]
        return [{"encounter": c, "per_game": round(n / games, 4)} for c, n in top]

    return {"title": title, "games": games, "seed": seed, "players": options.players,
            "henchmen": list(options.henchmen), "bot": options.bot,
            **({"learnt": learnt} if learnt else {}),
            "won": wins, "win_rate": round(wins / games, 4),
            "interval": [round(low, 4), round(high, 4)],
            "rounds": {"mean": round(statistics.fmean(rounds), 2), "median": statistics.median(rounds),
                       "min": min(rounds), "max": max(rounds)},
            "lobo_round": {"mean": round(statistics.fmean(lobo), 2) if lobo else None,
                           "min": min(lobo, default=None), "max": max(lobo, default=None)},
            "main_henchman_beaten_before_lobo": round(
                sum(p.main_beaten_before_lobo for p in played) / games, 4),
            "deaths_per_game": round(statistics.fmean(p.deaths for p in played), 3),
            "intel_spent_per_game": round(statistics.fmean(p.intel_spent for p in played), 2),
            "cards_played_per_game": round(statistics.fmean(p.cards_played for p in played), 2),
            "statuses_left_per_game": round(statistics.fmean(p.statuses_left for p in played), 2),
            "most_health_lost": per_game("hurt_by"),
            "most_lobo_moved": per_game("lobo_by"),
            "encounters_most_health_lost": by_card("hurt_by"),
            "encounters_most_lobo_moved": by_card("lobo_by")}


def render_text(s: dict) -> str:
    spies = count(s["players"], "spy")
    out = [f"{s['title']}: {count(s['games'], 'game')}, {spies} ({s['bot']} bots), "
           f"seed {s['seed']}",
           *([f"The {s['bot']} bots played by what they learnt in "
              f"{count(s['learnt']['games'], 'game')} of their own first "
              f"({count(s['learnt']['responses'], 'response')} remembered)"]
             if s.get("learnt") else []),
           f"Spies won {s['won']} of {s['games']}: {s['win_rate']:.1%} "
           f"(95% interval {s['interval'][0]:.1%} to {s['interval'][1]:.1%})",
           f"Rounds played: mean {s['rounds']['mean']}, median {s['rounds']['median']}, "
           f"{s['rounds']['min']} to {s['rounds']['max']}",
           f"Dr. Lobo confronted after round: mean {s['lobo_round']['mean']}, "
           f"{s['lobo_round']['min']} to {s['lobo_round']['max']}",
           f"Main henchman beaten before Dr. Lobo came: {s['main_henchman_beaten_before_lobo']:.1%} "
           "of games",
           f"Deaths per game: {s['deaths_per_game']}; intel spent per game: "
           f"{s['intel_spent_per_game']}",
           f"Held cards played per game: {s['cards_played_per_game']}; statuses discarded by "
           f"their discard effect per game: {s['statuses_left_per_game']}", ""]
    for key, title in (("most_health_lost", "Entries that cost spies the most health"),
                       ("most_lobo_moved", "Entries that moved Dr. Lobo the most")):
        out.append(f"{title} (per game; times read; per reading):")
        for row in s[key]:
            out.append(f"  {row['entry']:<24} {row['per_game']:>7.3f}  {row['read']:>6}  "
                       f"{row['per_reading'] if row['per_reading'] is not None else '-':>6}")
        out.append("")
    return "\n".join(out)


def render_csv(played: list[Played]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["game", "outcome", "rounds", "lobo_round", "deaths", "intel_spent",
                     "henchmen_beaten", "main_beaten_before_lobo"])
    for p in played:
        writer.writerow([p.game, p.outcome, p.rounds, "" if p.lobo_round is None else p.lobo_round,
                         p.deaths, p.intel_spent, ";".join(p.henchmen_beaten),
                         str(p.main_beaten_before_lobo).lower()])
    return buffer.getvalue()


def render_json(s: dict) -> str:
    return json.dumps(s, indent=2, ensure_ascii=False) + "\n"


__all__ = ["Played", "asdict", "render_csv", "render_json", "render_text", "run", "summary"]

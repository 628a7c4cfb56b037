"""Whole simulated games of Agents of SMERSH per second (issue #15).

    python bench/epic_games.py                       # 1,000 games of 4 spies, every core
    python bench/epic_games.py --games 2000 --players 2 --jobs 1 --with-swagmans-hope
    python bench/epic_games.py --bot honest --bot planning --bot seasoned --bot random \
        --games 1000 --repeat 1                      # the table of docs/books.md, The bots

Runs `smersh simulate epic` as a user does (the installed command next to this Python),
so the figure covers loading the book, forking the workers and reporting; prints one
table row per bot (`--bot`, repeated; default honest) and, with --json, every run, and
then the figures each bot reached (win rate with its interval, the round Dr. Lobo was
met, deaths and intel spent a game): the table docs/books.md shows. The goals (#15,
#28): honest, 10,000 games of the bundled Epic book for 4 spies in under 60 s on 2
cores; planning, 1,000 in under 5 minutes.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def smersh() -> list[str]:
    exe = Path(sys.executable).with_name("smersh")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "smersh_dsl"]


def once(games: int, players: int, jobs: int, seed: int, swagmans: bool,
         bot: str = "honest") -> dict:
    command = smersh() + ["simulate", "epic", str(REPO / "books/epic"), "--games", str(games),
                          "--players", str(players), "--jobs", str(jobs), "--seed", str(seed),
                          "--bot", bot, "--format", "json"]
    if swagmans:
        command += ["--with", str(REPO / "books/swagmans-hope")]
    start = time.perf_counter()
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu_seconds = (after.ru_utime - cpu.ru_utime) + (after.ru_stime - cpu.ru_stime)
    if done.returncode:
        sys.exit(f"smersh simulate epic failed ({done.returncode}):\n{done.stderr}")
    figures = json.loads(done.stdout)
    return {"seconds": round(seconds, 3), "cpu_seconds": round(cpu_seconds, 3),
            "games_per_second": round(games / seconds, 1),
            "win_rate": figures["win_rate"], "interval": figures["interval"],
            "rounds": figures["rounds"]["mean"], "lobo_round": figures["lobo_round"]["mean"],
            "main_beaten": figures["main_henchman_beaten_before_lobo"],
            "deaths": figures["deaths_per_game"], "intel_spent": figures["intel_spent_per_game"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--with-swagmans-hope", action="store_true")
    parser.add_argument("--bot", action="append", default=None,
                        help="honest, planning, seasoned or random (repeat for several)")
    parser.add_argument("--json", type=Path, default=None, help="also write every run here")
    args = parser.parse_args()
    bots = args.bot or ["honest"]
    runs, rows = [], []
    book = "Epic + Swagman's Hope" if args.with_swagmans_hope else "Epic"
    # the CPU seconds, spread over the jobs, say what an unloaded machine would take: on a
    # shared one the wall clock also counts the other tenants
    print("| book | spies | bot | games | jobs | median s | CPU s | CPU s / jobs | games/s |")
    print("|---|---|---|---|---|---|---|---|---|")
    for bot in bots:
        mine = []
        for i in range(args.repeat):
            print(f"{bot}: run {i + 1} of {args.repeat} ...", file=sys.stderr)
            mine.append(once(args.games, args.players, args.jobs, args.seed,
                             args.with_swagmans_hope, bot) | {"bot": bot})
        runs += mine
        seconds = statistics.median(r["seconds"] for r in mine)
        cpu = statistics.median(r["cpu_seconds"] for r in mine)
        print(f"| {book} | {args.players} | {bot} | {args.games} | {args.jobs} | {seconds:.2f} | "
              f"{cpu:.2f} | {cpu / args.jobs:.2f} | {args.games / seconds:.1f} |", flush=True)
        rows.append(mine[0])
    print()
    print("| bot | games | spies won (95% interval) | Dr. Lobo met after round (mean) | "
          "main henchman beaten before him | deaths a game | intel spent a game |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        low, high = r["interval"]
        print(f"| {r['bot']} | {args.games:,} | {r['win_rate']:.1%} ({low:.1%}-{high:.1%}) | "
              f"{r['lobo_round']} | {r['main_beaten']:.1%} | {r['deaths']} | {r['intel_spent']} |")
    if args.json:
        args.json.write_text(json.dumps({"args": vars(args) | {"json": str(args.json)},
                                         "runs": runs}, indent=2) + "\n")


if __name__ == "__main__":
    main()

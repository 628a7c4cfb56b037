"""Whole simulated games of Agents of SMERSH per second (issue #15).

    python bench/epic_games.py                       # 1,000 games of 4 spies, every core
    python bench/epic_games.py --games 2000 --players 2 --jobs 1 --with-swagmans-hope

Runs `smersh simulate epic` as a user does (the installed command next to this Python),
so the figure covers loading the book, forking the workers and reporting; prints one
table row per configuration and, with --json, every run. The goal: 1,000 games of the
bundled Epic book for 4 spies in under 60 s on 2 cores.
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


def once(games: int, players: int, jobs: int, seed: int, swagmans: bool) -> dict:
    command = smersh() + ["simulate", "epic", str(REPO / "books/epic"), "--games", str(games),
                          "--players", str(players), "--jobs", str(jobs), "--seed", str(seed),
                          "--format", "json"]
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
            "win_rate": figures["win_rate"], "rounds": figures["rounds"]["mean"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--with-swagmans-hope", action="store_true")
    parser.add_argument("--json", type=Path, default=None, help="also write every run here")
    args = parser.parse_args()
    runs = []
    for i in range(args.repeat):
        print(f"run {i + 1} of {args.repeat} ...", file=sys.stderr)
        runs.append(once(args.games, args.players, args.jobs, args.seed, args.with_swagmans_hope))
    seconds = statistics.median(r["seconds"] for r in runs)
    cpu = statistics.median(r["cpu_seconds"] for r in runs)
    book = "Epic + Swagman's Hope" if args.with_swagmans_hope else "Epic"
    # the CPU seconds, spread over the jobs, say what an unloaded machine would take: on a
    # shared one the wall clock also counts the other tenants
    print("| book | spies | games | jobs | median s | CPU s | CPU s / jobs | games/s | goal |")
    print("|---|---|---|---|---|---|---|---|---|")
    goal = "met" if args.games >= 1000 and seconds * 1000 / args.games < 60 else "-"
    print(f"| {book} | {args.players} | {args.games} | {args.jobs} | {seconds:.2f} | {cpu:.2f} | "
          f"{cpu / args.jobs:.2f} | {args.games / seconds:.1f} | {goal} |")
    if args.json:
        args.json.write_text(json.dumps({"args": vars(args) | {"json": str(args.json)},
                                         "runs": runs}, indent=2) + "\n")


if __name__ == "__main__":
    main()

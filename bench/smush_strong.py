"""Strong-against-strong S.M.U.S.H. games per second, this checkout beside another (issue #31).

    python bench/smush_strong.py [--games 200] [--repeat 3] [--jobs 2] [--against /work/main]

Runs `smersh simulate smush --policy strong` as a user does, once per checkout and repeat,
alternating the checkouts so that both meet the same load, each as its own process
(`python -m smersh_dsl` with PYTHONPATH at the checkout). Reports per checkout the median
wall time, the median CPU time (user + sys of the command and its worker processes: the
main figure on a shared machine), CPU milliseconds a game, and what 10,000 games would take
on 2 cores at that CPU cost (the goal: under 120 s), with Harmony's win rate and its 95%
interval. Start-up (starting Python, building the book: some 1.5 CPU s) is measured apart,
by a run of one game, and taken out of the CPU a game; the 10,000 figure counts it once.
Each checkout plays its default search (this branch: successive halving, issue #31).
Keep GAMES to a few hundred: the 10,000 figure is extrapolated.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
GOAL_S = 120.0            # 10,000 games on 2 cores (issue #16, #31)


def run_once(tree: Path, games: int, jobs: int, seed: int) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    command = [sys.executable, "-m", "smersh_dsl", "simulate", "smush", "--policy", "strong",
               "--games", str(games), "--jobs", str(jobs), "--seed", str(seed),
               "--format", "json"]
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=tree, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    out = process.stdout.read() if process.stdout else ""
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{tree}: smersh simulate failed (exit {status})")
    data = json.loads(out)
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime,
            "harmony": data["harmony"]["wins"], "interval": data["harmony"]["interval"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", type=Path, default=None,
                        help="another checkout to measure the same way (e.g. main's)")
    parser.add_argument("--json", type=Path, default=None, help="also write every run here")
    args = parser.parse_args()
    trees = {"this": HERE.parent}
    if args.against is not None:
        trees["against"] = args.against.resolve()
    runs: dict[str, list[dict]] = {name: [] for name in trees}
    startup = {name: run_once(tree, 1, 1, args.seed)["cpu"] for name, tree in trees.items()}
    for r in range(args.repeat):
        for name, tree in trees.items():
            load = os.getloadavg()[0]
            run = run_once(tree, args.games, args.jobs, args.seed) | {"load": load}
            runs[name].append(run)
            print(f"  {name} run {r + 1}: {run['wall']:.1f} s wall, {run['cpu']:.1f} s CPU "
                  f"(load {load:.1f})", file=sys.stderr, flush=True)
    print(f"{args.games} strong-against-strong games, seed {args.seed}, {args.jobs} jobs, "
          f"medians of {args.repeat} runs, load {os.getloadavg()[0]:.1f} at the end")
    print(f"{'checkout':<40} {'wall s':>7} {'CPU s':>7} {'start-up s':>10} {'CPU ms/game':>12} "
          f"{'10k on 2 cores':>15} {'Harmony won':>12}  interval")
    for name, tree in trees.items():
        wall = statistics.median(r["wall"] for r in runs[name])
        cpu = statistics.median(r["cpu"] for r in runs[name])
        per_game = max(0.0, cpu - startup[name]) / args.games
        ten_k = (startup[name] + per_game * 10_000) / 2
        last = runs[name][-1]
        print(f"{str(tree):<40} {wall:>7.1f} {cpu:>7.1f} {startup[name]:>10.1f} "
              f"{per_game * 1000:>12.1f} "
              f"{ten_k:>13.0f} s {last['harmony'] / args.games:>11.1%}  "
              f"{last['interval'][0]:.1%}-{last['interval'][1]:.1%}"
              f"{'' if ten_k < GOAL_S else '  (goal missed: ' + str(int(GOAL_S)) + ' s)'}")
    if args.json is not None:
        args.json.write_text(json.dumps({"startup": startup, "runs": runs}, indent=2) + "\n")


if __name__ == "__main__":
    main()

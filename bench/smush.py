"""Benchmark simulated games of Agents of S.M.U.S.H. (reported, not a timed test).

    python bench/smush.py [GAMES] [--workers N] [--policy strong] [--seed S]

Plays GAMES games (default 10,000) of the bundled book, both sides with the policy
(default strong), shared among N worker processes (default: every core), and reports
games per second. The goal (issue #16): 10,000 strong-bot games in under 2 minutes on
2 cores. The figures depend on the machine and on what else it is doing: the report
gives the wall-clock time, the CPU time of this process and its workers, and the load
average, so a run on a busy machine can still be read. Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))


def _cpu() -> float:
    """CPU seconds used by this process and its finished children (the workers)."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def main() -> None:
    from smersh_dsl.pipeline.run import check_paths
    from smersh_dsl.export.document import document
    from smersh_dsl.play.smush.rules import load_rules
    from smersh_dsl.play.smush.sim import simulate

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=10_000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--policy", default="strong", choices=["random", "greedy", "strong"])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    projects, _ = check_paths([HERE.parent / "books" / "smush"])
    rules = load_rules(document(projects[0]))
    step = max(1, args.games // 20)

    def progress(done: int) -> None:
        if done % step == 0 or done == args.games:
            print(f"  {done} of {args.games} games, {time.perf_counter() - start:.0f} s",
                  file=sys.stderr, flush=True)

    start, cpu = time.perf_counter(), _cpu()
    summary = simulate(rules, args.games, args.seed, args.policy, args.policy, progress,
                       args.workers)
    seconds = time.perf_counter() - start
    print(f"{args.games} games, {args.policy} against {args.policy}, {args.workers} workers: "
          f"{seconds:.1f} s wall, {_cpu() - cpu:.1f} s CPU, "
          f"{args.games / seconds:.1f} games/s (load {os.getloadavg()[0]:.1f}); "
          f"Harmony won {summary.wins['harmony']}")
    print(f"10,000 games would take {10_000 / (args.games / seconds):.0f} s at this rate "
          f"(goal: under 120 s on 2 cores)")
    if args.policy == "strong":
        playouts(rules, args.seed)


def playouts(rules, seed: int, games: int = 5) -> None:  # noqa: ANN001 - smush.rules.Rules
    """What bounds a strong game: the simulated games its searches play, and their cost."""
    from smersh_dsl.play.smush import strong
    from smersh_dsl.play.smush.sim import simulate

    count = 0
    play_out = strong.StrongBot.play_out

    def counted(self, *args):  # noqa: ANN001, ANN202
        nonlocal count
        count += 1
        return play_out(self, *args)

    strong.StrongBot.play_out = counted
    start = time.perf_counter()
    simulate(rules, games, seed, "strong", "strong")
    seconds = time.perf_counter() - start
    strong.StrongBot.play_out = play_out
    print(f"a strong game plays {count / games:.0f} simulated games in its searches "
          f"({seconds / games:.2f} s a game, {seconds / count * 1e6:.0f} us a simulated game, "
          f"in one process)")


if __name__ == "__main__":
    main()

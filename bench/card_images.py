"""Benchmark the card images of the bundled books (reported, not a timed test).

    python bench/card_images.py [--jobs N] [--dpi N]

Copies books/ to a temporary folder and times `smersh build COPY --format cards`, as a
user runs it (a process of its own; its rendering processes' CPU time is counted):

1. cold: an empty cache, every card of every deck of the four games laid out and drawn;
2. warm: the same build again, nothing changed;
3. one card changed (a gadget's flavour text in the Epic book), the rest cached.

The goals (issue #30): 1. in under 60 s on 2 cores; 3. in under 5 s. The figures depend
on the machine and on what else it is doing: each line gives the wall-clock time, the CPU
time of the build and its workers, the card images a second and the load average, so a
run on a busy machine can still be read.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent


def _cpu() -> float:
    """CPU seconds of the finished children (the build and its rendering processes)."""
    times = os.times()
    return times.children_user + times.children_system


def timed(label: str, books: Path, out: Path, env: dict, jobs: int | None, dpi: int) -> float:
    command = [sys.executable, "-m", "smersh_dsl", "build", str(books), "--format", "cards",
               "--out", str(out), "--dpi", str(dpi)] + ([] if jobs is None else ["--jobs", str(jobs)])
    start, cpu = time.perf_counter(), _cpu()
    run = subprocess.run(command, capture_output=True, text=True, env=env)
    seconds, used = time.perf_counter() - start, _cpu() - cpu
    if run.returncode != 0:
        sys.exit(f"{label}: smersh build failed ({run.returncode}):\n{run.stderr[-3000:]}")
    images = sum(int(n) for n in re.findall(r"wrote (\d+) card images?", run.stderr))
    drawn = re.search(r"rendered (\d+) card page", run.stderr)
    print(f"{label:<16} {seconds:6.2f} s wall, {used:6.2f} s CPU, {images} images "
          f"({drawn.group(1) if drawn else '?'} laid out now), {images / seconds:6.1f} "
          f"images/s, load {os.getloadavg()[0]:.1f}", flush=True)
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--dpi", type=int, default=300)
    args = parser.parse_args()
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}, {args.dpi} dpi")
    with tempfile.TemporaryDirectory(prefix="smersh-bench-cards-") as folder:
        books = Path(folder) / "books"
        shutil.copytree(REPO / "books", books)
        env = {**os.environ, "SMERSH_CACHE_DIR": str(Path(folder) / "cache"),
               "PYTHONPATH": str(REPO)}
        out = Path(folder) / "out"
        cold = timed("cold", books, out, env, args.jobs, args.dpi)
        timed("warm", books, out, env, args.jobs, args.dpi)
        gadgets = books / "epic" / "cards" / "gadgets.smersh"
        text = gadgets.read_text(encoding="utf-8")
        gadgets.write_text(text.replace('flavour "', 'flavour "Again: ', 1), encoding="utf-8")
        one = timed("one card changed", books, out, env, args.jobs, args.dpi)
    print(f"goals: cold < 60 s ({'met' if cold < 60 else 'missed'}), one card changed < 5 s "
          f"({'met' if one < 5 else 'missed'})")


if __name__ == "__main__":
    main()

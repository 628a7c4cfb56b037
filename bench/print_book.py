"""Benchmark the encounter book of a 3,000-entry project (reported, not a timed test).

    python bench/print_book.py [ENTRIES] [DIR]

Generates the project with bench/generate.py, then times, each against an empty cache:

1. one WeasyPrint process rendering the whole book as one HTML page (``--jobs 0``),
2. the parallel build, ``--jobs 2``, cold (empty cache),
3. a rebuild after changing one entry (warm cache).

Each time includes what `smersh build --format pdf` does for the book: check the
project, make its JSON document and the book's HTML, render, merge and write.

The goals (issue #6): 2. in at most 25 s and at least 1.7 times faster than 1.; 3. in at
most 5 s. The figures depend on the machine and on what else it is doing: each line gives
the wall-clock time, the CPU time of this process and its workers, and the load average,
so a run on a busy machine can still be read.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))


def timed(label: str, project: Path, target: Path, jobs: int, cache) -> float:
    """Check the project and make and render its encounter book, as `smersh build --format
    pdf` does: with more than one job, the rendering processes start (and warm up) while
    the book's HTML is made."""
    from contextlib import nullcontext

    from smersh_dsl.checks.run import check_paths
    from smersh_dsl.export.document import document
    from smersh_dsl.print.books.encounter_book import encounter_book
    from smersh_dsl.print.pipeline import Planned, build
    from smersh_dsl.print.profiles import profile
    from smersh_dsl.print.workers import Renderers

    start, cpu = time.perf_counter(), _cpu()
    projects, _ = check_paths([project])
    chosen = profile("pnp")
    doc = document(projects[0], with_sources=True)
    with Renderers(jobs) if jobs > 1 else nullcontext(None) as renderers:
        book = encounter_book(doc, chosen)
        result = build([Planned(target, book)], chosen, jobs=jobs, cache=cache, renderers=renderers)
    seconds = time.perf_counter() - start
    print(f"{label:<36} {seconds:6.1f} s wall {_cpu() - cpu:6.1f} s CPU  "
          f"({len(book.sections)} sections, {result.rendered} rendered, {result.cached} cached; "
          f"load {os.getloadavg()[0]:.1f})", flush=True)
    return seconds


def _cpu() -> float:
    """CPU seconds used by this process and its finished children (the render workers)."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def main() -> None:
    from smersh_dsl.print.cache import SectionCache

    entries = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    root = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(tempfile.mkdtemp(prefix="smersh-bench-"))
    project, out = root / "project", root / "out"
    subprocess.run([sys.executable, str(HERE / "generate.py"), str(entries), str(project)], check=True)
    os.environ["SMERSH_CACHE_DIR"] = str(root / "parse-cache")
    print(f"{entries} entries, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    single = timed("one WeasyPrint process (--jobs 0)", project, out / "single.pdf", 0, None)
    shutil.rmtree(root / "print-cache", ignore_errors=True)    # empty, also when DIR is reused
    cache = SectionCache(root / "print-cache")
    cold = timed("--jobs 2, empty cache", project, out / "encounter-book.pdf", 2, cache)
    first = sorted(project.glob("entries-*.smersh"))[0]
    text = first.read_text(encoding="utf-8")
    first.write_text(text.replace('"It works."', '"It works, and how."', 1), encoding="utf-8")
    warm = timed("--jobs 2, one entry changed", project, out / "encounter-book.pdf", 2, cache)
    print(f"\nspeed-up of --jobs 2 over one process: {single / cold:.2f}x (goal: at least 1.7x)")
    print(f"cold build: {cold:.1f} s (goal: at most 25 s); rebuild: {warm:.1f} s (goal: at most 5 s)")


if __name__ == "__main__":
    main()

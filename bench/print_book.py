"""Benchmark the encounter book of a 3,000-entry project (reported, not a timed test).

    python bench/print_book.py [ENTRIES] [DIR]
    python bench/print_book.py --images [ENTRIES] [DIR]

Generates the project with bench/generate.py, then times, each against an empty cache:

1. one WeasyPrint process rendering the whole book as one HTML page (``--jobs 0``),
2. the parallel build, ``--jobs 2``, cold (empty cache),
3. a rebuild after changing one entry (warm cache).

Each time includes what `smersh build --format pdf` does for the book: check the
project, make its JSON document and the book's HTML, render, merge and write.

The goals (issue #6): 2. in at most 25 s and at least 1.7 times faster than 1.; 3. in at
most 5 s.

With ``--images`` it times instead the encounter book and the card sheets, ``--jobs 2``
with an empty cache, of the same project twice: without pictures, then with an icon in
every test line and a picture of its own on every card (issue #20: goal, at most 1.3
times the time without). The figures depend on the machine and on what else it is doing: each line gives
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

    from smersh_dsl.pipeline.run import check_paths
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


def timed_documents(label: str, project: Path, out: Path, cache) -> tuple[float, float]:
    """Check the project, make its encounter book and card sheets with the project's
    pictures, render them with two processes and write them, as `smersh build` does."""
    from smersh_dsl.pipeline.run import check_paths
    from smersh_dsl.export.document import document
    from smersh_dsl.print.catalogue import BUILDERS
    from smersh_dsl.print.pictures import pictures_of
    from smersh_dsl.print.pipeline import Planned, build
    from smersh_dsl.print.profiles import profile
    from smersh_dsl.print.workers import Renderers

    start, cpu = time.perf_counter(), _cpu()
    projects, found = check_paths([project])
    assert not [d for d in found if d.severity.value == "error"], found[:3]
    chosen = profile("pnp")
    doc = document(projects[0], with_sources=True)
    with Renderers(2) as renderers:
        planned = [Planned(out / f"{b.name}.pdf", b.build(doc, chosen, pictures_of(projects[0])))
                   for b in BUILDERS if b.name in ("encounter-book", "cards")]
        result = build(planned, chosen, jobs=2, cache=cache, renderers=renderers)
    assert not result.diagnostics, result.diagnostics[:3]
    seconds, used = time.perf_counter() - start, _cpu() - cpu
    sizes = ", ".join(f"{p.name} {p.stat().st_size / 1e6:.1f} MB" for p in sorted(out.glob("*.pdf")))
    print(f"{label:<36} {seconds:6.1f} s wall {used:6.1f} s CPU  "
          f"({result.rendered} sections; {sizes}; load {os.getloadavg()[0]:.1f})", flush=True)
    return seconds, used


def images_main(entries: int, root: Path) -> None:
    from smersh_dsl.print.cache import SectionCache

    times = {}
    print(f"{entries} entries, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    for mode, flags in (("without pictures", []), ("with icons and card art", ["--images"])):
        project = root / mode.replace(" ", "-")
        shutil.rmtree(project, ignore_errors=True)
        subprocess.run([sys.executable, str(HERE / "generate.py"), str(entries), str(project), *flags],
                       check=True)
        shutil.rmtree(root / "print-cache", ignore_errors=True)
        times[mode] = timed_documents(f"--jobs 2, {mode}", project, root / "out" / mode.replace(" ", "-"),
                                      SectionCache(root / "print-cache"))
    (wall, cpu), (plain_wall, plain_cpu) = times["with icons and card art"], times["without pictures"]
    print(f"\nwith pictures / without: {wall / plain_wall:.2f}x wall, {cpu / plain_cpu:.2f}x CPU "
          "(goal: at most 1.3x; on a shared machine the CPU ratio is the steadier one)")


def _cpu() -> float:
    """CPU seconds used by this process and its finished children (the render workers)."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def main() -> None:
    from smersh_dsl.print.cache import SectionCache

    args = [a for a in sys.argv[1:] if a != "--images"]
    entries = int(args[0]) if args else 3000
    root = Path(args[1]) if len(args) > 1 else Path(tempfile.mkdtemp(prefix="smersh-bench-"))
    if "--images" in sys.argv:
        os.environ["SMERSH_CACHE_DIR"] = str(root / "parse-cache")
        return images_main(entries, root)
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

"""Parsing many files at once: the ones the disk cache does not hold, in parallel processes.

A cold check of a large project spends most of its time in the parser, one file at a
time; files are independent, so they are shared between this process and one worker
process per other core, and the workers' results (immutable models) come back to be
remembered. This process parses too, from the other end of the list (see `_share`).
Small jobs stay in-process: a worker costs more than it saves below a
few hundred kilobytes.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

from smersh_dsl.parse import cache as disk_cache
from smersh_dsl.parse.parser import Parsed, driver, parse_fresh, parse_memoised, recall, remember
from smersh_dsl.parse.source import read_source

MIN_PARALLEL_BYTES = 256 * 1024
_processes_allowed = True


def serial_only() -> None:
    """Never start worker processes in this process (the language server: forking a
    process that runs an event loop and threads is not safe, and after its first check
    it only ever parses what was just edited)."""
    global _processes_allowed
    _processes_allowed = False


def _workers() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:          # not on Linux
        return os.cpu_count() or 1


def _parse_and_store(job: tuple[str, str]) -> Parsed:
    text, shown = job
    parsed = parse_memoised(text, shown)
    disk_cache.store(text, shown, parsed)
    return parsed


def _parse_in_worker(job: tuple[str, str]) -> bytes | Parsed:
    """Parse, keep it in the disk cache, and send it back as those same bytes: the model
    is pickled once, not once for the cache and again for the trip between processes.
    The worker does not remember it: it would hold half the project's models, for
    nothing, beside the models this process keeps."""
    text, shown = job
    parsed = parse_fresh(text, shown)
    try:
        blob = disk_cache.encode(text, shown, parsed)
    except (RecursionError, ValueError):     # too deep to pickle: send it the usual way
        return parsed
    disk_cache.store(text, shown, parsed, blob)
    return blob


def parse_many(files: list[tuple[Path, str, Path | None]]) -> None:
    """Make sure every (path, shown name, project folder) is parsed and remembered, using
    the disk cache and, for what it misses, every core. Files that cannot be read (or lie
    outside their project's folder) are left to the caller, which reports them."""
    missing: list[tuple[str, str]] = []
    for path, shown, root in files:
        text, _ = read_source(path, shown, root)
        if text is not None and not recall(text, shown):
            missing.append((text, shown))
    workers = min(_workers(), len(missing))
    size = sum(len(text) for text, _ in missing)
    if (workers < 2 or size < MIN_PARALLEL_BYTES or not _processes_allowed
            or not sys.platform.startswith("linux")):
        for job in missing:
            _parse_and_store(job)
        return
    driver()                        # built once here, inherited by the forked workers
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=workers - 1, mp_context=context) as pool:
        _share(missing, pool)


def _share(jobs: list[tuple[str, str]], pool: ProcessPoolExecutor) -> None:
    """The workers take files from the front, this process from the back, until they
    meet: a file is this process's once its task is cancelled before a worker started it.
    In between, this process reads back what the workers have finished, so that little is
    left to read once they meet. A fixed split had to guess how fast each side goes: a
    worker's file costs the worker a parse and this process a read back."""
    # By index, and let go of once read: the futures would otherwise hold every result's
    # bytes (half the project's pickled models) until the last one is read.
    futures = dict(enumerate(pool.submit(_parse_in_worker, job) for job in jobs))
    read, back = 0, len(jobs)
    while back > read and futures[back - 1].cancel():
        back -= 1
        _parse_and_store(jobs[back])
        while read < back and futures[read].done():
            _receive(jobs[read], futures.pop(read).result())
            read += 1
    for index in range(read, back):
        _receive(jobs[index], futures.pop(index).result())


def _receive(job: tuple[str, str], sent: bytes | Parsed) -> None:
    """Remember a worker's parse, holding the text this process read (the one its memo
    is keyed by) rather than the equal copy that came back with the parse."""
    text, shown = job
    source, findings = disk_cache.decode(sent, shown)[1] if isinstance(sent, bytes) else sent
    remember(text, shown, (replace(source, text=text), findings))

"""The limits of a rendering process (print/workers.py), for whatever passes the picture
budget (images/budget.py) and still costs too much: its address space (``RLIMIT_AS``) and
the CPU time of each section (``RLIMIT_CPU``, moved on before each section).

A section over its CPU time gets SIGXCPU, whose default action ends the process; one
over the memory gets MemoryError (reported by ``jobs.render_section``) or, where a C
library cannot take a failed allocation, ends the process. Either way the pool breaks,
and `Tracker` tells the parent which section each dead process was rendering and why, so
the build stops with P105 naming the section, never a hang or a traceback.

The numbers are ``budget.WORKER_MEMORY_BYTES`` and ``budget.SECTION_CPU_SECONDS``;
``SMERSH_WORKER_MEMORY_MB`` and ``SMERSH_SECTION_CPU_S`` lower or raise them (a CI runner
with little memory, a machine much slower than most).
"""

from __future__ import annotations

import math
import os
import resource
import signal
from typing import Any

from smersh_dsl.images.budget import SECTION_CPU_SECONDS, WORKER_MEMORY_BYTES

MIB = 1024 * 1024


def _from_environment(name: str, default: int, unit: int = 1) -> int:
    raw = os.environ.get(name, "").strip()
    return int(raw) * unit if raw.isascii() and raw.isdigit() and int(raw) > 0 else default


def memory_bytes() -> int:
    return _from_environment("SMERSH_WORKER_MEMORY_MB", WORKER_MEMORY_BYTES, MIB)


def section_cpu_seconds() -> int:
    return _from_environment("SMERSH_SECTION_CPU_S", SECTION_CPU_SECONDS)


def _lower(kind: int, soft: int) -> None:
    _, hard = resource.getrlimit(kind)
    if hard != resource.RLIM_INFINITY:
        soft = min(soft, hard)
    resource.setrlimit(kind, (soft, hard))


def limit_memory() -> None:
    """Hold this process's address space to ``memory_bytes()``."""
    _lower(resource.RLIMIT_AS, memory_bytes())


def limit_cpu_for_a_section() -> None:
    """Give this process ``section_cpu_seconds()`` more of CPU time, then SIGXCPU."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    signal.signal(signal.SIGXCPU, signal.SIG_DFL)
    _lower(resource.RLIMIT_CPU, math.ceil(usage.ru_utime + usage.ru_stime) + section_cpu_seconds())


def out_of_memory() -> str:
    return f"it needed more than the {memory_bytes() // MIB} MiB of memory a rendering process may use"


def why_it_ended(exitcode: int | None) -> str:
    """What a rendering process's end says, for the user."""
    if exitcode == -signal.SIGXCPU:
        return f"it took more than {section_cpu_seconds()} s of CPU time"
    if exitcode is not None and exitcode < 0:
        name = signal.Signals(-exitcode).name if -exitcode in signal.valid_signals() else -exitcode
        return (f"its rendering process was ended by {name}, most likely out of the "
                f"{memory_bytes() // MIB} MiB of memory a rendering process may use")
    if exitcode is None:            # ended, but reaped by the pool before it was read
        return (f"its rendering process ended, most likely over a limit: "
                f"{section_cpu_seconds()} s of CPU time a section, "
                f"{memory_bytes() // MIB} MiB of memory a process")
    return (f"its rendering process ended (exit status {exitcode}), most likely out of the "
            f"{memory_bytes() // MIB} MiB of memory a rendering process may use")


class Tracker:
    """Which section each rendering process is on: a slot per process in shared memory,
    (process id, section number + 1), 0 when idle."""

    def __init__(self, context: Any, size: int) -> None:
        self.slots = context.Array("q", 2 * size)
        self._mine: int | None = None

    def claim(self) -> None:
        """Take a free slot for this process (in the process, as it starts)."""
        with self.slots.get_lock():
            for slot in range(0, len(self.slots), 2):
                if self.slots[slot] == 0:
                    self.slots[slot] = os.getpid()
                    self._mine = slot
                    return

    def on(self, index: int | None) -> None:
        if self._mine is not None:
            self.slots[self._mine + 1] = 0 if index is None else index + 1

    def sections_of(self, pid: int) -> list[int]:
        """The section a process was rendering (none or one)."""
        with self.slots.get_lock():
            return [self.slots[s + 1] - 1 for s in range(0, len(self.slots), 2)
                    if self.slots[s] == pid and self.slots[s + 1] > 0]

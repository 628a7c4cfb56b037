"""Waiting in tests: on a signal, never on the machine's speed.

A test that waits for something (a server's readiness line, a file, a status, a
notification) waits until it happens. The only limit is the hang guard, HANG_GUARD_S: far
beyond what any machine needs, it is there so that a test whose signal never comes fails
with a message instead of holding CI until it is killed. It is not a measure of speed and
nothing asserts that something took less than a number of seconds: speed is measured in
bench/. A loaded 2-core machine (the suite beside another CPU-bound process) must pass.

SMERSH_TEST_HANG_GUARD_S overrides it (a smaller value finds a hang sooner by hand).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import TypeVar

HANG_GUARD_S = float(os.environ.get("SMERSH_TEST_HANG_GUARD_S", "900"))
T = TypeVar("T")


def until(condition: Callable[[], T], what: str, *, poll_s: float = 0.05,
          guard_s: float = HANG_GUARD_S) -> T:
    """Ask ``condition()`` again until it gives something true, and return that; fail
    naming ``what`` never happened if the hang guard runs out first. Polling a condition
    waits on the condition itself: ``poll_s`` only spaces the questions."""
    deadline = time.monotonic() + guard_s
    while True:
        found = condition()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: never happened (waited {guard_s:.0f} s)")
        time.sleep(poll_s)

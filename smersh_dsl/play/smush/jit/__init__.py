"""The strong bots' simulated games compiled by numba (issue #31): a twin of playout.py's
engine that plays the same games, move for move and die for die, for some 5 times less
CPU a strong game (docs/smush.md, "Compiled simulated games"). playout.py stays the
readable engine and the fallback: `crossing` answers None when numba cannot be imported,
when SMERSH_JIT=0, or when the rules pass the compiled engine's capacities. numba is
imported only here, when a strong search first asks, never by other commands."""

from __future__ import annotations

import os
from types import ModuleType

from smersh_dsl.play.smush.compact import Tables

_LOADED: list[ModuleType | None] = []      # jit.sampling once asked for, or None


def crossing(T: Tables) -> ModuleType | None:
    """jit.sampling, to play the simulated games of `T`'s rules compiled; None for
    playout.py's engine. SMERSH_JIT is read once, at the first call of a process."""
    if not _LOADED:
        _LOADED.append(_load())
    found = _LOADED[0]
    return found if found is not None and found.arrays.fits(T) else None


def _load() -> ModuleType | None:
    if os.environ.get("SMERSH_JIT", "1") == "0":
        return None
    try:
        from smersh_dsl.play.smush.jit import sampling
    except ImportError:                     # no numba (or no wheel for this platform)
        return None
    return sampling


def load(T: Tables) -> None:
    """Load the compiled engine for `T`'s rules now (sampling.load), if it is used: before
    worker processes fork, so that they need not load it each."""
    found = crossing(T)
    if found is not None:
        found.load(T)

"""Agents of S.M.U.S.H.: the compiled engine's generator is CPython's `random.Random`,
draw for draw, and the compiled engine is used only when it may be (numba importable,
SMERSH_JIT not 0) and imported only by a strong search (docs/smush.md, "A rollout
engine made for speed"). tests/test_smush_playout.py holds its games to playout.py's."""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys

import numpy as np
import pytest

from smersh_dsl.play.smush import jit
from smersh_dsl.play.smush.compact import tables
from test_smush_play import smush_rules

SEEDS = [0, 1, 2 ** 32 - 1, 2 ** 32, 2 ** 64 - 1, -5] + \
    [random.Random(7).getrandbits(b) for b in (16, 31, 33, 63, 64) for _ in range(40)]


def test_the_compiled_generator_draws_what_random_random_draws():
    """Seeded with many ints (one word, two words, 0, negative), the compiled Mersenne
    Twister gives random.Random's words, `random()`, `randrange`, the draws of `shuffle`
    and `sample` (the pool for small populations, the set of taken indices past 21)."""
    pytest.importorskip("numba")
    from smersh_dsl.play.smush.jit import mt

    population = np.arange(40, dtype=np.int64)
    out = np.zeros(40, dtype=np.int64)
    for seed in SEEDS:
        want, got = random.Random(seed), mt.new()
        mt.seed(got, mt.words(seed))
        assert [want.getrandbits(32) for _ in range(700)] == [mt.genrand(got) for _ in range(700)]
        for n in (1, 2, 3, 5, 7, 36, 1000, 2 ** 31, 2 ** 32 - 1):
            assert want.randrange(n) == mt.randbelow(got, n), (seed, n)
        assert want.random() == mt.random(got)
        want.shuffle(list(range(9)))
        mt.shuffled(got, 9)
        for n, k in ((6, 3), (4, 4), (21, 5), (22, 5), (40, 4), (30, 6)):
            mt.sample(got, population, n, k, out)
            assert want.sample(range(n), k) == out[:k].tolist(), (seed, n, k)
        assert want.getrandbits(32) == mt.genrand(got)


def test_smersh_jit_0_plays_on_the_python_engine(monkeypatch):
    """SMERSH_JIT=0 turns the compiled engine off (read at the first strong search of a
    process); otherwise it is there when numba is."""
    T = tables(smush_rules())
    monkeypatch.setattr(jit, "_LOADED", [])
    monkeypatch.setenv("SMERSH_JIT", "0")
    assert jit.crossing(T) is None
    monkeypatch.setattr(jit, "_LOADED", [])
    monkeypatch.delenv("SMERSH_JIT")
    if importlib.util.find_spec("numba") is None:
        assert jit.crossing(T) is None
    else:
        assert jit.crossing(T) is not None


def test_numba_is_imported_only_when_a_strong_search_runs():
    """Importing the command line and the strong bots leaves numba unimported (its import
    alone costs more than a `smersh check`)."""
    code = ("import sys; import smersh_dsl.cli, smersh_dsl.play.smush.strong, "
            "smersh_dsl.play.smush.sim; print('numba' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "False"


def test_loading_before_the_workers_fork_loads_every_crossing(monkeypatch):
    """jit.load (sim.simulate calls it before forking its workers) leaves every entry of
    the compiled engine loaded, so that no worker loads or compiles one of its own."""
    pytest.importorskip("numba")
    from smersh_dsl.play.smush.jit import engine

    monkeypatch.setattr(jit, "_LOADED", [])
    monkeypatch.delenv("SMERSH_JIT", raising=False)

    jit.load(tables(smush_rules()))
    for entry in (engine.play_sample, engine.harmony_best, engine.packed_dealt_costs):
        assert entry.signatures, entry

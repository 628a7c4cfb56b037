"""smersh_dsl/records.py: dataclasses whose generated methods are compiled once per Python
and kept in the cache folder, so that a new `smersh` process imports its model for less.
The classes must be the standard library's in every respect; a kept file that is damaged
or planted must be passed over, never run."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from smersh_dsl import records

# One process: import the model and the checks, say how many methods it compiled and
# what a few of its classes do.
PROBE = """
import json
from smersh_dsl.model.span import Span
import smersh_dsl.model.document  # the whole model
from smersh_dsl import records
a = Span("f.smersh", 1, 2, 3, 4)
print(json.dumps({"compiled": records.compiled, "repr": repr(a),
                  "eq": a == Span("f.smersh", 1, 2, 3, 4), "lt": a < Span("f.smersh", 2, 1, 2, 1),
                  "fields": [f.name for f in __import__("dataclasses").fields(Span)]}))
"""


def probe(cache: str) -> dict:
    env = {**os.environ, "SMERSH_CACHE_DIR": cache,
           "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    done = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True,
                          text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def kept_files(cache: Path) -> list[Path]:
    return sorted(cache.glob("*/code/dataclasses-*.marshal"))


def test_a_class_made_here_is_the_standard_librarys_in_every_respect():
    def make(decorate):
        @decorate(frozen=True, order=True)
        class Point:
            x: int
            y: int = 0
            tags: tuple = dataclasses.field(default=(), compare=False)
        return Point

    ours, theirs = make(records.dataclass), make(dataclasses.dataclass)
    a, b = ours(1, 2), theirs(1, 2)
    assert repr(a).replace("make.<locals>.", "") == repr(b).replace("make.<locals>.", "")
    assert a == ours(1, 2, ("x",)) and a < ours(2) and hash(a) == hash(ours(1, 2))
    assert [f.name for f in dataclasses.fields(a)] == [f.name for f in dataclasses.fields(b)]
    assert dataclasses.replace(a, y=5) == ours(1, 5)
    assert dataclasses.asdict(a) == dataclasses.asdict(b)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.x = 3

    @records.dataclass(kw_only=True, slots=True)
    class Named:
        name: str
        items: list = dataclasses.field(default_factory=list)

    n = Named(name="Lobo")
    n.items.append(1)
    assert Named(name="Lobo").items == [] and not hasattr(n, "__dict__")
    with pytest.raises(TypeError):
        Named("Lobo")                       # keyword only, as asked


def test_a_second_process_compiles_nothing_and_builds_the_same_classes(tmp_path):
    cache = str(tmp_path / "cache")
    first = probe(cache)
    assert first["compiled"] > 100            # the model's methods, compiled and kept
    assert len(kept_files(Path(cache))) == 1
    second = probe(cache)
    assert second["compiled"] == 0
    assert {k: v for k, v in second.items() if k != "compiled"} == \
        {k: v for k, v in first.items() if k != "compiled"}
    assert second["eq"] and second["lt"] and second["repr"].startswith("Span(file='f.smersh'")


@pytest.mark.parametrize("planted", [b"not sealed at all", b"smersh-sealed-1\n" + b"\0" * 32])
def test_a_damaged_or_planted_file_is_passed_over_and_written_again(tmp_path, planted):
    cache = tmp_path / "cache"
    probe(str(cache))
    kept = kept_files(cache)[0]
    import marshal
    evil = marshal.dumps({"x": compile("raise SystemExit(99)", "<string>", "exec")})
    kept.write_bytes(planted + evil)
    again = probe(str(cache))                 # ran, and compiled its methods itself
    assert again["compiled"] > 100 and again["eq"]
    assert probe(str(cache))["compiled"] == 0  # the file was sealed again


def test_with_caching_off_nothing_is_kept(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    found = probe("")
    assert found["compiled"] > 100 and found["eq"]
    assert not list(tmp_path.rglob("*.marshal"))

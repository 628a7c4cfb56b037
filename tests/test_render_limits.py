"""The rendering processes' limits (print/limits.py, issue #26): whatever passes the
picture budget and still costs too much ends in a P105 naming the section and the limit,
never a hang, a traceback or "a rendering process died".

The renderer is made costly on purpose, for the section that shows the card's picture
only: a layout that spins (the CPU limit, lowered to 1 s) or that takes memory until
there is none (the memory limit, lowered to 700 MiB). On today's main the first never
ends and the second is "a rendering process died (out of memory?)" or a MemoryError.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from waiting import HANG_GUARD_S
from conftest import REPO
from test_sigterm import project_with_a_picture

COSTLY_LAYOUT = r"""
import sys
import smersh_dsl.print.render as render

real_layout = render.layout
MODE = sys.argv[1]

def layout(html, *args, **kwargs):
    if "badge.svg" in html:
        if MODE == "cpu":
            while True:
                pass
        hog = []
        while True:
            hog.append(bytearray(32 << 20))
    return real_layout(html, *args, **kwargs)

render.layout = layout
sys.argv = ["smersh"] + sys.argv[2:]
from smersh_dsl.cli import main
main()
"""

@pytest.mark.parametrize("limit, setting, says", [
    ("cpu", {"SMERSH_SECTION_CPU_S": "1"}, "it took more than 1 s of CPU time"),
    ("memory", {"SMERSH_WORKER_MEMORY_MB": "700"}, "700 MiB of memory a rendering process may use"),
])
def test_a_section_over_a_limit_is_p105_naming_it(tmp_path: Path, limit, setting, says):
    root = project_with_a_picture(tmp_path)
    out = tmp_path / "out"
    env = {k: v for k, v in os.environ.items() if k != "SMERSH_DEBUG"}
    env.update(setting, SMERSH_CACHE_DIR=str(tmp_path / "cache"),
               PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")])))
    done = subprocess.run([sys.executable, "-c", COSTLY_LAYOUT, limit, "build", str(root),
                           "--format", "pdf", "--jobs", "2", "--out", str(out)],
                          capture_output=True, text=True, env=env, cwd=tmp_path, timeout=HANG_GUARD_S)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr
    over = [line for line in done.stderr.splitlines() if "error[P105]" in line]
    assert len(over) == 1 and over[0].startswith(
        f"{root}:1:1: error[P105]: cards, section Encounter cards: Europe: could not be "
        "rendered: "), done.stderr
    assert says in over[0], over[0]
    assert "no PDF written" in done.stderr
    assert not out.exists() or [p for p in out.rglob("*") if p.is_file()] == []


def test_the_limits_are_taken_from_the_environment_only_when_they_are_numbers(monkeypatch):
    from smersh_dsl.images.budget import SECTION_CPU_SECONDS, WORKER_MEMORY_BYTES
    from smersh_dsl.print import limits

    for value in ("", "-5", "0", "²", "ten"):
        monkeypatch.setenv("SMERSH_SECTION_CPU_S", value)
        monkeypatch.setenv("SMERSH_WORKER_MEMORY_MB", value)
        assert limits.section_cpu_seconds() == SECTION_CPU_SECONDS
        assert limits.memory_bytes() == WORKER_MEMORY_BYTES
    monkeypatch.setenv("SMERSH_WORKER_MEMORY_MB", "900")
    assert limits.memory_bytes() == 900 * 1024 * 1024

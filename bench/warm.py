"""The warm re-check after one file is edited (issue #31), three ways, CPU beside wall:

  new process   `smersh check -q PROJECT` with the parse cache left by a cold check;
  daemon        `smersh check --daemon -q PROJECT`, the daemon warmed by one check first
                (its CPU read from /proc before and after, the client's added);
  language      the language server's re-check of the project with the edited text as
  server        an unsaved buffer, in this process (lsp/checker.py's ``analyse``).

    python bench/generate.py 10000 /tmp/bench-10k
    python bench/warm.py /tmp/bench-10k [--repeat 5]

Each edit changes the prose of one entry of the first entries file. Medians, the load
average before and after. The figures are the machine's; nothing here is asserted.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROSE = "It works."
TICK = os.sysconf("SC_CLK_TCK")


def smersh() -> list[str]:
    exe = Path(sys.executable).with_name("smersh")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "smersh_dsl"]


def run(cmd: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    """Wall and CPU seconds (user + sys of the process and its children), exit code."""
    start = time.perf_counter()
    process = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    return wall, usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status)


def cpu_of(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def daemon_pid(runtime: Path) -> int:
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            text = cmdline.read_bytes()
        except OSError:
            continue
        if b"smersh_dsl.daemon.server" in text and str(runtime).encode() in text:
            return int(cmdline.parent.name)
    raise RuntimeError("no daemon found")


def median(figures: list[tuple[float, float]]) -> str:
    wall = statistics.median(f[0] for f in figures)
    cpu = statistics.median(f[1] for f in figures)
    return f"wall {wall:.3f} s, CPU {cpu:.3f} s (min wall {min(f[0] for f in figures):.3f})"


def load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def main() -> None:
    options = argparse.ArgumentParser()
    options.add_argument("project", type=Path)
    options.add_argument("--repeat", type=int, default=5)
    options.add_argument("--skip", default="", help="comma-separated: process,daemon,lsp")
    args = options.parse_args()
    skip = set(filter(None, args.skip.split(",")))
    project = args.project.resolve()
    edited = sorted(project.glob("entries-*.smersh"))[0]
    original = edited.read_text(encoding="utf-8")
    scratch = Path(tempfile.mkdtemp(prefix="smersh-warm-", dir="/tmp"))
    env = dict(os.environ, SMERSH_CACHE_DIR=str(scratch / "cache"), XDG_RUNTIME_DIR=str(scratch))
    print(f"load before: {load()}")
    try:
        wall, cpu, _ = run([*smersh(), "check", "-q", str(project)], env)
        print(f"cold check: wall {wall:.2f} s, CPU {cpu:.2f} s")
        if "process" not in skip:
            figures = []
            for i in range(args.repeat):
                edited.write_text(original.replace(PROSE, f"It works ({i}, {time.time_ns()}).", 1),
                                  encoding="utf-8")
                figures.append(run([*smersh(), "check", "-q", str(project)], env)[:2])
            print(f"new process: {median(figures)}")
        if "daemon" not in skip:
            run([*smersh(), "check", "--daemon", "-q", str(project)], env)
            pid = daemon_pid(scratch)
            figures = []
            for i in range(args.repeat):
                edited.write_text(original.replace(PROSE, f"It works (d{i}, {time.time_ns()}).", 1),
                                  encoding="utf-8")
                before = cpu_of(pid)
                wall, client, _ = run([*smersh(), "check", "--daemon", "-q", str(project)], env)
                figures.append((wall, client + cpu_of(pid) - before))
            run([*smersh(), "daemon", "stop"], env)
            print(f"daemon: {median(figures)}")
        edited.write_text(original, encoding="utf-8")
        if "lsp" not in skip:
            os.environ["SMERSH_CACHE_DIR"] = str(scratch / "cache")
            from smersh_dsl.lsp.checker import State, analyse
            from smersh_dsl.parse import collector, parallel
            collector.one_shot(False)
            parallel.serial_only()
            # the server's own memo of the project's findings and its last index, where
            # it keeps them (State.memo; analyse's `previous`)
            memo = (State().memo,) if hasattr(State(), "memo") else ()
            index, _ = analyse(project, {}, *memo)
            figures = []
            for i in range(args.repeat):
                text = original.replace(PROSE, f"It works (l{i}).", 1)
                start, cpu = time.perf_counter(), time.process_time()
                keep = (*memo, index) if memo else ()
                index, _ = analyse(project, {edited.resolve(): text}, *keep)
                figures.append((time.perf_counter() - start, time.process_time() - cpu))
            print(f"language server: {median(figures)}")
    finally:
        edited.write_text(original, encoding="utf-8")
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"load after: {load()}")


if __name__ == "__main__":
    main()

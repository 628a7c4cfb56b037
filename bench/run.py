"""Whole-process benchmark of `smersh check`, side by side with bare Lark and inkjs.

    python bench/run.py [--sizes 1000,10000,100000] [--repeat N] [--keep DIR] [--json FILE]

For each size N it generates (once, cached under --keep) a synthetic project of N
encounter entries (generate.py) and the equivalent ink story (ink.py), then times
separate processes:

  (a) cold `smersh check`: empty parse cache (SMERSH_CACHE_DIR and XDG_CACHE_HOME point
      at a fresh folder, which is also the working directory);
  (b) bare Lark: the same files parsed with the same grammar and options, nothing else;
  (c) the ratio a / b;
  (d) warm re-check: `smersh check` again with the cache (a) left, after one prose
      string of one file was changed (and, for reference, with nothing changed); and
      the same through the daemon, `smersh check --daemon` (started, and warmed by one
      untimed check, before the edit; stopped after);
  (e) peak memory of (a): the process's own ru_maxrss (os.wait4) and, sampled every
      50 ms, the summed RSS of its whole process tree (for parallel parsing);
  (f) inkjs (npm `inkjs@2`, installed under bench/.node/ on first use) compiling the
      equivalent ink story, and the ratio f / a, in wall time and in CPU (user + sys of
      the process and the children it waited for: smersh's parsing workers, inkjs's
      threads), the figure to judge by on a shared machine.

Progress goes to stderr, the table to stdout. The machine's load average is printed
with it: on a shared machine the figures are noisy.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import generate  # noqa: E402
import ink  # noqa: E402

NODE_DIR = BENCH / ".node"
INKJS = NODE_DIR / "node_modules" / "inkjs"
INKJS_CLI = INKJS / "bin" / "inkjs-compiler.js"
EDITED = "entries-000.smersh"           # the file the warm re-check edits
PROSE = "It works."                     # ... and the prose string it changes

WARM_DAEMON_S = 0.2                     # issue #31's goals for a warm re-check, 1 file edited
WARM_PLAIN_S = 0.5

TARGETS = {                             # at 10k entries; reported, not asserted
    "check_vs_inkjs": "smersh check >= 2x faster than inkjs",
    "check_vs_inkjs_cpu": "smersh check >= 3x less CPU than inkjs",
    "check_vs_lark": "smersh check <= 1.25x bare Lark",
    "warm": f"warm re-check < {WARM_DAEMON_S} s (--daemon)",
    "warm_plain": f"warm re-check < {WARM_PLAIN_S} s (new process)",
    "memory": "peak memory < 600 MB",
    "memory_100k": "peak memory at 100k < 450 MB",
    "scaling": "100k <= 12x the 10k time",
}


def say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def loadavg() -> str:
    try:
        return Path("/proc/loadavg").read_text().strip()
    except OSError:
        return "?"


# ---- measuring one process ----------------------------------------------------------

def _tree_rss_kb(root: int) -> int:
    """Summed VmRSS (kB) of ``root`` and every descendant, read from /proc."""
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue
        ppid = int(stat[stat.rfind(b")") + 2:].split()[1])
        parents.setdefault(ppid, []).append(int(entry))
    total, todo = 0, [root]
    page_kb = os.sysconf("SC_PAGE_SIZE") // 1024
    while todo:
        pid = todo.pop()
        todo.extend(parents.get(pid, ()))
        try:
            with open(f"/proc/{pid}/statm") as f:
                total += int(f.read().split()[1]) * page_kb
        except (OSError, IndexError, ValueError):
            pass
    return total


def measure(cmd: list[str], env: dict[str, str] | None = None, cwd: Path | None = None,
            timeout: float = 3600) -> dict:
    """Run ``cmd`` once: wall seconds, exit code, own peak RSS (MB, from wait4: the max
    over the process and its reaped children), sampled peak RSS of the process tree."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=err, env=env, cwd=cwd)
        peak = [0]
        stop = threading.Event()

        def sample() -> None:
            while not stop.is_set():
                try:
                    peak[0] = max(peak[0], _tree_rss_kb(proc.pid))
                except Exception:                  # noqa: BLE001  (a racing /proc)
                    pass
                stop.wait(0.05)

        sampler = threading.Thread(target=sample, daemon=True)
        if Path("/proc").is_dir():
            sampler.start()
        killer = threading.Timer(timeout, proc.kill)
        killer.start()
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        killer.cancel()
        stop.set()
        if sampler.is_alive():
            sampler.join()
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode("utf-8", "replace")
        stderr = err.read().decode("utf-8", "replace")
    return {"wall_s": wall, "rc": proc.returncode, "maxrss_mb": usage.ru_maxrss / 1024,
            "tree_rss_mb": peak[0] / 1024, "user_s": usage.ru_utime, "sys_s": usage.ru_stime,
            "stdout_tail": stdout[-2000:], "stderr_tail": stderr[-2000:],
            "stderr_lines": stderr.count("\n")}


def summary(runs: list[dict]) -> dict:
    walls = [r["wall_s"] for r in runs]
    return {"median_s": statistics.median(walls), "min_s": min(walls), "max_s": max(walls),
            "cpu_s": statistics.median(r["user_s"] + r["sys_s"] for r in runs),
            "maxrss_mb": max(r["maxrss_mb"] for r in runs),
            "tree_rss_mb": max(r["tree_rss_mb"] for r in runs),
            "rc": sorted({r["rc"] for r in runs}), "runs": runs}


# ---- inputs -------------------------------------------------------------------------

def inputs(size: int, keep: Path, per_file: int) -> tuple[Path, Path]:
    """The project folder and ink story for ``size``, regenerated when the generators
    (or the size, or the split) changed."""
    stamp = hashlib.sha256((BENCH / "generate.py").read_bytes() + (BENCH / "ink.py").read_bytes()
                           + f"{size}/{per_file}".encode()).hexdigest()[:16]
    home = keep / str(size)
    project, story, mark = home / "project", home / "story.ink", home / "stamp"
    if mark.is_file() and mark.read_text() == stamp and project.is_dir() and story.is_file():
        return project, story
    say(f"[{size}] generating project and ink story under {home}")
    shutil.rmtree(home, ignore_errors=True)
    generate.write(size, project, per_file)
    ink.write(size, story)
    mark.write_text(stamp)
    return project, story


def ensure_inkjs(node: str | None) -> tuple[str | None, str]:
    """Path of the inkjs compiler CLI (installing inkjs under bench/.node/ if absent),
    or None and why not."""
    if node is None:
        return None, "node not found on PATH: inkjs figures skipped"
    if INKJS_CLI.is_file():
        return str(INKJS_CLI), ""
    npm = shutil.which("npm")
    if npm is None:
        return None, "npm not found on PATH: cannot install inkjs, inkjs figures skipped"
    say(f"installing inkjs@2 from npm into {NODE_DIR}")
    NODE_DIR.mkdir(parents=True, exist_ok=True)
    done = subprocess.run([npm, "install", "--prefix", str(NODE_DIR), "--no-audit", "--no-fund",
                           "inkjs@2"], capture_output=True, text=True)
    if done.returncode != 0 or not INKJS_CLI.is_file():
        return None, f"npm install inkjs@2 failed (exit {done.returncode}): {done.stderr.strip()[-500:]}"
    return str(INKJS_CLI), ""


def tools(snapshot: Path | None = None) -> dict:
    """How to run smersh (a command prefix), the Python beside it, the grammar file.
    With ``snapshot``, smersh_dsl (and its grammar, schemas, books) is first copied
    there and run from the copy (`python -m smersh_dsl` with PYTHONPATH): edits made to
    the checkout while the benchmark runs do not change what is measured."""
    here = Path(sys.executable).parent
    smersh = here / "smersh"
    smersh_cmd = str(smersh) if smersh.is_file() else shutil.which("smersh")
    if smersh_cmd is None:
        sys.exit("run.py: no `smersh` next to this Python or on PATH; run it with the venv's "
                 "python (e.g. .venv/bin/python bench/run.py, the README's virtual environment)")
    python = str(Path(smersh_cmd).parent / "python")
    if not Path(python).is_file():
        python = sys.executable
    env = None
    command = [smersh_cmd]
    if snapshot is not None:
        package = Path(subprocess.run([python, "-c", "import smersh_dsl; print(smersh_dsl.__file__)"],
                                      capture_output=True, text=True, check=True).stdout.strip()).parent
        shutil.rmtree(snapshot, ignore_errors=True)
        shutil.copytree(package, snapshot / "smersh_dsl")
        for name in ("grammar", "schemas", "books"):
            if (package.parent / name).is_dir() and not (package / "_data").is_dir():
                shutil.copytree(package.parent / name, snapshot / name)
        env = dict(os.environ, PYTHONPATH=str(snapshot))
        command = [python, "-m", "smersh_dsl"]
        say(f"running a snapshot of {package} taken now, from {snapshot}")
    found = subprocess.run([python, "-c", "from smersh_dsl.resources import grammar_path;"
                            "import lark; print(grammar_path()); print(lark.__version__)"],
                           capture_output=True, text=True, check=True, env=env).stdout.split("\n")
    helptext = subprocess.run(command + ["check", "--help"], capture_output=True, text=True,
                              env=env).stdout
    node = shutil.which("node")
    return {"smersh": command, "python": python, "grammar": found[0], "lark": found[1],
            "env": env or {}, "node": node, "cache_flag": "--cache-dir" in helptext,
            "daemon": "--daemon" in helptext,
            "node_version": subprocess.run([node, "--version"], capture_output=True,
                                           text=True).stdout.strip() if node else None}


# ---- one size -----------------------------------------------------------------------

def bench_size(size: int, t: dict, inkjs: str | None, keep: Path, per_file: int,
               repeat: int, timeout: float, same: bool = True) -> dict:
    project, story = inputs(size, keep, per_file)
    files = sorted(project.rglob("*.smersh"))
    result: dict = {"entries": size, "project": str(project), "story": str(story),
                    "files": len(files), "mb": sum(f.stat().st_size for f in files) / 2**20,
                    "ink_mb": story.stat().st_size / 2**20, "loadavg_before": loadavg()}
    edited = project / EDITED
    original = edited.read_text(encoding="utf-8")
    cold, warm, warm_same, lark, inkruns, cache_mb = [], [], [], [], [], []
    warm_daemon: list = []
    plain: list = []
    # Lark's tables for bare Lark, computed once here and not timed: smersh ships its own.
    tables = Path(tempfile.mkdtemp(prefix="smersh-bench-lark-tables-"))
    for flags in ([], ["--no-positions"]):
        measure([t["python"], str(BENCH / "bare_lark.py"), t["grammar"], str(tables), str(tables),
                 *flags], t["env"] or None, tables, timeout)
    try:
        for i in range(repeat):
            scratch = Path(tempfile.mkdtemp(prefix=f"smersh-bench-{size}-"))
            env = dict(t["env"] or os.environ, SMERSH_CACHE_DIR=str(scratch / "cache"),
                       XDG_CACHE_HOME=str(scratch / "xdg"))
            check = [*t["smersh"], "check", "-q", str(project)]
            if t["cache_flag"]:
                check[-1:-1] = ["--cache-dir", str(scratch / "cache")]
            for stale in project.glob(".*cache*"):             # a cache kept in the project
                shutil.rmtree(stale, ignore_errors=True)
            say(f"[{size}] run {i + 1}/{repeat} (load {loadavg().split()[0]})")

            def timed(label: str, into: list, cmd: list[str], env_: dict | None) -> None:
                into.append(measure(cmd, env_, scratch, timeout))
                say(f"[{size}]   {label:<34} {into[-1]['wall_s']:7.2f} s  exit {into[-1]['rc']}  "
                    f"peak {into[-1]['maxrss_mb']:.0f} MB (tree {into[-1]['tree_rss_mb']:.0f} MB)")

            timed("cold smersh check", cold, check, env)
            cache_mb.append(sum(f.stat().st_size for f in scratch.rglob("*") if f.is_file()) / 2**20)
            if same:
                timed("warm re-check, nothing edited", warm_same, check, env)
            edited.write_text(original.replace(PROSE, f"It works (edit {i}, {time.time_ns()}).", 1),
                              encoding="utf-8")
            timed(f"warm re-check, {EDITED} edited", warm, check, env)
            if t["daemon"]:
                through = [*t["smersh"], "check", "--daemon", "-q", str(project)]
                daemon_env = dict(env, XDG_RUNTIME_DIR=str(scratch))
                measure(through, daemon_env, scratch, timeout)       # starts and warms it
                edited.write_text(original.replace(PROSE, f"It works (daemon {i}).", 1),
                                  encoding="utf-8")
                time.sleep(0.05)
                timed(f"warm re-check --daemon, {EDITED} edited", warm_daemon, through, daemon_env)
                measure([*t["smersh"], "daemon", "stop"], daemon_env, scratch, timeout)
            edited.write_text(original, encoding="utf-8")
            timed("bare Lark parse", lark, [t["python"], str(BENCH / "bare_lark.py"), t["grammar"],
                                            str(project), str(tables)], t["env"] or None)
            timed("bare Lark parse, no positions", plain,
                  [t["python"], str(BENCH / "bare_lark.py"), t["grammar"], str(project),
                   str(tables), "--no-positions"], t["env"] or None)
            if inkjs:
                timed("inkjs compile", inkruns, [t["node"], *t.get("node_args", []), inkjs, "-o", str(scratch / "story.json"),
                                                 str(story)], None)
            shutil.rmtree(scratch, ignore_errors=True)
    finally:
        edited.write_text(original, encoding="utf-8")
        shutil.rmtree(tables, ignore_errors=True)
    result.update(cold=summary(cold), warm=summary(warm), warm_same=summary(warm_same) if warm_same else None,
                  warm_daemon=summary(warm_daemon) if warm_daemon else None,
                  lark_plain=summary(plain),
                  lark=summary(lark), inkjs=summary(inkruns) if inkruns else None,
                  cache_mb_after_cold=max(cache_mb), loadavg_after=loadavg())
    problems = []
    for name in ("cold", "warm", "warm_same", "warm_daemon", "lark", "lark_plain", "inkjs"):
        part = result[name]
        if part and part["rc"] != [0]:
            tail = (part["runs"][-1]["stdout_tail"] + part["runs"][-1]["stderr_tail"]).strip()
            problems.append(f"{name}: exit {part['rc']}: {tail[-600:]}")
    if inkruns:
        errors = sum(r["stderr_tail"].count("ERROR") for r in inkruns)
        warnings = sum(r["stderr_tail"].count("WARNING") for r in inkruns)
        if errors or warnings:
            problems.append(f"inkjs reported {errors} errors, {warnings} warnings")
    result["problems"] = problems
    return result


# ---- report -------------------------------------------------------------------------

def table(results: list[dict], notes: list[str]) -> str:
    cols = [f"{r['entries']:,}" for r in results]

    def row(label: str, values: list[str], target: str = "") -> str:
        return f"{label:<42}" + "".join(f"{v:>13}" for v in values) + (f"   {target}" if target else "")

    def ok(part: dict | None) -> bool:
        return bool(part) and part["rc"] == [0]

    def secs(part: dict | None) -> str:
        if not part:
            return "n/a"
        return f"{part['median_s']:.2f}" if ok(part) else f"FAIL {part['rc'][-1]}"

    def spread(part: dict | None) -> str:
        return "n/a" if not part else f"{part['min_s']:.2f}-{part['max_s']:.2f}"

    def cpu(part: dict | None) -> str:
        return "n/a" if not part else f"{part['cpu_s']:.2f}"

    def ratio(a: dict | None, b: dict | None) -> str:
        return f"{a['median_s'] / b['median_s']:.2f}x" if ok(a) and ok(b) else "n/a"

    def cpu_ratio(a: dict | None, b: dict | None) -> str:
        return f"{a['cpu_s'] / b['cpu_s']:.2f}x" if ok(a) and ok(b) and b["cpu_s"] else "n/a"

    def peak(part: dict) -> str:
        return f"{max(part['maxrss_mb'], part['tree_rss_mb']):.0f}"

    lines = [row("entries", cols, "target (at 10k)"),
             row("files / MB of .smersh", [f"{r['files']} / {r['mb']:.1f}" for r in results]),
             row("(a) smersh check, cold        [s]", [secs(r["cold"]) for r in results]),
             row("    min-max", [spread(r["cold"]) for r in results]),
             row("    CPU user+sys", [cpu(r["cold"]) for r in results]),
             row("(b) bare Lark parse           [s]", [secs(r["lark"]) for r in results]),
             row("    min-max", [spread(r["lark"]) for r in results]),
             row("    CPU user+sys", [cpu(r["lark"]) for r in results]),
             row("    without positions        [s]", [secs(r["lark_plain"]) for r in results]),
             row("(c) a / b", [ratio(r["cold"], r["lark"]) for r in results], "<= 1.25x"),
             row("    a / b without positions", [ratio(r["cold"], r["lark_plain"]) for r in results]),
             row("    a / b in CPU", [cpu_ratio(r["cold"], r["lark"]) for r in results]),
             row("(d) warm re-check, 1 file edited [s]", [secs(r["warm"]) for r in results]),
             row("    warm re-check, no edit    [s]", [secs(r["warm_same"]) for r in results]),
             row("    --daemon, 1 file edited   [s]", [secs(r["warm_daemon"]) for r in results],
                 f"< {WARM_DAEMON_S} s"),
             row("    parse cache left by (a)  [MB]", [f"{r['cache_mb_after_cold']:.1f}" for r in results]),
             row("(e) peak RSS of (a)          [MB]", [f"{r['cold']['maxrss_mb']:.0f}" for r in results], "< 600 MB"),
             row("    peak RSS, (a)'s tree sum [MB]", [f"{r['cold']['tree_rss_mb']:.0f}" for r in results]),
             row("    peak RSS of (a), larger  [MB]", [peak(r["cold"]) for r in results], "100k < 450 MB"),
             row("    peak RSS of (b)          [MB]", [f"{r['lark']['maxrss_mb']:.0f}" for r in results]),
             row("(f) inkjs compile             [s]", [secs(r["inkjs"]) for r in results]),
             row("    min-max", [spread(r["inkjs"]) for r in results]),
             row("    CPU user+sys (several threads)", [cpu(r["inkjs"]) for r in results]),
             row("    f / a (smersh speed-up)", [ratio(r["inkjs"], r["cold"]) for r in results], ">= 2x"),
             row("    f / a in CPU", [cpu_ratio(r["inkjs"], r["cold"]) for r in results], ">= 3x"),
             row("    peak RSS of (f)          [MB]",
                 [f"{r['inkjs']['maxrss_mb']:.0f}" if r["inkjs"] else "n/a" for r in results]),
             row("    ink story                [MB]", [f"{r['ink_mb']:.1f}" for r in results])]
    by = {r["entries"]: r for r in results}
    scale = []
    for r in results:
        tenth = by.get(r["entries"] // 10)
        scale.append(f"{r['cold']['median_s'] / tenth['cold']['median_s']:.2f}x" if tenth else "-")
    lines.append(row("a(N) / a(N/10)  (10x the entries)", scale, "100k <= 12x 10k"))
    lines.append(row("load average before", [r["loadavg_before"].split()[0] for r in results]))
    lines.append(row("load average after", [r["loadavg_after"].split()[0] for r in results]))
    ten = by.get(10_000)
    if ten:
        lines.append("")
        lines.append("targets at 10k entries:")
        checks = []
        if ten["inkjs"] and ten["inkjs"]["rc"] == [0]:
            checks.append(("check_vs_inkjs", ten["inkjs"]["median_s"] / ten["cold"]["median_s"] >= 2,
                           f"{ten['inkjs']['median_s'] / ten['cold']['median_s']:.2f}x"))
            checks.append(("check_vs_inkjs_cpu", ten["inkjs"]["cpu_s"] / ten["cold"]["cpu_s"] >= 3,
                           f"{ten['inkjs']['cpu_s'] / ten['cold']['cpu_s']:.2f}x"))
        checks += [("check_vs_lark", ten["cold"]["median_s"] / ten["lark"]["median_s"] <= 1.25,
                    f"{ten['cold']['median_s'] / ten['lark']['median_s']:.2f}x"),
                   ("warm_plain", ten["warm"]["median_s"] < WARM_PLAIN_S, f"{ten['warm']['median_s']:.2f} s"),
                   ("memory", max(ten["cold"]["maxrss_mb"], ten["cold"]["tree_rss_mb"]) < 600,
                    f"{max(ten['cold']['maxrss_mb'], ten['cold']['tree_rss_mb']):.0f} MB")]
        if ten["warm_daemon"]:
            checks.append(("warm", ten["warm_daemon"]["median_s"] < WARM_DAEMON_S,
                           f"{ten['warm_daemon']['median_s']:.2f} s"))
        if 100_000 in by:
            s = by[100_000]["cold"]["median_s"] / ten["cold"]["median_s"]
            checks.append(("scaling", s <= 12, f"{s:.2f}x"))
        for key, met, got in checks:
            lines.append(f"  {'met   ' if met else 'MISSED'} {TARGETS[key]:<40} measured {got}")
    big = by.get(100_000)
    if big:
        most = max(big["cold"]["maxrss_mb"], big["cold"]["tree_rss_mb"])
        lines.append("")
        lines.append(f"  {'met   ' if most < 450 else 'MISSED'} {TARGETS['memory_100k']:<40} "
                     f"measured {most:.0f} MB")
    for r in results:
        for p in r["problems"]:
            notes.append(f"[{r['entries']}] {p}")
    if notes:
        lines.append("")
        lines += [f"note: {n}" for n in notes]
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="1000,10000,100000",
                    help="entry counts, comma-separated (default 1000,10000,100000)")
    ap.add_argument("--repeat", type=int, default=None,
                    help="runs of each measurement, median reported (default 3, 1 above 10k)")
    ap.add_argument("--keep", type=Path, default=BENCH / ".data",
                    help="where generated projects and stories are kept and reused "
                         "(default bench/.data)")
    ap.add_argument("--json", type=Path, help="also write every figure and run to this file")
    ap.add_argument("--per-file", type=int, default=100, help="entries to a file (default 100)")
    ap.add_argument("--no-ink", action="store_true", help="skip inkjs")
    ap.add_argument("--snapshot", type=Path, metavar="DIR",
                    help="copy smersh_dsl (grammar, schemas, books) to DIR first and measure "
                         "the copy: edits to the checkout during the run then change nothing")
    ap.add_argument("--node-heap", type=int, metavar="MB",
                    help="node --max-old-space-size for inkjs (its default heap, about 4 GB, "
                         "runs out on the 100k story)")
    ap.add_argument("--no-same", action="store_true",
                    help="skip the warm re-check with nothing edited (saves a run per size)")
    ap.add_argument("--timeout", type=float, default=3600, help="seconds before a run is killed")
    args = ap.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))     # restore the edited file
    sizes = [int(s.replace("_", "")) for s in args.sizes.split(",") if s.strip()]

    t = tools(args.snapshot)
    notes: list[str] = []
    inkjs = None
    if not args.no_ink:
        inkjs, why = ensure_inkjs(t["node"])
        if why:
            notes.append(why)
            say(why)
    inkjs_version = None
    if inkjs:
        inkjs_version = json.loads((INKJS / "package.json").read_text())["version"]
    if not t["cache_flag"]:
        notes.append("`smersh check --help` shows no --cache-dir; cold runs set SMERSH_CACHE_DIR and "
                     "XDG_CACHE_HOME to a fresh folder (also the working directory)")
    say(f"smersh: {' '.join(t['smersh'])}  lark {t['lark']}  node {t['node_version']}  inkjs {inkjs_version}  "
        f"cpus {os.cpu_count()}  load {loadavg()}")
    results = []
    for size in sizes:
        repeat = args.repeat if args.repeat else (3 if size <= 10_000 else 1)
        t["node_args"] = [f"--max-old-space-size={args.node_heap}"] if args.node_heap else []
        results.append(bench_size(size, t, inkjs, args.keep, args.per_file, repeat, args.timeout,
                                   not args.no_same))
    header = (f"smersh check vs bare Lark vs inkjs — median of runs; {platform.python_implementation()} "
              f"{platform.python_version()}, lark {t['lark']}, node {t['node_version']}, "
              f"inkjs {inkjs_version}, {os.cpu_count()} CPUs, {platform.machine()}")
    print(header)
    print(table(results, notes))
    if args.json:
        args.json.write_text(json.dumps({"tools": {k: v for k, v in t.items() if k != "env"}, "inkjs": inkjs_version, "cpus": os.cpu_count(),
                                         "results": results, "notes": notes}, indent=1))
        say(f"wrote {args.json}")


if __name__ == "__main__":
    main()

"""How long the language server takes to re-check after an edit to one file: the same
call its didChange handler makes (check_paths with the edited text as an overlay, and the
project's CheckMemo, so that only the checks whose inputs moved run again), wall and CPU.

    python bench/generate.py 3000 /tmp/bench-3k
    python bench/lsp_edit.py /tmp/bench-3k
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from smersh_dsl.checks.memo import CheckMemo
from smersh_dsl.pipeline.run import check_paths


def main(root: Path) -> None:
    target = sorted(root.glob("entries-*.smersh"))[0]
    text = target.read_text(encoding="utf-8")
    shown = lambda p: str(p.resolve())  # noqa: E731
    memo = CheckMemo()
    start = time.perf_counter()
    check_paths([root], memo=memo, shown=shown, overlay={})
    print(f"first check (cold, in process): {time.perf_counter() - start:.2f} s")
    edits = {
        "typing inside one entry": lambda i: text.replace("It works.", f"It works, edit {i}.", 1),
        "a line added at the top (every block moves)": lambda i: f"# note {i}\n" + text,
        "a line added mid-file": lambda i: _insert_line(text, f"# note {i}"),
    }
    for label, edit in edits.items():
        times, cpu = [], []
        for i in range(5):
            edited = edit(i)
            start, started_cpu = time.perf_counter(), time.process_time()
            check_paths([root], memo=memo, shown=shown, overlay={target.resolve(): edited})
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - started_cpu)
        print(f"re-check after {label}: median {statistics.median(times) * 1000:.0f} ms "
              f"(min {min(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms) over {len(times)} edits; "
              f"CPU median {statistics.median(cpu) * 1000:.0f} ms; checks run {memo.ran}, reused {memo.reused}")


def _insert_line(text: str, line: str) -> str:
    middle = text.index("\nentry ", len(text) // 2) + 1
    return text[:middle] + line + "\n" + text[middle:]

if __name__ == "__main__":
    main(Path(sys.argv[1]))

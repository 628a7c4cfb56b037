"""How long the language server takes to re-check after an edit to one file: the same
call its didChange handler makes (check_paths with the edited text as an overlay).

    python bench/generate.py 3000 /tmp/bench-3k
    python bench/lsp_edit.py /tmp/bench-3k
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from smersh_dsl.checks.run import check_paths


def main(root: Path) -> None:
    target = sorted(root.glob("entries-*.smersh"))[0]
    text = target.read_text(encoding="utf-8")
    shown = lambda p: str(p.resolve())  # noqa: E731
    start = time.perf_counter()
    check_paths([root], shown=shown, overlay={})
    print(f"first check (cold, in process): {time.perf_counter() - start:.2f} s")
    times = []
    for i in range(5):
        edited = text.replace("It works.", f"It works, edit {i}.", 1)
        start = time.perf_counter()
        _, found = check_paths([root], shown=shown, overlay={target.resolve(): edited})
        times.append(time.perf_counter() - start)
    print(f"re-check after a one-file edit: median {statistics.median(times) * 1000:.0f} ms "
          f"(min {min(times) * 1000:.0f} ms) over {len(times)} edits")


if __name__ == "__main__":
    main(Path(sys.argv[1]))

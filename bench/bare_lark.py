"""Bare Lark: parse every .smersh file of a project with smersh's grammar and Lark options,
and nothing else (no transformer, no model, no checks). The floor `smersh check` is
measured against, run by run.py as a whole process.

    python bench/bare_lark.py GRAMMAR_FILE PROJECT_DIR [LARK_CACHE_DIR] [--no-positions]

The options are those of smersh_dsl/parse/parser.py `parser()` without its transformer
(lalr, contextual lexer, maybe_placeholders=False, lexer callbacks on the same terminals,
here trivial ones: keep comments, pass numbers through), and Lark's own parse tree with
positions (`propagate_positions`): what a checker that points at spans needs from Lark.
smersh places its model itself, inside the parser, so it asks Lark for no positions;
`--no-positions` times Lark's plain tree without them too, for reference. Given
LARK_CACHE_DIR, the parser tables come from Lark's `cache=` file there; run.py fills that
folder once before timing, as smersh's tables ship with its grammar. Files are found as
smersh finds a project's files: every *.smersh below the folder, skipping dot-folders.
Prints one line: files, bytes, seconds spent building the parser and parsing.
"""

from __future__ import annotations

import hashlib
import os
import sys
import time
from pathlib import Path

from lark import Lark


def files_of(root: Path) -> list[Path]:
    found: list[Path] = []
    for current, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        found.extend(Path(current) / n for n in sorted(names) if n.endswith(".smersh"))
    return found


def main(grammar: Path, root: Path, tables: Path | None = None, positions: bool = True) -> None:
    start = time.perf_counter()
    comments: list = []
    same = lambda token: token  # noqa: E731  (smersh clamps over-long numbers here)
    text = grammar.read_text(encoding="utf-8")
    cache: str | bool = False
    if tables is not None:
        tables.mkdir(parents=True, exist_ok=True)
        digest = hashlib.sha256(text.encode()).hexdigest()[:16]
        cache = str(tables / f"lark-{digest}-{'pp' if positions else 'plain'}.pickle")
    parser = Lark(text, parser="lalr", lexer="contextual", cache=cache,
                  propagate_positions=positions, maybe_placeholders=False,
                  lexer_callbacks={"COMMENT": comments.append, "INT": same,
                                   "SIGNED_INT": same, "ENTRY_KEY": same})
    built = time.perf_counter()
    files = files_of(root)
    size = 0
    for path in files:
        text = path.read_text(encoding="utf-8")
        size += len(text)
        comments.clear()
        parser.parse(text)
    done = time.perf_counter()
    print(f"files={len(files)} chars={size} build_s={built - start:.3f} parse_s={done - built:.3f}")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--no-positions"]
    main(Path(args[0]), Path(args[1]), Path(args[2]) if len(args) > 2 else None,
         positions="--no-positions" not in sys.argv)

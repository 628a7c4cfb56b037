"""`smersh check --fix`: the findings' certain fixes made in the project's files, then the
changed files laid out as `smersh fmt` would.

Fixes are made in memory and checked again (the checker reading the fixed texts in place of
the files) until a pass fixes nothing more, since a syntax error hides what follows it in
its block; only then is anything written, each file atomically. A file outside the checked
projects (a bundled base game) is never touched.
"""

from __future__ import annotations

import difflib
import os
from dataclasses import field
from pathlib import Path

from smersh_dsl.pipeline.run import check_run
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.diagnostics.fix import Fix, apply, compatible
from smersh_dsl.fmt.layout import format_text
from smersh_dsl.fmt.run import comments, same_meaning
from smersh_dsl.parse.parser import parse_text
from smersh_dsl.project.discover import real
from smersh_dsl.records import dataclass
from smersh_dsl.resources import bundled_books
from smersh_dsl.settings.policy import Policy

MAX_PASSES = 10


@dataclass
class Fixed:
    """What the fixes did: each file's text before and after, and the findings fixed."""
    before: dict[Path, str] = field(default_factory=dict)
    after: dict[Path, str] = field(default_factory=dict)
    fixed: list[tuple[Diagnostic, Fix]] = field(default_factory=list)

    def changed(self) -> list[Path]:
        return sorted(p for p in self.after if self.after[p] != self.before[p])

    def diff(self) -> str:
        return "".join("".join(difflib.unified_diff(
            self.before[p].splitlines(True), self.after[p].splitlines(True),
            shown(p), f"{shown(p)} (fixed)")) for p in self.changed())


def shown(path: Path) -> str:
    relative = os.path.relpath(path)
    return path.as_posix() if relative.startswith("..") else Path(relative).as_posix()


def _own_files(run_projects: list) -> set[Path]:
    bundled = real(bundled_books())
    files = {Path(f.path) for p in run_projects for f in p.files}
    return {f for f in files if bundled not in real(f).parents}


def fix_paths(paths: list[Path], policy: Policy | None = None, unsafe: bool = False) -> Fixed:
    """Make every fix of the findings in ``paths`` (the safe ones, or all with ``unsafe``)."""
    result = Fixed()
    texts: dict[Path, str] = {}          # by the path as spans name it (absolute)
    for _ in range(MAX_PASSES):
        overlay = {real(p): t for p, t in texts.items()}
        run = check_run(paths, policy, shown=lambda p: os.path.abspath(p), overlay=overlay)
        own = _own_files(run.projects)
        chosen: list[tuple[Diagnostic, Fix]] = []
        for d in run.diagnostics:
            fix = d.fix
            if fix is None or not (fix.safe or unsafe) or not compatible([f for _, f in chosen], fix):
                continue
            if all(Path(e.span.file) in own for e in fix.edits):
                chosen.append((d, fix))
        if not chosen:
            break
        by_file: dict[Path, list] = {}
        for _, fix in chosen:
            for edit in fix.edits:
                by_file.setdefault(Path(edit.span.file), []).append(edit)
        unreadable = set()
        for path, edits in by_file.items():
            if path not in texts:
                try:
                    texts[path] = result.before[path] = path.read_text(encoding="utf-8")
                except (OSError, UnicodeDecodeError):   # gone or changed since it was checked
                    unreadable.add(path)
                    continue
            texts[path] = apply(texts[path], edits)
        result.fixed.extend((d, f) for d, f in chosen
                            if not any(Path(e.span.file) in unreadable for e in f.edits))
        if unreadable:
            break
    result.after = {p: laid_out(t, str(p)) for p, t in texts.items()}
    return result


def laid_out(text: str, file: str) -> str:
    """``text`` as `smersh fmt` lays it out, or as it is where fmt would leave it alone (a
    syntax error left, a layout that would change the meaning)."""
    source, problems = parse_text(text, file)
    if any(p.code.startswith(("S", "I")) for p in problems):
        return text
    after = format_text(text)
    formatted, _ = parse_text(after, file)
    if not same_meaning(formatted.definitions, source.definitions) or comments(formatted) != comments(source):
        return text
    return after

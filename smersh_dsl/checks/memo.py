"""What the checks found last time, for a re-check that runs only the checks whose inputs
moved (the daemon, the language server, `smersh serve`; issue #31).

A check's inputs are the files of its project and of the games under it, the project's
settings (which rules are on, Q001's typical spy) and where those projects stand. A file
that did not change is the same object as last time (the parse memo hands it back), so
most files compare by identity; a file that did change is compared by its *outline*: its
model with the writer's prose left out (``Prose`` nodes keep where they start, on which
line they end, and nothing else). No check but the prose checks reads prose, and those
read the text of each file, one file at a time (they are memoised per file and text), so
an edit to prose leaves every other check's findings as they were. ``tests/
test_incremental.py`` holds an incremental run to a cold one, edit by edit.

Two kinds of check always run: those that read files beside the sources (art on disk,
``Check.reads_files``), and any that asked for the names of the games available this
time (a missing base game: the neighbouring folders may have changed).

A new process starts from the memo the last one left on disk (checks/memo_store.py):
there a file is its ``Stamp``, its shown name and the key of its text in the parse cache;
a file whose text is the same has the same stamp, and one that changed is compared by
outline with its last parse, read back from the parse cache by that key."""

from __future__ import annotations

from smersh_dsl.checks.outline import Outline, outline
from smersh_dsl.checks.relocate import Moves, moves, relocated
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.document import Project, SourceFile
from smersh_dsl.parse import cache as disk_cache
from smersh_dsl.records import dataclass


@dataclass(frozen=True)
class Stamp:
    """A file as the memo on disk knows it: its shown name, its text's parse-cache key."""
    path: str
    key: str


@dataclass
class _Last:
    files: tuple[SourceFile | Stamp, ...]
    where: tuple
    settings: tuple
    found: list[Diagnostic]


class CheckMemo:
    """The last findings of each check of each project, and what they were made from."""

    def __init__(self) -> None:
        self._last: dict[tuple, _Last] = {}
        self._outlines: dict[int, tuple[SourceFile, Outline]] = {}
        self._moves: dict[tuple[int, int], tuple[SourceFile | Stamp, SourceFile, Moves | None]] = {}
        self._stamps: dict[int, tuple[SourceFile, Stamp | None]] = {}
        # Outlines by parse-cache key, read from the memo on disk: the outline of a file
        # edited last run, so an edit after it needs no outline of the parse before.
        self._kept: dict[str, Outline] = {}
        self.reused = self.ran = 0                  # this run's counts, for tests and benches

    def start(self) -> None:
        self.reused = self.ran = 0
        self._moves.clear()

    def recall(self, project: Project, name: str, settings: tuple) -> list[Diagnostic] | None:
        """The findings the check ``name`` made last time, if its inputs are as they were
        (moved along their lines where an edit moved them)."""
        last = self._last.get(_key(project, name))
        if last is None or last.settings != settings or last.where != _where(project):
            return None
        files = _files(project)
        if len(files) != len(last.files):
            return None
        changed: list[Moves] = []
        for before, after in zip(last.files, files):
            if before is not after and not (isinstance(before, Stamp) and before == self.stamp(after)):
                moved = self._moved(before, after)
                if moved is None or moved.file != after.path:
                    return None
                changed.append(moved)
        found = relocated(last.found, changed)
        if found is None:
            return None
        self.reused += 1
        last.files, last.found = files, found
        return found

    def keep(self, project: Project, name: str, settings: tuple, found: list[Diagnostic]) -> None:
        self.ran += 1
        self._last[_key(project, name)] = _Last(_files(project), _where(project), settings, found)

    def forget(self, project: Project, name: str) -> None:
        self.ran += 1
        self._last.pop(_key(project, name), None)

    def finish(self) -> None:
        """Drop the outlines and stamps of files no finding of the memo was made from."""
        alive = {id(f) for last in self._last.values() for f in last.files}
        self._outlines = {k: v for k, v in self._outlines.items() if k in alive}
        self._stamps = {k: v for k, v in self._stamps.items() if k in alive}
        self._moves.clear()

    def stamp(self, source: SourceFile) -> Stamp | None:
        """``source`` as the memo on disk names it (None without a parse cache)."""
        known = self._stamps.get(id(source))
        if known is None or known[0] is not source:
            key = disk_cache.key_of(source.text)
            known = self._stamps[id(source)] = (source, None if key is None else Stamp(source.path, key))
        return known[1]

    def stamped(self) -> dict[tuple, tuple] | None:
        """Every check's last findings with its files as stamps, for the memo on disk;
        None when a file has none (no parse cache)."""
        kept = {}
        for name, last in self._last.items():
            files = tuple(f if isinstance(f, Stamp) else self.stamp(f) for f in last.files)
            if None in files:
                return None
            kept[name] = (files, last.where, last.settings, last.found)
        return kept

    def adopt(self, kept: dict[tuple, tuple], outlines: dict[str, Outline] | None = None) -> None:
        """Start from what ``stamped`` and ``outlines`` gave (in another process)."""
        self._last = {name: _Last(*last) for name, last in kept.items()}
        self._kept = dict(outlines or {})

    def outlines(self) -> dict[str, Outline]:
        """The outlines this memo knows of the files its findings were made from, by their
        parse-cache key (for the memo on disk)."""
        known = {}
        for last in self._last.values():
            for f in last.files:
                if isinstance(f, Stamp):
                    if f.key in self._kept:
                        known[f.key] = self._kept[f.key]
                    continue
                found, stamp = self._outlines.get(id(f)), self.stamp(f)
                if found is not None and found[0] is f and stamp is not None:
                    known[stamp.key] = found[1]
        return known

    def _moved(self, before: SourceFile | Stamp, after: SourceFile) -> Moves | None:
        """How ``after``'s spans lie next to ``before``'s: once a run for each pair."""
        known = self._moves.get((id(before), id(after)))
        if known is None:
            old, new = self._outline(before), self._outline(after)
            known = (before, after, None if old is None or new is None else moves(old, new))
            self._moves[(id(before), id(after))] = known
        return known[2]

    def _outline(self, source: SourceFile | Stamp) -> Outline | None:
        known = self._outlines.get(id(source))
        if known is None or known[0] is not source:
            kept = self._kept.get(source.key) if isinstance(source, Stamp) else None
            known = self._outlines[id(source)] = (source, kept or _outline_of(source))
        return known[1]


def _outline_of(source: SourceFile | Stamp) -> Outline | None:
    """A file's outline; a stamp's from its parse in the cache (None if it is gone)."""
    if isinstance(source, SourceFile):
        return outline(source)
    parsed = disk_cache.load_keyed(source.key, source.path)
    return None if parsed is None else outline(parsed[0])


def _key(project: Project, name: str) -> tuple:
    return str(project.root), project.kind.value, project.name, name


def _files(project: Project) -> tuple[SourceFile, ...]:
    return tuple(f for member in project.lineage() for f in member.files)


def _where(project: Project) -> tuple:
    return tuple((str(p.root), p.kind.value, p.name, len(p.files), tuple(sorted(g.value for g in p.gaps)))
                 for p in project.lineage())

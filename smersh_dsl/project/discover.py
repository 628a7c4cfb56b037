"""Finding projects under the paths a user gives.

A folder holding a manifest (``book.smersh`` or ``game.smersh``) is a project, with
every ``.smersh`` file below it except those of nested projects. A folder without one
is searched for projects; loose files outside any project stand alone.

Symbolic links (docs/robustness.md): a linked *file* is listed under the link's own path,
and the reader (`files.reading`) reads it only if it leads to a regular file inside
the project (I009, I008 otherwise); a linked *folder* met while walking is never entered,
so a link to a parent folder cannot loop and a link out of the project cannot pull a
whole tree in. A link that loops onto itself is a file that cannot be read (I004), and
so is a folder that cannot be listed.
"""

from __future__ import annotations

import os
from dataclasses import field
from pathlib import Path

from smersh_dsl.records import dataclass

MANIFESTS = ("book.smersh", "game.smersh")
SUFFIX = ".smersh"


class UsageError(Exception):
    """A problem with how the command was called (exit code 2)."""


@dataclass
class Found:
    root: Path
    files: list[Path] = field(default_factory=list)
    manifest: Path | None = None
    unreadable: list[tuple[Path, str]] = field(default_factory=list)   # folders, and why


def real(path: Path) -> Path:
    """``path`` with every symbolic link followed. Unlike ``Path.resolve`` (which raises
    RuntimeError on a link that loops, before Python 3.13), a loop is left as it is; the
    reader then reports it as a file it cannot read."""
    return Path(os.path.realpath(path))


def manifest_of(folder: Path) -> Path | None:
    for name in MANIFESTS:
        candidate = folder / name
        if candidate.is_file():
            return candidate
    return None


def _walk(folder: Path, unreadable: list[tuple[Path, str]] | None = None) -> tuple[list[Path], list[Path]]:
    """(.smersh files directly in the tree, folders that are nested projects). A folder
    that cannot be listed goes to ``unreadable`` with the system's reason: skipping it
    quietly would pass a check that never saw its files."""
    files: list[Path] = []
    nested: list[Path] = []
    seen: set[tuple[int, int]] = set()

    def refused(error: OSError) -> None:
        if unreadable is not None:
            unreadable.append((Path(error.filename or folder), error.strerror or str(error)))

    for current, dirs, names in os.walk(folder, onerror=refused, followlinks=False):
        here = Path(current)
        stat = here.stat()
        if (stat.st_dev, stat.st_ino) in seen:
            dirs[:] = []
            continue
        seen.add((stat.st_dev, stat.st_ino))
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        if here != folder and manifest_of(here):
            nested.append(here)
            dirs[:] = []
            continue
        files.extend(here / n for n in sorted(names) if n.endswith(SUFFIX))
    return files, nested


def ordered(root: Path, files: list[Path], manifest: Path | None) -> list[Path]:
    """Manifest first, then by path: the same order on every machine."""
    rest = sorted((f for f in files if f != manifest), key=lambda f: f.relative_to(root).as_posix())
    return ([manifest] if manifest else []) + rest


def project_of(folder: Path) -> Found:
    manifest = manifest_of(folder)
    unreadable: list[tuple[Path, str]] = []
    files, _ = _walk(folder, unreadable)
    return Found(folder, ordered(folder, files, manifest), manifest, unreadable)


def enclosing_project(path: Path) -> Path | None:
    """The project folder a file belongs to (the nearest folder above it with a
    manifest), or None; the language server keys its checks by it too."""
    for parent in real(path).parents:
        if manifest_of(parent):
            return parent
    return None


def discover(paths: list[Path]) -> tuple[list[Found], list[Path]]:
    """Projects to check, and folders that held no .smersh file at all."""
    found: dict[Path, Found] = {}
    empty: list[Path] = []
    for path in paths:
        if not path.exists() and not path.is_symlink():
            raise UsageError(f"no such file or folder: {path}")
        if not path.is_dir():       # a file, a link, or a FIFO or device the reader refuses
            home = enclosing_project(path) if path.suffix == SUFFIX else None
            if home is not None:
                found.setdefault(real(home), project_of(home))
            else:
                found.setdefault(real(path), Found(path.parent, [path]))
            continue
        if manifest_of(path):
            found.setdefault(real(path), project_of(path))
            continue
        unreadable: list[tuple[Path, str]] = []
        loose, nested = _walk(path, unreadable)
        if unreadable:
            found.setdefault(real(path), Found(path, [], None, unreadable))
        for folder in nested:
            found.setdefault(real(folder), project_of(folder))
        for file in loose:
            found.setdefault(real(file), Found(file.parent, [file]))
        if not loose and not nested and not unreadable:
            empty.append(path)
    return sorted(found.values(), key=lambda f: str(f.root)), empty

"""Which projects a command works on: the paths it is given, the bundled books it names,
or, given none, the project around the working folder (docs/checking.md, "Which project").

- A path that exists is taken as it is: a project folder, a folder of projects, a
  `.smersh` file, a built JSON document.
- A bare name that is no file or folder here (`epic`) names a bundled book: a folder of
  the bundled books holding a manifest. A local folder of the same name wins.
- No path: the nearest folder at or above the working folder holding a manifest
  (`book.smersh` or `game.smersh`), as ruff and sqlfluff start from the working folder;
  else the projects in the working folder's own subfolders (a `books/` folder); else
  `NoProject`, a usage error. A command that names a bundled book of its own
  (`smersh simulate smush`) takes the enclosing project, else that book: it plays one
  game, not a folder of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from smersh_dsl.project.discover import MANIFESTS, UsageError, manifest_of
from smersh_dsl.resources import bundled_books


class NoProject(UsageError):
    """No path was given and the working folder is in no project."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        super().__init__(f"no project in {folder} or any folder above it "
                         f"(a project is a folder holding {' or '.join(MANIFESTS)})")


def bundled() -> dict[str, Path]:
    """The bundled books by folder name (`epic`, `shield`, ...)."""
    root = bundled_books()
    if not root.is_dir():
        return {}
    return {p.name: p for p in sorted(root.iterdir()) if p.is_dir() and manifest_of(p)}


def named(path: Path, bundled_names: bool = True) -> Path:
    """``path`` as given if it is there, else the bundled book it names (with
    ``bundled_names``)."""
    if path.exists() or path.is_symlink():
        return path
    books = bundled() if bundled_names else {}
    if len(path.parts) == 1 and path.name in books:
        return books[path.name]
    if len(path.parts) == 1 and books:
        raise UsageError(f"no such file or folder: {path}, and no bundled book of that name "
                         f"(there are {', '.join(books)})")
    raise UsageError(f"no such file or folder: {path}")


def enclosing(folder: Path) -> Path | None:
    """The nearest folder at or above ``folder`` holding a manifest."""
    for candidate in (folder, *folder.parents):
        if manifest_of(candidate):
            return candidate
    return None


def around(folder: Path) -> list[Path]:
    """The project enclosing ``folder``, or the projects just below it."""
    home = enclosing(folder)
    if home is not None:
        return [home]
    below = [d for d in sorted(folder.iterdir()) if d.is_dir() and not d.name.startswith(".")
             and manifest_of(d)] if folder.is_dir() else []
    if below:
        return below
    raise NoProject(folder)


def locate(paths: Sequence[Path], folder: Path | None = None,
           own_book: str | None = None, bundled_names: bool = True) -> list[Path]:
    """What a command given ``paths`` in ``folder`` (default: the working folder) works
    on. ``own_book`` is the bundled book the command itself names: with it, no path
    means the enclosing project, else that book. Without ``bundled_names`` a bare name
    is a path only (a command that writes sources never reaches the installed books)."""
    if paths:
        return [named(p, bundled_names) for p in paths]
    folder = folder if folder is not None else Path.cwd()
    if own_book is None:
        return around(folder)
    home = enclosing(folder)
    return [home if home is not None else bundled()[own_book]]

"""Where a project's configuration is found, and which files may be one (docs/checking.md,
"Choosing rules"; docs/robustness.md).

A configuration decides what a check reports, so whoever can plant one can silence every
finding. It is therefore looked for only where the project's own people put it:

- from the project's folder upward, no further than the repository's root (the nearest
  folder holding `.git`); outside any repository, in the project's folder alone, so that
  a `smersh.toml` in a shared temporary folder above it applies to nothing;
- never through a link that leads out of that range (I009, as for sources): the file is
  not read, and none of its keys or values is quoted in any report;
- never from a file another user owns (L004, a warning): it is passed over as if it were
  not there.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import field
from pathlib import Path

from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.span import Span
from smersh_dsl.project.load import shown_path
from smersh_dsl.files.reading import inside
from smersh_dsl.records import dataclass

NAMES = ("smersh.toml", "pyproject.toml")


@dataclass
class Found:
    path: Path | None = None              # the configuration to read, if any
    root: Path | None = None              # the folder it must stay inside when read
    problems: list[Diagnostic] = field(default_factory=list)


def search_range(start: Path) -> list[Path]:
    """The folders looked in, nearest first: up to the repository's root, or ``start``'s
    folder alone outside a repository."""
    folder = start.resolve()
    if folder.is_file():
        folder = folder.parent
    chain = [folder, *folder.parents]
    repository = next((i for i, f in enumerate(chain) if (f / ".git").exists()), None)
    return chain[: repository + 1] if repository is not None else chain[:1]


def find_config(start: Path, has_table: Callable[[Path], bool]) -> Found:
    """The configuration that applies to the project in ``start``; ``has_table`` says
    whether a `pyproject.toml` holds `[tool.smersh]`."""
    folders = search_range(start)
    root = folders[-1]
    found = Found(root=root)
    for folder in folders:
        for name in NAMES:
            candidate = folder / name
            if not candidate.is_file():
                continue
            if not inside(os.path.realpath(candidate), os.path.realpath(root)):
                if name == "smersh.toml":      # the nearest configuration, unread: no other
                    found.problems.append(outside(shown_path(candidate)))
                    return found
                continue                       # a pyproject.toml is unread, so no config
            if name == "pyproject.toml" and not has_table(candidate):
                continue
            owner = _owner(candidate)
            if owner is not None and owner != os.getuid():
                found.problems.append(not_yours(candidate, owner))
                continue
            found.path = candidate
            return found
    return found


def _owner(path: Path) -> int | None:
    try:
        return os.stat(path).st_uid
    except OSError:
        return None


def outside(shown: str) -> Diagnostic:
    return Diagnostic.of("I009", Span.point(shown, 1, 1),
                         "the configuration links to a place outside the project's folder, "
                         "so it is not read",
                         "copy the configuration into the project instead of linking to it")


def not_yours(path: Path, owner: int) -> Diagnostic:
    return Diagnostic.of("L004", Span.point(shown_path(path), 1, 1),
                         f"the configuration belongs to another user (uid {owner}), so it "
                         "is not applied",
                         "keep the configuration in a file you own (chown it, or copy it)")

"""What a report covers: each project checked, with its files. A report that says only
"no problems found" cannot tell a clean project from the wrong one (issue #32), so
every report opens with, or carries, these lines."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from smersh_dsl.model.document import Project, ProjectKind
from smersh_dsl.records import dataclass

MANIFESTS = ("book.smersh", "game.smersh")       # as project/discover.py names them
from smersh_dsl.wording import count


@dataclass(frozen=True)
class Checked:
    name: str       # the project's id (`nightjar`), or a lone file's path
    kind: str       # game, expansion, campaign, cardgame or fragment
    root: str       # its folder, relative to the working folder when inside it
    files: int
    label: str      # how the text report names it: `smersh (books/epic)` where the id
                    # is not the folder's name

    def as_json(self) -> dict:
        return {"project": self.name, "kind": self.kind, "root": self.root, "files": self.files}


def _shown(path: Path) -> str:
    rel = os.path.relpath(path)
    return str(path) if rel.startswith("..") else Path(rel).as_posix()


def checked_of(projects: Sequence[Project]) -> list[Checked]:
    found = []
    for project in projects:
        folder = Path(os.path.realpath(project.root)).name
        name, root = project.name or folder, _shown(project.root)
        label = name if name == folder else f"{name} ({root})"
        lone = project.files[0].path if len(project.files) == 1 else None
        if lone is not None and Path(lone).name not in MANIFESTS:     # a file on its own
            name, label = (lone, lone) if project.kind is ProjectKind.FRAGMENT else (name, f"{name} ({lone})")
        found.append(Checked(name, project.kind.value, root, len(project.files), label))
    return found


def checked_line(checked: Sequence[Checked]) -> str:
    """`checked nightjar: 6 files`; several projects on one line, comma-separated."""
    if not checked:
        return "checked nothing"
    return "checked " + ", ".join(f"{c.label}: {count(c.files, 'file')}" for c in checked)

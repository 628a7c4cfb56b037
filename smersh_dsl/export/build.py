"""`smersh build`: check, then write each project's document to build/<id>/<id>.json.

Nothing is written when the check finds errors, and a document that fails its schema
is never written: both would hand a player program something it cannot trust.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from smersh_dsl.export.atomic import write_atomic
from smersh_dsl.export.document import buildable, document, dumps
from smersh_dsl.export.validate import SchemaProblem, problems
from smersh_dsl.model.document import Project, ProjectKind


@dataclass
class BuildResult:
    written: list[Path] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    invalid: dict[str, list[SchemaProblem]] = field(default_factory=dict)


def targets(project: Project, out: Path, merged: bool) -> list[tuple[Path, dict]]:
    key = project.name
    found = [(out / key / f"{key}.json", {})]
    if merged and project.kind is ProjectKind.EXPANSION and project.base is not None:
        found.append((out / key / f"{key}.merged.json", {"merged": True}))
    return found


def build_json(projects: list[Project], out: Path, merged: bool = False, with_sources: bool = False,
               progress: Callable[[str], None] = lambda _: None) -> BuildResult:
    result = BuildResult()
    planned: list[tuple[Path, str]] = []
    for project in projects:
        if not buildable(project):
            result.skipped.append(f"{project.root}: a file without a header is not a project")
            continue
        for path, options in targets(project, out, merged):
            doc = document(project, with_sources=with_sources, **options)
            found = problems(doc)
            if found:
                result.invalid[str(path)] = found
                continue
            planned.append((path, dumps(doc)))
    if result.invalid:
        return result             # all or nothing: no document of a broken build is written
    for path, text in planned:
        write_atomic(path, text)
        result.written.append(path)
        progress(f"wrote {path} ({len(text.encode('utf-8')) // 1024} KB)")
    return result

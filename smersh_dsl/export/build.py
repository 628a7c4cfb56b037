"""`smersh build`: check, then write each project's document to build/<id>/<id>.json,
and beside it the bundled schema its `$schema` names (<kind>.schema.json, self-contained),
so that the folder can be validated by any JSON Schema tool, offline (docs/json.md).

Nothing is written when the check finds errors, and a document that fails its schema
is never written: both would hand a player program something it cannot trust. Nor is
anything written when two projects share an id (one would overwrite the other's folder)
or when an output would be written through a link or outside the output folder
(``smersh_dsl.files.outputs``): those are found before the first file is written.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field
from pathlib import Path

from smersh_dsl.export.document import SCHEMA_FILES, buildable, document, dumps
from smersh_dsl.files.outputs import OutputFolder
from smersh_dsl.export.schemas import bundle
from smersh_dsl.export.validate import SchemaProblem, problems
from smersh_dsl.model.document import Project, ProjectKind
from smersh_dsl.records import dataclass


@dataclass
class BuildResult:
    written: list[Path] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    invalid: dict[str, list[SchemaProblem]] = field(default_factory=dict)
    schemas: list[Path] = field(default_factory=list)     # the bundles beside the documents


class SharedId(ValueError):
    """Two projects of one build with one id: both would be written to build/<id>/."""


def check_ids(projects: list[Project]) -> None:
    """Refuse a build in which two projects have one id, naming both folders: each id has
    one folder of outputs, so the second would silently replace the first."""
    seen: dict[str, Project] = {}
    for project in projects:
        if not buildable(project):
            continue
        first = seen.setdefault(project.name, project)
        if first is not project:
            raise SharedId(f"two projects have the id {project.name!r}: {first.root} and "
                           f"{project.root}; their outputs would overwrite each other in "
                           f"<out>/{project.name}/ (build them one at a time, with another "
                           "--out, or give one another id)")


def targets(project: Project, out: Path, merged: bool) -> list[tuple[Path, dict]]:
    key = project.name
    found = [(out / key / f"{key}.json", {})]
    if merged and project.kind is ProjectKind.EXPANSION and project.base is not None:
        found.append((out / key / f"{key}.merged.json", {"merged": True}))
    return found


def build_json(projects: list[Project], out: Path, merged: bool = False, with_sources: bool = False,
               progress: Callable[[str], None] = lambda _: None) -> BuildResult:
    """Write every project's documents under ``out``. Raises ``SharedId`` and, for an
    output refused before anything is written or failing to be written, ``OutputError``
    (naming the file; ``progress`` has said what was written before it)."""
    check_ids(projects)
    result = BuildResult()
    folder = OutputFolder(out)
    planned: list[tuple[Path, str]] = []
    schemas: dict[Path, str] = {}
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
            folder.check(path)
            planned.append((path, dumps(doc)))
            beside = path.with_name(doc["$schema"])
            if beside not in schemas:
                folder.check(beside)
                schemas[beside] = dumps(bundle(SCHEMA_FILES[doc["kind"]]))
    if result.invalid:
        return result             # all or nothing: no document of a broken build is written
    for path, text in planned:
        folder.write(path, text)
        result.written.append(path)
        progress(f"wrote {path} ({len(text.encode('utf-8')) // 1024} KB)")
    for path, text in schemas.items():
        folder.write(path, text)
        result.schemas.append(path)
    return result

"""The documents a command plays or measures: built JSON files, checked against their
schema, or projects, checked and turned into the documents `smersh build --merged` writes.

What `play`, `simulate` and `stats` all read, so it sits below each of them."""

from __future__ import annotations

import json
from pathlib import Path

import click

from smersh_dsl.wording import count

# Documents loaded during one command line, by the paths they came from: `smersh play
# PATH` in its old spelling loads them to learn which game PATH holds, and the command it
# names then reads the same ones instead of checking the project twice.
LOADED = "smersh.loaded_documents"


def clean_documents(paths: tuple[Path, ...]) -> list[dict]:
    """The JSON documents of clean projects, as `smersh build --merged` writes them: an
    expansion comes applied to its game, so it can be played alone."""
    from smersh_dsl.pipeline.run import check_paths
    from smersh_dsl.diagnostics.diagnostic import Severity
    from smersh_dsl.export.document import buildable, document, dumps

    projects, found = check_paths(list(paths))
    errors = [d for d in found if d.severity is Severity.ERROR]
    if errors:
        raise click.ClickException(f"{count(len(errors), 'error')} in the content: "
                                   "run `smersh check` first")
    return [json.loads(dumps(document(p, merged=True))) for p in projects if buildable(p)]


def load_documents(paths: tuple[Path, ...]) -> list[dict]:
    """Documents from built JSON files (checked against their schema) or from projects;
    loaded once per command line."""
    context = click.get_current_context(silent=True)
    memo = context.find_root().meta.setdefault(LOADED, {}) if context is not None else {}
    key = tuple(paths)
    if key not in memo:
        memo[key] = _read(key)
    return memo[key]


def _read(paths: tuple[Path, ...]) -> list[dict]:
    from smersh_dsl.export.validate import problems as schema_problems
    from smersh_dsl.play.core.files import DOCUMENT_BYTES, DOCUMENT_DEPTH, read_json

    json_files = [p for p in paths if p.suffix == ".json"]
    if not json_files:
        return clean_documents(paths)
    docs = []
    for path in json_files:
        doc = read_json(path, click.ClickException, DOCUMENT_BYTES, "document", DOCUMENT_DEPTH)
        found = schema_problems(doc) if isinstance(doc, dict) else None
        if found is None or found:
            where = found[0] if found else None
            detail = f"{where.path}: {where.message}" if where else "not a JSON object"
            raise click.ClickException(f"{path}: not a smersh document: {detail}")
        docs.append(doc)
    return docs

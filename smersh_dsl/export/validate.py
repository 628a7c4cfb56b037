"""Validating documents against the published schemas (JSON Schema 2020-12).

The schemas refer to each other by relative `$ref`s (`common.schema.json#/$defs/...`); a
registry holding each file under its own name resolves them without any network access.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from smersh_dsl.export.document import SCHEMA_FILES
from smersh_dsl.export.schemas import schema_files


LOG_SCHEMA_FILE = "campaign-log.schema.json"


@dataclass(frozen=True)
class SchemaProblem:
    path: str          # where in the document, as a JSON pointer
    message: str


@lru_cache(maxsize=1)
def _registry() -> tuple[Registry, dict[str, dict]]:
    schemas = schema_files()
    registry = Registry().with_resources(
        (name, Resource.from_contents(schema)) for name, schema in schemas.items())
    return registry, schemas


def schema_for(kind: str) -> dict:
    return _registry()[1][SCHEMA_FILES[kind]]


def problems(document: dict, kind: str | None = None) -> list[SchemaProblem]:
    """Every way ``document`` fails the schema of its kind (its `kind` field by default)."""
    registry, _ = _registry()
    kind = kind or document.get("kind")
    if kind == "campaign-log":
        validator = Draft202012Validator(_registry()[1][LOG_SCHEMA_FILE], registry=registry)
        return _collect(validator, document)
    if kind not in SCHEMA_FILES:
        return [SchemaProblem("/kind", f"unknown document kind {kind!r}; expected one of "
                                       + ", ".join(sorted(SCHEMA_FILES)))]
    return _collect(Draft202012Validator(schema_for(kind), registry=registry), document)


def _collect(validator: Draft202012Validator, document: dict) -> list[SchemaProblem]:
    found = []
    for error in sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path))):
        pointer = "/" + "/".join(str(p) for p in error.absolute_path)
        found.append(SchemaProblem(pointer, error.message))
    return found

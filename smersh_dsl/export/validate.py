"""Validating documents against the published schemas (JSON Schema 2020-12).

The schemas refer to each other by relative `$ref`s (`common.schema.json#/$defs/...`); a
registry holding each file under its own name resolves them without any network access.
"""

from __future__ import annotations

from functools import lru_cache

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from smersh_dsl.export.document import SCHEMA_FILES
from smersh_dsl.export.schemas import schema_files
from smersh_dsl.records import dataclass


LOG_SCHEMA_FILE = "campaign-log.schema.json"
SAVE_SCHEMA_FILE = "save.schema.json"
LEARNT_SCHEMA_FILE = "learnt.schema.json"
# Files a player keeps, not documents smersh builds: their kind is not a `kind` field.
KEPT_FILES = {"campaign-log": LOG_SCHEMA_FILE, "save": SAVE_SCHEMA_FILE,
              "learnt": LEARNT_SCHEMA_FILE}
# Files `smersh build` writes beside pictures (card images, Tabletop Simulator decks): not
# documents of a game either.
PICTURE_FILES = {"card-images": "card-images.schema.json",
                 "tts-saved-object": "tts-saved-object.schema.json"}
OTHER_FILES = {**KEPT_FILES, **PICTURE_FILES}


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


@lru_cache(maxsize=None)
def validator_for(kind: str) -> Draft202012Validator:
    """The validator of a kind of document, of a file a player keeps (`KEPT_FILES`) or of
    one written beside pictures (`PICTURE_FILES`)."""
    registry, schemas = _registry()
    return Draft202012Validator(schemas[OTHER_FILES.get(kind) or SCHEMA_FILES[kind]],
                                registry=registry)


def problems(document: dict, kind: str | None = None) -> list[SchemaProblem]:
    """Every way ``document`` fails the schema of its kind (its `kind` field by default)."""
    kind = kind or document.get("kind")
    if kind in OTHER_FILES:
        return _collect(validator_for(kind), document)
    if kind not in SCHEMA_FILES:
        return [SchemaProblem("/kind", f"unknown document kind {kind!r}; expected one of "
                                       + ", ".join(sorted(SCHEMA_FILES)))]
    return _collect(validator_for(kind), document)


def _collect(validator: Draft202012Validator, document: dict) -> list[SchemaProblem]:
    found = []
    for error in sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path))):
        pointer = "/" + "/".join(str(p) for p in error.absolute_path)
        found.append(SchemaProblem(pointer, error.message))
    return found

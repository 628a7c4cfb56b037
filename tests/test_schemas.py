"""The published JSON Schemas (schemas/*.schema.json): well formed, documented, and exact.

Every document the bundled books build follows its schema with no problem at all, and
realistic corruptions of a document are rejected at the JSON pointer where they are.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from smersh_dsl.pipeline.run import check_paths
from smersh_dsl.diagnostics.diagnostic import Severity
from smersh_dsl.export.document import SCHEMA_FILES, document
from smersh_dsl.export.validate import OTHER_FILES, problems
from smersh_dsl.model.effects import ConditionKind, EffectKind

REPO = Path(__file__).resolve().parent.parent
SCHEMAS = REPO / "schemas"
SCHEMA_PATHS = sorted(SCHEMAS.glob("*.schema.json"))


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


# ----------------------------------------------------------------------------- documents

@pytest.fixture(scope="module")
def projects() -> dict:
    found, diagnostics = check_paths([REPO / "books"])
    assert [d for d in diagnostics if d.severity is Severity.ERROR] == []
    return {p.name: p for p in found}


@pytest.fixture(scope="module")
def documents(projects) -> dict[str, dict]:
    """Each bundled project's document, the merged Swagman's Hope and one with sources."""
    docs = {name: document(p) for name, p in projects.items()}
    docs["swagmans_hope (merged)"] = document(projects["swagmans_hope"], merged=True)
    docs["swagmans_hope (with sources)"] = document(projects["swagmans_hope"], with_sources=True)
    return docs


def test_every_kind_is_built(documents):
    assert {d["kind"] for d in documents.values()} == set(SCHEMA_FILES)
    assert documents["swagmans_hope (merged)"]["kind"] == "game"


def test_bundled_documents_follow_their_schemas(documents):
    found = {name: [f"{p.path}: {p.message[:200]}" for p in problems(doc)]
             for name, doc in documents.items()}
    assert found == {name: [] for name in documents}


def test_sources_are_there_and_checked(documents):
    doc = documents["swagmans_hope (with sources)"]
    assert doc["entries"][0]["source"]["line"] >= 1
    assert doc["regions"][0]["source"]["file"].endswith(".smersh")
    assert "source" not in documents["swagmans_hope"]["entries"][0]


# ----------------------------------------------------------------------------- the schemas

@pytest.mark.parametrize("path", SCHEMA_PATHS, ids=lambda p: p.name)
def test_schema_is_valid_and_described(path: Path):
    schema = load(path)
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert "$id" not in schema        # the file's own place is its base: refs resolve beside it
    for key in ("title", "description"):
        assert isinstance(schema.get(key), str) and schema[key].strip()
    assert isinstance(schema.get("examples"), list) and schema["examples"]


def refs(node) -> list[str]:
    if isinstance(node, dict):
        return ([node["$ref"]] if "$ref" in node else []) + [r for v in node.values() for r in refs(v)]
    return [r for v in node for r in refs(v)] if isinstance(node, list) else []


@pytest.mark.parametrize("path", SCHEMA_PATHS, ids=lambda p: p.name)
def test_references_are_relative_and_name_files_beside(path: Path):
    """A validator resolves every `$ref` from the folder alone: no address on the web."""
    for ref in refs(load(path)):
        file, _, pointer = ref.partition("#")
        assert "://" not in ref and (file == "" or (SCHEMAS / file).is_file()), ref
        assert pointer.startswith("/"), ref


@pytest.mark.parametrize("path", SCHEMA_PATHS, ids=lambda p: p.name)
def test_a_bundle_needs_no_other_file_and_means_the_same(path: Path, small):
    from smersh_dsl.export.schemas import bundle

    bundled = bundle(path.name)
    Draft202012Validator.check_schema(bundled)
    assert all(r.startswith("#/") for r in refs(bundled))
    validator = Draft202012Validator(bundled)          # no registry: nothing to look up
    kind = path.name.removesuffix(".schema.json")
    for doc in [d for d in small.values() if d["kind"] == kind] + load(path)["examples"]:
        assert list(validator.iter_errors(doc)) == [] or kind == "common"
    broken = [copy.deepcopy(d) | {"format_version": 99} for d in small.values() if d["kind"] == kind]
    assert all(list(validator.iter_errors(doc)) for doc in broken)


def test_every_document_kind_has_a_schema():
    assert {p.name for p in SCHEMA_PATHS} == (set(SCHEMA_FILES.values())
                                              | {"common.schema.json", *OTHER_FILES.values()})


def undescribed(node, path: str = "") -> list[str]:
    """Every property, pattern property, schema of additional properties and definition
    without a description, anywhere in a schema (examples aside)."""
    missing = []
    if isinstance(node, dict):
        for keyword in ("properties", "patternProperties", "$defs"):
            for name, sub in (node.get(keyword) or {}).items():
                if not (isinstance(sub, dict) and str(sub.get("description", "")).strip()):
                    missing.append(f"{path}/{keyword}/{name}")
        extra = node.get("additionalProperties")
        if isinstance(extra, dict) and not str(extra.get("description", "")).strip():
            missing.append(f"{path}/additionalProperties")
        for key, value in node.items():
            if key != "examples":
                missing += undescribed(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            missing += undescribed(value, f"{path}/{index}")
    return missing


@pytest.mark.parametrize("path", SCHEMA_PATHS, ids=lambda p: p.name)
def test_every_property_has_a_description(path: Path):
    assert undescribed(load(path)) == []


@pytest.mark.parametrize("path", SCHEMA_PATHS, ids=lambda p: p.name)
def test_objects_are_closed(path: Path):
    """Every object with properties rejects unknown ones, so that a typo is caught; an object
    told apart by its `kind` is closed by the definition its `kind` picks."""
    def open_objects(node, where: str) -> list[str]:
        found = []
        if isinstance(node, dict):
            discriminated = list(node.get("properties", {})) == ["kind"] and "then" in node
            if (node.get("type") == "object" and "properties" in node and not discriminated
                    and node.get("additionalProperties") is not False):
                found.append(where)
            for key, value in node.items():
                found += open_objects(value, f"{where}/{key}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                found += open_objects(value, f"{where}/{index}")
        return found
    assert open_objects(load(path), "") == []


@pytest.mark.parametrize("path", SCHEMA_PATHS, ids=lambda p: p.name)
def test_examples_follow_their_schema(path: Path):
    schemas = [load(p) for p in SCHEMA_PATHS]
    registry = Registry().with_resources((p.name, Resource.from_contents(s))
                                         for p, s in zip(SCHEMA_PATHS, schemas))
    schema = load(path)
    validator = Draft202012Validator(schema, registry=registry)
    for example in schema["examples"]:
        assert [f"/{'/'.join(map(str, e.absolute_path))}: {e.message}"
                for e in validator.iter_errors(example)] == []
        kept = [kind for kind, name in OTHER_FILES.items() if name == path.name]
        if kept:
            assert problems(example, kind=kept[0]) == []
        elif path.name != "common.schema.json":
            assert problems(example) == []


def test_vocabularies_match_the_model():
    defs = load(SCHEMAS / "common.schema.json")["$defs"]
    effect_kinds = set(defs["effect"]["properties"]["kind"]["enum"])
    assert effect_kinds == {k.value for k in EffectKind}
    step_kinds = set(defs["step"]["properties"]["kind"]["enum"])
    assert step_kinds == effect_kinds | {"prose", "test", "gamble", "choice", "if",
                                         "reroll_if_confronted"}
    assert set(defs["condition"]["properties"]["kind"]["enum"]) == {k.value for k in ConditionKind}


# ----------------------------------------------------------------------------- corruptions

def cut_down(doc: dict) -> dict:
    """``doc`` with at most two items in each top-level list: still valid, and quick to validate."""
    return {key: value[:2] if isinstance(value, list) else copy.deepcopy(value)
            for key, value in doc.items()}


@pytest.fixture(scope="module")
def small(documents) -> dict[str, dict]:
    """A small valid document of each bundled project; the game keeps two entries with tests."""
    docs = {name: cut_down(documents[name]) for name in ("smersh", "swagmans_hope", "shield", "smush")}
    docs["smersh"]["entries"] = copy.deepcopy([e for e in documents["smersh"]["entries"]
                                               if any(s["kind"] == "test" for s in e["steps"])][:2])
    assert {name: problems(doc) for name, doc in docs.items()} == {name: [] for name in docs}
    return docs


@pytest.fixture(scope="module")
def small_game(small) -> dict:
    return small["smersh"]


def pointers(doc: dict) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for problem in problems(doc):
        found.setdefault(problem.path, []).append(problem.message)
    return found


def test_unknown_effect_kind_inside_an_entry_is_rejected_where_it_is(small_game):
    doc = copy.deepcopy(small_game)
    steps = doc["entries"][0]["steps"]
    index = next(i for i, s in enumerate(steps) if s["kind"] == "test")
    steps[index]["pass"].append({"kind": "gain_intell", "amount": 1, "target": None})
    where = f"/entries/0/steps/{index}/pass/{len(steps[index]['pass']) - 1}/kind"
    found = pointers(doc)
    assert list(found) == [where]
    assert "'gain_intell' is not one of" in found[where][0]


def test_missing_required_field_is_rejected(small_game):
    doc = copy.deepcopy(small_game)
    del doc["entries"][1]["die"]
    assert pointers(doc) == {"/entries/1": ["'die' is a required property"]}


def test_die_value_of_nine_is_rejected(small_game):
    doc = copy.deepcopy(small_game)
    doc["entries"][0]["die"] = 9
    assert pointers(doc) == {"/entries/0/die": ["9 is greater than the maximum of 6"]}


def test_misspelt_property_is_rejected(small_game):
    doc = copy.deepcopy(small_game)
    doc["regions"][0]["locations"][0]["featurs"] = doc["regions"][0]["locations"][0].pop("features")
    found = pointers(doc)
    assert list(found) == ["/regions/0/locations/0"]
    assert any("'featurs' was unexpected" in m for m in found["/regions/0/locations/0"])
    assert any("'features' is a required property" in m for m in found["/regions/0/locations/0"])


def mutate(doc: dict, pointer: str, value) -> dict:
    doc = copy.deepcopy(doc)
    *parents, last = pointer.strip("/").split("/")
    node = doc
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node[part]
    node[int(last) if isinstance(node, list) else last] = value
    return doc


def test_other_corruptions_are_rejected_where_they_are(small_game, small):
    test_at = next(f"/entries/0/steps/{i}" for i, s in enumerate(small_game["entries"][0]["steps"])
                   if s["kind"] == "test")
    goto_at = next(f"/sections/0/intro/{i}" for i, s in enumerate(small_game["sections"][0]["intro"])
                   if s["kind"] == "goto")
    cases = [
        (small_game, f"{test_at}/options/0/successes", 7),                # EP-TEST-2, S005
        (small_game, f"{test_at}/options/0/pick", "choose"),
        (small_game, f"{goto_at}/target", "end"),                         # not a node id
        (small_game, "/regions/0/locations/0/kind", "town"),
        (small_game, "/format_version", 2),
        (small["swagmans_hope"], "/red_intel/0/value", 3),                # SH-INTEL-1
        (small["shield"], "/scenarios/0/setup/0/mode", "sometimes"),      # SC-EXPERT-1
        (small["smush"], "/defence_cards/0/faces/0/strength", -1),        # S005
        (small["smush"], "/$schema", "game.schema.json"),
    ]
    for doc, pointer, value in cases:
        found = pointers(mutate(doc, pointer, value))
        assert pointer in found, (pointer, found)


def test_players_and_counts_have_their_floors(small_game):
    assert "/vocabulary/players/min" in pointers(mutate(small_game, "/vocabulary/players/min", 0))
    effect = {"kind": "take_injury", "amount": 0, "target": None}
    doc = mutate(small_game, "/entries/1/steps", small_game["entries"][1]["steps"] + [effect])
    assert f"/entries/1/steps/{len(doc['entries'][1]['steps']) - 1}/amount" in pointers(doc)

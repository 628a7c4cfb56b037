"""The schemas as anyone else uses them: check-jsonschema, an implementation that is not
ours, validates every bundled document from the files alone, with the network cut off.

Two ways a third party gets the schemas: the folder `schemas/` as published (relative
`$ref`s between its files), and the self-contained bundle that `smersh build` writes
beside each document, where the document's `$schema` points.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import smersh
from waiting import HANG_GUARD_S

from smersh_dsl.pipeline.run import check_paths
from smersh_dsl.export.build import build_json
from smersh_dsl.export.document import SCHEMA_FILES

REPO = Path(__file__).resolve().parent.parent
SCHEMAS = REPO / "schemas"
CHECKER = Path(sys.executable).with_name("check-jsonschema")
# Any fetch goes to a port where nothing listens: a schema that needed the network fails.
OFFLINE = {**os.environ, "http_proxy": "http://127.0.0.1:9", "https_proxy": "http://127.0.0.1:9",
           "HTTP_PROXY": "http://127.0.0.1:9", "HTTPS_PROXY": "http://127.0.0.1:9",
           "no_proxy": "", "NO_PROXY": ""}


def check_jsonschema(schemafile: Path, *documents: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(CHECKER), "--no-cache", "--schemafile", str(schemafile),
                           *map(str, documents)], capture_output=True, text=True, env=OFFLINE,
                          timeout=HANG_GUARD_S)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[Path, str]:
    """Every bundled project built as `smersh build` writes it: document -> schema."""
    projects, _ = check_paths([REPO / "books"])
    out = tmp_path_factory.mktemp("build")
    result = build_json(projects, out)
    assert result.invalid == {} and result.written
    return {path: json.loads(path.read_text(encoding="utf-8"))["$schema"] for path in result.written}


def test_every_kind_of_document_is_built(built):
    assert set(built.values()) == set(SCHEMA_FILES.values())


def test_every_document_follows_the_published_schema_files_offline(built):
    for schema in sorted(set(built.values())):
        documents = [path for path, name in built.items() if name == schema]
        run = check_jsonschema(SCHEMAS / schema, *documents)
        assert run.returncode == 0, (schema, run.stdout[-2000:], run.stderr[-2000:])


def test_every_document_follows_the_bundle_its_schema_names_offline(built):
    """`$schema` is the name of a file beside the document, and that file needs no other."""
    for path, schema in built.items():
        beside = path.with_name(schema)
        assert beside.is_file(), beside
        assert '"$ref": "#' in beside.read_text(encoding="utf-8")
        run = check_jsonschema(beside, path)
        assert run.returncode == 0, (path, run.stdout[-2000:], run.stderr[-2000:])


def test_a_broken_document_fails_both_ways(built, tmp_path):
    """The validation above is real: a rules block that is not an object is caught."""
    path = next(p for p, s in built.items() if s == "cardgame.schema.json")
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["rules"] = "none"
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(doc), encoding="utf-8")
    for schemafile in (SCHEMAS / "cardgame.schema.json", path.with_name("cardgame.schema.json")):
        run = check_jsonschema(schemafile, broken)
        assert run.returncode == 1 and "rules" in run.stdout, run.stdout


def test_smersh_schema_prints_a_file_its_bundle_and_the_list(tmp_path):
    published = smersh("schema", "expansion")
    assert published.returncode == 0
    assert published.stdout == (SCHEMAS / "expansion.schema.json").read_text(encoding="utf-8")
    bundled = smersh("schema", "expansion", "--bundle")
    assert bundled.returncode == 0
    schema = json.loads(bundled.stdout)
    assert {"common", "game"} <= set(schema["$defs"]) and '"$ref": "common' not in bundled.stdout
    listing = smersh("schema")
    assert listing.returncode == 0 and "campaign-log.schema.json" in listing.stdout
    for wrong in (("schema", "gmae"), ("schema", "--bundle")):
        run = smersh(*wrong)
        assert run.returncode == 2 and "Traceback" not in run.stderr, wrong

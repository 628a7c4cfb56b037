"""Machine formats for CI: SARIF 2.1.0 and GitHub workflow annotations."""

from __future__ import annotations

import json
from pathlib import Path

import sarif_pydantic

from conftest import smersh
from smersh_dsl.diagnostics.catalogue import catalogue
from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.diagnostics.report.github import render_github
from smersh_dsl.model.span import Span

BROKEN = 'game g "G" { skills { Spycraft } }\nentry 01.1.1 { test Spycrfat }\n'


def run(tmp_path: Path, fmt: str, text: str = BROKEN):
    (tmp_path / "my book.smersh").write_text(text, encoding="utf-8")
    return smersh("check", "my book.smersh", "--format", fmt, cwd=tmp_path)


def test_sarif_is_a_valid_sarif_log_that_code_scanning_can_place(tmp_path):
    result = run(tmp_path, "sarif")
    assert result.returncode == 1
    document = json.loads(result.stdout)
    log = sarif_pydantic.Sarif.model_validate(document)        # an independent SARIF model
    assert log.version == "2.1.0" and document["$schema"].endswith("sarif-2.1.0.json")
    run_ = document["runs"][0]
    rules = run_["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == list(catalogue())          # every rule, stable order
    assert all(r["shortDescription"]["text"] and r["help"]["text"] for r in rules)
    results = {r["ruleId"]: r for r in run_["results"]}
    n001 = results["N001"]
    assert rules[n001["ruleIndex"]]["id"] == "N001" and n001["level"] == "error"
    location = n001["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": "my%20book.smersh", "uriBaseId": "%SRCROOT%"}
    assert location["region"] == {"startLine": 2, "startColumn": 21, "endLine": 2, "endColumn": 29}
    assert run_["originalUriBaseIds"]["%SRCROOT%"]["uri"] == tmp_path.resolve().as_uri() + "/"
    assert run_["columnKind"] == "unicodeCodePoints"


def test_sarif_of_clean_content_has_no_results(tmp_path):
    result = run(tmp_path, "sarif", 'game g "G" { skills { Spycraft } }\n')
    assert result.returncode == 0
    assert json.loads(result.stdout)["runs"][0]["results"] == []


def test_github_annotations_point_at_the_file_and_line(tmp_path):
    result = run(tmp_path, "github")
    line = next(li for li in result.stdout.splitlines() if "N001" in li)
    assert line.startswith("::error file=my book.smersh,line=2,col=21,endLine=2,endColumn=29,"
                           "title=N001 unknown-skill::unknown skill `Spycrfat`%0Adid you mean")


def test_github_escapes_what_would_break_the_command():
    d = Diagnostic.of("T003", Span("a,b:c%.smersh", 1, 1, 1, 5), "50% done\nnext", "hint")
    line = render_github([d], {}).rstrip("\n")
    assert line == ("::warning file=a%2Cb%3Ac%25.smersh,line=1,col=1,endLine=1,endColumn=5,"
                    "title=T003 todo-in-text::50%25 done%0Anext%0Ahint")

"""The VS Code extension in editors/vscode (issue #29): what VS Code reads from it holds
together with the project: the grammar it packages is the project's, comments and
brackets are the language's, and the command it starts is `smersh lsp`. (.ci/run builds the
.vsix and runs the grammar's scope tests with the npm tools; this runs without them.)"""

from __future__ import annotations

import json
import re

from conftest import REPO, smersh
from smersh_dsl.highlight.textmate import textmate_grammar

EXTENSION = REPO / "editors" / "vscode"


def _json(name: str) -> dict:
    return json.loads((EXTENSION / name).read_text(encoding="utf-8"))


def test_the_manifest_names_files_that_exist_and_the_packaged_grammar_is_the_projects():
    manifest = _json("package.json")
    assert (EXTENSION / manifest["main"]).is_file()
    language = manifest["contributes"]["languages"][0]
    assert language["extensions"] == [".smersh"] and (EXTENSION / language["configuration"]).is_file()
    grammar = manifest["contributes"]["grammars"][0]
    assert grammar["scopeName"] == json.loads(textmate_grammar())["scopeName"]
    copier = (EXTENSION / "scripts" / "copy-grammar.js").read_text(encoding="utf-8")
    assert '"grammar", "smersh.tmLanguage.json"' in copier and grammar["path"].endswith("smersh.tmLanguage.json")
    assert (REPO / "grammar" / "smersh.tmLanguage.json").read_text(encoding="utf-8") == textmate_grammar()
    assert "copy-grammar" in manifest["scripts"]["vscode:prepublish"]
    lock = _json("package-lock.json")
    for package in ("@vscode/vsce", "vscode-tmgrammar-test", "vscode-languageclient"):
        assert f"node_modules/{package}" in lock["packages"], package


def test_comments_and_pairs_are_the_languages():
    config = _json("language-configuration.json")
    assert config["comments"]["lineComment"] == "#"
    assert ["{", "}"] in config["brackets"] and {"open": "(", "close": ")"} in config["autoClosingPairs"]
    word = re.compile(config["wordPattern"])
    assert word.fullmatch("01.7.4") and word.fullmatch("Hand_to_Hand") and word.fullmatch("don't")


def test_the_command_it_starts_is_the_language_server():
    setting = _json("package.json")["contributes"]["configuration"]["properties"]["smersh.command"]
    assert setting["default"] == ["smersh", "lsp"]
    assert "smersh.command" in (EXTENSION / "extension.js").read_text(encoding="utf-8")
    helped = smersh("lsp", "--help")
    assert helped.returncode == 0 and "language server" in helped.stdout.lower()


def test_the_grammar_tests_cover_the_books_constructs():
    tests = (EXTENSION / "tests" / "books.smersh").read_text(encoding="utf-8")
    assert tests.startswith('# SYNTAX TEST "source.smersh"')
    scopes = set(re.findall(r"^#\s*(?:<-+|\^+)\s+([\w.-]+)", tests, re.M))
    patterns = {p["name"] for p in json.loads(textmate_grammar())["patterns"]}
    inner = {p["name"] for p in json.loads(textmate_grammar())["patterns"][1]["patterns"]}
    assert patterns | inner <= scopes

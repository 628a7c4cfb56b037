"""The audit of issue #27: "Every id of RULES.md appears in a test that exercises it
through the engine."

`tests/RULES.md` is the repository's copy of the rules inventory (`../shared/RULES.md`
beside the checkout, which a clean clone in CI does not have); where both exist the copy
must be the same text. Each id must be named by a test file under tests/ other than this
one; an id whose kind says `play` must be cited in the docstring of a test function of a
file that drives the engine (one that imports `smersh_dsl.play` or the whole-game
helpers), where the tests quote the rulebook's sentence for it.

`AWAITED` names the ids whose tests other branches of issue #27 are writing now; the
test fails when one of them is covered (so the list only shrinks) as it does for any
other id left uncovered.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

from conftest import REPO, TESTS

COPY = TESTS / "RULES.md"
SHARED = REPO.parent / "shared" / "RULES.md"
ROW = re.compile(r"^\| ([A-Z]{2}-[A-Z0-9]+-\d+) \| (.+?) \| ([a-z, ]+) \|$", re.M)
ENGINE = ("smersh_dsl.play", "epic_game_helpers")

# id -> the branch writing its test (the lead empties this at merge)
AWAITED: dict[str, str] = {}


def rules() -> list[tuple[str, str, set[str]]]:
    """(id, rule, kinds) of every row of the inventory's tables."""
    return [(id_, rule, {k.strip() for k in kinds.split(",")})
            for id_, rule, kinds in ROW.findall(COPY.read_text(encoding="utf-8"))]


def id_pattern(id_: str) -> re.Pattern[str]:
    return re.compile(re.escape(id_) + r"(?![0-9])")


def files_of_tests() -> dict[Path, str]:
    return {p: p.read_text(encoding="utf-8") for p in sorted(TESTS.rglob("*.py"))
            if p.resolve() != Path(__file__).resolve()}


def docstrings_through_the_engine(files: dict[Path, str]) -> list[str]:
    """The docstrings of the test functions of files that drive the engine."""
    found = []
    for text in files.values():
        if not any(name in text for name in ENGINE):
            continue
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                    and node.name.startswith("test"):
                found.append(ast.get_docstring(node) or "")
    return found


def uncovered() -> list[str]:
    files = files_of_tests()
    docs = docstrings_through_the_engine(files)
    missing = []
    for id_, _, kinds in rules():
        pattern = id_pattern(id_)
        if not any(pattern.search(text) for text in files.values()):
            missing.append(f"{id_}: named by no test file")
        elif "play" in kinds and not any(pattern.search(doc) for doc in docs):
            missing.append(f"{id_} ({', '.join(sorted(kinds))}): cited by no test docstring "
                           "of a file that drives the engine")
    return missing


def test_the_copy_is_the_inventory():
    """The repository's copy has the rows of the inventory, each id once, and is the same
    text as ../shared/RULES.md where that exists."""
    ids = [id_ for id_, _, _ in rules()]
    assert ids and len(ids) == len(set(ids)), "an id appears twice in tests/RULES.md"
    assert all(kinds <= {"model", "check", "play", "print", "stats"} for _, _, kinds in rules())
    if SHARED.is_file():
        assert COPY.read_text(encoding="utf-8") == SHARED.read_text(encoding="utf-8"), \
            "tests/RULES.md differs from ../shared/RULES.md: copy it again"


def test_every_rule_id_is_exercised_by_a_test():
    """Issue #27: "Every id of RULES.md (86) appears in a test that exercises it through
    the engine." """
    missing = uncovered()
    left = [m for m in missing if m.split(" ")[0].rstrip(":") not in AWAITED]
    assert not left, "ids without a test:\n" + "\n".join(left)


def test_the_awaited_ids_are_still_awaited():
    """An id of `AWAITED` that a test now covers leaves the list."""
    missing = {m.split(" ")[0].rstrip(":") for m in uncovered()}
    known = {id_ for id_, _, _ in rules()}
    assert set(AWAITED) <= known, sorted(set(AWAITED) - known)
    covered = sorted(set(AWAITED) - missing)
    assert not covered, f"covered now, remove from AWAITED: {covered}"


def test_the_audit_names_an_id_no_test_exercises(tmp_path, monkeypatch):
    """The audit fails naming the id: a rule added to the inventory with no test."""
    extra = COPY.read_text(encoding="utf-8") + "| SH-NEW-9 | A rule no test knows | play |\n"
    copy = tmp_path / "RULES.md"
    copy.write_text(extra, encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "COPY", copy)
    assert "SH-NEW-9: named by no test file" in uncovered()

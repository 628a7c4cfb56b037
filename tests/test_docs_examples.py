"""The examples in the README and the language reference are real content: they parse,
and the showdown a writer is most likely to copy checks without flow findings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from smersh_dsl.parse.errors import TOP_LEVEL
from smersh_dsl.parse.parser import parse_text
from conftest import REPO, check_paths

FENCE = re.compile(r"^```([a-z]*)\n(.*?)^```", re.S | re.M)
DOCS = [REPO / "README.md", REPO / "docs" / "language.md", REPO / "docs" / "books.md",
        REPO / "docs" / "editors.md"]


def examples(doc: Path) -> list[tuple[int, str]]:
    """(line, text) of each untagged or `smersh` block that starts like content."""
    text = doc.read_text(encoding="utf-8")
    found = []
    for match in FENCE.finditer(text):
        body = match.group(2)
        words = [line.split()[0] for line in body.splitlines()
                 if line.strip() and not line.lstrip().startswith("#")]
        if match.group(1) in ("", "smersh") and words and words[0] in TOP_LEVEL | {"override"}:
            found.append((text.count("\n", 0, match.start()) + 2, body))
    return found


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_example_parses(doc):
    broken = []
    for line, body in examples(doc):
        if "{ ... }" in body:        # an outline with the bodies left out on purpose
            continue
        _, found = parse_text(body, f"{doc.name}:{line}")
        broken += [f"{doc.name} block at line {line}: {d}" for d in found if d.code[0] in "SI"]
    assert broken == []


def test_the_readme_showdown_can_be_won(tmp_path):
    """G004 once found the README's Pierre could never earn the 3 tokens he asks for."""
    blocks = [body for _, body in examples(REPO / "README.md")]
    header = next(b for b in blocks if b.lstrip("# \n").startswith("books/epic") or "game smersh" in b)
    showdown = next(b for b in blocks if "showdown Pierre" in b)
    (tmp_path / "book.smersh").write_text(header + "\n" + showdown, encoding="utf-8")
    found = [d for d in check_paths(tmp_path) if d.code.startswith(("G", "S", "I"))]
    assert found == []

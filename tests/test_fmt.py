"""`smersh fmt`: canonical, idempotent, and never a change of meaning."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import REPO, smersh
from regen_golden import GOLDEN
from smersh_dsl.fmt.layout import format_text
from smersh_dsl.fmt.run import meaning
from smersh_dsl.parse.parser import parse_text

BOOK_FILES = sorted((REPO / "books").rglob("*.smersh"))


@pytest.mark.parametrize("source", sorted((GOLDEN / "fmt").glob("*.in.smersh")), ids=lambda p: p.stem)
def test_golden_layout(source: Path):
    expected = source.with_name(source.name.replace(".in.", ".out.")).read_text(encoding="utf-8")
    assert format_text(source.read_text(encoding="utf-8")) == expected


@pytest.mark.parametrize("path", BOOK_FILES, ids=lambda p: p.relative_to(REPO / "books").as_posix())
def test_bundled_books_are_formatted_and_keep_their_meaning(path: Path):
    text = path.read_text(encoding="utf-8")
    assert format_text(text) == text                          # `smersh fmt --check books` is clean
    squashed = "\n".join(line.strip() for line in text.split("\n"))
    again = format_text(squashed)
    assert meaning(parse_text(again, "x")[0].definitions) == meaning(parse_text(text, "x")[0].definitions)
    assert format_text(again) == again                        # idempotent


_SAMPLE = [p.read_text(encoding="utf-8") for p in BOOK_FILES[:12]]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(_SAMPLE), st.lists(st.tuples(st.integers(0, 10_000), st.sampled_from(
    ["\t", "   ", "\n\n\n", "  \n", " \r\n"])), max_size=8))
def test_whitespace_noise_never_changes_meaning(text: str, noise: list[tuple[int, str]]):
    lines = text.split("\n")
    for position, junk in noise:          # noise at line starts and ends, outside and inside strings
        i = position % len(lines)
        lines[i] = junk + lines[i] + (junk if junk.strip(" \t") == "" else "")
    noisy = "\n".join(lines)
    original, problems = parse_text(noisy, "x")
    if any(p.code.startswith("S") for p in problems):
        return                            # the noise broke a token: fmt leaves such files alone
    formatted = format_text(noisy)
    assert meaning(parse_text(formatted, "x")[0].definitions) == meaning(original.definitions)
    assert format_text(formatted) == formatted


def test_cli_check_diff_and_write(tmp_path: Path):
    messy = (GOLDEN / "fmt" / "messy.in.smersh").read_text(encoding="utf-8")
    target = tmp_path / "messy.smersh"
    target.write_text(messy, encoding="utf-8")
    check = smersh("fmt", "--check", str(tmp_path))
    assert check.returncode == 1 and "would reformat" in check.stdout
    diff = smersh("fmt", "--diff", str(target))
    assert diff.returncode == 1 and diff.stdout.startswith("---")
    assert target.read_text(encoding="utf-8") == messy          # --check and --diff change nothing
    assert smersh("fmt", str(target)).returncode == 0
    assert target.read_text(encoding="utf-8") == format_text(messy)
    assert smersh("fmt", "--check", str(target)).returncode == 0


def test_a_file_with_syntax_errors_is_left_alone(tmp_path: Path):
    broken = tmp_path / "broken.smersh"
    broken.write_text("entry 01.1.1 {\n      \"unclosed\n", encoding="utf-8")
    result = smersh("fmt", str(broken))
    assert result.returncode == 1 and "syntax errors" in result.stderr
    assert broken.read_text(encoding="utf-8") == "entry 01.1.1 {\n      \"unclosed\n"

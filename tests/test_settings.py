"""What a run reports: --select/--ignore, smersh.toml / [tool.smersh], inline suppressions."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import smersh
from smersh_dsl.pipeline.run import check_paths
from smersh_dsl.settings.policy import Policy

# A tiny self-contained game: one orphan entry (C002) and one TODO (T003), nothing else.
GAME = 'game g "G" { skills { Spycraft } }\n'
BODY = ('entry 01.1.1 { "TODO: write it." }\n'       # line 2: C002 at 2:7, T003 at 2:17
        'entry 01.1.2 { "Done." }\n')                # line 3: C002 at 3:7


def found(folder: Path, policy: Policy | None = None, text: str = GAME + BODY) -> set[tuple[str, int, int]]:
    (folder / "book.smersh").write_text(text, encoding="utf-8")
    (folder / ".git").mkdir(exist_ok=True)          # config search stops here
    _, diagnostics = check_paths([folder], policy)
    return {(d.code, d.span.line, d.span.column) for d in diagnostics}


def test_everything_is_reported_by_default(tmp_path):
    assert found(tmp_path) == {("C002", 2, 7), ("T003", 2, 17), ("C002", 3, 7)}


@pytest.mark.parametrize("select", [["T003"], ["T"], ["todo-in-text"], ["t003"]])
def test_select_by_code_prefix_or_name(tmp_path, select):
    assert found(tmp_path, Policy(select=select)) == {("T003", 2, 17)}


def test_ignore_by_name(tmp_path):
    assert found(tmp_path, Policy(ignore=["orphan-entry"])) == {("T003", 2, 17)}


def test_syntax_errors_are_never_filtered_out(tmp_path):
    got = found(tmp_path, Policy(select=["T003"]), GAME + "entry 01.1.1 {\n")
    assert {code for code, _, _ in got} == {"S003"}


def test_config_in_pyproject_applies_to_projects_below_it(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.smersh]\nignore = ["C002"]\n')
    book = tmp_path / "book"
    book.mkdir()
    (tmp_path / ".git").mkdir()
    (book / "book.smersh").write_text(GAME + BODY)
    _, diagnostics = check_paths([book])
    assert {d.code for d in diagnostics} == {"T003"}


def test_smersh_toml_wins_and_command_line_select_replaces_it(tmp_path):
    (tmp_path / "smersh.toml").write_text('select = ["C"]\n')
    assert {c for c, _, _ in found(tmp_path)} == {"C002"}
    assert {c for c, _, _ in found(tmp_path, Policy(select=["T"]))} == {"T003"}


def test_smersh_toml_may_use_the_pyproject_header(tmp_path):
    """The docs show `[tool.smersh]`; a writer who copies it into smersh.toml is obeyed,
    and a bad key under that header is still found at its line."""
    (tmp_path / "smersh.toml").write_text('[tool.smersh]\nselect = ["C"]\n')
    assert {c for c, _, _ in found(tmp_path)} == {"C002"}
    (tmp_path / "smersh.toml").write_text('[tool.smersh]\ncolour = "red"\n')
    assert ("L003", 2, 1) in found(tmp_path)


@pytest.mark.parametrize("text, expected", [
    ('select = ["G01x"]\n', ("L003", 1, 11)),           # an unknown rule, at the item
    ('colour = "red"\n', ("L003", 1, 1)),               # an unknown setting, at the key
    ('ignore = [\n "T003",\n', ("L003", 3, 1)),         # invalid TOML, where it breaks
    ('ignore = 3\n', ("L003", 1, 1)),                   # the wrong type
])
def test_bad_configuration_is_reported_at_its_line(tmp_path, text, expected):
    (tmp_path / "smersh.toml").write_text(text)
    got = found(tmp_path)
    assert expected in got
    assert [g for g in got if g[0] == "L003"] == [expected]


def test_trailing_suppression_silences_its_line_only(tmp_path):
    text = GAME + BODY.replace('write it." }', 'write it." }  # smersh: ignore[T003, C002]')
    assert found(tmp_path, text=text) == {("C002", 3, 7)}


def test_suppression_alone_on_a_line_silences_the_next_block(tmp_path):
    text = (GAME + "# smersh: ignore[G002]\n"
            "lobo A {\n  intro { goto 1 }\n  encounter 1 { test Spycraft pass { goto victory } }\n"
            '  victory { "Won." }\n  defeat { "Lost." }\n}\n'
            "lobo B {\n  intro { goto 1 }\n  encounter 1 { test Spycraft pass { goto victory } }\n"
            '  victory { "Won." }\n  defeat { "Lost." }\n}\n')
    got = found(tmp_path, text=text)
    # Section A (lines 3-8) is silenced; section B (from line 9) is not.
    assert {(c, line) for c, line, _ in got if c == "G002"} == {("G002", 11)}


def test_a_suppression_that_silences_nothing_is_reported(tmp_path):
    text = GAME + BODY.replace('"Done." }', '"Done." }  # smersh: ignore[T003]')
    got = found(tmp_path, text=text)
    assert ("L001", 3, 27) in got


def test_a_suppression_naming_no_rule_is_an_error(tmp_path):
    text = GAME + BODY.replace('"Done." }', '"Done." }  # smersh: ignore[X404]')
    assert ("L002", 3, 27) in found(tmp_path, text=text)


def test_unused_suppression_of_a_deselected_rule_is_not_reported(tmp_path):
    text = GAME + BODY.replace('"Done." }', '"Done." }  # smersh: ignore[T003]')
    assert ("L001", 3, 27) not in found(tmp_path, Policy(ignore=["T003"]), text=text)


def test_cli_select_ignore_and_statistics(tmp_path):
    (tmp_path / ".git").mkdir()
    (tmp_path / "book.smersh").write_text(GAME + BODY)
    result = smersh("check", ".", "-q", "--ignore", "T003", "--statistics", cwd=tmp_path)
    assert result.returncode == 1
    assert "T003" not in result.stdout
    assert result.stdout.splitlines()[-1].split() == ["2", "C002", "orphan-entry", "error"]
    result = smersh("check", ".", "--select", "T", "--format", "json", "--statistics", cwd=tmp_path)
    assert result.returncode == 0            # a warning only
    assert "T003" in result.stderr and result.stdout.startswith("{")


def test_cli_rejects_an_unknown_rule_as_a_usage_error(tmp_path):
    result = smersh("check", str(tmp_path), "--select", "Q123")
    assert result.returncode == 2
    assert "`Q123` names no rule" in result.stderr

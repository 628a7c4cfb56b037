"""Issue 32, "the first hour": what a writer's `smersh check` says when one file of the
project does not parse, how hints spell the names the writer wrote, and how findings
name the places of the book."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import sarif_pydantic

from conftest import smersh

HEADER = '''game nightjar "Operation Nightjar" {
  skills { Spycraft Athletics }
  players 1..4
}
region Europe {
  values 1..1
  city Paris [airport]
}
card Europe 01 "Followed" { response 1 "Hide" }
'''
ENTRIES = '''entry 01.1.1 {
  "A man in a grey coat."
  test Athletcs
  pass { gain status "Soaked" }
  fail { gain status "Marked" }
}
'''
HELD = "2 findings held back until the syntax errors are fixed"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A project whose third file leaves a `{` open: the two unknown statuses of the
    entries may be in the block that did not parse; the misspelt skill cannot be."""
    (tmp_path / "book.smersh").write_text(HEADER, encoding="utf-8")
    (tmp_path / "entries.smersh").write_text(ENTRIES, encoding="utf-8")
    (tmp_path / "broken.smersh").write_text('status "Wet" {\n  effect "Rain."\n', encoding="utf-8")
    return tmp_path


def lines(result) -> list[str]:
    """The report's lines after the first, which says what was checked."""
    said = result.stdout.splitlines()
    assert said and said[0].startswith("checked "), said
    return said[1:]


def test_one_unclosed_brace_does_not_hide_the_findings_of_other_files(project: Path):
    result = smersh("check", "-q", ".", cwd=project)
    assert result.returncode == 1, result.stderr
    assert lines(result)[:2] == [
        "broken.smersh:1:14: error[S003]: the `{` opened on line 1 is never closed (the file ends first)",
        "entries.smersh:3:8: error[N001]: unknown skill `Athletcs`"]


def test_the_text_report_says_how_many_findings_it_holds_back(project: Path):
    result = smersh("check", ".", cwd=project)
    assert lines(result)[-2:] == ["2 errors", HELD]
    (project / "broken.smersh").write_text('status "Wet" {\n  effect "Rain."\n}\n', encoding="utf-8")
    fixed = smersh("check", "-q", ".", cwd=project)
    assert lines(fixed) == ["entries.smersh:3:8: error[N001]: unknown skill `Athletcs`",
                            "entries.smersh:4:22: error[N003]: unknown status `Soaked`",
                            "entries.smersh:5:22: error[N003]: unknown status `Marked`",
                            "3 errors"]


def test_one_held_back_finding_is_said_in_the_singular(project: Path):
    (project / "entries.smersh").write_text(ENTRIES.replace('gain status "Marked"', "take 1 injury"),
                                            encoding="utf-8")
    result = smersh("check", "-q", ".", cwd=project)
    assert lines(result)[-1] == "1 finding held back until the syntax errors are fixed"


def test_the_count_leaves_out_what_the_configuration_would_not_report(project: Path):
    ignored = smersh("check", "-q", "--ignore", "N003", ".", cwd=project)
    assert lines(ignored)[-1] == "2 errors"
    (project / "entries.smersh").write_text(
        ENTRIES.replace('"Soaked" }', '"Soaked" }   # smersh: ignore[N003]'), encoding="utf-8")
    silenced = smersh("check", "-q", ".", cwd=project)
    assert lines(silenced)[-1] == "1 finding held back until the syntax errors are fixed"


def test_json_and_sarif_and_github_carry_what_is_held_back(project: Path):
    document = json.loads(smersh("check", "--format", "json", ".", cwd=project).stdout)
    assert document["held_back"] == [{"count": 2, "until": "the syntax errors are fixed",
                                      "message": HELD}]
    assert [d["code"] for d in document["diagnostics"]] == ["S003", "N001"]
    sarif = json.loads(smersh("check", "--format", "sarif", ".", cwd=project).stdout)
    sarif_pydantic.Sarif.model_validate(sarif)       # still a valid SARIF log
    notes = sarif["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    assert [(n["level"], n["message"]["text"]) for n in notes] == [("note", HELD)]
    github = smersh("check", "--format", "github", ".", cwd=project).stdout
    assert github.splitlines()[-1] == f"::notice::{HELD}"


def test_nothing_is_said_held_back_when_nothing_is(project: Path):
    (project / "broken.smersh").unlink()
    document = json.loads(smersh("check", "--format", "json", ".", cwd=project).stdout)
    assert document["held_back"] == []
    assert "held back" not in smersh("check", ".", cwd=project).stdout


def test_an_expansion_holds_back_while_its_base_game_has_syntax_errors(tmp_path: Path):
    """The base game's broken block may give the status the expansion's entry reads."""
    game, expansion = tmp_path / "game", tmp_path / "expansion"
    game.mkdir()
    expansion.mkdir()
    (game / "book.smersh").write_text(HEADER, encoding="utf-8")
    (game / "entries.smersh").write_text(ENTRIES.replace("Athletcs", "Athletics")
                                         .replace('gain status "Marked"', "take 1 injury"),
                                         encoding="utf-8")
    (game / "broken.smersh").write_text('status "Soaked" {\n  effect "Rain."\n', encoding="utf-8")
    (expansion / "book.smersh").write_text('expansion wet "Wet" extends nightjar { }\n'
                                           'override entry 01.1.1 {\n  if status "Soaked" { "Drip." }\n}\n',
                                           encoding="utf-8")
    result = smersh("check", "-q", "game", "expansion", cwd=tmp_path)
    assert [line for line in lines(result) if "[N003]" in line or "[B001]" in line] == []
    assert lines(result)[-1] == "2 findings held back until the syntax errors are fixed"


# --- hints spell names as the writer did -------------------------------------------------

SHOWDOWN = '''game g "Test" {
  skills { Spycraft Athletics }
  die skill { success success resolve blank blank blank }
  difficulties { easy }
  players 1..4
}
henchman Zed {
  difficulty easy
  intel { 1: 4 2: 6 3: 8 4: 10 }
  lobo Z
  successes 1
}
lobo Z {
  intro { goto 01 }
  encounter 01 { test Spycraft pass { gain 1 success goto end } fail { goto end } }
  tally end { successes >= 1 -> victory else -> defeat }
  victory { "Won." }
  defeat { "Lost." }
}
showdown Zed {
  intro { goto 01 }
  encounter 01 { choose { "Bold" -> 02  "Quiet" -> 55 } }
  encounter 02 { test Athletics pass { gain 1 success goto 05 } fail { goto 7 } }
  encounter 05 { goto end }
  tally end { successes >= 1 -> victory  else -> defeat }
  victory { "Won." }
  defeat { "Lost." }
}
'''


def test_a_jump_hint_suggests_the_encounter_as_written(check_text):
    found = {(d.span.line, d.span.column): d for d in check_text(SHOWDOWN) if d.code == "N007"}
    assert sorted(found) == [(22, 52), (23, 77)]
    near = found[(22, 52)]
    assert (near.message, near.hint) == (
        "unknown encounter, tally or conclusion `55` in this section", "did you mean `05`?")
    listed = found[(23, 77)]
    assert (listed.message, listed.hint) == (
        "unknown encounter, tally or conclusion `7` in this section",
        "defined: `01`, `02`, `05`, `end`, `victory`, `defeat`")


def test_duplicates_are_named_as_written(check_text):
    text = ('game g "Test" {\n  skills { Spycraft }\n  players 1..4\n}\n'
            'region Europe {\n  values 1..1\n  city Paris [airport]\n}\n'
            'card Europe 1 "Followed" { response 1 "Hide" }\n'
            'card Europe 001 "Again" { response 1 "Hide" }\n'
            'entry 1.1.1 { "One." }\nentry 001.1.1 { "Two." }\n')
    found = {d.code: d.message for d in check_text(text) if d.code in ("D001", "D002")}
    assert found == {"D001": "entry 001.1.1 is defined twice",
                     "D002": "encounter number 001 is used twice"}
    sections = SHOWDOWN.replace("encounter 05 { goto end }", "encounter 05 { goto end }\n  encounter 5 { goto end }")
    d003 = [d.message for d in check_text(sections) if d.code == "D003"]
    assert d003 == ["encounter 5 is defined twice in this section"]


# --- places named as the book names them ------------------------------------------------

def test_stats_names_cards_and_showdowns_as_the_book_does():
    result = smersh("stats", str(Path(__file__).resolve().parent.parent / "books" / "epic"))
    assert result.returncode == 0, result.stderr
    text = result.stdout
    assert "showdown Pierre, encounter 02: Deception" in text
    assert "lobo A, encounter 02: " in text
    rows = [line.split("  ")[0] for line in text.split("Difficulty: mean chance per card or section")[1].splitlines() if line]
    assert rows[:2] == ["card Africa 09", "card Africa 10"]
    assert {"card Europe 01", "lobo A", "showdown Pierre", "showdown Mr. Big"} <= set(rows)
    assert "encounter:" not in text and "henchman Pierre" not in text


def test_the_findings_page_names_the_showdown_encounter_as_the_book_does(tmp_path: Path):
    project = tmp_path / "zed"
    project.mkdir()
    (project / "book.smersh").write_text(SHOWDOWN.split("henchman Zed")[0], encoding="utf-8")
    (project / "zed.smersh").write_text(
        "henchman Zed" + SHOWDOWN.split("henchman Zed")[1]
        .replace('"Bold" -> 02  "Quiet" -> 55', '"TODO: bold" -> 02  "Quiet" -> 02')
        .replace("goto 7", "goto end"), encoding="utf-8")
    built = smersh("build", "zed", "--format", "site", "--out", "out", cwd=tmp_path)
    assert built.returncode == 0, built.stdout + built.stderr
    page = (tmp_path / "out" / "site" / "findings.html").read_text(encoding="utf-8")
    assert "showdown Zed, encounter 01 in the book" in page
    assert "Zed encounter:1" not in page


def test_an_unwinnable_tally_counts_one_success_token_in_the_singular(check_text):
    text = SHOWDOWN.replace("encounter 01 { test Spycraft pass { gain 1 success goto end } fail { goto end } }",
                            "encounter 01 { test Spycraft pass { goto end } fail { goto end } }")
    found = [d.message for d in check_text(text) if d.code == "G004"]
    assert found == ["the victory conclusion needs 1 success token, but no path to tally `end` "
                     "earns more than 0"]


def test_a_broken_entry_holds_back_only_what_an_entry_could_change(tmp_path: Path):
    """An entry names nothing, so an unknown status elsewhere is reported; the card whose
    entry is the broken one is not said to lack it (C001 held back)."""
    (tmp_path / "book.smersh").write_text(HEADER + 'card Europe 02 "Met" { response 1 "Talk" }\n',
                                          encoding="utf-8")
    (tmp_path / "entries.smersh").write_text('entry 02.1.1 {\n  "Rain."\n  gain status "Soaked"\n}\n',
                                             encoding="utf-8")
    (tmp_path / "broken.smersh").write_text('entry 01.1.1 {\n  "A man in a grey coat."\n'
                                            '  pass { gain 1 intel\n}\n', encoding="utf-8")
    result = smersh("check", "-q", ".", cwd=tmp_path)
    assert lines(result)[1:] == ["entries.smersh:3:15: error[N003]: unknown status `Soaked`",
                                 "2 errors",
                                 "1 finding held back until the syntax errors are fixed"]
    assert "error[S" in lines(result)[0]


def test_an_indented_block_in_a_broken_entry_is_not_taken_for_part_of_it(tmp_path: Path):
    """The left-out stretch holds an indented status block too: the status it declares
    may be the one the other entry gains, so N003 is held back."""
    (tmp_path / "book.smersh").write_text(HEADER + 'card Europe 02 "Met" { response 1 "Talk" }\n',
                                          encoding="utf-8")
    (tmp_path / "entries.smersh").write_text('entry 02.1.1 {\n  "Rain."\n  gain status "Soaked"\n}\n',
                                             encoding="utf-8")
    (tmp_path / "broken.smersh").write_text('entry 01.1.1 {\n  "A man in a grey coat."\n'
                                            '  pass { gain 1 intel\n}\n'
                                            '  status "Soaked" { effect "Wet through." }\n',
                                            encoding="utf-8")
    result = smersh("check", "-q", ".", cwd=tmp_path)
    assert not [line for line in lines(result) if "[N003]" in line]
    assert lines(result)[-1] == "2 findings held back until the syntax errors are fixed"

"""The command as a user meets it: help, version, exit codes, formats, rules, explain."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import smersh
from waiting import HANG_GUARD_S
from smersh_dsl import __version__


def test_version():
    result = smersh("--version")
    assert result.returncode == 0 and __version__ in result.stdout


@pytest.mark.parametrize("command", [[], ["check"], ["rules"], ["explain"]])
def test_every_command_explains_itself_with_an_example(command):
    result = smersh(*command, "--help")
    assert result.returncode == 0
    assert "Example" in result.stdout


def test_check_clean_file_exits_zero(tmp_path: Path):
    (tmp_path / "ok.smersh").write_text('game g "G" { skills { Spycraft } }\n'
                                         'region Europe { city Paris values 1..1 }\n'
                                         'card Europe 01 "Followed" { response 1 "Hide" }\n'
                                         'entry 01.1.1 { test Spycraft pass { gain 1 intel } fail { take 1 injury } }\n')
    result = smersh("check", str(tmp_path / "ok.smersh"))
    assert result.returncode == 0, result.stdout
    assert "no problems found" in result.stdout


def test_check_text_report_shows_line_caret_and_hint(tmp_path: Path):
    (tmp_path / "bad.smersh").write_text('game g "G" { skills { Spycraft } }\n'
                                          'region Europe { city Paris values 1..1 }\n'
                                          'card Europe 01 "Followed" { response 1 "Hide" }\n'
                                          'entry 01.1.1 { test Spycrfat pass { gain 1 intel } fail { take 1 injury } }\n')
    result = smersh("check", "bad.smersh", cwd=tmp_path)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines[0] == "checked g (bad.smersh): 1 file"
    assert lines[1] == "bad.smersh:4:21: error[N001]: unknown skill `Spycrfat`"
    assert lines[3] == "4 | entry 01.1.1 { test Spycrfat pass { gain 1 intel } fail { take 1 injury } }"
    assert lines[4] == "  |                     ^^^^^^^^ did you mean `Spycraft`?"


def test_check_json_report(tmp_path: Path):
    (tmp_path / "bad.smersh").write_text('game g "G" { skills { Spycraft } }\n'
                                          'region Europe { city Paris values 1..1 }\n'
                                          'card Europe 01 "Followed" { response 1 "Hide" }\n'
                                          'entry 01.1.1 { test Spycrfat pass { gain 1 intel } fail { take 1 injury } }\n'
                                          'entry 01.1.1 { "x" }\n')
    result = smersh("check", "--format", "json", "bad.smersh", cwd=tmp_path)
    assert result.returncode == 1
    document = json.loads(result.stdout)
    assert document["summary"]["error"] == 2
    first = document["diagnostics"][0]
    assert first["code"] == "N001" and first["name"] == "unknown-skill"
    assert first["span"] == {"file": "bad.smersh", "line": 4, "column": 21,
                             "end_line": 4, "end_column": 29}


def test_rules_and_explain():
    listing = smersh("rules")
    assert listing.returncode == 0 and "N001  unknown-skill" in listing.stdout
    by_code, by_name = smersh("explain", "N001"), smersh("explain", "unknown-skill")
    assert by_code.returncode == 0 and by_code.stdout == by_name.stdout
    assert "Bad:" in by_code.stdout and "Good:" in by_code.stdout
    missing = smersh("explain", "Z999")
    assert missing.returncode == 2 and "smersh rules" in missing.stderr


def test_check_runs_from_another_folder_on_bundled_books(tmp_path: Path):
    """From any folder, `smersh check NAME` checks the books installed with the package."""
    result = smersh("check", "-q", "epic", "shield", "smush", "swagmans-hope", cwd=tmp_path)
    assert "Traceback" not in result.stderr
    assert result.returncode == 0, result.stdout[-3000:]
    assert result.stdout.startswith("checked smersh (")


def test_a_command_ends_without_teardown_but_runs_its_exit_work(tmp_path: Path):
    """`smersh` ends with `os._exit` (freeing a large project object by object took over a
    second, issue #8), but first runs what was registered with atexit, which removes
    temporary folders, and flushes a long piped report whole."""
    import subprocess
    import sys
    marker = tmp_path / "exit-work-ran"
    program = ("import atexit, pathlib, sys\n"
               f"atexit.register(pathlib.Path({str(marker)!r}).write_text, 'yes')\n"
               "sys.argv = ['smersh', 'check', '--format', 'json', 'bad.smersh']\n"
               "from smersh_dsl.cli import main\nmain()\n")
    entries = "".join(f'entry 01.1.1 {{ test Spycrfat{i} }}\n' for i in range(300))
    (tmp_path / "bad.smersh").write_text('game g "G" { skills { Spycraft } }\n' + entries)
    result = subprocess.run([sys.executable, "-c", program], cwd=tmp_path, capture_output=True,
                            text=True, timeout=HANG_GUARD_S)
    assert result.returncode == 1
    assert marker.read_text() == "yes"
    report = json.loads(result.stdout)      # all of it arrived: it parses
    assert report["summary"]["error"] >= 300

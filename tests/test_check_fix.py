"""`smersh check --fix` and `--diff` (issue #29): on copies of the red-team corpus and on
cases of its own, the fixes remove every finding they claim and no other; a second run
changes nothing; `--diff` writes nothing."""

from __future__ import annotations

import re
import shutil
import tomllib
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import TESTS, check_paths, smersh
from smersh_dsl.cli import commands
from smersh_dsl.fmt.fixing import fix_paths
from test_redteam import plant

CORPUS = TESTS / "redteam"
CASES = tomllib.loads((CORPUS / "cases.toml").read_text(encoding="utf-8"))["case"]
LOBO = '''
lobo A {
  intro { "Rain." goto 01 }
  encounter 01 { "A door." test Spycraft pass { gain success goto end } fail { goto defeat } }
  tally end { successes >= 1 -> victory }
  victory { "You win." }
  defeat { "You lose." }
}
'''
# (name, kind, file, old, new, the code it plants, fixed without --unsafe-fixes)
OWN = [
    ("misspelt skill", "game", "entries.smersh", "test Spycraft\n", "test Spycrat\n", "N001", True),
    ("status in the wrong case", "game", "entries.smersh", 'if status "Marked" {', 'if status "marked" {',
     "N003", True),
    ("curly quotes around prose", "game", "entries.smersh", '"Nobody saw. You hope."',
     "\u201cNobody saw. You hope.\u201d", "S002", True),
    ("a keyword glued to more letters", "game", "entries.smersh", "gain 2 intel }", "gain 2 intelligence }",
     "S001", True),
    ("a jump to a missing encounter", "game", "entries.smersh", "",
     LOBO.replace("-> victory }", "-> victory else -> defeat }").replace("goto defeat", "goto defaet"),
     "N007", True),
    ("a tally without else", "game", "entries.smersh", "", LOBO, "G002", False),
    ("an expansion's region without override", "expansion", "book.smersh", "override region Australia",
     "region Australia", "D006", False),
    ("a gap in the grid", "game", "entries.smersh", None, None, "C001", False),
]


def _plant_own(case: tuple, into: Path) -> Path:
    name, kind, file, old, new, _, _ = case
    project = into / kind
    shutil.copytree(CORPUS / kind, project)
    target = project / file
    text = target.read_text(encoding="utf-8")
    if old is None:             # the gap: entry 01.2.2 taken out
        text = re.sub(r"^entry 01\.2\.2 \{.*?^\}\n", "", text, flags=re.S | re.M)
    elif old == "":
        text += new
    else:
        assert old in text, name
        text = text.replace(old, new, 1)
    target.write_text(text, encoding="utf-8")
    return project


def _codes(project: Path) -> Counter:
    return Counter(d.code for d in check_paths(project))


def _files(project: Path) -> dict[str, str]:
    return {str(p.relative_to(project)): p.read_text(encoding="utf-8") for p in sorted(project.rglob("*.smersh"))}


def _fix(project: Path, *extra: str) -> tuple[int, str]:
    result = CliRunner().invoke(commands(), ["check", str(project), "--fix", "-q", *extra])
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, result.output


def _claims(project: Path, unsafe: bool) -> Counter:
    return Counter(d.code for d, _ in fix_paths([project], unsafe=unsafe).fixed)


def _stubs(project: Path, unsafe: bool) -> int:
    """The stub entries the fixes write, each with a `TODO` that T003 finds (on purpose)."""
    return sum(e.text.count('"TODO') for _, f in fix_paths([project], unsafe=unsafe).fixed for e in f.edits)


def _removes_what_it_claims(project: Path, unsafe: bool) -> Counter:
    before = _codes(project)
    claimed, stubs = _claims(project, unsafe), _stubs(project, unsafe)
    _fix(project, *(["--unsafe-fixes"] if unsafe else []))
    after = _codes(project)
    assert after == before - claimed + Counter({"T003": stubs}), (before, claimed, after)
    fixed = _files(project)
    _fix(project, *(["--unsafe-fixes"] if unsafe else []))
    assert _files(project) == fixed, "a second run changed the files"
    return claimed


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_on_the_red_team_corpus_fix_removes_what_it_claims_and_no_other(case: dict, tmp_path: Path):
    project = plant(case, tmp_path)
    claimed = _removes_what_it_claims(project, unsafe=True)
    assert set(claimed) <= {case["code"]}


def test_the_red_team_corpus_has_fixes_to_make(tmp_path: Path):
    """The sweep above is not empty: the syntax slips of the corpus are all fixed."""
    fixed = [c["name"] for i, c in enumerate(CASES)
             if _claims(plant(c, tmp_path / str(i)), unsafe=False)]
    assert set(fixed) >= {"no-break space", "en dash before a modifier", "effect verb from another game",
                          "misspelt condition word", "misspelt log action", "misspelt card keyword"}


@pytest.mark.parametrize("case", OWN, ids=[c[0] for c in OWN])
def test_each_fix_removes_its_finding_and_only_with_unsafe_if_unsafe(case: tuple, tmp_path: Path):
    project = _plant_own(case, tmp_path)
    code, safe = case[5], case[6]
    assert _codes(project)[code] == 1
    safe_claims = _removes_what_it_claims(project, unsafe=False)
    assert safe_claims == (Counter({code: 1}) if safe else Counter())
    assert _removes_what_it_claims(project, unsafe=True) == (Counter() if safe else Counter({code: 1}))
    assert _codes(project)[code] == 0


def test_the_fixed_text_is_what_was_meant(tmp_path: Path):
    project = _plant_own(OWN[0], tmp_path / "a")
    _fix(project)
    assert "test Spycraft\n" in (project / "entries.smersh").read_text(encoding="utf-8")
    project = _plant_own(OWN[2], tmp_path / "b")
    _fix(project)
    assert '"Nobody saw. You hope."' in (project / "entries.smersh").read_text(encoding="utf-8")
    project = _plant_own(OWN[-1], tmp_path / "c")
    _fix(project, "--unsafe-fixes")
    text = (project / "entries.smersh").read_text(encoding="utf-8")
    assert re.search(r'entry 01\.2\.1 \{.*?^\}\n\nentry 01\.2\.2 \{\n  "TODO', text, re.S | re.M)


def test_the_command_says_what_it_fixed_and_diff_writes_nothing(tmp_path: Path):
    project = _plant_own(OWN[0], tmp_path)
    before = _files(project)
    shown = smersh("check", str(project), "--diff")
    assert shown.returncode == 1, shown.stderr
    assert "-  test Spycrat\n+  test Spycraft\n" in shown.stdout and "entries.smersh" in shown.stdout
    assert _files(project) == before
    done = smersh("check", str(project), "--fix")
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"fixed \S*entries\.smersh:5:8 N001: change `Spycrat` to `Spycraft`", done.stderr)
    assert "1 fixed in 1 files" in done.stderr and "N001" not in done.stdout
    again = smersh("check", str(project), "--diff")
    assert again.returncode == 0 and again.stdout == ""

"""`smersh new KIND` in a project just made with `smersh new game` or `smersh new
expansion`: every skeleton fits the project it is written into, so the project checks
clean but for the skeleton's TODO warnings (T003), as `smersh new --help` promises.

Before (#32): `new henchman` in a new game wrote `lobo A`, which no section defined
(N010); there was no `new lobo`; `new encounter-card` in a new game failed with
"no region 'Europe'; there are " and nothing after it. The project is always named on
the command line: which project a command without one picks is another matter.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import REPO, check_paths, smersh
from smersh_dsl.fmt.layout import format_text

# What `new` makes inside a game's or an expansion's project (scenario needs a campaign).
KINDS = ["region", "encounter-card", "encounter", "henchman", "showdown", "lobo", "status"]


def _new(*args: str) -> None:
    result = smersh("new", *args)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> Path:
    """Fresh projects, as a writer makes them: a game of their own (`nightjar`), an
    expansion of the bundled game (`winter`), and an expansion of their own game
    (`sequel`, checked with `nightjar`, the game it extends)."""
    root = tmp_path_factory.mktemp("fresh")
    _new("game", "--name", "Operation Nightjar", "-o", str(root / "nightjar" / "book.smersh"))
    _new("expansion", str(REPO / "books" / "epic"), "--name", "Winter Games",
         "-o", str(root / "winter" / "book.smersh"))
    _new("expansion", str(root / "nightjar"), "--name", "Sequel",
         "-o", str(root / "sequel" / "book.smersh"))
    return root


# project -> (the folder `new` is told of, the folders `check` is given)
PROJECTS = {"game": ("nightjar", ["nightjar"]), "expansion": ("winter", ["winter"]),
            "expansion-of-own-game": ("sequel", ["nightjar", "sequel"])}


def _copy(fresh: Path, tmp_path: Path) -> Path:
    root = tmp_path / "projects"
    shutil.copytree(fresh, root)
    return root


def _only_todos(found: list, written: Path) -> None:
    """Nothing but T003, in the new file and in the manifests (an expansion's skeleton
    leaves a TODO in its variant's text)."""
    assert {d.code for d in found} == {"T003"}, [(d.code, d.message) for d in found]
    assert any(Path(d.span.file).name == written.name for d in found)
    assert all(Path(d.span.file).name in (written.name, "book.smersh") for d in found)


@pytest.mark.parametrize("project", sorted(PROJECTS))
@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_in_every_fresh_project_checks_clean_but_for_its_todos(fresh, tmp_path, project, kind):
    root = _copy(fresh, tmp_path)
    target, checked = PROJECTS[project]
    written = root / target / f"new-{kind}.smersh"
    _new(kind, str(root / target), "-o", str(written))
    text = written.read_text(encoding="utf-8")
    assert format_text(text) == text                        # written in fmt's layout
    _only_todos(check_paths(*(root / c for c in checked)), written)


@pytest.mark.parametrize("project", sorted(PROJECTS))
def test_all_kinds_one_after_another_check_clean_but_for_their_todos(fresh, tmp_path, project):
    """Each skeleton sees what the ones before it wrote: the second henchman names the
    Dr. Lobo section the first one brought, `new lobo` takes the next letter, the second
    card the next number, a second region names its places apart from the first's, and
    `smersh check` exits 0 with warnings that are all T003."""
    root = _copy(fresh, tmp_path)
    target, checked = PROJECTS[project]
    for i, kind in enumerate(KINDS + ["region", "henchman", "lobo", "encounter-card"]):
        named = kind in ("region", "henchman", "status")
        _new(kind, str(root / target), "--name" if named else "--responses",
             f"Name {i}" if named else "1", "-o", str(root / target / f"{i}-{kind}.smersh"))
    result = smersh("check", *(str(root / c) for c in checked), "--format", "json")
    assert result.returncode == 0, result.stdout[-3000:]
    report = json.loads(result.stdout)
    assert report["summary"]["error"] == 0
    assert {d["code"] for d in report["diagnostics"]} == {"T003"}


def test_a_henchman_in_a_new_game_brings_the_lobo_section_it_names(fresh, tmp_path):
    root = _copy(fresh, tmp_path)
    _new("henchman", str(root / "nightjar"), "--name", "Zed", "-o", str(root / "nightjar" / "zed.smersh"))
    text = (root / "nightjar" / "zed.smersh").read_text(encoding="utf-8")
    assert "  lobo A\n" in text and "\nlobo A {\n" in text
    _new("henchman", str(root / "nightjar"), "--name", "Vey", "-o", str(root / "nightjar" / "vey.smersh"))
    second = (root / "nightjar" / "vey.smersh").read_text(encoding="utf-8")
    assert "  lobo A\n" in second and "\nlobo " not in second.replace("\n  lobo A", "")


def test_new_lobo_takes_the_next_free_letter(fresh, tmp_path):
    root = _copy(fresh, tmp_path)
    result = smersh("new", "lobo", str(root / "winter"))        # the bundled game has A to D
    assert result.returncode == 0 and "\nlobo E {\n" in result.stdout, result.stderr
    taken = smersh("new", "lobo", str(root / "winter"), "--name", "B")
    assert taken.returncode == 2 and "section 'B' exists already" in taken.stderr


def test_an_encounter_card_in_a_new_game_brings_its_region(fresh, tmp_path):
    root = _copy(fresh, tmp_path)
    result = smersh("new", "encounter-card", str(root / "nightjar"), "--region", "Balkans")
    assert result.returncode == 0, result.stderr
    assert "\nregion Balkans {\n" in result.stdout and "\ncard Balkans 01 " in result.stdout


def test_a_region_the_project_lacks_is_named_with_those_it_has(fresh, tmp_path):
    root = _copy(fresh, tmp_path)
    _new("region", str(root / "nightjar"), "--name", "Europe", "-o", str(root / "nightjar" / "europe.smersh"))
    result = smersh("new", "encounter-card", str(root / "nightjar"), "--region", "Asia")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "no region 'Asia'; there are Europe (or add it: `smersh new region --name Asia`)" in result.stderr
    default = smersh("new", "encounter-card", str(root / "nightjar"))
    assert default.returncode == 0 and "\ncard Europe 01 " in default.stdout
    assert "\nregion " not in default.stdout                    # the region it has is used


def test_a_scenario_in_a_game_project_is_a_usage_error(fresh, tmp_path):
    root = _copy(fresh, tmp_path)
    result = smersh("new", "scenario", str(root / "nightjar"), "-o", str(root / "nightjar" / "s.smersh"))
    assert result.returncode == 2 and "no campaign project" in result.stderr
    assert "Traceback" not in result.stderr and not (root / "nightjar" / "s.smersh").exists()

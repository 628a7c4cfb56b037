"""The shape of `smersh_dsl/play/`: one package per game over a shared core."""

from __future__ import annotations

import ast

from conftest import REPO

PLAY = REPO / "smersh_dsl" / "play"
GAMES = ("epic", "smush", "campaign")


def _imported(package: str) -> set[str]:
    """The `smersh_dsl.play` packages a package's modules import."""
    found = set()
    for path in sorted((PLAY / package).glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module]
        names += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        found |= {m.split(".")[2] for m in names if m.startswith("smersh_dsl.play.")}
    return found


def test_play_holds_only_the_core_and_one_package_per_game():
    assert sorted(p.stem for p in PLAY.glob("*.py")) == ["__init__"]
    assert sorted(p.name for p in PLAY.iterdir() if (p / "__init__.py").exists()) == sorted(
        ("core", *GAMES))


def test_a_game_imports_the_core_and_itself_never_another_game():
    for game in GAMES:
        assert _imported(game) <= {"core", game}, game


def test_the_core_imports_no_game():
    assert _imported("core") <= {"core"}

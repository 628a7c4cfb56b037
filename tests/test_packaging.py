"""The wheel carries grammar/, schemas/ and books/ inside the package."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import smersh_dsl
from conftest import REPO
from waiting import HANG_GUARD_S
from smersh_dsl.resources import bundled_books, grammar_path


def test_wheel_ships_grammar_schemas_and_books(tmp_path: Path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path),
                    str(REPO)], check=True, capture_output=True, timeout=HANG_GUARD_S)
    (wheel,) = tmp_path.glob("smersh_dsl-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "smersh_dsl/_data/grammar/smersh.lark" in names
    assert "smersh_dsl/_data/books/epic/book.smersh" in names
    assert any(n.startswith("smersh_dsl/_data/schemas/") for n in names)


def test_installed_package_finds_its_grammar_and_books():
    assert grammar_path().is_file()
    assert (bundled_books() / "epic" / "book.smersh").is_file()
    package = Path(smersh_dsl.__file__).resolve().parent
    if "site-packages" in package.parts:    # an installed copy must not lean on a checkout
        assert package in grammar_path().resolve().parents

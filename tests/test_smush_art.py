"""S.M.U.S.H. gadget and defence cards take `art "file"` as SMERSH cards do (issue #30):
first in the card's block, written to JSON as the card's `art` (schemas/cardgame.schema.json),
its file checked as every picture's is (F001 and the rest), and printed: the picture lies
faded behind both halves of the card, the whole card."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from conftest import REPO
from smersh_dsl.export.validate import problems
from test_print_art import _pages, _pdfs, needs_poppler
from test_smush_play import built

RED = (220, 20, 20)


def _project(tmp_path: Path, written: str = "art/gum.png") -> Path:
    """The bundled S.M.U.S.H. book, gadget card 1 and defence card 1 with a red picture."""
    root = tmp_path / "smush"
    shutil.copytree(REPO / "books" / "smush", root)
    (root / "art").mkdir()
    Image.new("RGB", (760, 1060), RED).save(root / "art" / "gum.png")
    cards = root / "cards.smersh"
    text = cards.read_text(encoding="utf-8")
    for block in ("gadget_card 1 {", "defence_card 1 {"):
        assert block in text
        text = text.replace(block, f'{block}\n  art "{written}"', 1)
    cards.write_text(text, encoding="utf-8")
    return root


def test_the_art_parses_exports_and_follows_the_schema(tmp_path: Path) -> None:
    doc = built(_project(tmp_path))
    picture = {"path": "art/gum.png", "fit": "cover", "credit": None}
    assert doc["gadget_cards"][0]["art"] == picture and doc["defence_cards"][0]["art"] == picture
    assert doc["gadget_cards"][1]["art"] is None and doc["defence_cards"][1]["art"] is None
    assert len(doc["gadget_cards"][0]["halves"]) == 2          # the halves are still there
    assert problems(doc) == []
    doc["gadget_cards"][1]["art"] = "art/gum.png"               # a path alone is no picture
    assert [p.path for p in problems(doc)] == ["/gadget_cards/1/art"]


def _check(root: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "smersh_dsl", "check", str(root)],
                          capture_output=True, text=True, cwd=root.parent)


def test_a_missing_picture_is_reported_where_the_card_names_it(tmp_path: Path) -> None:
    root = _project(tmp_path, "art/nowhere.png")
    done = _check(root)
    assert done.returncode == 1, done.stdout + done.stderr
    lines = [l for l in (done.stdout + done.stderr).splitlines() if "F001" in l]
    text = (root / "cards.smersh").read_text(encoding="utf-8").splitlines()   # the path, at :7
    where = [f"smush/cards.smersh:{n}:7" for n, line in enumerate(text, 1) if "nowhere" in line]
    assert len(where) == 2 and all(any(w in l for l in lines) for w in where), lines
    assert "Traceback" not in done.stderr


def test_a_picture_that_is_there_passes(tmp_path: Path) -> None:
    done = _check(_project(tmp_path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "F00" not in done.stdout + done.stderr


def _tinted(pixel: tuple) -> bool:
    """Red at 30% over white (the picture behind the text), not white, not black text."""
    r, g, b = pixel
    return r > 200 and 120 < g < 215 and 120 < b < 215 and r - max(g, b) > 30


@needs_poppler
def test_the_picture_is_printed_behind_both_halves_of_its_card(tmp_path: Path) -> None:
    result, pdfs = _pdfs(_project(tmp_path), "pnp", ("cards",))
    assert result.diagnostics == []
    pages = _pages(pdfs["cards"], tmp_path)
    assert len(pages) == 4                  # each deck one sheet of fronts, one of backs
    sheets = {"gadget": pages[0], "defence": pages[2]}
    mm = lambda v: int(v / 25.4 * 100)                          # noqa: E731
    left, top = (210 - 3 * 63) / 2, (297 - 3 * 88) / 2          # the 3 x 3 grid, centred
    for name, sheet in sheets.items():
        def share(column: int) -> float:
            x0 = left + 63 * column
            points = [(mm(x0 + x), mm(top + y)) for x in range(4, 60, 4) for y in range(4, 85, 3)]
            return sum(_tinted(sheet.getpixel(p)) for p in points) / len(points)
        # card 1: tinted across the whole card, both halves (or faces); card 2: nowhere
        assert share(0) > 0.5, (name, share(0))
        assert share(1) == 0, (name, share(1))
        upper = [(mm(left + x), mm(top + 8)) for x in range(4, 60, 2)]
        lower = [(mm(left + x), mm(top + 80)) for x in range(4, 60, 2)]
        assert any(map(_tinted, map(sheet.getpixel, upper))), name
        assert any(map(_tinted, map(sheet.getpixel, lower))), name

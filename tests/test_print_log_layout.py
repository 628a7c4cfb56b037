"""The S.H.I.E.L.D. campaign log as printed: evidence icons drawn as icons, check boxes in
columns, the footer text and the page number on one baseline."""

from __future__ import annotations

import io
import re
import subprocess
import tempfile
from pathlib import Path

import pytest
from conftest import REPO, smersh
from PIL import Image
from pypdf import PdfReader

SHIELD = REPO / "books" / "shield"
MM = 72 / 25.4


@pytest.fixture(scope="module")
def logs(tmp_path_factory) -> dict[str, bytes]:
    """The campaign log of `smersh build books/shield --format pdf`, on A4 and Letter."""
    out = tmp_path_factory.mktemp("log")
    found = {}
    for paper in ("a4", "letter"):
        run = smersh("build", str(SHIELD), "--format", "pdf", "--paper", paper,
                     "--out", str(out / paper))
        assert run.returncode == 0, run.stderr[-2000:]
        found[paper] = (out / paper / "shield" / "print" / "pnp" / "campaign-log.pdf").read_bytes()
    return found


def words(pdf: bytes, page: int) -> list[tuple[float, float, float, float, str]]:
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "l.pdf").write_bytes(pdf)
        out = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page),
                              str(Path(folder) / "l.pdf"), "-"], capture_output=True,
                             text=True, check=True).stdout
    return [(float(a), float(b), float(c), float(d), w) for a, b, c, d, w in re.findall(
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>',
        out)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_footer_and_the_page_number_share_a_baseline(logs, paper):
    pdf = logs[paper]
    pages = len(PdfReader(io.BytesIO(pdf)).pages)
    for page in range(2, pages + 1):            # the title page carries neither
        found = words(pdf, page)
        footer = next(w for w in found if w[4] == "log" and w[1] > 700)   # "... · Campaign log"
        number = next(w for w in found if w[4] == str(page) and w[1] > 700)
        assert abs(footer[3] - number[3]) < 0.3, (page, footer, number)


def test_evidence_icons_are_drawn_not_named(logs, tmp_path):
    pdf = logs["a4"]
    reader = PdfReader(io.BytesIO(pdf))
    text = " ".join(page.extract_text() for page in reader.pages)
    for name in ("(film)", "(crown)", "(coin)", "(moon)", "(plane)"):
        assert name not in text
    last = len(reader.pages)
    (tmp_path / "l.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", "150", "-png", "-f", str(last), "-l", str(last),
                    "-singlefile", str(tmp_path / "l.pdf"), str(tmp_path / "p")], check=True)
    image = Image.open(tmp_path / "p.png").convert("L")
    scale = 150 / 72
    drawn = 0
    for x0, y0, x1, y1, word in words(pdf, last):
        if word in ("Microfilm", "Ambition", "Revenge"):
            # the glyph in the 3.4 mm before the word: dark ink, not white paper
            box = (round((x0 - 4.2 * MM) * scale), round(y0 * scale), round((x0 - 0.3 * MM) * scale),
                   round(y1 * scale))
            darkest = image.crop(box).getextrema()[0]
            assert darkest < 100, (word, box)
            drawn += 1
    assert drawn >= 9


def test_check_boxes_stand_in_columns(logs):
    """The log's check boxes, row after row, line up: each one is in one of three columns."""
    reader = PdfReader(io.BytesIO(logs["a4"]))
    boxes = {}
    for page in reader.pages:
        for annotation in page.get("/Annots") or []:
            field = annotation.get_object()
            if field.get("/FT") == "/Btn":
                boxes[str(field.get("/T"))] = [float(v) for v in field["/Rect"]]
    wanted = ["expert", *(f"completed.scenario{n}" for n in range(1, 6)),
              "flying_upgrade", "sarah_garza_upgrade", "psionic_upgrade", "strong_upgrade"]
    assert set(wanted) <= set(boxes)
    lefts = [round(boxes[name][0], 1) for name in wanted]
    columns = sorted(set(lefts))
    assert len(columns) == 3, lefts
    # row by row, left to right: the top block (expert and five wins), then the upgrades
    assert lefts[:6] == columns * 2 and lefts[6:] == columns + columns[:1]

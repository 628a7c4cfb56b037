"""PDF pages to PNG pictures with Poppler's ``pdftoppm``: the PDF a card sheet is made of,
drawn as pixels, so a card image is the printed card and not a second drawing of it.

``pdftoppm`` is part of Poppler (Debian: ``poppler-utils``; macOS: ``brew install
poppler``); without it the card images cannot be made and ``RasterError`` says so.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from functools import lru_cache
from pathlib import Path

MM_PER_INCH = 25.4


class RasterError(Exception):
    """A page that could not be drawn; the message is for the user."""


def pixels(mm: float, dpi: int) -> int:
    """How many pixels ``mm`` millimetres make at ``dpi``, to the nearest pixel."""
    return round(mm / MM_PER_INCH * dpi)


@lru_cache(maxsize=1)
def _pdftoppm() -> str:
    found = shutil.which("pdftoppm")
    if found is None:
        raise RasterError("card images need Poppler's pdftoppm, which is not installed "
                          "(Debian: apt install poppler-utils; macOS: brew install poppler)")
    return found


@lru_cache(maxsize=1)
def version() -> str:
    """pdftoppm's version line: part of the key of an image made by it."""
    run = subprocess.run([_pdftoppm(), "-v"], capture_output=True, text=True, check=False)
    return (run.stderr or run.stdout).splitlines()[0] if (run.stderr or run.stdout) else "?"


def page_png(pdf: bytes, width_px: int, height_px: int, page: int = 1) -> bytes:
    """Page ``page`` (from 1) of ``pdf`` as a PNG of exactly ``width_px`` x ``height_px``."""
    with tempfile.TemporaryDirectory(prefix="smersh-raster-") as folder:
        source = Path(folder) / "page.pdf"
        source.write_bytes(pdf)
        run = subprocess.run([_pdftoppm(), "-png", "-f", str(page), "-l", str(page),
                              "-scale-to-x", str(width_px), "-scale-to-y", str(height_px),
                              "-singlefile", str(source), str(Path(folder) / "page")],
                             capture_output=True, text=True, check=False)
        target = Path(folder) / "page.png"
        if run.returncode != 0 or not target.is_file():
            why = run.stderr.strip().splitlines()[-1] if run.stderr.strip() else "no picture"
            raise RasterError(f"pdftoppm could not draw page {page}: {why}")
        return target.read_bytes()

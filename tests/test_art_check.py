"""Art and icon files as the checker sees them (issue #20): the path rules that case files
cannot carry (a symbolic link leading out of the project), and the header readers behind
F004 and F005, on pictures made here."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from conftest import check_paths
from smersh_dsl.images.files import Located, Refused, locate
from smersh_dsl.images.formats import Format, pixel_size, sniff, sniff_file
from smersh_dsl.images.placement import BOXES, Place, printed_dpi
from smersh_dsl.model.art import Fit

HEADER = 'game g "Test" { skills { Spycraft } }\n'


def _project(tmp_path: Path, art: str) -> Path:
    project = tmp_path / "book"
    (project / "art").mkdir(parents=True)
    (project / "book.smersh").write_text(
        HEADER + f'status "Marked" {{ art "{art}" effect "You are watched." }}\n', encoding="utf-8")
    return project


def test_a_link_leading_out_of_the_project_is_f002(tmp_path: Path):
    secret = tmp_path / "secret.png"
    Image.new("RGB", (900, 400)).save(secret)
    project = _project(tmp_path, "art/casino.png")
    (project / "art" / "casino.png").symlink_to(secret)
    found = [(d.code, d.span.line, d.span.column) for d in check_paths(project)]
    assert found == [("F002", 2, 23)]


def test_a_link_that_stays_inside_is_followed(tmp_path: Path):
    project = _project(tmp_path, "art/casino.png")
    Image.new("RGB", (900, 400)).save(project / "art" / "real.png")
    (project / "art" / "casino.png").symlink_to(project / "art" / "real.png")
    assert check_paths(project) == []
    assert locate(project, "art/casino.png") == Located((project / "art" / "real.png").resolve())


@pytest.mark.parametrize("written, code", [
    ("../../etc/passwd", "F002"), ("/etc/passwd", "F002"), ("http://example.com/a.png", "F003"),
    ("file:///etc/passwd", "F003"), ("HTTPS://example.com/a.png", "F003"), ("", "F002"),
    ("art/none.png", "F001"), ("art", "F001")])
def test_locate_refuses(tmp_path: Path, written: str, code: str):
    project = _project(tmp_path, "art/x.png")
    found = locate(project, written)
    assert isinstance(found, Refused) and found.code == code


def test_formats_come_from_the_bytes(tmp_path: Path):
    Image.new("RGB", (640, 480)).save(tmp_path / "photo.dat", format="JPEG")
    Image.new("RGB", (33, 17)).save(tmp_path / "shot.jpg", format="PNG")
    assert sniff_file(tmp_path / "photo.dat") == Format.JPEG
    assert sniff_file(tmp_path / "shot.jpg") == Format.PNG
    assert pixel_size(tmp_path / "photo.dat", Format.JPEG) == (640, 480)
    assert pixel_size(tmp_path / "shot.jpg", Format.PNG) == (33, 17)
    assert sniff(b'<?xml version="1.0"?>\n<!-- drawn -->\n<svg xmlns="x"/>') == Format.SVG
    assert sniff(b"<html><svg></svg></html>") is None
    assert sniff(b"GIF89a") is None


def test_a_jpeg_size_is_found_past_its_exif_block(tmp_path: Path):
    image = Image.new("RGB", (1200, 800))
    exif = Image.Exif()
    exif[0x010E] = "x" * 20000           # a long description: a big APP1 segment first
    image.save(tmp_path / "big.jpg", exif=exif)
    assert pixel_size(tmp_path / "big.jpg", Format.JPEG) == (1200, 800)


def test_dpi_follows_the_fit():
    """`cover` fills the box: the tighter side decides; `contain`: the looser one."""
    box = BOXES[Place.CARD_BACK]                    # 69 x 94 mm with the bleed
    wide = (1630, 600)                              # 600 px down 94 mm: 162 dpi
    assert round(printed_dpi(wide, box, Fit.COVER)) == 162
    assert round(printed_dpi(wide, box, Fit.CONTAIN)) == 600


def test_hovering_a_picture_says_what_it_is_and_its_dpi(tmp_path: Path):
    from smersh_dsl.lsp.hover import hover_text
    from smersh_dsl.lsp.index import ProjectIndex
    from smersh_dsl.project.load import load_paths

    project = _project(tmp_path, "art/casino.png")
    Image.new("RGB", (900, 400)).save(project / "art" / "casino.png")
    [loaded], _, _ = load_paths([project])
    index = ProjectIndex(loaded)
    file = loaded.files[0].path
    assert hover_text(index, file, 2, 26) == (
        "`art/casino.png`: PNG, 900 x 400 pixels, 308 dpi on a card front")
    assert hover_text(index, file, 1, 3) is None

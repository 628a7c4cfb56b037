"""Hostile pictures (issue #26): each is named by `smersh check` (F006 at the `art`
reference) and, with the rule ignored by the project's own smersh.toml, refused again by
the print's fetcher (P104 naming the picture and the section), quickly, with no PDF
written and no traceback.

Today's main let each through: `smersh check` said the project was clean, and the build
rendered the SVGs until CI killed it (ten levels of ten `<use>`, a picture that shows
itself), decoded 1.6 GB for a 657 KB PNG, or silently printed the page without a picture
(a PNG over 178 Mpx, a JPEG header claiming 65,000 x 65,000). The files are made here.
"""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from waiting import HANG_GUARD_S
from smersh_dsl.images.budget import MAX_PIXELS, MAX_SVG_ELEMENTS, over_budget
from smersh_dsl.images.svgscan import Unreadable, scan

SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'


def nested_uses(levels: int, each: int) -> str:
    """``levels`` of groups, each drawing the level below ``each`` times through `<use>`."""
    parts = [SVG, '<defs><rect id="l0" width="1" height="1"/>']
    for level in range(1, levels + 1):
        parts.append(f'<g id="l{level}">' + f'<use xlink:href="#l{level - 1}"/>' * each + "</g>")
    parts.append(f'</defs><use xlink:href="#l{levels}"/></svg>')
    return "".join(parts)


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def png(width: int, height: int, rows: bool = False) -> bytes:
    """A PNG header of ``width`` x ``height`` RGBA; with ``rows``, its pixels too (zeros,
    compressed a row at a time, so the test never holds the decoded picture)."""
    data = b""
    if rows:
        packer, row = zlib.compressobj(9), b"\0" * (1 + 4 * width)
        data = b"".join(packer.compress(row) for _ in range(height)) + packer.flush()
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + _chunk(b"IDAT", data) + _chunk(b"IEND", b""))


def jpeg(width: int, height: int) -> bytes:
    """A JPEG header whose frame (SOF0) claims ``width`` x ``height``."""
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\0\1\1\0\0\1\0\1\0\0"
    frame = b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, height, width, 1) + b"\1\x11\0"
    return b"\xff\xd8" + app0 + frame + b"\xff\xd9"


HOSTILE = {
    # name: (the file, what the message names)
    "clones.svg": (lambda: nested_uses(10, 10).encode(), "more than 8 deep"),
    "fan-out.svg": (lambda: nested_uses(5, 20).encode(), "draws 6,736,"),
    "itself.svg": (lambda: (SVG + '<image href="itself.svg" width="9" height="9"/>' * 2
                            + "</svg>").encode(), "shows itself"),
    "rects.svg": (lambda: (SVG + '<rect width="1" height="1"/>' * MAX_SVG_ELEMENTS
                           + "</svg>").encode(), f"more than {MAX_SVG_ELEMENTS:,}"),
    "zeros.png": (lambda: png(13000, 13000, rows=True), "13000 x 13000 = 169,000,000 pixels"),
    "claims.png": (lambda: png(20000, 9000), "20000 x 9000 = 180,000,000 pixels"),
    "claims.jpg": (lambda: jpeg(65000, 65000), "65000 x 65000 = 4,225,000,000 pixels"),
}

BOOK = '''game g "Hostile Art" {
  skills { Spycraft }
}
region Europe { city Paris }
card Europe 1 "Followed" { art "art/PICTURE" response 1 "Hide" }
''' + "".join(f'entry 01.1.{d} {{ "Tailed." test Spycraft pass {{ gain 1 intel }} '
              f'fail {{ take 1 injury }} }}\n' for d in range(1, 6))
ART_AT = "book.smersh:5:32"


@pytest.fixture(scope="module")
def hostile_files(tmp_path_factory) -> dict[str, bytes]:
    return {name: make() for name, (make, _) in HOSTILE.items()}


def _project(tmp_path: Path, name: str, data: bytes, skip_check: bool = False) -> Path:
    root = tmp_path / "book"
    (root / "art").mkdir(parents=True)
    (root / "art" / name).write_bytes(data)
    (root / "book.smersh").write_text(BOOK.replace("PICTURE", name), encoding="utf-8")
    if skip_check:      # the contributor silences the rule in the project's own config
        (root / ".git").mkdir()
        (root / "smersh.toml").write_text('ignore = ["F006"]\n', encoding="utf-8")
    return root


def _smersh(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "SMERSH_DEBUG"}
    env["SMERSH_CACHE_DIR"] = str(tmp_path / "cache")
    return subprocess.run([sys.executable, "-m", "smersh_dsl", *args], capture_output=True,
                          text=True, env=env, cwd=tmp_path, timeout=HANG_GUARD_S)


@pytest.mark.parametrize("name", list(HOSTILE))
def test_check_names_the_picture_over_budget(tmp_path, hostile_files, name):
    root = _project(tmp_path, name, hostile_files[name])
    done = _smersh(tmp_path, "check", str(root))
    assert done.returncode == 1, done.stdout + done.stderr
    finding = [line for line in done.stdout.splitlines() if "error[F006]" in line]
    assert len(finding) == 1, done.stdout
    assert f"{ART_AT}: error[F006]: `art/{name}` is over the picture budget" in finding[0]
    assert HOSTILE[name][1] in finding[0], finding[0]


@pytest.mark.parametrize("name", list(HOSTILE))
def test_build_without_the_check_refuses_the_picture(tmp_path, hostile_files, name):
    root = _project(tmp_path, name, hostile_files[name], skip_check=True)
    out = tmp_path / "out"
    done = _smersh(tmp_path, "build", str(root), "--format", "pdf", "--jobs", "1",
                   "--out", str(out))
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr
    refused = [line for line in done.stderr.splitlines() if "error[P104]" in line]
    assert refused, done.stderr
    assert all(f"section Encounter cards: Europe: refused the picture art/{name}:" in line
               for line in refused), refused
    assert HOSTILE[name][1] in refused[0], refused[0]
    assert "no PDF written" in done.stderr
    assert not out.exists() or [p for p in out.rglob("*") if p.is_file()] == []


# ------------------------------------------------------------------- the budget's reader

def test_a_picture_within_the_budget_passes(tmp_path):
    (tmp_path / "fine.svg").write_text(SVG + '<rect width="1" height="1"/>' * (MAX_SVG_ELEMENTS - 1)
                                       + "</svg>", encoding="utf-8")
    (tmp_path / "uses.svg").write_text(nested_uses(4, 10), encoding="utf-8")     # 11,115
    (tmp_path / "big.png").write_bytes(png(7000, 7000))                          # 49 Mpx
    for name in ("fine.svg", "uses.svg", "big.png"):
        assert over_budget(tmp_path / name, [tmp_path]) is None, name
    assert 7000 * 7000 <= MAX_PIXELS


def test_pictures_an_svg_shows_are_held_to_the_budget_too(tmp_path):
    (tmp_path / "poster.png").write_bytes(png(13000, 13000))
    (tmp_path / "frame.svg").write_text(SVG + '<image href="poster.png"/></svg>', encoding="utf-8")
    (tmp_path / "a.svg").write_text(SVG + '<use href="b.svg#x"/></svg>', encoding="utf-8")
    (tmp_path / "b.svg").write_text(SVG + '<image xlink:href="a.svg"/></svg>', encoding="utf-8")
    framed = over_budget(tmp_path / "frame.svg", [tmp_path])
    assert framed is not None and framed.limit == "pixels" and "`poster.png`" in framed.message
    loop = over_budget(tmp_path / "a.svg", [tmp_path])
    assert loop is not None and loop.limit == "self-reference"
    assert "a.svg → b.svg → a.svg" in loop.message
    # outside the folders it is given, a reference is not followed (nor read)
    assert over_budget(tmp_path / "frame.svg", [tmp_path / "elsewhere"]) is None


def test_an_element_that_uses_itself_is_refused(tmp_path):
    (tmp_path / "loop.svg").write_text(SVG + '<g id="g"><rect/><use href="#g"/></g></svg>',
                                       encoding="utf-8")
    found = over_budget(tmp_path / "loop.svg", [tmp_path])
    assert found is not None and found.limit == "self-reference" and "`#g`" in found.message


@pytest.mark.parametrize("doctype", [
    '<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>',
    '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
    '<!DOCTYPE svg [<!ENTITY % p "<!ENTITY y \'z\'>"> %p;]>',
])
def test_an_svg_that_declares_entities_is_refused_unexpanded(doctype):
    data = f'<?xml version="1.0"?>{doctype}<svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>'
    with pytest.raises(Unreadable, match="entity"):
        scan(data.encode(), MAX_SVG_ELEMENTS, 100)


def test_a_plain_doctype_is_read():
    data = ('<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" '
            '"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">' + SVG + "<rect/></svg>")
    assert scan(data.encode(), MAX_SVG_ELEMENTS, 100).whole.elements == 2


def test_a_huge_file_is_refused_without_being_read(tmp_path, monkeypatch):
    """A sparse file of 10 GB named `.png`: over the byte budget from its size alone, for
    the checker, the fetcher and the print cache's digest."""
    from smersh_dsl.print.pictures import pictures_digest

    huge = tmp_path / "huge.png"
    with huge.open("wb") as out:
        out.write(png(100, 100))
        out.truncate(10 * 2**30)
    real_read = Path.read_bytes

    def read_bytes(self):
        assert self != huge, "read whole"
        return real_read(self)

    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    found = over_budget(huge, [tmp_path])
    assert found is not None and found.limit == "bytes" and "over the budget of 67,108,864" in found.message
    assert pictures_digest(((str(tmp_path), "huge.png"),), huge.as_uri())

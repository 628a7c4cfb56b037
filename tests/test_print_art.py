"""Art and icons in print (issue #20), looked at in the rendered pages: a card's picture
where the profile puts it (in pod out to the bleed), a back's over the card, an icon in a
test line at text size; the fetcher refusing every picture outside the project even when
the checker is skipped; one copy of a picture per PDF; the cache keyed by its bytes."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from smersh_dsl.export.document import document
from smersh_dsl.print.cache import SectionCache
from smersh_dsl.print.catalogue import BUILDERS
from smersh_dsl.print.fetch import AllowList
from smersh_dsl.print.pictures import pictures_of
from smersh_dsl.print.pipeline import Planned, build
from smersh_dsl.print.profiles import profile
from smersh_dsl.project.load import load_paths

needs_poppler = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler's pdftoppm")

RED, GREEN, BLUE = (220, 20, 20), (20, 180, 40), (0, 0, 255)
ICON = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        '<rect width="10" height="10" fill="#0000ff"/></svg>\n')
BOOK = '''game g "Art Test" {
  skills { Spycraft }
  icon Spycraft "icons/spycraft.svg"
  back Europe art "ART_BACK"
}
region Europe { city Paris }
card Europe 1 "Followed" { art "ART_FRONT" response 1 "Hide" }
status "Marked" { art "ART_FRONT" effect "You are watched." }
'''
ENTRIES = "".join(f'entry 01.1.{d} {{ "Tailed." test Spycraft pass {{ gain 1 intel }} '
                  f'fail {{ take 1 injury }} }}\n' for d in range(1, 6))


def _project(tmp_path: Path, front: str = "art/casino.png", back: str = "art/back.png") -> Path:
    root = tmp_path / "book"
    (root / "art").mkdir(parents=True)
    (root / "icons").mkdir()
    Image.new("RGB", (900, 400), RED).save(root / "art" / "casino.png")
    Image.new("RGB", (900, 1250), GREEN).save(root / "art" / "back.png")
    (root / "icons" / "spycraft.svg").write_text(ICON, encoding="utf-8")
    (root / "book.smersh").write_text(BOOK.replace("ART_FRONT", front).replace("ART_BACK", back)
                                      + ENTRIES, encoding="utf-8")
    return root


def _pdfs(root: Path, profile_name: str, names: tuple[str, ...], cache: SectionCache | None = None):
    """Print ``names`` of the project without checking it first, as a build that skips the
    checker would: what the fetcher lets through is all that guards the files."""
    projects, _, _ = load_paths([root])
    project = projects[0]
    chosen = profile(profile_name, "a4")
    doc = document(project, with_sources=True)
    planned = [Planned(root / "out" / f"{b.name}.pdf", b.build(doc, chosen, pictures_of(project)),
                       str(root)) for b in BUILDERS if b.name in names and b.applies(doc)]
    written: dict[str, bytes] = {}
    result = build(planned, chosen, jobs=1, cache=cache or SectionCache(enabled=False),
                   write=lambda path, data: written.__setitem__(path.stem, data))
    return result, written


def _pages(pdf: bytes, tmp_path: Path, dpi: int = 100) -> list[Image.Image]:
    source = tmp_path / "page.pdf"
    source.write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", str(source), str(tmp_path / "page")],
                   check=True)
    return [Image.open(p).convert("RGB") for p in sorted(tmp_path.glob("page-*.png"))]


# pod pages carry sRGB as their DefaultRGB (the PDF/X output intent, print/intent.py), which
# poppler renders colour-managed: a flat colour comes out a little shifted.
POD = 45


def _near(pixel: tuple, colour: tuple, tolerance: int = 30) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour))


@needs_poppler
def test_pod_card_art_reaches_the_bleed(tmp_path: Path):
    result, pdfs = _pdfs(_project(tmp_path), "pod", ("cards",))
    assert result.diagnostics == []
    back, front = _pages(pdfs["cards"], tmp_path)[:2]        # pod: the back page first
    width, height = front.size
    assert width / 100 * 25.4 == pytest.approx(69, abs=0.5)    # 63 mm and 3 mm bleed each side
    # the front's picture: from the bleed's corner across the whole width, down to 33 mm
    for x, y in ((0, 0), (width - 2, 0), (width // 2, 5), (2, int(32 / 25.4 * 100))):
        assert _near(front.getpixel((x, y)), RED, POD), (x, y)
    assert not _near(front.getpixel((width // 2, int(40 / 25.4 * 100))), RED)   # text below
    # the back's picture over the whole card, bleed included
    for x, y in ((0, 0), (width - 2, height - 2), (width // 2, height // 2)):
        assert _near(back.getpixel((x, y)), GREEN, POD), (x, y)


@needs_poppler
def test_pnp_card_art_sits_in_the_card_cell(tmp_path: Path):
    result, pdfs = _pdfs(_project(tmp_path), "pnp", ("cards",))
    assert result.diagnostics == []
    front, back = _pages(pdfs["cards"], tmp_path)[:2]
    mm = lambda v: int(v / 25.4 * 100)                          # noqa: E731
    left, top = (210 - 3 * 63) / 2, (297 - 3 * 88) / 2          # the 3 x 3 grid, centred
    assert _near(front.getpixel((mm(left + 1), mm(top + 1))), RED)       # card 1's top corner
    assert _near(front.getpixel((mm(left + 62), mm(top + 29))), RED)
    assert not _near(front.getpixel((mm(left + 1), mm(top - 2))), RED)   # nothing in the margin
    assert not _near(front.getpixel((mm(left + 30), mm(top + 45))), RED)
    # backs come mirrored: card 1's back is in column 3
    assert _near(back.getpixel((mm(left + 2 * 63 + 30), mm(top + 44))), GREEN)


@needs_poppler
def test_an_icon_sits_inline_in_a_test_line_at_text_size(tmp_path: Path):
    result, pdfs = _pdfs(_project(tmp_path), "pnp", ("encounter-book",))
    assert result.diagnostics == []
    page = _pages(pdfs["encounter-book"], tmp_path, dpi=150)[1]     # after the title page
    blue = [(x, y) for x in range(page.size[0]) for y in range(page.size[1])
            if _near(page.getpixel((x, y)), BLUE, 40)]
    assert blue
    rows = sorted({y for _, y in blue})
    first_icon = [y for y in rows if y - rows[0] < 40]          # the first test line's icon
    height_mm = (first_icon[-1] - first_icon[0] + 1) / 150 * 25.4
    assert 2.0 <= height_mm <= 4.0                               # 1em of 8.5 pt is 3 mm
    # five test lines, each with its icon
    lines = [y for y, previous in zip(rows[1:], rows) if y - previous > 10]
    assert len(lines) + 1 == 5


@pytest.mark.parametrize("written", ["../../etc/passwd", "/etc/passwd", "art/link.png",
                                     "http://example.com/casino.png", "file:///etc/passwd"])
def test_the_fetcher_refuses_pictures_outside_the_project(tmp_path: Path, written: str):
    """Even with the checker skipped, each is a P102 naming it and no PDF is written."""
    root = _project(tmp_path, front=written)
    outside = tmp_path / "secret.png"
    Image.new("RGB", (900, 400), RED).save(outside)
    (root / "art" / "link.png").symlink_to(outside)
    result, pdfs = _pdfs(root, "pnp", ("cards",))
    assert pdfs == {}
    refused = [d for d in result.diagnostics if d.code == "P102"]
    assert refused
    name = {"art/link.png": "secret.png", "../../etc/passwd": "/etc/passwd"}.get(written, written)
    if written == "art/link.png":
        name = "book/art/link.png"
    assert any(name.split("://")[-1].lstrip("/") in d.message for d in refused), refused


def test_the_allow_list_admits_only_picture_files_inside_the_project(tmp_path: Path):
    root = _project(tmp_path)
    (root / "art" / "notes.png").write_text("not a picture", encoding="utf-8")
    (root / "art" / "out.png").symlink_to(tmp_path / "book" / ".." / ".." / "x.png")
    allowed = AllowList().also(pictures=tuple((str(root), w) for w in (
        "art/casino.png", "icons/spycraft.svg", "art/notes.png", "book.smersh", "art/out.png",
        "../../etc/passwd", "/etc/passwd", "http://example.com/a.png")))
    assert allowed.images == {(root / "art" / "casino.png").resolve(),
                              (root / "icons" / "spycraft.svg").resolve()}
    assert allowed.path_of((root / "art" / "casino.png").as_uri()) is not None
    assert allowed.path_of((root / "book.smersh").as_uri()) is None
    assert allowed.path_of((root / "art" / "back.png").as_uri()) is None   # not named
    # a picture swapped for something else after it was admitted is refused when read
    (root / "art" / "casino.png").write_text("now a text file", encoding="utf-8")
    assert allowed.path_of((root / "art" / "casino.png").as_uri()) is None


def _image_objects(pdf: bytes, tmp_path: Path) -> int:
    path = tmp_path / "count.pdf"
    path.write_bytes(pdf)
    reader = PdfReader(path)
    found = 0
    for number in range(1, int(reader.trailer["/Size"])):
        try:
            obj = reader.get_object(number)
        except Exception:
            continue
        if hasattr(obj, "get") and obj.get("/Subtype") == "/Image" and obj.get("/Width") == 900:
            found += 1
    return found


def test_a_picture_is_embedded_once_however_many_cards_show_it(tmp_path: Path):
    """The casino picture is on the encounter card and the status card, two decks (two
    sections rendered apart); the merged PDF holds one copy of it and one of the back."""
    result, pdfs = _pdfs(_project(tmp_path), "pnp", ("cards",))
    assert result.diagnostics == []
    assert _image_objects(pdfs["cards"], tmp_path) == 2         # casino and back, 900 px wide


@needs_poppler
def test_changing_a_pictures_bytes_renders_its_sections_again(tmp_path: Path):
    root = _project(tmp_path)
    cache = SectionCache(tmp_path / "cache")
    first, _ = _pdfs(root, "pnp", ("cards",), cache)
    again, _ = _pdfs(root, "pnp", ("cards",), cache)
    assert (first.rendered, again.rendered, again.cached) == (2, 0, 2)
    Image.new("RGB", (900, 1250), BLUE).save(root / "art" / "back.png")   # only Europe's back
    changed, pdfs = _pdfs(root, "pnp", ("cards",), cache)
    assert (changed.rendered, changed.cached) == (1, 1)
    back = _pages(pdfs["cards"], tmp_path)[1]               # card 1's back, in column 3
    assert _near(back.getpixel((int((10.5 + 2 * 63 + 30) / 25.4 * 100), int(60 / 25.4 * 100))), BLUE)


def test_an_svg_pictures_own_references_are_refused(tmp_path: Path):
    """An SVG inside the project may not read another file or a URL through its <image>."""
    root = _project(tmp_path)
    (root / "icons" / "spycraft.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        '<image href="file:///etc/hostname" width="10" height="10"/>'
        '<image href="https://example.com/x.png" width="10" height="10"/></svg>', encoding="utf-8")
    result, pdfs = _pdfs(root, "pnp", ("encounter-book",))
    assert pdfs == {}
    messages = " ".join(d.message for d in result.diagnostics if d.code == "P102")
    assert "file:///etc/hostname" in messages and "https://example.com/x.png" in messages


def test_a_red_intel_token_shows_its_icon():
    """SH-INTEL-1, Swagman's Hope: "On the face of each Red Intel token is a number and an
    icon". With the bundled icons, each token's disc shows its icon's picture."""
    from conftest import REPO
    from smersh_dsl.print.cards.smersh import red_intel_deck

    projects, _, _ = load_paths([REPO / "books" / "swagmans-hope"])
    project = projects[0]
    doc = document(project)
    from smersh_dsl.print.pictures import showing
    with showing(pictures_of(project)):
        [deck] = list(red_intel_deck(doc))
    faces = {card.label: str(card.face) for card in deck.cards}
    weapons = next(face for label, face in faces.items() if "Weapons" in label)
    assert 'class="icon disc-picture"' in weapons and "icons/weapons.svg" in weapons
    assert all("disc-picture" in face for face in faces.values())

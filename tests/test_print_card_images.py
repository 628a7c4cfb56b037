"""`smersh build --format cards`: one PNG per card face and back, drawn from the PDF the
card sheets are made of, at the size the dpi and the card make, with a manifest."""

from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path

import pytest
from conftest import REPO, smersh
from PIL import Image, ImageChops, ImageStat
from test_schemas_offline import SCHEMAS, check_jsonschema

from smersh_dsl.print.cards.document import decks
from smersh_dsl.print.cards.sheet import COLUMNS, deck_html
from smersh_dsl.print.profiles import CARD_HEIGHT_MM, CARD_WIDTH_MM, profile

EPIC, SMUSH = REPO / "books" / "epic", REPO / "books" / "smush"


def px(mm: float, dpi: int) -> int:
    return round(mm / 25.4 * dpi)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The Epic book's card images (pnp, 300 dpi) and S.M.U.S.H.'s with bleed (pod, 150)."""
    out = tmp_path_factory.mktemp("cards")
    run = smersh("build", str(EPIC), "--format", "cards", "--out", str(out))
    assert run.returncode == 0, run.stderr[-3000:]
    run = smersh("build", str(SMUSH), "--format", "cards", "--profile", "pod", "--dpi", "150",
                 "--out", str(out))
    assert run.returncode == 0, run.stderr[-3000:]
    return out


def manifest(folder: Path) -> dict:
    return json.loads((folder / "cards.json").read_text(encoding="utf-8"))


def difference(a: Image.Image, b: Image.Image) -> float:
    """The mean difference of two pictures of one size, 0 (the same) to 255, all bands."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    return sum(ImageStat.Stat(diff).mean) / 3


def test_every_card_has_a_face_and_a_back_named_by_deck_and_number(built):
    folder = built / "smersh" / "cards" / "pnp"
    listed = manifest(folder)
    cards = listed["cards"]
    status = [c for c in cards if c["deck"] == "status"]
    assert len(status) == 18 and status[6]["face"] == "status-07.png"
    assert {c["back"] for c in status} == {"status-back.png"}
    assert status[0]["card"] == "status card Black Eye"
    assert len(cards) == sum(len(d.cards) for d in decks(_epic_doc()))
    files = {c["face"] for c in cards} | {c["back"] for c in cards}
    assert files | {"cards.json"} == {p.name for p in folder.iterdir()}


def test_a_card_image_is_the_size_its_dpi_and_card_make(built):
    trimmed = built / "smersh" / "cards" / "pnp"
    for name in ("status-01.png", "encounter-europe-04.png", "mission-back.png"):
        with Image.open(trimmed / name) as image:
            assert image.size == (px(63, 300), px(88, 300)) == (744, 1039)
    bled = built / "smush" / "cards" / "pod"
    for name in ("gadget-01.png", "defence-back.png"):
        with Image.open(bled / name) as image:    # 3 mm of bleed on every side
            assert image.size == (px(69, 150), px(94, 150)) == (407, 555)
    assert manifest(bled)["card"] == {"width_mm": 63.0, "height_mm": 88.0, "bleed_mm": 3.0,
                                      "width_px": 407, "height_px": 555}


def test_the_manifest_follows_its_schema_offline(built):
    paths = [built / "smersh" / "cards" / "pnp" / "cards.json",
             built / "smush" / "cards" / "pod" / "cards.json"]
    run = check_jsonschema(SCHEMAS / "card-images.schema.json", *paths)
    assert run.returncode == 0, run.stdout[-2000:]


def _epic_doc() -> dict:
    from smersh_dsl.pipeline.run import check_paths
    from smersh_dsl.export.document import document
    projects, _ = check_paths([EPIC])
    return document(projects[0])


def _status_sheet_pdf() -> bytes:
    """The Epic book's status sheets as `smersh build --format pdf` prints them (pnp, A4):
    its icons shown, the fetcher allowed to read them."""
    from smersh_dsl.pipeline.run import check_paths
    from smersh_dsl.export.document import document
    from smersh_dsl.print.jobs import render_section
    from smersh_dsl.print.pictures import pictures_of, showing
    projects, _ = check_paths([EPIC])
    pictures = pictures_of(projects[0])
    with showing(pictures):
        deck = next(d for d in decks(document(projects[0])) if d.key == "status")
        html = deck_html(deck, profile("pnp"), "Agents of SMERSH")
    return render_section(html, profile("pnp"), False, pictures.refs).pdf


def _page(pdf: bytes, dpi: int, page: int = 1) -> Image.Image:
    """A page of A4 drawn at ``dpi``."""
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "sheet.pdf").write_bytes(pdf)
        subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", str(page), "-l", str(page),
                        "-singlefile", str(Path(folder) / "sheet.pdf"), str(Path(folder) / "p")],
                       capture_output=True, check=True)
        return Image.open(Path(folder) / "p.png").convert("RGB")


def test_the_card_in_the_pdf_sheet_and_its_image_match(built):
    """The status deck's sheet on A4 (the pnp PDF) and the images: the card in each place
    of the sheet is its image, and not the image of the card beside it."""
    sheet = _page(_status_sheet_pdf(), 300)
    x0, y0 = (210 - COLUMNS * CARD_WIDTH_MM) / 2, (297 - 3 * CARD_HEIGHT_MM) / 2
    folder = built / "smersh" / "cards" / "pnp"
    images = [Image.open(folder / f"status-{n:02d}.png").convert("RGB") for n in range(3, 10)]
    for place in range(2, 9):      # places 3 to 9: seven different cards, two companions
        row, column = divmod(place, COLUMNS)
        left, top = px(x0 + column * CARD_WIDTH_MM, 300), px(y0 + row * CARD_HEIGHT_MM, 300)
        # the cell's edges fall between pixels: the best of the crops a pixel either way,
        # compared at half size so that the text's anti-aliasing averages out
        distances = [min(difference(sheet.crop((left + dx, top + dy, left + dx + 744,
                                                top + dy + 1039)).resize((372, 520)),
                                    image.resize((372, 520)))
                         for dx in (-1, 0, 1) for dy in (-1, 0, 1))
                     for image in images]
        assert distances[place - 2] < 3.0, (place, distances)
        assert min(d for n, d in enumerate(distances) if n != place - 2) > 2 * distances[place - 2]


def test_without_pdftoppm_the_build_says_so_and_writes_nothing(tmp_path):
    empty = tmp_path / "bin"
    empty.mkdir()
    run = smersh("build", str(SMUSH), "--format", "cards", "--out", str(tmp_path / "out"),
                 "--jobs", "1", env={"PATH": str(empty), "SMERSH_CACHE_DIR": str(tmp_path / "c")})
    assert run.returncode == 2, run.stderr[-2000:]
    assert "card images need Poppler's pdftoppm" in run.stderr.splitlines()[-1]
    assert "Traceback" not in run.stderr
    assert not (tmp_path / "out" / "smush" / "cards").exists()


def test_a_rebuild_draws_only_the_card_that_changed(tmp_path):
    """The second build of a copy of S.M.U.S.H. with one card's text changed lays out one
    face; the other ten pictures (eight faces, two backs) come from the cache."""
    import shutil
    book = tmp_path / "smush"
    shutil.copytree(SMUSH, book)
    cache = {"SMERSH_CACHE_DIR": str(tmp_path / "cache")}
    first = smersh("build", str(book), "--format", "cards", "--out", str(tmp_path / "o"), env=cache)
    assert first.returncode == 0, first.stderr[-2000:]
    cards = book / "cards.smersh"
    text = cards.read_text(encoding="utf-8")
    changed = text.replace("flavour \"", "flavour \"Quietly, ", 1)
    assert changed != text
    cards.write_text(changed, encoding="utf-8")
    second = smersh("build", str(book), "--format", "cards", "--out", str(tmp_path / "o"), env=cache)
    assert second.returncode == 0, second.stderr[-2000:]
    assert "rendered 1 card page, 10 card images from the cache" in second.stderr

"""The print shop's (`pod`) campaign log is valid PDF/X-3: its boxes are drawn, empty, to
be filled in by hand, with no form fields (annotations on the page, which PDF/X forbids).
The home (`pnp`) and screen logs stay fillable.

Before (#32), the pod log was written with its form fields, without a word, though
docs/printing.md said they made it invalid PDF/X.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import REPO
from smersh_dsl.print.campaign.log import campaign_log
from smersh_dsl.print.profiles import profile
from test_print_intent import _render, _tool, pdfx3_problems, qpdf_and_ghostscript


@pytest.fixture(scope="module")
def shield() -> dict:
    from smersh_dsl.pipeline.run import check_paths
    from smersh_dsl.export.document import document

    projects, _ = check_paths([REPO / "books" / "shield"])
    return document(projects[0])


@pytest.fixture(scope="module")
def logs(shield, tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("pod-log")
    return {name: _render(campaign_log, shield, name, out) for name in ("pnp", "pod")}


def _fields(path: Path) -> int:
    reader = PdfReader(path)
    return sum(1 for page in reader.pages for a in page.get("/Annots") or []
               if a.get_object().get("/Subtype") == "/Widget")


def test_the_pod_campaign_log_passes_the_pdfx3_preflight(logs):
    assert pdfx3_problems(logs["pod"]) == []
    assert "/AcroForm" not in PdfReader(logs["pod"]).trailer["/Root"]
    assert _fields(logs["pod"]) == 0


def test_the_pod_campaign_log_passes_qpdf_and_ghostscript(logs):
    rendered = qpdf_and_ghostscript(logs["pod"])
    assert rendered.stdout.count("CMYK OK") == len(PdfReader(logs["pod"]).pages)


def test_the_home_campaign_log_stays_fillable(logs, shield):
    """Every box of the pnp log is a field to fill in on screen, one per input."""
    html = campaign_log(shield, profile("pnp")).section("campaign-log").html
    inputs = html.count("<input ") + html.count("<textarea ")
    assert inputs > 50 and _fields(logs["pnp"]) == inputs
    assert "/AcroForm" in PdfReader(logs["pnp"]).trailer["/Root"]


def _ink(path: Path, page: int, tmp: Path) -> int:
    """How many dark pixels page ``page`` shows at 40 dpi (pdftoppm, greyscale)."""
    stem = tmp / f"{path.parent.name}-{page}"
    subprocess.run([_tool("pdftoppm"), "-gray", "-r", "40", "-f", str(page), "-l", str(page),
                    str(path), str(stem)], check=True)
    image = next(tmp.glob(f"{stem.name}*.pgm")).read_bytes()
    pixels = image.split(b"\n", 3)[3]            # P5, size, maxval, then one byte a pixel
    return sum(1 for value in pixels if value < 160)


def test_the_pod_log_draws_the_boxes_to_fill_in(logs, tmp_path):
    """The boxes are on the printed page: the log's first page shows about as much ink in
    pod (boxes drawn, no fields) as in pnp (boxes drawn under the fields)."""
    first_log_page = {name: next(n for n, page in enumerate(PdfReader(path).pages, 1)
                                 if "Player 1" in page.extract_text())
                      for name, path in logs.items()}
    pnp = _ink(logs["pnp"], first_log_page["pnp"], tmp_path)
    pod = _ink(logs["pod"], first_log_page["pod"], tmp_path)
    assert pnp > 0 and 0.8 * pnp <= pod <= 1.25 * pnp, (pnp, pod)

"""S.H.I.E.L.D. scenario sheets and the fillable campaign log."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from regen_golden import GOLDEN, book_documents, print_campaign_goldens
from smersh_dsl.print.campaign.log import campaign_log
from smersh_dsl.print.campaign.scenarios import scenario_sheets
from smersh_dsl.print.profiles import profile
from smersh_dsl.print.render import pdf_bytes


@pytest.fixture(scope="module")
def shield() -> dict:
    return book_documents()["shield"]


@pytest.fixture(scope="module")
def log_pdf(shield) -> bytes:
    return pdf_bytes(campaign_log(shield, profile("pnp")).section("campaign-log").html, profile("pnp"),
                     forms=True)


@pytest.fixture(scope="module")
def fields(log_pdf) -> dict:
    return PdfReader(io.BytesIO(log_pdf)).get_fields()


def test_every_log_field_is_a_form_field(shield, fields):
    for field in shield["log_fields"]:
        assert any(name == field["name"] or name.startswith(field["name"] + ".")
                   for name in fields), field["name"]
    assert {f"identities.player{n}" for n in range(1, 5)} <= set(fields)
    assert "secrets.chief-medical-officer.scenario4" in fields
    assert "hit_points.player2.scenario3" in fields
    assert fields["notes"]["/FT"] == "/Tx"


def test_the_evidence_grid_is_a_check_box_per_combination(shield, fields):
    grid = [name for name in fields if name.startswith("evidence_combinations.")]
    assert len(grid) == len(shield["combinations"]) == 27
    assert all(fields[name]["/FT"] == "/Btn" for name in grid)
    assert "evidence_combinations.wiretap.greed.night-shift" in fields


def test_check_fields_are_check_boxes_and_counts_are_text(fields):
    assert fields["flying_upgrade"]["/FT"] == "/Btn"
    assert fields["minions_and_side_schemes"]["/FT"] == "/Tx"
    assert fields["surviving_thunderbolts.1"]["/FT"] == "/Tx"


def test_form_fields_have_human_names(log_pdf):
    reader = PdfReader(io.BytesIO(log_pdf))
    names = {str(a.get_object().get("/T")): str(a.get_object().get("/TU"))
             for page in reader.pages for a in page.get("/Annots", [])}
    assert names["rescued_captives"] == "Scenario 2: rescued captives"
    assert "Microfilm / Ambition / Night Shift" in names["evidence_combinations.microfilm.ambition.night-shift"]


def test_log_text_and_fonts(log_pdf, tmp_path: Path):
    reader = PdfReader(io.BytesIO(log_pdf))
    text = " ".join(" ".join(p.extract_text() for p in reader.pages).split())
    assert text.index("Campaign Log") < text.index("Remaining secret counters") < text.index(
        "Evidence combinations")
    target = tmp_path / "log.pdf"
    target.write_bytes(log_pdf)
    rows = subprocess.run(["pdffonts", str(target)], capture_output=True, text=True,
                          check=True).stdout.splitlines()[2:]
    assert rows and all(row.split()[-5] == "yes" for row in rows)


@pytest.fixture(scope="module")
def sheets(shield):
    return scenario_sheets(shield, profile("pnp"))


def test_a_scenario_sheet_per_scenario_in_campaign_order(shield, sheets):
    assert [s.key for s in sheets.sections] == [f"scenario-{n}" for n in range(1, 6)]
    assert sheets.sections[2].title == "Scenario #3 \u2013 M.O.D.O.K."


def test_scenario_sheet_reads_setup_then_defeat_then_victory(sheets):
    pdf = pdf_bytes(sheets.sections[0].html, profile("pnp"))
    reader = PdfReader(io.BytesIO(pdf))
    text = " ".join(" ".join(p.extract_text() for p in reader.pages).split())
    order = [text.index(s) for s in ("Scenario #1", "Villain deck", "Campaign setup",
                                     "Prepare the evidence", "Defeat", "Victory",
                                     "Record the total number of minions")]
    assert order == sorted(order)
    assert "Expert campaign only".upper() in text.upper()
    assert "Record in the campaign log: Scenario 1: minions and side schemes in play" in text


def test_pod_scenario_sheets_have_bleed(shield):
    html = scenario_sheets(shield, profile("pod")).sections[0].html
    page = PdfReader(io.BytesIO(pdf_bytes(html, profile("pod")))).pages[0]
    assert float(page.mediabox.width) > float(page.trimbox.width)


def test_campaign_html_matches_the_goldens():
    documents = book_documents()
    for name, html in print_campaign_goldens(documents).items():
        expected = (GOLDEN / "print" / "campaign" / name).read_text(encoding="utf-8")
        assert html == expected, f"{name} differs; run python tests/regen_golden.py"

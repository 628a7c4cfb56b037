"""The `pod` profile's PDF/X-3 output intent, and a preflight a print shop would run.

The preflight (``pdfx3_problems``) reads a merged PDF with pypdf and checks what
ISO 15930-6 (PDF/X-3:2003) asks that can be checked without Acrobat: the PDF/X keys,
one GTS_PDFX output intent whose profile is an ICC v2 CMYK printer profile, trim and
bleed boxes, no transparency, fonts embedded, no annotation on the page, and no device
RGB left uncalibrated under a CMYK intent. qpdf checks the file's structure, and
Ghostscript renders every page through the output intent's profile (-dUsePDFX3Profile)
with warnings as errors. docs/printing.md says what this covers and what it does not.
"""

from __future__ import annotations

import io
import json
import re
import shutil
import struct
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject

from conftest import REPO, TESTS
from waiting import HANG_GUARD_S
from smersh_dsl.print import intent
from smersh_dsl.print.books.encounter_book import encounter_book
from smersh_dsl.print.cache import SectionCache
from smersh_dsl.print.cards.document import cards
from smersh_dsl.print.pipeline import Planned, PrintError, build
from smersh_dsl.print.profiles import profile

BOOK_JSON = TESTS / "golden" / "print" / "book.json"


def _render(document_of, doc: dict, name: str, out: Path) -> Path:
    chosen = profile(name)
    document = document_of(doc, chosen)
    target = out / name / f"{document.name}.pdf"
    result = build([Planned(target, document)], chosen, jobs=1, cache=SectionCache(out / "cache"))
    assert result.written == [target], result.diagnostics
    return target


@pytest.fixture(scope="module")
def smush_doc() -> dict:
    from smersh_dsl.pipeline.run import check_paths
    from smersh_dsl.export.document import document

    projects, _ = check_paths([REPO / "books" / "smush"])
    return document(projects[0])


@pytest.fixture(scope="module")
def printed(smush_doc, tmp_path_factory) -> dict[tuple[str, str], Path]:
    """A small encounter book in each profile, and S.M.U.S.H.'s two decks of cards in pod."""
    out = tmp_path_factory.mktemp("intent")
    book = json.loads(BOOK_JSON.read_text(encoding="utf-8"))
    found = {("book", name): _render(encounter_book, book, name, out)
             for name in ("pnp", "pod", "screen")}
    found[("cards", "pod")] = _render(cards, smush_doc, "pod", out)
    return found


# ---------------------------------------------------------------- the preflight

def _walk(value, seen: set[int]):
    """Every dictionary reachable from ``value``, each once (page parents left out)."""
    if isinstance(value, IndirectObject):
        if value.idnum in seen:
            return
        seen.add(value.idnum)
        value = value.get_object()
    if isinstance(value, DictionaryObject):
        yield value
        for key, item in value.items():
            if key != "/Parent":
                yield from _walk(item, seen)
    elif isinstance(value, ArrayObject):
        for item in value:
            yield from _walk(item, seen)


def _icc_problems(data: bytes, components: int) -> list[str]:
    if len(data) < 132 or data[36:40] != b"acsp":
        return ["the DestOutputProfile is not an ICC profile"]
    problems = []
    if struct.unpack(">I", data[:4])[0] != len(data):
        problems.append("the ICC profile's size is not its header's")
    if data[12:16] != b"prtr":
        problems.append(f"the ICC profile is of class {data[12:16]!r}, not an output (prtr) one")
    if data[16:20] != b"CMYK" or components != 4:
        problems.append(f"the ICC profile is {data[16:20]!r} with /N {components}, not CMYK with 4")
    if data[8] != 2:
        problems.append(f"the ICC profile is version {data[8]}; PDF/X-3 reads version 2")
    return problems


def _intent_problems(reader: PdfReader) -> list[str]:
    intents = reader.trailer["/Root"].get("/OutputIntents")
    if not intents:
        return ["no /OutputIntents in the catalog"]
    pdfx = [i.get_object() for i in intents if i.get_object().get("/S") == "/GTS_PDFX"]
    if len(pdfx) != 1:
        return [f"{len(pdfx)} GTS_PDFX output intents, not one"]
    found = pdfx[0]
    problems = [f"the output intent has no {key}" for key in
                ("/OutputConditionIdentifier", "/Info", "/DestOutputProfile") if key not in found]
    if "/DestOutputProfile" in found:
        stream = found["/DestOutputProfile"].get_object()
        problems += _icc_problems(stream.get_data(), int(stream.get("/N", 0)))
    return problems


def _box(page, name: str) -> tuple[float, ...]:
    return tuple(float(v) for v in page[name]) if name in page else ()


def _inside(inner: tuple[float, ...], outer: tuple[float, ...]) -> bool:
    slack = 0.01
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack
            and inner[2] <= outer[2] + slack and inner[3] <= outer[3] + slack)


def _page_problems(number: int, page) -> list[str]:
    problems = []
    media, trim, bleed = _box(page, "/MediaBox"), _box(page, "/TrimBox"), _box(page, "/BleedBox")
    if not trim and "/ArtBox" not in page:
        problems.append(f"page {number}: neither TrimBox nor ArtBox")
    if trim and bleed and not (_inside(trim, bleed) and _inside(bleed, media)):
        problems.append(f"page {number}: the TrimBox is not inside the BleedBox inside the MediaBox")
    for annotation in page.get("/Annots") or []:
        if annotation.get_object().get("/Subtype") not in ("/PrinterMark", "/TrapNet"):
            problems.append(f"page {number}: an annotation on the page")
    resources = page["/Resources"].get_object()
    spaces = resources.get("/ColorSpace")
    if spaces is None or "/DefaultRGB" not in spaces.get_object():
        images = [x.get_object() for x in (resources.get("/XObject") or {}).values()]
        if (re.search(rb"(^|\s)[\d.]+\s+[\d.]+\s+[\d.]+\s+(rg|RG)\b",
                      page.get_contents().get_data())
                or any(x.get("/ColorSpace") == "/DeviceRGB" for x in images)):
            problems.append(f"page {number}: device RGB under a CMYK output intent, no DefaultRGB")
    return problems


def _object_problems(reader: PdfReader) -> list[str]:
    problems = set()
    for found in _walk(reader.trailer["/Root"], set()):
        for key in ("/CA", "/ca"):
            if key in found and float(found[key]) < 1:
                problems.add("transparency: an opacity under 1")
        if found.get("/SMask") not in (None, "/None"):
            problems.add("transparency: a soft mask")
        if found.get("/BM") not in (None, "/Normal", "/Compatible"):
            problems.add("transparency: a blend mode")
        if found.get("/S") == "/Transparency":
            problems.add("transparency: a transparency group")
        if found.get("/Type") == "/FontDescriptor" and not any(
                key in found for key in ("/FontFile", "/FontFile2", "/FontFile3")):
            problems.add(f"the font {found.get('/FontName')} is not embedded")
        if found.get("/Subtype") == "/PS" or "/JavaScript" in found:
            problems.add("PostScript or JavaScript in the file")
    return sorted(problems)


def pdfx3_problems(path: Path) -> list[str]:
    """What a PDF/X-3:2003 preflight would refuse in the PDF at ``path``."""
    reader = PdfReader(path)
    info = reader.metadata or {}
    problems = []
    if reader.pdf_header not in ("%PDF-1.3", "%PDF-1.4"):
        problems.append(f"{reader.pdf_header}: PDF/X-3:2003 is PDF 1.4 at most")
    if reader.is_encrypted:
        problems.append("the file is encrypted")
    if info.get("/GTS_PDFXVersion") != "PDF/X-3:2003":
        problems.append("no GTS_PDFXVersion PDF/X-3:2003 in the document information")
    if info.get("/Trapped") not in ("/True", "/False"):
        problems.append("Trapped is neither True nor False")
    problems += [f"no {key} in the document information" for key in
                 ("/Title", "/CreationDate", "/ModDate") if not info.get(key)]
    if "/ID" not in reader.trailer:
        problems.append("no /ID in the trailer")
    problems += _intent_problems(reader) + _object_problems(reader)
    for number, page in enumerate(reader.pages, 1):
        problems += _page_problems(number, page)
    return problems


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (.ci/run installs it)")
    return found


def qpdf_and_ghostscript(path: Path) -> subprocess.CompletedProcess:
    """Assert that qpdf finds the file sound and that Ghostscript renders every page
    through the output intent's profile with warnings as errors; Ghostscript's run
    (its ink coverage a page) is returned."""
    checked = subprocess.run([_tool("qpdf"), "--check", str(path)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    rendered = subprocess.run(
        [_tool("gs"), "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-dPDFSTOPONERROR",
         "-dPDFSTOPONWARNING", "-dUsePDFX3Profile", "-sDEVICE=inkcov", "-o", "-", str(path)],
        capture_output=True, text=True, timeout=HANG_GUARD_S)
    assert rendered.returncode == 0, rendered.stdout + rendered.stderr
    return rendered


# ---------------------------------------------------------------- the tests

@pytest.mark.parametrize("kind", ["book", "cards"])
def test_pod_pdfs_pass_a_pdfx3_preflight(printed, kind):
    """The merged pod book and card sheets carry one GTS_PDFX output intent with a CMYK
    printer profile, and nothing else a PDF/X-3 preflight refuses."""
    assert pdfx3_problems(printed[(kind, "pod")]) == []


@pytest.mark.parametrize("kind", ["book", "cards"])
def test_pod_pdfs_pass_qpdf_and_ghostscript(printed, kind):
    """qpdf finds the file sound, and Ghostscript renders every page through the output
    intent's own profile (-dUsePDFX3Profile), warnings counted as errors."""
    path = printed[(kind, "pod")]
    rendered = qpdf_and_ghostscript(path)
    coverage = [line for line in rendered.stdout.splitlines() if line.strip().endswith("CMYK OK")]
    assert len(coverage) == len(PdfReader(path).pages), rendered.stdout + rendered.stderr


def test_the_output_intent_embeds_the_packaged_profile(printed):
    found = intent.output_profile()
    for kind in ("book", "cards"):
        intents = PdfReader(printed[(kind, "pod")]).trailer["/Root"]["/OutputIntents"]
        stream = intents[0].get_object()["/DestOutputProfile"].get_object()
        assert stream.get_data() == found.data
        assert intents[0].get_object()["/Info"] == found.description


@pytest.mark.parametrize("name", ["pnp", "screen"])
def test_home_and_screen_pdfs_declare_no_output_intent(printed, name):
    reader = PdfReader(printed[("book", name)])
    assert "/OutputIntents" not in reader.trailer["/Root"]
    spaces = reader.pages[0]["/Resources"].get_object()["/ColorSpace"].get_object()
    assert "/DefaultRGB" not in spaces


def test_the_preflight_refuses_a_pdfx_without_an_output_intent(tmp_path):
    """What pod wrote before: PDF/X keys, no output intent, uncalibrated RGB."""
    from weasyprint import HTML

    path = tmp_path / "bare.pdf"
    HTML(string="<p style='color: rgb(200, 0, 0)'>Moscow rules</p>").write_pdf(
        path, pdf_variant="pdf/x-3")
    problems = pdfx3_problems(path)
    assert "no /OutputIntents in the catalog" in problems
    assert "page 1: device RGB under a CMYK output intent, no DefaultRGB" in problems


# ---------------------------------------------------------------- finding the profile (P103)

def _icc(device_class: bytes = b"prtr", space: bytes = b"CMYK", major: int = 2,
         cut: int = 0) -> bytes:
    text = b"Test press\0"
    tag = b"desc" + b"\0" * 4 + struct.pack(">I", len(text)) + text
    size = 132 + 12 + len(tag)
    header = (struct.pack(">I", size) + b"test" + bytes([major, 0x10, 0, 0]) + device_class
              + space + b"Lab " + b"\0" * 12 + b"acsp" + b"\0" * 88)
    data = header + struct.pack(">I", 1) + struct.pack(">4sII", b"desc", 144, len(tag)) + tag
    return data[:len(data) - cut]


def test_a_cmyk_printer_profile_is_read_with_its_description(tmp_path):
    path = tmp_path / "press.icc"
    path.write_bytes(_icc())
    found = intent.read_profile(path)
    assert (found.description, found.data) == ("Test press", _icc())


@pytest.mark.parametrize("data, why", [
    (_icc(device_class=b"mntr", space=b"RGB "), r"not a CMYK printer \(prtr\) one"),
    (_icc(major=4), "ICC version 4"),
    (_icc(cut=5), "cut short"),
    (b"not a profile at all" * 10, "is not an ICC profile"),
])
def test_a_profile_pdfx3_cannot_use_is_p103(tmp_path, data, why):
    path = tmp_path / "wrong.icc"
    path.write_bytes(data)
    with pytest.raises(intent.OutputProfileMissing, match=why) as raised:
        intent.read_profile(path)
    assert str(raised.value).startswith("P103 ")


def test_no_installed_profile_is_p103_naming_the_package(monkeypatch, tmp_path):
    monkeypatch.delenv(intent.ENVIRONMENT, raising=False)
    monkeypatch.setattr(intent, "SEARCHED", (str(tmp_path / "nowhere" / intent.FILE),))
    with pytest.raises(intent.OutputProfileMissing, match="apt-get install libgs-common") as raised:
        intent.output_profile()
    assert str(raised.value).startswith("P103 ")
    assert intent.identity() == "missing"


def test_the_environment_names_another_profile(monkeypatch, tmp_path):
    path = tmp_path / "shop.icc"
    path.write_bytes(_icc())
    monkeypatch.setenv(intent.ENVIRONMENT, str(path))
    assert intent.output_profile().path == str(path)
    assert profile("pod").output_intent == intent.output_profile().identity
    assert profile("pnp").output_intent is None


def test_a_pod_build_without_a_profile_fails_with_p103_and_writes_nothing(monkeypatch, tmp_path):
    monkeypatch.setenv(intent.ENVIRONMENT, str(tmp_path / "absent.icc"))
    book = json.loads(BOOK_JSON.read_text(encoding="utf-8"))
    chosen = profile("pod")
    target = tmp_path / "book.pdf"
    with pytest.raises(PrintError, match="P103 output-profile-missing"):
        build([Planned(target, encounter_book(book, chosen))], chosen, jobs=1,
              cache=SectionCache(tmp_path / "cache"))
    assert not target.exists()


def test_smersh_build_without_a_profile_says_p103_and_exits_2(tmp_path):
    """What a writer sees: the rule, the package to install, exit 2, no traceback."""
    import os
    import sys

    env = {**os.environ, intent.ENVIRONMENT: str(tmp_path / "absent.icc"), "SMERSH_CACHE_DIR": ""}
    failed = subprocess.run(
        [sys.executable, "-m", "smersh_dsl", "build", str(REPO / "books" / "smush"), "--format",
         "pdf", "--profile", "pod", "--jobs", "1", "--out", str(tmp_path / "out")],
        capture_output=True, text=True, env=env, timeout=HANG_GUARD_S)
    assert failed.returncode == 2, failed.stderr
    assert "P103 output-profile-missing" in failed.stderr and "libgs-common" in failed.stderr
    assert "Traceback" not in failed.stderr
    assert not list((tmp_path / "out").rglob("*.pdf"))

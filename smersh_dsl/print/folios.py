"""Page numbers, stamped on a merged PDF.

Sections are rendered apart (and cached apart), so CSS ``counter(page)`` would start again
at 1 in each of them. The numbers are set instead once the merge knows every page: a
small PDF of folios, one tiny page per number ("5"), is rendered by WeasyPrint like any
section (``folio_html``; cached by its HTML, so by the numbers and the profile), and each
of its pages is drawn on the merged page it numbers as a form XObject (``stamp``), at the
foot of the page, centred on the trim box. Nothing of the page is parsed or rewritten: its
content is wrapped in ``q``/``Q`` and one ``Do`` is added after it.

A page's number is its place in the merged PDF (the first page is 1), so "page 5" is the
fifth sheet a reader turns to; pages of a section that has ``folio=False`` (the title
page, a cover) are counted but carry no number, as in any printed book.
"""

from __future__ import annotations

import io

from pypdf import PdfReader, PdfWriter
from pypdf.generic import (ArrayObject, DecodedStreamObject, DictionaryObject, FloatObject,
                           NameObject)

from smersh_dsl.print.profiles import Profile
from smersh_dsl.wording import count

MM = 72 / 25.4
BOX_W_MM, BOX_H_MM = 30.0, 8.0     # one folio's page: wide enough for "1234"
FOOT_MM = 5.0                      # from the foot of the trim box to the folio's box
_NAME = NameObject("/SmershFolio")


def folio_html(numbers: list[int], profile: Profile) -> str:
    """One small page per number, the number centred on it; ``profile`` is part of the
    cache key (pod's folios are PDF/X like its pages), not of the HTML."""
    pages = "".join(f'<div class="folio">{n}</div>' for n in numbers)
    return ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><style>'
            f"@page {{ size: {BOX_W_MM}mm {BOX_H_MM}mm; margin: 0; }}"
            "body { margin: 0; }"
            '.folio { font: 8pt "Smersh Sans Latin", "Smersh Sans"; color: #333; '
            f"text-align: center; height: {BOX_H_MM}mm; line-height: {BOX_H_MM}mm; "
            "break-after: page; }"
            ".folio:last-child { break-after: auto; }"
            f"</style></head><body>{pages}</body></html>")


def numbered_pages(page_counts: list[tuple[int, bool]]) -> list[int]:
    """The 1-based numbers of the pages that carry a folio, from each section's
    (page count, folio) in order."""
    numbers, page = [], 0
    for count, folio in page_counts:
        if folio:
            numbers.extend(range(page + 1, page + count + 1))
        page += count
    return numbers


def stamp(writer: PdfWriter, folios: bytes, numbers: list[int]) -> None:
    """Draw the i-th page of ``folios`` at the foot of merged page ``numbers[i]``."""
    reader = PdfReader(io.BytesIO(folios))
    if len(reader.pages) != len(numbers):
        raise ValueError(f"{count(len(reader.pages), 'folio')} for {count(len(numbers), 'page')}")
    for folio, number in zip(reader.pages, numbers):
        _draw(writer, writer.pages[number - 1], folio)


def _draw(writer: PdfWriter, page, folio) -> None:
    form = DecodedStreamObject()
    contents = folio.get_contents()        # a stream, and falsy: test it against None
    form.set_data(contents.get_data() if contents is not None else b"")
    form.update({
        NameObject("/Type"): NameObject("/XObject"),
        NameObject("/Subtype"): NameObject("/Form"),
        NameObject("/BBox"): ArrayObject(FloatObject(v) for v in folio.mediabox),
        NameObject("/Resources"): folio["/Resources"].clone(writer),
    })
    form = form.flate_encode()
    trim = page.trimbox
    x = float(trim.left) + (float(trim.width) - BOX_W_MM * MM) / 2 - float(folio.mediabox.left)
    y = float(trim.bottom) + FOOT_MM * MM - float(folio.mediabox.bottom)
    # Pages may share one resource dictionary: each gets its own copy (the entries still
    # point at the same fonts and images), so one page's folio never lands on another.
    resources = page.get("/Resources")
    resources = DictionaryObject(resources.get_object() if resources is not None else {})
    xobjects = resources.get("/XObject")
    xobjects = DictionaryObject(xobjects.get_object() if xobjects is not None else {})
    resources[NameObject("/XObject")] = xobjects
    page[NameObject("/Resources")] = resources
    xobjects[_NAME] = writer._add_object(form)
    before, after = DecodedStreamObject(), DecodedStreamObject()
    before.set_data(b"q\n")
    after.set_data(f"\nQ q 1 0 0 1 {x:.3f} {y:.3f} cm {_NAME} Do Q\n".encode("ascii"))
    contents = page.get("/Contents")
    contents = contents.get_object() if contents is not None else ArrayObject()
    parts = list(contents) if isinstance(contents, ArrayObject) else [page.raw_get("/Contents")]
    page[NameObject("/Contents")] = ArrayObject(
        [writer._add_object(before), *parts, writer._add_object(after)])

"""Section PDFs into one PDF, keeping bookmarks, links and named destinations.

- Pages are appended in section order. pypdf carries each section's named destinations
  (WeasyPrint names one for every element with an id) and its internal links, which point
  at those names, over to the merged file; ids are unique across a document's sections.
- A link to another section is written by the templates as ``smersh-link:<id>``, which
  WeasyPrint cannot resolve and keeps as a URI; here it becomes a link to the named
  destination ``<id>``. A name no section defines is an error, never a dead link.
- Bookmarks are rebuilt: each section's outline, with its page numbers moved by the
  pages before it, nested under a top-level bookmark for the section's ``group`` (a
  region, "Epic showdowns") when it has one.
- Page numbers, when the document has them, are stamped on the merged pages
  (``print/folios.py``).
- The first section's PDF version, XMP metadata, output intent (when it has one) and
  PDF/X keys are kept, and a PDF/X file gets a file identifier (/ID), so a PDF/X section
  stays PDF/X once merged.
"""

from __future__ import annotations

import io

from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject, NumberObject, TextStringObject

from smersh_dsl.print.shared_images import share_images
from smersh_dsl.print.documents import LINK_SCHEME, PrintDocument
from smersh_dsl.print.folios import stamp


class MergeError(Exception):
    pass


def merge(document: PrintDocument, pdfs: list[bytes | PdfReader], *, folios: bytes | None = None,
          numbers: list[int] = ()) -> bytes:
    """``folios``: a PDF of page numbers, its i-th page stamped on page ``numbers[i]``."""
    writer = PdfWriter()
    readers = [data if isinstance(data, PdfReader) else PdfReader(io.BytesIO(data))
               for data in pdfs]
    starts = []
    for reader in readers:
        starts.append(len(writer.pages))
        writer.append(reader, import_outline=False)
    _keep_print_keys(writer, readers[0])
    if folios is not None:
        stamp(writer, folios, list(numbers))
    _resolve_cross_links(writer)
    share_images(writer)
    _outline(writer, document, readers, starts)
    writer.add_metadata({**{k: v for k, v in (readers[0].metadata or {}).items()
                            if k in ("/Producer", "/GTS_PDFXVersion", "/GTS_PDFXConformance",
                                     "/Trapped", "/CreationDate", "/ModDate")},
                         "/Title": document.title})
    writer.page_mode = "/UseOutlines"
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _keep_print_keys(writer: PdfWriter, first: PdfReader) -> None:
    root = first.trailer["/Root"]
    for key in ("/OutputIntents", "/Metadata"):
        if key in root:
            # raw_get: the reference, cloned as an indirect object (a stream, the XMP,
            # may not sit inside the catalog: qpdf and RIPs then find no catalog at all)
            writer._root_object[NameObject(key)] = root.raw_get(key).clone(writer)
    writer.pdf_header = first.pdf_header
    if "/OutputIntents" in root:
        # PDF/X wants the trailer's file identifier, which pypdf writes only when asked
        writer.generate_file_identifiers()


def _resolve_cross_links(writer: PdfWriter) -> None:
    names = None     # read only when a page has a cross link: reading them all is slow
    for number, page in enumerate(writer.pages):
        for annotation in page.get("/Annots") or []:
            annotation = annotation.get_object()
            action = annotation.get("/A")
            uri = action.get_object().get("/URI") if action is not None else None
            if not isinstance(uri, str) or not uri.startswith(LINK_SCHEME):
                continue
            name = uri[len(LINK_SCHEME):]
            if names is None:
                names = set(writer.named_destinations)
            if name not in names:
                raise MergeError(f"page {number + 1} links to #{name}, which no section defines")
            del annotation[NameObject("/A")]
            annotation[NameObject("/Dest")] = TextStringObject(name)


def _outline(writer: PdfWriter, document: PrintDocument, readers: list[PdfReader],
             starts: list[int]) -> None:
    group_title, group_item = None, None
    for section, reader, start in zip(document.sections, readers, starts):
        parent = None
        if section.group:
            if section.group != group_title:
                group_title = section.group
                group_item = writer.add_outline_item(title=section.group, page_number=start)
            parent = group_item
        else:
            group_title, group_item = None, None
        _copy(writer, reader, reader.outline, start, parent)


def _copy(writer: PdfWriter, reader: PdfReader, items, start: int, parent) -> None:
    last = None
    for item in items:
        if isinstance(item, list):
            _copy(writer, reader, item, start, last if last is not None else parent)
            continue
        page = reader.get_destination_page_number(item)
        if page is None:
            continue
        fit = _fit(item)
        last = writer.add_outline_item(title=item.title, page_number=start + page, parent=parent, fit=fit,
                                       is_open=False)


def _fit(item):
    from pypdf.generic import Fit
    left, top = item.get("/Left"), item.get("/Top")
    if isinstance(left, (int, float, NumberObject)) or isinstance(top, (int, float, NumberObject)):
        return Fit.xyz(left=left, top=top, zoom=None)
    return Fit.fit()



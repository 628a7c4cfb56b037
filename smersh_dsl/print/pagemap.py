"""Where things land in a merged PDF: each section's page count, each anchor's page.

WeasyPrint names a destination for every element with an id; a section's PDF says on
which of its pages each one is. Added to the pages of the sections before it, that is the
page of the anchor in the merged book, known before the merge itself is written, which is
what an index giving pages (``Section.paged``) and the folios (``print/folios.py``) need.
"""

from __future__ import annotations

import io
from dataclasses import field

from pypdf import PdfReader

from smersh_dsl.records import dataclass


@dataclass
class PageMap:
    counts: list[int] = field(default_factory=list)      # pages of each section, in order
    anchors: dict[str, int] = field(default_factory=dict)   # anchor id -> 1-based page

    @property
    def pages(self) -> int:
        return sum(self.counts)


def page_map(pdfs: list[bytes | PdfReader], anchors: bool = True) -> PageMap:
    """The page map of sections merged in this order; an anchor defined twice keeps its
    first page (ids are unique in a document, so this does not happen in a book).
    Parsing a PDF is most of the cost: pass the readers the merge will use again."""
    found = PageMap()
    for data in pdfs:
        reader = data if isinstance(data, PdfReader) else PdfReader(io.BytesIO(data))
        start = found.pages
        if anchors:
            for name, destination in reader.named_destinations.items():
                page = reader.get_destination_page_number(destination)
                if page is not None and page >= 0:
                    found.anchors.setdefault(str(name), start + page + 1)
        found.counts.append(len(reader.pages))
    return found

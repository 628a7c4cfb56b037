"""What the print pipeline renders: documents made of independently rendered sections.

A document builder (encounter book, showdown book, card sheets, campaign sheets) turns a
project's JSON document into a ``PrintDocument``. Each ``Section`` is a complete HTML page
of its own, so sections can be rendered in parallel processes, cached by their content,
and merged into one PDF (``merge``), keeping their bookmarks and links.

Boxes whose text must fit (a card, a response box) carry ``data-fit="<label>"`` and,
when the document was built with sources, ``data-span="<file>:<line>:<column>"``; the
overflow check lays the section out and reports each such box whose content does not fit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from smersh_dsl.records import dataclass

# A link to another section's named destination: WeasyPrint cannot resolve an id it does
# not see, so the HTML says `smersh-link:<id>` and the merge makes it a real link.
LINK_SCHEME = "smersh-link:"


@dataclass(frozen=True)
class Section:
    key: str          # stable and unique within the document, e.g. "01.7" or "henchman-pierre"
    title: str        # its bookmark label
    html: str         # a complete HTML document
    group: str | None = None   # a top-level bookmark shared by consecutive sections, e.g. a
                               # region; the section's own bookmarks nest under it
    folio: bool = True         # its pages carry a page number (a title page does not)
    # Made again once the pages of the sections before it are known (an index giving
    # pages): called with {anchor id: page number in the merged PDF}; ``html`` is what it
    # makes of no pages at all. Only a document's last sections may be paged, so that
    # their own length never moves a page they name.
    paged: Callable[[Mapping[str, int]], str] | None = None


@dataclass(frozen=True)
class PrintDocument:
    name: str                       # the file stem, e.g. "encounter-book"
    title: str                      # the PDF's title
    sections: tuple[Section, ...]
    forms: bool = False             # render HTML form fields as PDF form fields
    folios: bool = False            # stamp page numbers on the merged pages (print/folios.py)

    def section(self, key: str) -> Section:
        """The section of that key (a title page or a cover may come before the first)."""
        for section in self.sections:
            if section.key == key:
                return section
        raise KeyError(key)
    # (project folder, path as written) of every picture its pages may show: the fetcher
    # reads these (once found inside their folder and sniffed) and nothing else of the
    # project (print/fetch.py); the cache keys a section by their contents too
    pictures: tuple[tuple[str, str], ...] = ()

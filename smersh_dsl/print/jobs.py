"""Rendering one section: the unit of work the pipeline hands to a worker process.

``render_section`` lays the HTML out, asks the overflow check (``print/overflow.py``)
which fitted boxes overflow, and writes the PDF. It returns plain,
picklable values, so it runs the same in this process or in a pool of processes.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from smersh_dsl.print.profiles import Profile


@dataclass(frozen=True)
class Rendered:
    pdf: bytes
    overflows: tuple[tuple[str, str | None], ...]   # (label, "file:line:column" or None)
    pages: int


class RenderError(Exception):
    """WeasyPrint could not render a section; the message says why, without a traceback."""


def render_section(html: str, profile: Profile, forms: bool = False) -> Rendered:
    from smersh_dsl.print.overflow import find_overflows
    from smersh_dsl.print.render import layout, pdf_bytes

    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    try:
        document = layout(html)
        overflows = tuple((o.label, o.span) for o in find_overflows(document))
        pdf = pdf_bytes(html, profile, forms=forms, document=document)
    except Exception as error:   # WeasyPrint raises anything from its parsers and layout
        raise RenderError(f"{type(error).__name__}: {error}") from None
    return Rendered(pdf, overflows, len(document.pages))


_WARM = ('<html lang="en"><body style="hyphens: auto; font-family: \'Smersh Serif Latin\', '
         '\'Smersh Serif\'"><p>Warm <b>up</b> <i>hyphenation</i> <span style="font-family: '
         '\'Smersh Sans Latin\', \'Smersh Sans\'">and <b>fonts</b></span></p></body></html>')


def warm_up() -> None:
    """Lay a small page out before worker processes fork, so that each inherits WeasyPrint
    imported, the fonts registered and the hyphenation dictionary loaded, instead of
    paying for them in every process (about a second each)."""
    from smersh_dsl.print.render import layout

    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    layout(_WARM).write_pdf()

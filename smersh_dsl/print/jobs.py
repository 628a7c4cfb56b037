"""Rendering one section: the unit of work the pipeline hands to a worker process.

``render_section`` lays the HTML out, asks the overflow check (``print/overflow.py``)
which fitted boxes overflow, and writes the PDF, noting every URL the page named that the
fetcher refused (``print/fetch.py``). It returns plain, picklable values, so it runs the
same in this process or in a pool of processes.
"""

from __future__ import annotations

import gc
import logging
from collections.abc import Iterator
from contextlib import contextmanager

from smersh_dsl.print.profiles import Profile
from smersh_dsl.records import dataclass


@dataclass(frozen=True)
class Rendered:
    pdf: bytes
    # (label, "file:line:column" or None, how many mm the text reaches past the box)
    overflows: tuple[tuple[str, str | None, float], ...]
    pages: int
    # URLs the section named that the fetcher refused: each is a P102 error, and the PDF,
    # printed without them, is never used
    refused: tuple[str, ...] = ()
    # (picture, why) for each picture over the picture budget the fetcher refused: P104
    over_budget: tuple[tuple[str, str], ...] = ()


class RenderError(Exception):
    """WeasyPrint could not render a section; the message says why, without a traceback."""


class OutOfMemory(RenderError):
    """The section needed more memory than the process may have (print/limits.py)."""


def render_section(html: str, profile: Profile, forms: bool = False,
                   pictures: tuple[tuple[str, str], ...] = ()) -> Rendered:
    """``pictures``: the (project folder, path as written) of each picture the page may
    show; the fetcher admits those that are image files inside their folder, nothing else."""
    from smersh_dsl.print.fetch import fetcher
    from smersh_dsl.print.overflow import find_overflows
    from smersh_dsl.print.render import layout, pdf_bytes

    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    try:
        allowed = fetcher().allowed.also(pictures=pictures) if pictures else None
        with quiet_gc(), fetcher().watching(allowed) as watch:
            document = layout(html)
            overflows = tuple((o.label, o.span, o.excess_mm) for o in find_overflows(document))
            pdf = pdf_bytes(html, profile, forms=forms, document=document)
            pages = len(document.pages)
            del document
    except MemoryError:
        raise OutOfMemory("it needed more memory than this process may use") from None
    except Exception as error:   # WeasyPrint raises anything from its parsers and layout
        raise RenderError(f"{type(error).__name__}: {error}") from None
    return Rendered(pdf, overflows, pages, tuple(watch.refused), tuple(watch.over_budget))


# Young objects before a collection while WeasyPrint works (Python's default is 700).
GC_THRESHOLD = 20_000


@contextmanager
def quiet_gc() -> Iterator[None]:
    """Keep Python's cyclic garbage collector off what was there before, and rarer.

    WeasyPrint makes millions of short-lived objects (boxes, styles, layouts). With the
    default settings the collector ran about 400 times a section, and its full passes went
    through every object the process already held, the checked project and its HTML in
    the pipeline, or everything inherited from the parent in a worker: some 18% of a
    section's CPU time. Freezing those objects (``gc.freeze``) and collecting less often
    brings it under 4%; the garbage is still collected, only later.
    """
    ours = gc.get_freeze_count() == 0     # never thaw what a caller froze on purpose
    if ours:
        gc.freeze()
    threshold = gc.get_threshold()
    gc.set_threshold(GC_THRESHOLD, *threshold[1:])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        if ours:
            gc.unfreeze()


_WARM = ('<html lang="en"><body style="hyphens: auto; font-family: \'Smersh Serif Latin\', '
         '\'Smersh Serif\'"><p>Warm <b>up</b> <i>hyphenation</i> <span style="font-family: '
         '\'Smersh Sans Latin\', \'Smersh Sans\'">and <b>fonts</b></span></p></body></html>')


def warm_up() -> None:
    """Lay a small page out, so that WeasyPrint is imported, the fonts registered and the
    hyphenation dictionary loaded before the first section comes (about a second). Each
    rendering process does this as it starts (``print/workers.py``)."""
    import pyphen

    from smersh_dsl.print.render import layout

    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    layout(_WARM).write_pdf()
    # The page above has no line to break, so WeasyPrint never opened the dictionary;
    # pyphen keeps what it loads for the process (WeasyPrint asks it again per document).
    pyphen.Pyphen(lang="en")

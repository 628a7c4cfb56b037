"""From print documents to PDF files: render sections, reuse cached ones, merge, write.

1. Every section of every document is looked up in the cache (``cache``) by a hash of its
   HTML and the profile, and used only if the entry's checksum holds; the others are
   rendered, in a pool of ``jobs`` processes or, with one job, here
   (``jobs.render_section``).
2. A box whose text does not fit (the overflow check) becomes a P101 diagnostic, a URL
   the page named that the fetcher refused (``fetch``) a P102. Any diagnostic, or any
   section that fails to render, and nothing is written; such a section is not cached.
3. Each document's sections are merged (``merge``) and every PDF is written atomically,
   only once all of them are ready: a failed or interrupted build leaves the previous
   PDFs as they were and no partial file behind.

``jobs=0`` renders each document as one HTML page in one WeasyPrint process, without the
cache: what the benchmark compares the parallel build with.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path

from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.export.atomic import write_atomic
from smersh_dsl.model.span import Span
from smersh_dsl.print.cache import SectionCache, section_key
from smersh_dsl.print.documents import PrintDocument, Section
from smersh_dsl.print.jobs import RenderError, Rendered, quiet_gc, render_section
from smersh_dsl.print.merge import LINK_SCHEME, MergeError, merge
from smersh_dsl.print.pictures import pictures_digest
from smersh_dsl.print.profiles import Profile
from smersh_dsl.print.workers import Renderers, RenderFailed, default_jobs
from smersh_dsl.wording import count


class PrintError(Exception):
    """A build that cannot finish; the message is for the user, without a traceback."""


@dataclass(frozen=True)
class Planned:
    target: Path                # where the PDF goes
    document: PrintDocument
    origin: str = ""            # the project's folder, for diagnostics without a source


@dataclass
class PrintResult:
    written: list[Path] = field(default_factory=list)
    rendered: int = 0           # sections laid out by WeasyPrint
    cached: int = 0             # sections reused from the cache
    diagnostics: list[Diagnostic] = field(default_factory=list)
    pages: dict[Path, int] = field(default_factory=dict)


def build(planned: list[Planned], profile: Profile, *, jobs: int | None = None,
          cache: SectionCache | None = None, progress: Callable[[str], None] = lambda _: None,
          write: Callable[[Path, bytes], None] = write_atomic,
          renderers: Renderers | None = None) -> PrintResult:
    """Render, check, merge and write every planned document; nothing is written on error.
    ``renderers``: worker processes started beforehand (then ``jobs`` is their number)."""
    result = PrintResult()
    try:
        if jobs == 0:
            outputs = {p.target: _single(p, profile, progress, result) for p in planned}
        else:
            outputs = _sectioned(planned, profile, jobs, cache or SectionCache(), progress,
                                 result, renderers)
    except RenderFailed as error:
        raise PrintError(str(error)) from None
    if result.diagnostics:
        return result
    for target, data in outputs.items():
        write(target, data)
        result.written.append(target)
    return result


def _sectioned(planned: list[Planned], profile: Profile, jobs: int | None, cache: SectionCache,
               progress: Callable[[str], None], result: PrintResult,
               renderers: Renderers | None) -> dict[Path, bytes]:
    work = [(p, s, section_key(s.html, profile, p.document.forms,
                               pictures_digest(p.document.pictures, s.html)))
            for p in planned for s in p.document.sections]
    pdfs: dict[str, bytes] = {}
    todo = []
    damaged = cache.discarded
    queued: set[str] = set()
    for plan, section, key in work:
        hit = pdfs.get(key) or cache.get(key)
        if hit is not None:
            pdfs[key] = hit
            result.cached += 1
        elif key not in queued:
            queued.add(key)
            todo.append((plan, section, key))
    if result.cached:
        progress(f"{result.cached} of {len(work)} sections unchanged (cached)")
    damaged = cache.discarded - damaged
    if damaged:
        progress(f"{count(damaged, 'damaged cache entry')} deleted: "
                 "rendering again")
    total = len(todo)
    workers = default_jobs(total) if jobs is None else max(1, min(jobs, total or 1))

    def finished(index: int, plan: Planned, section, key: str, rendered: Rendered) -> None:
        progress(f"[{index}/{total}] rendered {plan.document.name}: {section.title} "
                 f"({count(rendered.pages, 'page')})")
        result.rendered += 1
        problems = _problems(plan, section, rendered)
        if problems:
            result.diagnostics.extend(problems)
        else:
            cache.put(key, rendered.pdf)
        pdfs[key] = rendered.pdf

    if todo and (renderers is not None or workers > 1):
        # In the processes the caller started, or in as many as there are workers.
        with nullcontext(renderers) if renderers is not None else Renderers(workers) as pool:
            progress(f"rendering {total} sections in {pool.size} processes")
            pool.render_all(todo, profile, finished)
    else:
        for index, (plan, section, key) in enumerate(todo, 1):
            progress(f"[{index}/{total}] rendering {plan.document.name}: {section.title}")
            finished(index, plan, section, key, _render(plan, section, profile))
    if result.diagnostics:
        return {}
    outputs = {}
    for plan in planned:
        parts = [pdfs[key] for owner, _, key in work if owner is plan]
        progress(f"merging {count(len(parts), 'section')} into {plan.target}")
        try:
            with quiet_gc():
                outputs[plan.target] = merge(plan.document, parts)
        except MergeError as error:
            raise PrintError(f"{plan.document.name}: {error}") from None
    return outputs


def _render(plan: Planned, section, profile: Profile) -> Rendered:
    try:
        return render_section(section.html, profile, plan.document.forms,
                              plan.document.pictures)
    except RenderError as error:
        raise RenderFailed.of(plan, section, error) from None


def _single(plan: Planned, profile: Profile, progress, result: PrintResult) -> bytes:
    progress(f"rendering {plan.document.name} as one document")
    whole = Section(key="whole", title=plan.document.title, html=single_html(plan.document))
    rendered = _render(plan, whole, profile)
    result.rendered += 1
    result.diagnostics.extend(_problems(plan, whole, rendered))
    return rendered.pdf


_BODY = re.compile(r"<body[^>]*>(.*)</body>", re.S)


def single_html(document: PrintDocument) -> str:
    """The whole document as one HTML page: the first section's head, every section's body.

    Links between sections become ordinary links. Sections of one document share their
    stylesheet, so this lays out as the sections do, less the page break between them.
    """
    first = document.sections[0].html
    bodies = []
    for section in document.sections:
        found = _BODY.search(section.html)
        bodies.append(f'<div style="break-before: page">{found.group(1) if found else ""}</div>')
    head = first[:_BODY.search(first).start()] if _BODY.search(first) else first
    return (head + "<body>" + "".join(bodies) + "</body></html>").replace(
        f'href="{LINK_SCHEME}', 'href="#')


def _problems(plan: Planned, section: Section, rendered: Rendered) -> list[Diagnostic]:
    """What is wrong with a rendered section: P102 for each refused URL, P101 for each box
    whose text does not fit."""
    return ([_refused(plan, section, url) for url in rendered.refused]
            + [_overflow(plan, *found) for found in rendered.overflows])


def _refused(plan: Planned, section: Section, url: str) -> Diagnostic:
    """P102: the section named a URL outside the fetcher's allow-list."""
    shown = url if len(url) <= 200 else url[:200] + "..."
    return Diagnostic.of("P102", _span(None, plan),
                         f"{plan.document.name}, section {section.title}: refused to read "
                         f"{shown}: a print document may use only smersh's own files and "
                         "the pictures inside the project folder")


def _overflow(plan: Planned, label: str, span, excess_mm: float) -> Diagnostic:
    """P101, saying how much too long the text is (a box split across pages, with nothing
    past its edge on either page, is simply too long)."""
    how = f" by {excess_mm:.1f} mm" if excess_mm >= 0.1 else ""
    return Diagnostic.of("P101", _span(span, plan), f"text does not fit {label}{how}")


def _span(span, plan: Planned) -> Span:
    if isinstance(span, Span):
        return span
    if isinstance(span, str):
        found = re.fullmatch(r"(.+):(\d+):(\d+)", span.strip())
        if found:
            return Span.point(found.group(1), int(found.group(2)), int(found.group(3)))
    return Span.point(plan.origin or str(plan.target), 1, 1)

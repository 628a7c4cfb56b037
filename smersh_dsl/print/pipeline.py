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
cache: what the benchmark compares the parallel build with (its title page, index and
folios are still rendered apart, as they must be: ``joined_document``).

Sections are rendered in three stages (``_Stages``): the sections themselves; then the
sections made from their pages (``Section.paged``: the encounter book's index, which gives
the page of every heading, ``print/pagemap.py``); then the page numbers, stamped on the
merged pages (``print/folios.py``). Each stage uses the cache, so a rebuild where no page
moved renders only the sections that changed.
"""

from __future__ import annotations

import io
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import field, replace
from pathlib import Path

from pypdf import PdfReader

from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.files.atomic import write_atomic
from smersh_dsl.model.span import Span
from smersh_dsl.print.cache import SectionCache, section_key
from smersh_dsl.print.documents import PrintDocument, Section
from smersh_dsl.print.folios import folio_html, numbered_pages
from smersh_dsl.print.jobs import OutOfMemory, RenderError, Rendered, quiet_gc, render_section
from smersh_dsl.print.merge import LINK_SCHEME, MergeError, merge
from smersh_dsl.print.pagemap import page_map
from smersh_dsl.print.pictures import pictures_digest
from smersh_dsl.print.profiles import Profile
from smersh_dsl.print.workers import OverLimit, Renderers, RenderFailed, default_jobs
from smersh_dsl.records import dataclass
from smersh_dsl.termination import stop_if_terminated
from smersh_dsl.wording import count


class PrintError(Exception):
    """A build that cannot finish; the message is for the user, without a traceback."""


@dataclass(frozen=True)
class Planned:
    target: Path                # where the PDF goes
    document: PrintDocument
    origin: str = ""            # the project's folder, for diagnostics without a source
    project: str = ""           # the project's id, to say whose document a line is about

    @property
    def label(self) -> str:
        """`nightjar/encounter-book`: several projects build documents of the same name."""
        return f"{self.project}/{self.document.name}" if self.project else self.document.name


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
            joined = [replace(p, document=joined_document(p.document)) for p in planned]
            progress("rendering each document as one HTML page (and its index and folios)")
            outputs = _sectioned(joined, profile, 1, SectionCache(enabled=False), progress,
                                 result, None)
        else:
            outputs = _sectioned(planned, profile, jobs, cache or SectionCache(), progress,
                                 result, renderers)
    except RenderFailed as error:
        raise PrintError(str(error)) from None
    except OverLimit as over:
        result.diagnostics.extend(_over_limit(p, section, over.why) for p, section in over.sections
                                  or [(planned[0], None)])
        return result
    if result.diagnostics:
        return result
    stop_if_terminated()          # SIGTERM that something swallowed: still nothing written
    for target, data in outputs.items():
        write(target, data)
        result.written.append(target)
    return result


class _Stages:
    """Sections rendered in stages, each stage once the one before it is merged in mind:
    the sections (1), then the sections made from their pages, an index (2), then the
    folios (3). Each stage looks its sections up in the cache first; one pool of
    processes, started when a stage first has something to render, serves them all."""

    def __init__(self, profile: Profile, jobs: int | None, cache: SectionCache,
                 progress: Callable[[str], None], result: PrintResult,
                 renderers: Renderers | None) -> None:
        self.profile, self.jobs, self.cache = profile, jobs, cache
        self.progress, self.result = progress, result
        self.renderers, self.pool = renderers, None
        self.pdfs: dict[str, bytes] = {}

    def __enter__(self) -> _Stages:
        return self

    def __exit__(self, kind, *_: object) -> None:
        if self.pool is not None and self.pool is not self.renderers:
            self.pool.close(abandon=kind is not None)

    def run(self, work: list[tuple[Planned, Section, str]]) -> None:
        todo, queued = [], set()
        cached: Counter[str] = Counter()
        sections: Counter[str] = Counter(plan.project for plan, _, _ in work)
        damaged = self.cache.discarded
        for plan, section, key in work:
            if key in self.pdfs:            # rendered earlier in this build: no cache hit
                continue
            hit = self.cache.get(key)
            if hit is not None:
                self.pdfs[key] = hit
                cached[plan.project] += 1
            elif key not in queued:
                queued.add(key)
                todo.append((plan, section, key))
        self.result.cached += sum(cached.values())
        for project, hits in cached.items():
            whose = f"{project}: " if project else ""
            self.progress(f"{whose}{hits} of {count(sections[project], 'section')} "
                          "unchanged since an earlier build (cached)")
        damaged = self.cache.discarded - damaged
        if damaged:
            self.progress(f"{count(damaged, 'damaged cache entry')} deleted: rendering again")
        total = len(todo)

        def finished(index: int, plan: Planned, section, key: str, rendered: Rendered) -> None:
            stop_if_terminated()
            self.progress(f"[{index}/{total}] rendered {plan.label}: {section.title} "
                          f"({count(rendered.pages, 'page')})")
            self.result.rendered += 1
            problems = _problems(plan, section, rendered)
            if problems:
                self.result.diagnostics.extend(problems)
            else:
                self.cache.put(key, rendered.pdf)
            self.pdfs[key] = rendered.pdf

        if not todo:
            return
        if self.pool is None:
            if self.renderers is not None:
                self.pool = self.renderers
            else:
                workers = default_jobs(total) if self.jobs is None else max(1, min(self.jobs, total))
                if workers > 1:
                    self.pool = Renderers(workers).start()
        if self.pool is not None:
            self.progress(f"rendering {count(total, 'section')} in {self.pool.size} processes")
            self.pool.render_all(todo, self.profile, finished)
        else:
            for index, (plan, section, key) in enumerate(todo, 1):
                self.progress(f"[{index}/{total}] rendering {plan.label}: {section.title}")
                finished(index, plan, section, key, _render(plan, section, self.profile))


def _sectioned(planned: list[Planned], profile: Profile, jobs: int | None, cache: SectionCache,
               progress: Callable[[str], None], result: PrintResult,
               renderers: Renderers | None) -> dict[Path, bytes]:
    def keyed(plan: Planned, section: Section) -> tuple[Planned, Section, str]:
        return plan, section, section_key(section.html, profile, plan.document.forms,
                                          pictures_digest(plan.document.pictures, section.html))

    parts = {id(p): [keyed(p, s) for s in p.document.sections] for p in planned}
    # Each section's PDF is parsed once, for the page map and the merge alike: parsing is
    # most of what either costs.
    readers: dict[tuple[int, str], PdfReader] = {}      # (plan, section key): its reader

    def read(plan: Planned, items) -> list[PdfReader]:
        # one reader a section of a document (its key there is unique): two sections with
        # the same PDF are still two sets of pages in the merge
        for _, section, key in items:
            if (id(plan), section.key) not in readers:
                readers[id(plan), section.key] = PdfReader(io.BytesIO(stages.pdfs[key]))
        return [readers[id(plan), section.key] for _, section, _ in items]

    with _Stages(profile, jobs, cache, progress, result, renderers) as stages:
        stages.run([item for p in planned for item in parts[id(p)] if item[1].paged is None])
        if result.diagnostics:
            return {}
        # 2. Sections that give pages (an index), made from where the others landed.
        for plan in planned:
            items = parts[id(plan)]
            if any(section.paged for _, section, _ in items):
                anchors = page_map(read(plan, [i for i in items if i[1].paged is None])).anchors
                parts[id(plan)] = [
                    keyed(plan, replace(section, html=section.paged(anchors), paged=None))
                    if section.paged else (owner, section, key)
                    for owner, section, key in items]
        stages.run([item for p in planned for item in parts[id(p)] if item[2] not in stages.pdfs])
        if result.diagnostics:
            return {}
        # 3. Page numbers, once every page is known.
        folios = {}
        for plan in planned:
            if plan.document.folios:
                items = parts[id(plan)]
                counts = page_map(read(plan, items), anchors=False).counts
                numbers = numbered_pages([(n, section.folio) for n, (_, section, _) in
                                          zip(counts, items)])
                if numbers:
                    folio = Section("folios", "page numbers", folio_html(numbers, profile))
                    folios[id(plan)] = (numbers, keyed(plan, folio))
        stages.run([item for _, item in folios.values()])
        if result.diagnostics:
            return {}
    outputs = {}
    for plan in planned:
        pdfs = read(plan, parts[id(plan)])
        numbers, folio = folios.get(id(plan), ([], None))
        progress(f"merging {count(len(pdfs), 'section')} into {plan.target}")
        try:
            with quiet_gc():
                outputs[plan.target] = merge(plan.document, pdfs, numbers=numbers,
                                             folios=stages.pdfs[folio[2]] if folio else None)
        except MergeError as error:
            raise PrintError(f"{plan.document.name}: {error}") from None
    return outputs


def _render(plan: Planned, section, profile: Profile) -> Rendered:
    try:
        return render_section(section.html, profile, plan.document.forms,
                              plan.document.pictures)
    except OutOfMemory:
        raise OverLimit([(plan, section)], "it needed more memory than there is") from None
    except RenderError as error:
        raise RenderFailed.of(plan, section, error) from None


def joined_document(document: PrintDocument) -> PrintDocument:
    """The document with each run of its sections joined into one HTML page: a run is
    consecutive sections alike in their folio and not made from pages (an index is made
    after the rest, and a title page carries no page number, so each stays apart)."""
    runs: list[list[Section]] = []
    for section in document.sections:
        if (runs and section.paged is None and runs[-1][-1].paged is None
                and runs[-1][-1].folio == section.folio):
            runs[-1].append(section)
        else:
            runs.append([section])
    sections = tuple(run[0] if len(run) == 1 else
                     Section(key=f"whole-{n}", title=document.title, folio=run[0].folio,
                             html=single_html(replace(document, sections=tuple(run))))
                     for n, run in enumerate(runs, 1))
    return replace(document, sections=sections)


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
    """What is wrong with a rendered section: P102 for each refused URL, P104 for each
    picture over the budget, P101 for each box whose text does not fit."""
    return ([_refused(plan, section, url) for url in rendered.refused]
            + [_over_budget(plan, section, *found) for found in rendered.over_budget]
            + [_overflow(plan, *found) for found in rendered.overflows])


def _over_budget(plan: Planned, section: Section, picture: str, why: str) -> Diagnostic:
    """P104: the section shows a picture over the picture budget (images/budget.py)."""
    return Diagnostic.of("P104", _span(None, plan),
                         f"{plan.document.name}, section {section.title}: refused the picture "
                         f"{picture}: {why}")


def _refused(plan: Planned, section: Section, url: str) -> Diagnostic:
    """P102: the section named a URL outside the fetcher's allow-list."""
    shown = url if len(url) <= 200 else url[:200] + "..."
    return Diagnostic.of("P102", _span(None, plan),
                         f"{plan.document.name}, section {section.title}: refused to read "
                         f"{shown}: a print document may use only smersh's own files and "
                         "the pictures inside the project folder")


def _over_limit(plan: Planned, section: Section | None, why: str) -> Diagnostic:
    """P105: a section ended by a limit of the rendering processes (print/limits.py)."""
    where = f", section {section.title}" if section is not None else ""
    return Diagnostic.of("P105", _span(None, plan),
                         f"{plan.document.name}{where}: could not be rendered: {why}")


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

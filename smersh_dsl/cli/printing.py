"""`smersh build --format pdf`: the print-ready PDFs of checked projects.

Called by the build command once the check has passed. Every document that applies to
a project (``print/catalogue.py``) goes to build/<project>/print/<profile>/<name>.pdf.

SIGTERM (what `kill`, a CI runner or a service manager sends) ends the build the way
Ctrl-C does: the rendering processes are ended, a PDF being written is left as it was
(its temporary file removed) and the exit status is 143.
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import click

from smersh_dsl import termination
from smersh_dsl.cli.app import EXIT_FINDINGS, EXIT_USAGE
from smersh_dsl.termination import Terminated
from smersh_dsl.diagnostics.report import REPORTERS
from smersh_dsl.wording import count

if TYPE_CHECKING:
    from smersh_dsl.files.outputs import OutputFolder


def build_pdfs(projects: list, out: Path, profile_name: str, paper: str, jobs: int | None,
               only: tuple[str, ...] | None = None, card=None, mix_decks: bool = False) -> list[Path]:
    """Render, check and write the PDFs; exit with the checker's status on a finding.
    ``card``: the cards' ``profiles.CardSize`` (poker by default)."""
    from smersh_dsl.export.document import buildable, document
    from smersh_dsl.files.outputs import OutputFolder
    from smersh_dsl.print.catalogue import builders_for
    from smersh_dsl.print.pictures import pictures_of
    from smersh_dsl.print.pipeline import Planned, build
    from smersh_dsl.print.profiles import profile

    from smersh_dsl.print.profiles import POKER
    chosen = profile(profile_name, paper, card or POKER, mix_decks)
    wanted = []        # (project, its JSON document, a builder), before any HTML is made
    for project in projects:
        if buildable(project):
            doc = document(project, with_sources=True)
            wanted.extend((project, doc, builder) for builder in builders_for(doc, only))
    if not wanted:
        click.echo("smersh build: no print document applies to these projects", err=True)
        return []
    echo = progress_lines()
    folder = OutputFolder(out)
    with stopped_cleanly("no PDF written"):
        targets = _targets(folder, out, chosen.name, wanted)
        # The rendering processes warm up while this one makes the documents' HTML.
        with terminate_unwinds(), _renderers(jobs) as renderers:
            planned = [Planned(target, builder.build(doc, chosen, pictures_of(project)),
                               str(project.root), project.name)
                       for target, (project, doc, builder) in zip(targets, wanted)]
            result = build(planned, chosen, jobs=jobs, progress=echo, renderers=renderers,
                           write=folder.write)
    exit_on_findings(result.diagnostics, projects, "no PDF written")
    for path in result.written:
        click.echo(f"wrote {path}", err=True)
    names = ", ".join(dict.fromkeys(project.name for project, _, _ in wanted))
    click.echo(f"rendered {count(result.rendered, 'section')} of {names}, "
               f"{result.cached} from the cache of earlier builds", err=True)
    return result.written


@contextmanager
def stopped_cleanly(nothing: str) -> Iterator[None]:
    """A build's ends that are not its success, each a one-line message (``nothing``: what
    was not written) and its exit status: a refused output folder or a page that cannot be
    rendered (2), SIGTERM (143), Ctrl-C (130)."""
    from smersh_dsl.files.outputs import OutputError
    from smersh_dsl.print.pipeline import PrintError
    from smersh_dsl.print.raster import RasterError
    try:
        yield
    except OutputError as error:
        click.echo(f"smersh build: {error}", err=True)
        sys.exit(EXIT_USAGE)
    except (PrintError, RasterError) as error:
        click.echo(f"smersh build: {error}; {nothing}", err=True)
        sys.exit(EXIT_USAGE)
    except Terminated:
        click.echo(f"smersh build: terminated; {nothing}", err=True)
        sys.exit(128 + signal.SIGTERM)
    except KeyboardInterrupt:
        click.echo(f"smersh build: interrupted; {nothing}", err=True)
        sys.exit(130)


def exit_on_findings(diagnostics: list, projects: list, nothing: str) -> None:
    """Report what the rendering found (text that does not fit...) and exit 1, if anything."""
    if diagnostics:
        sources = {f.path: f.text for p in projects for f in p.files}
        click.echo(REPORTERS["text"](sorted(diagnostics, key=lambda d: d.sort_key()),
                                     sources, True), nl=False, err=True)
        click.echo(f"smersh build: {nothing}; fix the errors above first", err=True)
        sys.exit(EXIT_FINDINGS)


def _targets(folder: OutputFolder, out: Path, profile_name: str, wanted: list) -> list[Path]:
    """Where each wanted PDF goes, each checked now: a PDF that would be refused (a link
    in the way) is refused before any is rendered."""
    targets = [out / project.name / "print" / profile_name / f"{builder.name}.pdf"
               for project, _, builder in wanted]
    for target in targets:
        folder.check(target)
    return targets


@contextmanager
def terminate_unwinds() -> Iterator[None]:
    """While the block runs, SIGTERM raises `Terminated` (smersh_dsl/termination.py; the
    entry point installs it for every command, this holds when called otherwise)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.getsignal(signal.SIGTERM)
    termination.install()
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _renderers(jobs: int | None):
    """Rendering processes started now, or (one job, or `--jobs 0`) none."""
    from contextlib import nullcontext

    from smersh_dsl.print.workers import Renderers, default_jobs
    size = default_jobs() if jobs is None else jobs
    return Renderers(size) if size > 1 else nullcontext(None)


def progress_lines():
    """Progress lines on stderr: "[3/12] rendered encounter-book: Europe 01–03"."""
    def echo(line: str) -> None:
        click.echo(line, err=True)
    return echo

"""`smersh build`: check projects, then write their JSON documents, PDFs, site, card
images and Tabletop Simulator decks."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from smersh_dsl.cli.app import EXIT_FINDINGS, EXIT_USAGE, cli, project_paths
from smersh_dsl.wording import count


@cli.command("build")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--format", "formats", multiple=True, type=click.Choice(["json", "pdf", "site", "cards", "tts"]),
              help="What to build (default: json and pdf): the JSON documents, the "
                   "print-ready PDFs, a static site for playtesters (<out>/site/, see "
                   "docs/serve.md), a PNG per card face and back, Tabletop Simulator "
                   "decks (docs/printing.md).")
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path),
              default=Path("build"), show_default=True, help="Where to write.")
@click.option("--merged", is_flag=True,
              help="Also write each expansion applied to its game (<id>.merged.json).")
@click.option("--with-sources", is_flag=True,
              help="Record in the JSON where each block was written (file, line, column).")
@click.option("--profile", "print_profile", type=click.Choice(["pnp", "pod", "screen"]),
              default="pnp", show_default=True,
              help="PDFs for print and play, print on demand (bleed, PDF/X-3) or the screen.")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True,
              help="The paper of books and card sheets.")
@click.option("--jobs", type=click.IntRange(0, 64), default=None,
              help="Processes rendering PDF sections (default: one a CPU; 0: each document "
                   "in one piece, uncached).")
@click.option("--card-size", "card", default="poker", show_default=True, metavar="SIZE",
              callback=lambda _c, _p, value: _card_size(value),
              help="The cards' size: poker (63x88 mm), bridge (57x89), tarot (70x120), "
                   "mini (44x63) or WxH in millimetres; sheets hold as many as the paper fits.")
@click.option("--mix-decks", is_flag=True,
              help="Fill card sheets across decks instead of starting a sheet a deck (each "
                   "card keeps its own back).")
@click.option("--dpi", type=click.IntRange(50, 1200), default=300, show_default=True,
              help="The resolution of card images (--format cards, tts).")
@click.option("--base-url", default="", metavar="URL",
              help="Put before each picture's file name in the TTS saved objects, where "
                   "you will upload them (default: the bare file names).")
def build_command(paths: tuple[Path, ...], formats: tuple[str, ...], out: Path, merged: bool,
                  with_sources: bool, print_profile: str, paper: str, jobs: int | None,
                  card, mix_decks: bool, dpi: int, base_url: str) -> None:
    """Check projects, then write their playable data and print-ready PDFs.

    Each project becomes one JSON document, build/<id>/<id>.json, that follows
    its schema in schemas/ (game, expansion, campaign or cardgame), and its
    print-ready PDFs, build/<id>/print/<profile>/<document>.pdf (encounter
    book, showdown book, ...; see docs/printing.md). Nothing is written if the
    check finds an error; a build that is interrupted leaves the previous
    files as they were.

    \b
    Examples:
      smersh build                      build the project around this folder
      smersh build books/epic --out dist
      smersh build --merged --with-sources
      smersh build books/epic --format pdf --profile pod --paper letter --jobs 2
      smersh build books/ --format site   a static site to open from disk
      smersh build books/epic --format cards --dpi 600
      smersh build books/epic --format tts --base-url https://example.org/decks/
    """
    from smersh_dsl.diagnostics.diagnostic import Severity
    from smersh_dsl.diagnostics.report import REPORTERS
    from smersh_dsl.export.build import SharedId, build_json, check_ids
    from smersh_dsl.files.outputs import OutputError
    from smersh_dsl.pipeline.run import check_paths
    from smersh_dsl.project.discover import UsageError

    source = click.get_current_context().get_parameter_source("out")
    if source is click.core.ParameterSource.DEFAULT and out.is_symlink():
        # `build` in the working folder is where a content repository may plant a link
        # (`build -> ~/.config`); a folder the user names is theirs to point anywhere.
        raise click.UsageError(f"{out} is a symbolic link, and outputs are never written "
                               f"through one unless you name it: give --out {out} (or "
                               "another folder) to write there")
    try:
        projects, found = check_paths(project_paths(paths))
    except UsageError as error:
        raise click.UsageError(str(error)) from None
    errors = [d for d in found if d.severity is Severity.ERROR]
    if errors:
        sources = {f.path: f.text for p in projects for f in p.files}
        click.echo(REPORTERS["text"](errors, sources, True), nl=False, err=True)
        click.echo("smersh build: nothing written; fix the errors above first", err=True)
        sys.exit(EXIT_FINDINGS)
    try:
        check_ids(projects)
        if "site" in formats:
            from smersh_dsl.site.write import write_site
            written = write_site(projects, found, out)
            click.echo(f"wrote the site to {written} (open {written / 'index.html'})", err=True)
            formats = tuple(f for f in formats if f != "site")
            if not formats:
                return
        if "cards" in formats or "tts" in formats:
            from smersh_dsl.cli.card_images import build_card_images, build_tts
            if "cards" in formats:
                build_card_images(projects, out, print_profile, paper, jobs, dpi, card)
            if "tts" in formats:
                build_tts(projects, out, paper, jobs, dpi, base_url, card)
            formats = tuple(f for f in formats if f not in ("cards", "tts"))
            if not formats:
                return
        if formats and "json" not in formats:
            from smersh_dsl.cli.printing import build_pdfs
            build_pdfs(projects, out, print_profile, paper, jobs, card=card, mix_decks=mix_decks)
            return
        result = build_json(projects, out, merged=merged, with_sources=with_sources,
                            progress=lambda line: click.echo(line, err=True))
    except (SharedId, OutputError) as error:
        click.echo(f"smersh build: {error}", err=True)
        sys.exit(EXIT_USAGE)
    for reason in result.skipped:
        click.echo(f"skipped {reason}", err=True)
    if result.invalid:
        for path, problems in result.invalid.items():
            for problem in problems[:20]:
                click.echo(f"{path}: {problem.path}: {problem.message}", err=True)
        click.echo("smersh build: a document does not follow its schema; nothing written "
                   "(please report this: it is a bug in smersh)", err=True)
        sys.exit(EXIT_USAGE)
    click.echo(f"built {count(len(result.written), 'document')} "
               f"in {out}", err=True)
    if not formats or "pdf" in formats:
        from smersh_dsl.cli.printing import build_pdfs
        build_pdfs(projects, out, print_profile, paper, jobs, card=card, mix_decks=mix_decks)


def _card_size(value: str):
    """`--card-size`: a named size or WxH; anything else is a usage error (exit 2)."""
    from smersh_dsl.print.profiles import card_size
    try:
        return card_size(value)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="'--card-size'") from None

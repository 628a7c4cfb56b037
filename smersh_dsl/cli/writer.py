"""`smersh fmt`, `smersh graph`, `smersh new`, `smersh lsp`: the writer's tools."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from smersh_dsl.cli.app import EXIT_FINDINGS, EXIT_USAGE, cli, project_paths
from smersh_dsl.cli.spellings import renamed
from smersh_dsl.wording import count


@cli.command("graph")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--showdown", metavar="NAME", help="A showdown or Dr. Lobo section (A, B, ...).")
@click.option("--region", metavar="NAME", help="A region's places and routes.")
@click.option("--campaign", is_flag=True, help="The campaign's scenarios and their data flow.")
@click.option("--format", "fmt", type=click.Choice(["dot", "mermaid", "svg", "html"]),
              default="mermaid", show_default=True,
              help="DOT for Graphviz, Mermaid for Markdown; SVG and a self-contained HTML page "
                   "need Graphviz's `dot`.")
def graph_command(paths: tuple[Path, ...], showdown: str | None, region: str | None,
                  campaign: bool, fmt: str) -> None:
    """Draw a flow graph: a showdown, a region or the campaign.

    Unreachable encounters, dead ends and loops with no way out are drawn as
    `smersh check` reports them (G001, G002, G003), so the picture and the
    findings agree. The graph is drawn even when the content has errors.

    PATHS are project folders, .smersh files or bundled books by name (epic,
    shield, ...); none: the project around the working folder.

    \b
    Examples:
      smersh graph books/epic --showdown Pierre > pierre.mmd
      smersh graph books/epic --showdown A --format dot | dot -Tsvg > lobo-a.svg
      smersh graph books/shield --campaign
      smersh graph books/epic --showdown Fedor --format html > fedor.html
    """
    from smersh_dsl.graphs.diagram import campaign_diagram, region_diagram, showdown_diagram
    from smersh_dsl.graphs.budget import GraphTooLarge
    from smersh_dsl.graphs.page import GraphvizMissing, to_html, to_svg
    from smersh_dsl.graphs.render import to_dot, to_mermaid
    from smersh_dsl.model.campaign import Scenario
    from smersh_dsl.model.showdowns import Showdown
    from smersh_dsl.model.world import Region
    from smersh_dsl.pipeline.run import check_paths
    from smersh_dsl.project.discover import UsageError

    if sum(x is not None and x is not False for x in (showdown, region, campaign or None)) != 1:
        raise click.UsageError("say what to draw: one of --showdown NAME, --region NAME or --campaign")
    try:
        projects, findings = check_paths(project_paths(paths))
    except UsageError as error:
        raise click.UsageError(str(error)) from None
    definitions = [d for p in projects for d in p.definitions()]
    span = None
    if showdown is not None:
        found = [d for d in definitions if isinstance(d, Showdown) and d.name.text == showdown]
        if not found:
            names = sorted({d.name.text for d in definitions if isinstance(d, Showdown)})
            raise click.UsageError(f"no showdown or Dr. Lobo section {showdown!r}; there are "
                                   + (", ".join(names) or "none"))
        diagram = showdown_diagram(found[0])
        span = found[0].span
    elif region is not None:
        regions = [d for d in definitions if isinstance(d, Region) and d.name.text == region]
        if not regions:
            raise click.UsageError(f"no region {region!r} in the paths given")
        diagram = region_diagram(regions[-1])
    else:
        scenarios = [d for d in definitions if isinstance(d, Scenario)]
        if not scenarios:
            raise click.UsageError("no campaign scenarios in the paths given")
        diagram = campaign_diagram(scenarios)
    if fmt in ("svg", "html"):
        inside = [f"{d.span.file}:{d.span.line}: {d.code} {d.message}" for d in findings
                  if span is None or (d.span.file == span.file and span.line <= d.span.line <= span.end_line)]
        try:
            click.echo(to_svg(diagram) if fmt == "svg" else to_html(diagram, inside), nl=False)
        except (GraphvizMissing, GraphTooLarge) as missing:
            raise click.ClickException(str(missing)) from None
        return
    click.echo(to_dot(diagram) if fmt == "dot" else to_mermaid(diagram), nl=False)


@cli.command("fmt")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--check", "check_only", is_flag=True,
              help="Change nothing; exit 1 if some file is not formatted.")
@click.option("--diff", "show_diff", is_flag=True, help="Change nothing; print what would change.")
def fmt_command(paths: tuple[Path, ...], check_only: bool, show_diff: bool) -> None:
    """Format .smersh files in one canonical layout.

    Indentation by braces, one space between words and around braces, none
    inside brackets, no trailing spaces, one blank line at most and none at a
    block's edges (docs/fmt.md). The meaning never changes: each file is parsed before and after, and left alone
    if the two differ or if it has syntax errors. Files are written atomically;
    a file with other hard links or another owner is rewritten in place, and a
    read-only file is left alone. The files are those `smersh check` reads:
    with no PATHS, those of the project around the working folder.

    \b
    Examples:
      smersh fmt books/
      smersh fmt --check books/        (in CI or a pre-commit hook)
      smersh fmt --diff my-encounter.smersh
    """
    from smersh_dsl.diagnostics.report.printable import printable
    from smersh_dsl.project.discover import UsageError, discover

    try:
        found, _ = discover(project_paths(paths, bundled=False))
    except UsageError as error:
        raise click.UsageError(printable(str(error))) from None
    # The files `smersh check` would read, each with its project's folder: a file the
    # checker refuses (outside the project, not a regular file) fmt leaves alone too.
    files = [(file, item.root) for item in found for file in item.files]
    outcomes = [_fmt_file(file, root, check_only, show_diff) for file, root in files]
    unformatted, failed = outcomes.count("changed"), outcomes.count("failed")
    done = "would reformat" if (check_only or show_diff) else "reformatted"
    click.echo(f"{count(len(files), 'file')}: {unformatted} {done}, {failed} left alone", err=True)
    if failed or ((check_only or show_diff) and unformatted):
        sys.exit(EXIT_FINDINGS)


def _fmt_file(file: Path, root: Path, check_only: bool, show_diff: bool) -> str:
    """Format one file (or say what would change): "changed", "same" or "failed"."""
    from smersh_dsl.diagnostics.report.printable import printable, printable_lines
    from smersh_dsl.fmt.rewrite import ReadOnly, rewrite
    from smersh_dsl.fmt.run import format_file

    shown = printable(str(file))
    result = format_file(file, root)
    problem = result.problem
    if problem is None and result.changed and not (show_diff or check_only):
        try:
            rewrite(file, result.after)
        except ReadOnly:
            problem = "not formatted: the file is read-only"
        except OSError as error:
            problem = f"not formatted: cannot write it: {error.strerror or error}"
    if problem:
        click.echo(f"{shown}: {printable(problem)}", err=True)
        return "failed"
    if not result.changed:
        return "same"
    if show_diff:
        click.echo(printable_lines(result.diff()), nl=False)
    elif check_only:
        click.echo(f"would reformat {shown}")
    else:
        click.echo(f"reformatted {shown}", err=True)
    return "changed"


# What `smersh new` makes, each named for it; `encounter` and `showdown` are the older
# names of `encounter-card` and `henchman`. (`card` made a status card: gone, see `status`.)
NEW_KINDS = ["game", "expansion", "region", "encounter-card", "henchman", "lobo", "status",
             "scenario", "encounter", "showdown"]
OLDER_KINDS = {"encounter": "encounter-card", "showdown": "henchman"}


@cli.command("new")
@click.argument("kind", type=click.Choice(NEW_KINDS))
@click.argument("project", required=False, type=click.Path(path_type=Path))
@click.option("--name", default=None,
              help="The henchman, status, region or Dr. Lobo section (a letter), or the "
                   "expansion or scenario title.")
@click.option("--region", default=None,
              help="An encounter's region (default: the project's first; in a project with "
                   "none, a new region written with the card).")
@click.option("--number", type=click.IntRange(1, 999), default=None,
              help="The encounter or scenario number (default: the next free one).")
@click.option("--responses", type=click.IntRange(1, 9), default=2, show_default=True)
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write here (never over an existing file) instead of to the terminal.")
def new_command(kind: str, project: Path | None, name: str | None, region: str | None,
                number: int | None, responses: int, output: Path | None) -> None:
    """Write a skeleton that checks clean except for its TODO warnings.

    \b
    KIND is what it makes:
      game            a standalone game's manifest (book.smersh) and vocabulary
      expansion       an expansion's manifest, extending PROJECT's game
      region          a region of the board, with two places and a route
      encounter-card  an encounter card and an entry per response and die value
                      (and its region, in a project that has none yet)
      henchman        a henchman's sheet and the showdown it needs (and a Dr.
                      Lobo section, in a project that has none yet)
      lobo            a Dr. Lobo section, named by the next free letter
      status          a status card
      scenario        a campaign scenario
    (`encounter` and `showdown` are older names of encounter-card and henchman.)

    PROJECT (a folder or a bundled book's name; default: the project around
    the working folder, else the bundled game of that kind) tells the skeleton what
    exists already: the next free encounter or scenario number or Lobo letter,
    the die values of the region, the player counts, the Lobo sections.

    \b
    Examples:
      smersh new game --name "Operation Nightjar" -o nightjar/book.smersh
      smersh new region nightjar --name Balkans -o nightjar/balkans.smersh
      smersh new lobo nightjar -o nightjar/lobo-a.smersh
      smersh new encounter-card books/epic --region Europe -o books/epic/entries/lisbon.smersh
      smersh new henchman books/epic --name Zed -o books/epic/showdowns/zed.smersh
      smersh new status books/epic --name Soaked -o books/epic/cards/soaked.smersh
      smersh new scenario books/shield -o books/shield/scenarios/6-new.smersh
    """
    from smersh_dsl.files.outputs import OutputError, OutputFolder
    from smersh_dsl.project.locate import enclosing
    from smersh_dsl.scaffold.plan import skeleton

    if kind in OLDER_KINDS:
        renamed(["new", kind], ["new", OLDER_KINDS[kind]])
    base = project_paths((project,))[0] if project is not None else enclosing(Path.cwd())
    try:
        text = skeleton(kind, base, name=name, region=region, number=number, responses=responses)
    except ValueError as problem:
        raise click.UsageError(str(problem)) from None
    if output is None:
        click.echo(text, nl=False)
        return
    try:        # never over anything already there, a link (dangling or not) included
        OutputFolder(output.parent).write(output, text, exclusive=True)
    except OutputError as error:
        click.echo(f"smersh new: {error}", err=True)
        sys.exit(EXIT_USAGE)
    click.echo(f"wrote {output}: fill in its TODOs (`smersh check` lists them)", err=True)


@cli.command("lsp")
def lsp_command() -> None:
    """Run the language server over stdio (for editors).

    Diagnostics as you type, with the same codes as `smersh check`; go to
    definition and find references; completion of skills, statuses, places and
    entry keys; hover on a test for its odds; an outline; formatting.

    \b
    Example (VS Code, settings of a generic LSP client):
      "command": ["smersh", "lsp"], "filetypes": ["smersh"]
    """
    from smersh_dsl.lsp.server import main as serve
    from smersh_dsl.parse import collector, parallel

    collector.one_shot(False)     # a server lives long: what it replaces must be freed
    parallel.serial_only()        # and it runs an event loop: no forking under it

    serve()

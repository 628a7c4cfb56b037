"""The `smersh` command: a thin click group. Parse options, build, run, exit.

Exit codes: 0 clean, 1 findings at error severity, 2 usage or internal error.
"""

from __future__ import annotations

import json
import os
import random
import sys
import textwrap
from pathlib import Path

import click

from smersh_dsl import __version__
from smersh_dsl.checks.run import check_paths
from smersh_dsl.diagnostics.catalogue import catalogue, find
from smersh_dsl.diagnostics.reference import rules_markdown
from smersh_dsl.export.atomic import write_atomic
from smersh_dsl.export.build import build_json
from smersh_dsl.export.document import buildable, document, dumps
from smersh_dsl.export.validate import problems as schema_problems
from smersh_dsl.graphs.diagram import campaign_diagram, region_diagram, showdown_diagram
from smersh_dsl.graphs.page import GraphvizMissing, to_html, to_svg
from smersh_dsl.graphs.render import to_dot, to_mermaid
from smersh_dsl.model.campaign import Scenario
from smersh_dsl.model.showdowns import Showdown
from smersh_dsl.model.world import Region
from smersh_dsl.play.campaign_log import Keeper, LogProblem, load_log, new_log, play_scenario
from smersh_dsl.play.deciders import decider
from smersh_dsl.play.engine import Table
from smersh_dsl.play.party import party_from
from smersh_dsl.play.sessions import (NotPlayable, play_encounter, play_levelled, play_showdown,
                                     play_stranded)
from smersh_dsl.play.stats import odds as stats_odds
from smersh_dsl.play.stats import render as render_stats
from smersh_dsl.play.victory import estimate, parse_party
from smersh_dsl.diagnostics.diagnostic import Severity
from smersh_dsl.diagnostics.report import REPORTERS
from smersh_dsl.diagnostics.report.statistics import render_statistics
from smersh_dsl.project.discover import UsageError
from smersh_dsl.resources import bundled_books
from smersh_dsl.settings.policy import Policy
from smersh_dsl.settings.selection import split_items, unknown_items

EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2


def default_paths() -> list[Path]:
    """`books/` in the working folder if there is one, else the books bundled with smersh."""
    local = Path("books")
    return [local] if local.is_dir() else [bundled_books()]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="smersh")
def cli() -> None:
    """smersh: write, check, print and play paragraph-book board game content.

    \b
    Examples:
      smersh check                   check the bundled books (or ./books)
      smersh check books/epic        check one project
      smersh explain N001            what rule N001 means, with examples
      smersh build                   check, then write build/<id>/<id>.json
    """


@cli.command("check")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(sorted(REPORTERS)), default="text",
              show_default=True, help="How to print the findings.")
@click.option("--quiet", "-q", is_flag=True, help="One line per finding, no source excerpt.")
@click.option("--select", multiple=True, metavar="RULES",
              help="Report only these rules: codes (G001), prefixes (G) or names, "
                   "comma-separated. Replaces the configuration's `select`.")
@click.option("--ignore", multiple=True, metavar="RULES",
              help="Never report these rules; adds to the configuration's `ignore`.")
@click.option("--config", "config", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Use this smersh.toml or pyproject.toml instead of the nearest one.")
@click.option("--statistics", is_flag=True,
              help="After the report, count the findings per rule (on stderr for "
                   "machine formats).")
def check_command(paths: tuple[Path, ...], fmt: str, quiet: bool, select: tuple[str, ...],
                  ignore: tuple[str, ...], config: Path | None, statistics: bool) -> None:
    """Check .smersh projects and report every problem found.

    PATHS are project folders (holding a book.smersh or game.smersh manifest),
    folders of projects, or single .smersh files. Without PATHS, ./books is
    checked, or the books bundled with smersh when there is no ./books.

    \b
    Examples:
      smersh check books/
      smersh check books/epic --format json > report.json
      smersh check my-encounter.smersh -q

    The nearest smersh.toml (or [tool.smersh] in a pyproject.toml) above a
    project sets `select` and `ignore`; `# smersh: ignore[CODE]` silences a
    line, or the block that follows when alone on its line.

    Exits 0 when nothing at error severity is found, 1 when something is,
    and 2 on a usage error.
    """
    chosen = split_items(select) or None
    dropped = split_items(ignore)
    for item in unknown_items((chosen or []) + dropped):
        raise click.BadParameter(f"`{item}` names no rule; `smersh rules` lists them all",
                                 param_hint="--select/--ignore")
    try:
        projects, found = check_paths(list(paths) or default_paths(), Policy(chosen, dropped, config))
    except UsageError as error:
        raise click.UsageError(str(error)) from None
    sources = {f.path: f.text for p in projects for f in p.files}
    click.echo(REPORTERS[fmt](found, sources, not quiet), nl=False)
    if statistics:
        click.echo(render_statistics(found), nl=False, err=fmt != "text")
    sys.exit(EXIT_FINDINGS if any(d.severity is Severity.ERROR for d in found) else EXIT_CLEAN)


@cli.command("build")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--format", "formats", multiple=True, type=click.Choice(["json"]),
              help="What to build (default: everything there is; today the JSON documents).")
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path),
              default=Path("build"), show_default=True, help="Where to write.")
@click.option("--merged", is_flag=True,
              help="Also write each expansion applied to its game (<id>.merged.json).")
@click.option("--with-sources", is_flag=True,
              help="Record in the JSON where each block was written (file, line, column).")
def build_command(paths: tuple[Path, ...], formats: tuple[str, ...], out: Path, merged: bool,
                  with_sources: bool) -> None:
    """Check projects, then write their playable data.

    Each project becomes one JSON document, build/<id>/<id>.json, that follows
    its schema in schemas/ (game, expansion, campaign or cardgame). Nothing is
    written if the check finds an error; a build that is interrupted leaves
    the previous documents as they were.

    \b
    Examples:
      smersh build                      build ./books (or the bundled books)
      smersh build books/epic --out dist
      smersh build --merged --with-sources
    """
    try:
        projects, found = check_paths(list(paths) or default_paths())
    except UsageError as error:
        raise click.UsageError(str(error)) from None
    errors = [d for d in found if d.severity is Severity.ERROR]
    if errors:
        sources = {f.path: f.text for p in projects for f in p.files}
        click.echo(REPORTERS["text"](errors, sources, True), nl=False, err=True)
        click.echo("smersh build: nothing written; fix the errors above first", err=True)
        sys.exit(EXIT_FINDINGS)
    result = build_json(projects, out, merged=merged, with_sources=with_sources,
                        progress=lambda line: click.echo(line, err=True))
    for reason in result.skipped:
        click.echo(f"skipped {reason}", err=True)
    if result.invalid:
        for path, problems in result.invalid.items():
            for problem in problems[:20]:
                click.echo(f"{path}: {problem.path}: {problem.message}", err=True)
        click.echo("smersh build: a document does not follow its schema; nothing written "
                   "(please report this: it is a bug in smersh)", err=True)
        sys.exit(EXIT_USAGE)
    click.echo(f"built {len(result.written)} document{'s' if len(result.written) != 1 else ''} "
               f"in {out}", err=True)


def _documents(paths: tuple[Path, ...]) -> list[dict]:
    """The JSON documents of clean projects, as `smersh build --merged` writes them: an
    expansion comes applied to its game, so it can be played alone."""
    projects, found = check_paths(list(paths) or default_paths())
    errors = [d for d in found if d.severity is Severity.ERROR]
    if errors:
        raise click.ClickException(f"{len(errors)} error(s) in the content: run `smersh check` first")
    return [json.loads(dumps(document(p, merged=True))) for p in projects if buildable(p)]


@cli.command("stats")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json", "csv"]), default="text",
              show_default=True)
@click.option("--showdown", metavar="NAME", default=None,
              help="Instead: how often --party beats this showdown or Dr. Lobo section.")
@click.option("--party", "party", multiple=True, metavar="SKILL=N,...",
              help="One spy's skill levels (repeat per spy), e.g. \"Spycraft=3,Athletics=2\".")
@click.option("--games", type=click.IntRange(1, 1_000_000), default=2000, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True)
def stats_command(paths: tuple[Path, ...], fmt: str, showdown: str | None, party: tuple[str, ...],
                  games: int, seed: int) -> None:
    """The exact chance to pass every test, by skill level and resolve spent.

    For each test option: the chance at skill levels 0-5 with 0-3 resolve to
    spend, spent the best way (raising the level first, or turning rolled
    resolve icons into successes); then a difficulty table per card and per
    showdown. Odds come from the game's declared skill die.

    \b
    Examples:
      smersh stats books/epic
      smersh stats books/epic --format csv > odds.csv
      smersh stats books/epic --showdown Pierre --party "Spycraft=3,Deception=3"
    """
    for doc in _documents(paths):
        if doc["kind"] != "game":
            continue
        if showdown is None:
            click.echo(render_stats(stats_odds(doc), fmt), nl=False)
            continue
        try:
            spies = parse_party(party or ("",), doc["vocabulary"]["skills"])
            result = estimate(doc, showdown, spies, games, seed)
        except ValueError as problem:
            raise click.BadParameter(str(problem), param_hint="--party") from None
        except NotPlayable as problem:
            raise click.ClickException(str(problem)) from None
        low, high = result.interval()
        click.echo(f"{showdown}: won {result.wins} of {result.games} games: {result.rate:.1%} "
                   f"(95% interval {low:.1%} to {high:.1%})")


def _load_documents(paths: tuple[Path, ...]) -> list[dict]:
    """Documents from built JSON files (checked against their schema) or from projects."""
    json_files = [p for p in paths if p.suffix == ".json"]
    if not json_files:
        return _documents(paths)
    docs = []
    for path in json_files:
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as error:
            raise click.ClickException(f"{path}: cannot read it: {error}") from None
        except json.JSONDecodeError as error:
            raise click.ClickException(f"{path}:{error.lineno}:{error.colno}: not JSON "
                                       f"(a truncated file?): {error.msg}") from None
        found = schema_problems(doc) if isinstance(doc, dict) else None
        if found is None or found:
            where = found[0] if found else None
            detail = f"{where.path}: {where.message}" if where else "not a JSON object"
            raise click.ClickException(f"{path}: not a smersh document: {detail}")
        docs.append(doc)
    return docs


@cli.command("play")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--showdown", "showdown", metavar="NAME", help="Play this showdown or Dr. Lobo section.")
@click.option("--encounter", "region", metavar="REGION", default=None,
              help="Play one encounter drawn from this region's deck (the default game).")
@click.option("--lair", is_flag=True, help="The spy stands on a lair: the fate die is 5 (EP-ENC-4).")
@click.option("--levelled", "levelled", metavar="NAME", default=None,
              help="Meet a levelled henchman (the Aussie Butcher) at --level.")
@click.option("--level", type=click.IntRange(1, 9), default=1, show_default=True)
@click.option("--stranded", is_flag=True, help="Be stranded: draw and read a Stranded card.")
@click.option("--log", "log_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Campaign: play the next scenario's book-keeping, saving the log here "
                   "(continued if it exists).")
@click.option("--expert", is_flag=True, help="Campaign: start an expert campaign (SC-EXPERT-1).")
@click.option("--players", type=click.IntRange(1, 4), default=1, show_default=True)
@click.option("--intel", type=click.IntRange(0, 99), default=4, show_default=True,
              help="Intel each spy brings.")
@click.option("--seed", type=int, default=None, help="Seed the dice: the same seed, the same game.")
@click.option("--auto", is_flag=True, help="Nobody at the keyboard: a policy decides.")
@click.option("--policy", type=click.Choice(["random", "greedy"]), default="greedy", show_default=True)
def play_command(paths: tuple[Path, ...], showdown: str | None, region: str | None, lair: bool,
                 levelled: str | None, level: int, stranded: bool, log_path: Path | None,
                 expert: bool, players: int, intel: int, seed: int | None, auto: bool,
                 policy: str) -> None:
    """Play an encounter or a showdown in the terminal, from the JSON documents.

    PATHS are built documents (build/<id>/<id>.json) or projects, which are
    built first. Without --showdown, one encounter is played.

    \b
    Examples:
      smersh play build/smersh/smersh.json --encounter Europe
      smersh play books/epic --showdown Pierre --players 2
      smersh play books/epic --showdown Pierre --auto --seed 1
      smersh play books/swagmans-hope --levelled "Aussie Butcher" --level 2
      smersh play books/swagmans-hope --stranded --auto
      smersh play books/shield --log my-campaign.json --players 2
    """
    if log_path is not None:
        _play_campaign(_load_documents(paths), log_path, players, expert, seed, auto, policy)
        return
    docs = [d for d in _load_documents(paths) if d["kind"] == "game"]
    if not docs:
        raise click.ClickException("no game document to play (campaigns and the card game "
                                   "are not playable here yet)")
    doc = docs[0]
    rng = random.Random(seed)
    table = Table(doc, party_from(doc, players, intel), rng, decider(auto, policy, rng), click.echo)
    try:
        if showdown is not None:
            outcome = play_showdown(table, showdown)
        elif levelled is not None:
            outcome = play_levelled(table, levelled or None, level)
        elif stranded:
            outcome = play_stranded(table)
        else:
            outcome = play_encounter(table, region, lair)
    except NotPlayable as problem:
        raise click.ClickException(str(problem)) from None
    click.echo(outcome.summary)


def _play_campaign(docs: list[dict], path: Path, players: int, expert: bool, seed: int | None,
                   auto: bool, policy: str) -> None:
    campaigns = [d for d in docs if d["kind"] == "campaign"]
    if not campaigns:
        raise click.ClickException("no campaign document among the paths given")
    doc = campaigns[0]
    rng = random.Random(seed)
    try:
        log = load_log(path, doc) if path.exists() else new_log(doc, players, expert)
    except LogProblem as problem:
        raise click.ClickException(str(problem)) from None
    keeper = Keeper(doc, log, decider(auto, policy, rng), rng, click.echo, auto)
    click.echo(play_scenario(keeper, path))


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

    \b
    Examples:
      smersh graph books/epic --showdown Pierre > pierre.mmd
      smersh graph books/epic --showdown A --format dot | dot -Tsvg > lobo-a.svg
      smersh graph books/shield --campaign
      smersh graph books/epic --showdown Fedor --format html > fedor.html
    """
    if sum(x is not None and x is not False for x in (showdown, region, campaign or None)) != 1:
        raise click.UsageError("say what to draw: one of --showdown NAME, --region NAME or --campaign")
    try:
        projects, findings = check_paths(list(paths) or default_paths())
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
        except GraphvizMissing as missing:
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

    Indentation by braces, no trailing spaces, one blank line at most. The
    meaning never changes: each file is parsed before and after, and left alone
    if the two differ or if it has syntax errors. Files are written atomically.

    \b
    Examples:
      smersh fmt books/
      smersh fmt --check books/        (in CI or a pre-commit hook)
      smersh fmt --diff my-encounter.smersh
    """
    from smersh_dsl.fmt.run import format_file, write
    from smersh_dsl.project.discover import SUFFIX

    files: list[Path] = []
    for path in paths or (Path("books"),):
        if not path.exists():
            raise click.UsageError(f"no such file or folder: {path}")
        files.extend(sorted(path.rglob(f"*{SUFFIX}")) if path.is_dir() else [path])
    unformatted = failed = 0
    for file in files:
        result = format_file(file)
        if result.problem:
            failed += 1
            click.echo(f"{file}: {result.problem}", err=True)
            continue
        if not result.changed:
            continue
        unformatted += 1
        if show_diff:
            click.echo(result.diff(), nl=False)
        elif check_only:
            click.echo(f"would reformat {file}")
        else:
            write(result)
            click.echo(f"reformatted {file}", err=True)
    done = "would reformat" if (check_only or show_diff) else "reformatted"
    click.echo(f"{len(files)} file(s): {unformatted} {done}, {failed} left alone", err=True)
    if failed or ((check_only or show_diff) and unformatted):
        sys.exit(EXIT_FINDINGS)


@cli.command("new")
@click.argument("kind", type=click.Choice(["encounter", "card", "showdown", "expansion", "scenario"]))
@click.argument("project", required=False, type=click.Path(path_type=Path))
@click.option("--name", default=None, help="The henchman, status, expansion or scenario title.")
@click.option("--region", default="Europe", show_default=True, help="An encounter's region.")
@click.option("--number", type=click.IntRange(1, 999), default=None,
              help="The encounter or scenario number (default: the next free one).")
@click.option("--responses", type=click.IntRange(1, 9), default=2, show_default=True)
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write here (never over an existing file) instead of to the terminal.")
def new_command(kind: str, project: Path | None, name: str | None, region: str,
                number: int | None, responses: int, output: Path | None) -> None:
    """Write a skeleton that checks clean except for its TODO warnings.

    PROJECT (default: the bundled game of that kind) tells the skeleton what
    exists already: the next free encounter or scenario number, the die values
    of the region, the player counts.

    \b
    Examples:
      smersh new encounter books/epic --region Europe -o books/epic/entries/lisbon.smersh
      smersh new showdown books/epic --name Zed -o books/epic/showdowns/zed.smersh
      smersh new scenario books/shield -o books/shield/scenarios/6-new.smersh
    """
    from smersh_dsl.scaffold.plan import skeleton

    try:
        text = skeleton(kind, project, name=name, region=region, number=number, responses=responses)
    except ValueError as problem:
        raise click.UsageError(str(problem)) from None
    if output is None:
        click.echo(text, nl=False)
        return
    if output.exists():
        raise click.UsageError(f"{output} exists already; choose another file")
    write_atomic(output, text)
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

    serve()


@cli.command("rules")
@click.option("--format", "fmt", type=click.Choice(["text", "markdown"]), default="text",
              show_default=True, help="`markdown` writes the full reference (docs/rules.md).")
def rules_command(fmt: str) -> None:
    """List every rule: its code, name, default severity and summary.

    \b
    Examples:
      smersh rules | grep unknown
      smersh rules --format markdown > docs/rules.md
    """
    if fmt == "markdown":
        click.echo(rules_markdown(), nl=False)
        return
    for item in catalogue().values():
        click.echo(f"{item.code}  {item.name:<30} {item.severity.value:<8} {item.summary}")


@cli.command("explain")
@click.argument("code")
def explain_command(code: str) -> None:
    """Explain one rule, by code or name, with a bad and a good example.

    \b
    Examples:
      smersh explain N001
      smersh explain unknown-skill
    """
    item = find(code)
    if item is None:
        raise click.UsageError(f"no rule is called {code!r}; `smersh rules` lists them all")
    indent = lambda text: textwrap.indent(text, "    ")  # noqa: E731
    click.echo(f"{item.code} {item.name} ({item.severity.value}, {item.phase})\n")
    click.echo(textwrap.fill(item.summary[:1].upper() + item.summary[1:] + ".", 78) + "\n")
    click.echo(textwrap.fill(item.explanation, 78) + "\n")
    click.echo("Bad:\n" + indent(item.bad) + "\n")
    click.echo("Good:\n" + indent(item.good))


def main() -> None:
    """Entry point: never a traceback for the user (set SMERSH_DEBUG=1 to see one)."""
    try:
        cli.main(standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        sys.exit(EXIT_USAGE)
    except click.ClickException as error:
        error.show()
        sys.exit(EXIT_USAGE)
    except SystemExit:
        raise
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(130)
    except Exception as error:  # pragma: no cover - the last line of defence
        if os.environ.get("SMERSH_DEBUG"):
            raise
        click.echo(f"smersh: internal error: {type(error).__name__}: {error}\n"
                   "please report it, with the file that caused it "
                   "(SMERSH_DEBUG=1 shows the traceback)", err=True)
        sys.exit(EXIT_USAGE)

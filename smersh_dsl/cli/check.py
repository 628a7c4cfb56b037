"""`smersh check`, `smersh rules`, `smersh explain`: findings and the rules behind them."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING

import click

from smersh_dsl.cli.app import EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE, cli, project_paths
from smersh_dsl.diagnostics.report import REPORTERS

if TYPE_CHECKING:   # what a command needs is imported when it runs: `smersh --version` loads none of it
    from smersh_dsl.settings.policy import Policy


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
@click.option("--daemon", is_flag=True,
              help="Check in the background daemon, started if none runs: it keeps parsed "
                   "files in memory, so re-checks after an edit are fast. `smersh daemon "
                   "--help` says more.")
@click.option("--exit-zero", is_flag=True,
              help="Exit 0 even when errors are found (2 still means a usage error).")
@click.option("--output-file", "-o", "output", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Write the report to FILE (atomically) instead of stdout.")
@click.option("--fix", is_flag=True, help="Make the safe fixes of the findings in the files, "
              "say what was fixed (on stderr), lay the changed files out, report what is left.")
@click.option("--unsafe-fixes", is_flag=True, help="With --fix or --diff, also the fixes that "
              "write content or choose an outcome: stub entries, `override`, `else`.")
@click.option("--diff", "show_diff", is_flag=True,
              help="Show the fixes as a unified diff, write nothing; exit 1 if there are any.")
def check_command(paths: tuple[Path, ...], fmt: str, quiet: bool, select: tuple[str, ...],
                  ignore: tuple[str, ...], config: Path | None, statistics: bool,
                  daemon: bool, exit_zero: bool, output: Path | None, fix: bool = False,
                  unsafe_fixes: bool = False, show_diff: bool = False) -> None:
    """Check .smersh projects and report every problem found.

    PATHS are project folders (holding a book.smersh or game.smersh manifest),
    folders of projects, single .smersh files, or the names of bundled books
    (epic, shield, smush, swagmans-hope; a local folder of that name wins).
    Without PATHS, the project around the working folder is checked (the
    nearest folder upward with a manifest), else the projects in its
    subfolders; outside any project it is a usage error.

    \b
    Examples:
      smersh check                     (in a project, or any folder inside it)
      smersh check books/
      smersh check epic                the bundled Epic Edition
      smersh check books/epic --format json > report.json
      smersh check my-encounter.smersh -q

    The nearest smersh.toml (or [tool.smersh] in a pyproject.toml) above a
    project sets `select` and `ignore`; `# smersh: ignore[CODE]` silences a
    line, or the block that follows when alone on its line.

    Parsed files are cached in ~/.cache/smersh-dsl (or $XDG_CACHE_HOME, or
    $SMERSH_CACHE_DIR), a folder safe to delete; SMERSH_CACHE_DIR= (empty)
    turns the cache off.

    The report opens with what was checked (`checked nightjar: 6 files`);
    JSON and SARIF carry it too.

    Exits 0 when nothing at error severity is found (or with --exit-zero), 1
    when something is, and 2 on a usage error.
    """
    from smersh_dsl.parse import cache as disk_cache
    from smersh_dsl.pipeline.check import CheckOptions, check
    from smersh_dsl.project.discover import UsageError
    from smersh_dsl.settings.policy import Policy
    from smersh_dsl.settings.selection import split_items, unknown_items

    chosen = split_items(select) or None
    dropped = split_items(ignore)
    for item in unknown_items((chosen or []) + dropped):
        raise click.BadParameter(f"`{item}` names no rule; `smersh rules` lists them all",
                                 param_hint="--select/--ignore")
    if fix or show_diff:
        _fix(project_paths(paths), Policy(chosen, dropped, config), unsafe_fixes, show_diff)
    located = project_paths(paths)
    with disk_cache.deferred():          # the parse cache is written once the report is out
        try:
            done = check(CheckOptions(located, fmt, quiet, chosen, dropped, config, statistics,
                                      exit_zero))
        except UsageError as error:
            raise click.UsageError(str(error)) from None
        if done.stderr:
            click.echo(done.stderr, nl=False, err=True)
        if output is None:
            click.echo(done.report, nl=False)
            sys.stdout.flush()
        else:
            _write_report(output, done.report)
    sys.exit(done.code)


def _fix(paths: list[Path], policy: Policy, unsafe: bool, only_diff: bool) -> None:
    """Make the fixes (or, with ``only_diff``, show them and exit); the report follows."""
    from smersh_dsl.files.atomic import write_atomic
    from smersh_dsl.fmt.fixing import fix_paths, shown
    from smersh_dsl.project.discover import UsageError

    try:
        done = fix_paths(paths, policy, unsafe)
    except UsageError as error:
        raise click.UsageError(str(error)) from None
    if only_diff:
        click.echo(done.diff(), nl=False)
        sys.exit(EXIT_FINDINGS if done.changed() else EXIT_CLEAN)
    for path in done.changed():
        try:
            write_atomic(path, done.after[path])
        except OSError as error:
            click.echo(f"smersh check: {shown(path)}: cannot write: {error.strerror or error}", err=True)
            sys.exit(EXIT_USAGE)
    for d, made in done.fixed:
        click.echo(f"fixed {shown(Path(d.span.file))}:{d.span.line}:{d.span.column} {d.code}: "
                   f"{made.title}", err=True)
    click.echo(f"{len(done.fixed)} fixed in {len(done.changed())} files", err=True)


def _write_report(output: Path, report: str) -> None:
    """The report in ``output``, whole or not at all: a CI step reading it never sees
    half a report (and never one written through a link)."""
    from smersh_dsl.files.outputs import OutputError, OutputFolder

    try:
        OutputFolder(output.parent).write(output, report)
    except OutputError as error:
        click.echo(f"smersh check: {error}", err=True)
        sys.exit(EXIT_USAGE)


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
    from smersh_dsl.diagnostics.catalogue import catalogue
    from smersh_dsl.diagnostics.reference import rules_markdown

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
    from smersh_dsl.diagnostics.catalogue import find

    item = find(code)
    if item is None:
        raise click.UsageError(f"no rule is called {code!r}; `smersh rules` lists them all")
    indent = lambda text: textwrap.indent(text, "    ")  # noqa: E731
    click.echo(f"{item.code} {item.name} ({item.severity.value}, {item.phase})\n")
    click.echo(textwrap.fill(item.summary[:1].upper() + item.summary[1:] + ".", 78) + "\n")
    click.echo(textwrap.fill(item.explanation, 78) + "\n")
    click.echo("Bad:\n" + indent(item.bad) + "\n")
    click.echo("Good:\n" + indent(item.good))

"""The `smersh` command group, its exit codes and its last line of defence.

Exit codes: 0 clean, 1 findings at error severity, 2 usage or internal error.
Each command lives in a module of this package; heavy parts are imported when a
command runs, so `smersh fmt` does not pay for the player or the graphs.
"""

from __future__ import annotations

import atexit
import os
import sys
from pathlib import Path

import click

from smersh_dsl import __version__, termination
from smersh_dsl.parse import collector

EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2


def project_paths(paths: tuple[Path, ...] | list[Path], own_book: str | None = None,
                  bundled: bool = True) -> list[Path]:
    """What the running command works on (smersh_dsl/project/locate.py): the paths given,
    the bundled books they name, or the project around the working folder. Outside any
    project a usage error says how to name one; ``own_book`` is the bundled book a
    command names itself (`smersh simulate smush`), used there instead. A command that
    writes sources (`smersh fmt`) passes ``bundled=False``: a bare name is then only a
    path, so it never rewrites the installed package's books."""
    from smersh_dsl.project.discover import UsageError
    from smersh_dsl.project.locate import NoProject, locate

    try:
        return locate(list(paths), own_book=own_book, bundled_names=bundled)
    except NoProject as error:
        command = click.get_current_context().command_path
        also = f", or a bundled book: `{command} epic`" if bundled else ""
        raise click.ClickException(f"{error}; name one: `{command} PATH`{also}") from None
    except UsageError as error:
        raise click.UsageError(str(error)) from None


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="smersh")
def cli() -> None:
    """smersh: write, check, print and play paragraph-book board game content.

    \b
    Examples:
      smersh check                   check the project around this folder
      smersh check books/epic        check one project
      smersh check epic              check a bundled book, by name
      smersh explain N001            what rule N001 means, with examples
      smersh build                   check, then write build/<id>/<id>.json

    Without PATHS a command works on the project around the working folder
    (the nearest folder upward with a book.smersh or game.smersh).
    """


def main() -> None:
    """Entry point: never a traceback for the user (set SMERSH_DEBUG=1 to see one)."""
    collector.one_shot()          # `smersh lsp` says otherwise: it runs for hours
    termination.install()         # SIGTERM unwinds as Ctrl-C does, and ends it within seconds
    from smersh_dsl.cli.profiling import run_profiled

    leave(run_profiled(run, EXIT_USAGE))


def leave(code: int) -> None:
    """End the process with ``code`` without tearing the interpreter down.

    Freeing a large project's models one object at a time, which is what an ordinary exit
    does, took over a second after a 10,000-entry check (issue #8); the operating system
    takes the memory back at once. What an exit must still do is done first: the
    functions registered with `atexit` (they remove temporary folders, save coverage
    data), then the flushing of stdout and stderr."""
    run_exit_functions = getattr(atexit, "_run_exitfuncs", None)
    if run_exit_functions is None:      # not CPython: exit the ordinary way
        sys.exit(code)
    run_exit_functions()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):   # a closed pipe: what was not read is lost anyway
            pass
    os._exit(code)


def run(args: list[str] | None = None) -> int:
    """Run one command line (``args``, or the process's); its exit code. The daemon runs
    each request through here too."""
    try:
        result = cli.main(args=args, prog_name="smersh" if args is not None else None,
                          standalone_mode=False)
        return result if isinstance(result, int) else EXIT_CLEAN
    except click.exceptions.Abort:       # click's word for Ctrl-C, and for SIGTERM
        if termination.received():
            click.echo("terminated", err=True)
            return termination.EXIT_TERMINATED
        click.echo("aborted", err=True)
        return EXIT_USAGE
    except click.ClickException as error:
        error.show()
        return EXIT_USAGE
    except SystemExit as exit_:
        if exit_.code is None or isinstance(exit_.code, int):
            return exit_.code or EXIT_CLEAN
        click.echo(exit_.code, err=True)
        return EXIT_FINDINGS
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        return 130
    except Exception as error:  # pragma: no cover - the last line of defence
        if os.environ.get("SMERSH_DEBUG"):
            raise
        click.echo(f"smersh: internal error: {type(error).__name__}: {error}\n"
                   "please report it, with the file that caused it "
                   "(SMERSH_DEBUG=1 shows the traceback)", err=True)
        return EXIT_USAGE

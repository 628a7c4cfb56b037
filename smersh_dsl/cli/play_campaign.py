"""`smersh play campaign`: the next scenario of the Agents of S.H.I.E.L.D. campaign, its
book-keeping at the terminal and its log kept in a file."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import click

from smersh_dsl.cli.app import EXIT_USAGE, project_paths
from smersh_dsl.cli.games import table_options
from smersh_dsl.cli.loading import load_documents
from smersh_dsl.cli.play import play_group


@play_group.command("campaign")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path), metavar="[BOOK]...")
@click.option("--log", "log_path", type=click.Path(dir_okay=False, path_type=Path),
              required=True, help="The campaign's log: continued if it exists, else begun; "
                                  "saved after the scenario.")
@click.option("--expert", is_flag=True, help="Begin an expert campaign (SC-EXPERT-1).")
@click.option("--players", type=click.IntRange(1, 4), default=1, show_default=True,
              help="Players, when the log is begun.")
@table_options
def play_campaign_command(paths: tuple[Path, ...], log_path: Path, expert: bool, players: int,
                          seed: int | None, auto: bool, policy: str) -> None:
    """Play the next scenario of the Agents of S.H.I.E.L.D. campaign's book-keeping.

    Envelopes, the board, evidence and, in scenario 5, the accusation; the log
    (--log) carries what each scenario records to the next. BOOK is the
    campaign: a built document, a project, or a bundled book by name; none: the
    project around the working folder, else the bundled shield (docs/books.md).

    \b
    Examples:
      smersh play campaign books/shield --log my-campaign.json --players 2
      smersh play campaign shield --log expert.json --expert --auto --seed 1
    """
    from smersh_dsl.files.outputs import OutputError
    from smersh_dsl.play.campaign.keeper import Keeper, play_scenario
    from smersh_dsl.play.campaign.log import LogProblem, load_log, new_log, save_log
    from smersh_dsl.play.core.deciders import decider
    from smersh_dsl.play.core.errors import NotPlayable
    from smersh_dsl.play.core.terminal import say

    loaded = load_documents(tuple(project_paths(paths, own_book="shield")))
    campaigns = [d for d in loaded if d["kind"] == "campaign"]
    if not campaigns:
        raise click.ClickException("no campaign document among the paths given")
    doc = campaigns[0]
    rng = random.Random(seed)
    try:
        log = load_log(log_path, doc) if log_path.exists() else new_log(doc, players, expert)
    except LogProblem as problem:
        raise click.ClickException(str(problem)) from None
    keeper = Keeper(doc, log, decider(auto, policy, rng), rng, say, auto)
    try:
        said = play_scenario(keeper, lambda kept: save_log(log_path, kept))
    except NotPlayable as problem:
        raise click.ClickException(str(problem)) from None
    except OutputError as error:
        click.echo(f"smersh play: {error}; the log is not saved", err=True)
        sys.exit(EXIT_USAGE)
    except (click.exceptions.Abort, EOFError):
        click.echo("\nGame abandoned: no more input.", err=True)
        sys.exit(EXIT_USAGE)
    click.echo(f"{said} Log saved to {log_path}." if "campaign is" not in said
               or log_path.exists() else said)

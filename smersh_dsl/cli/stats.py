"""`smersh stats`: the exact odds of every test, a showdown's chance of victory, and
each entry as honest bots meet it in whole games."""

from __future__ import annotations

from pathlib import Path

import click

from smersh_dsl.cli.app import cli, project_paths
from smersh_dsl.cli.loading import clean_documents


@cli.command("stats")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json", "csv"]), default="text",
              show_default=True)
@click.option("--showdown", metavar="NAME", default=None,
              help="Instead: the chance that --party beats this showdown or Dr. Lobo "
                   "section: exact where its states are few enough, and by --games "
                   "Monte Carlo runs with a 95% interval.")
@click.option("--party", "party", multiple=True, metavar="SKILL=N,...",
              help="One spy's skill levels (repeat per spy), e.g. \"Spycraft=3,Athletics=2\".")
@click.option("--games", type=click.IntRange(1, 1_000_000), default=2000, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--entries", is_flag=True,
              help="Instead: each entry as four honest bots meet it in --games whole games: "
                   "times read, pass rate, health, Lobo spaces and intel it cost per "
                   "reading and per game.")
@click.option("--learn", type=click.IntRange(0, 100_000), default=0, show_default=True,
              help="With --entries: the honest bots first learn from N games of their own "
                   "(as simulate epic --learn), so each entry is met by players who know it.")
def stats_command(paths: tuple[Path, ...], fmt: str, showdown: str | None, party: tuple[str, ...],
                  games: int, seed: int, entries: bool, learn: int) -> None:
    """The exact chance to pass every test, by skill level and resolve spent.

    For each test option: the chance at skill levels 0-5 with 0-3 resolve to
    spend, spent the best way (raising the level first, or turning rolled
    resolve icons into successes); then a difficulty table per card and per
    showdown. Odds come from the game's declared skill die.

    PATHS are project folders, .smersh files or bundled books by name (epic,
    shield, ...); none: the project around the working folder.

    \b
    Examples:
      smersh stats books/epic
      smersh stats books/epic --format csv > odds.csv
      smersh stats books/epic --showdown Pierre --party "Spycraft=3,Deception=3"
      smersh stats books/epic --entries --games 500 --format csv
      smersh stats books/epic --entries --learn 300
    """
    from smersh_dsl.play.core.errors import NotPlayable
    from smersh_dsl.play.epic.exact import exact_victory
    from smersh_dsl.play.epic.stats import odds as stats_odds
    from smersh_dsl.play.epic.stats import render as render_stats
    from smersh_dsl.play.epic.victory import estimate, make_party, parse_party, render_victory

    if showdown is not None and not party:        # before the books are built: at once
        raise click.UsageError("--showdown needs the party that plays it: give --party "
                               "once per spy, e.g. --party \"Spycraft=3,Deception=2\"")
    if learn and not entries:
        raise click.UsageError("--learn teaches the honest bots of --entries: give --entries too")
    for doc in clean_documents(tuple(project_paths(paths))):
        if doc["kind"] != "game":
            continue
        if entries:
            click.echo(entry_report(doc, games, seed, fmt, learn), nl=False)
            continue
        if showdown is None:
            click.echo(render_stats(stats_odds(doc), fmt), nl=False)
            continue
        try:
            spies = parse_party(party, doc["vocabulary"]["skills"])
            chance = exact_victory(doc, showdown, make_party(spies))
            result = estimate(doc, showdown, spies, games, seed)
        except ValueError as problem:
            raise click.BadParameter(str(problem), param_hint="--party") from None
        except NotPlayable as problem:
            raise click.ClickException(str(problem)) from None
        click.echo(render_victory(showdown, chance, result, fmt), nl=False)


def entry_report(doc: dict, games: int, seed: int, fmt: str, learn: int = 0) -> str:
    """`stats --entries`: four honest spies play ``games`` whole games of ``doc``, having
    first learnt from ``learn`` games of their own (play/epic/learning.py)."""
    from dataclasses import replace

    from smersh_dsl.play.core.errors import NotPlayable
    from smersh_dsl.play.epic.entry_stats import entry_figures, render
    from smersh_dsl.play.epic.game import Options
    from smersh_dsl.play.epic.learning import taught, told
    from smersh_dsl.play.epic.simulate import run

    options = Options(players=4, bot="honest")
    try:
        memory = taught(doc, options, learn, None, seed)
        if memory is not None:
            options = replace(options, learnt=memory)
        played = run(doc, options, games, seed)
    except NotPlayable as problem:
        raise click.ClickException(str(problem)) from None
    meta = {"title": doc["title"], "games": games, "seed": seed, "players": 4, "bot": "honest",
            **({"learnt": told(memory)} if memory is not None else {})}
    return render(entry_figures(played), meta, fmt)

"""`smersh simulate epic`: whole games of Agents of SMERSH played by bots, and what they say
of the book."""

from __future__ import annotations

import random
from pathlib import Path

import click

from smersh_dsl.cli.games import epic_options, game_document
from smersh_dsl.cli.simulate import PROGRESS_FROM, simulate_group
from smersh_dsl.wording import count


@simulate_group.command("epic")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--with", "with_paths", multiple=True, type=click.Path(path_type=Path),
              metavar="EXPANSION", help="Play with this expansion (books/swagmans-hope).")
@click.option("--games", type=click.IntRange(1, 1_000_000), default=1000, show_default=True)
@click.option("--players", type=click.IntRange(1, 5), default=4, show_default=True,
              help="Spies; 5 only in a variant that allows it (SH-EPIC-1).")
@click.option("--henchman", "henchmen", multiple=True, metavar="NAME",
              help="The henchman faced (repeat with --variant multiple_henchmen; the first "
                   "named is the main one). Default: the easiest sheet.")
@click.option("--variant", "variants", multiple=True, metavar="NAME",
              help="A variant of the game (multiple_henchmen, henchman_clones, ...).")
@click.option("--bot", type=click.Choice(["honest", "planning", "seasoned", "random", "sensible"]),
              default="honest", show_default=True,
              help="How every spy is played: honest and planning see only the table, "
                   "seasoned has memorised the book (sensible: its older name); "
                   "docs/books.md, The bots.")
@click.option("--against", "against", default=None, metavar="OTHER",
              help="Play OTHER too (a folder, a built document, or a git revision of the "
                   "project: REV or REV:path) on the same seeds and bots, and report what "
                   "BOOK changed: paired 95% intervals, then the entries that moved most.")
@click.option("--seed", type=int, default=1, show_default=True,
              help="The same seed, the same games and figures.")
@click.option("--learn", type=click.IntRange(0, 100_000), default=0, show_default=True,
              metavar="N",
              help="The honest bots first play N games of their own (on seeds no measured "
                   "game uses), remembering of each encounter only what the table showed: "
                   "the card's title, the response, the spy's fit, pass or fail, the "
                   "health, Lobo spaces and intel that followed; the measured games then "
                   "play by that table, frozen. Same seed and N, same figures.")
@click.option("--learnt", "learnt_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, metavar="FILE",
              help="With --learn: write the learnt table to FILE (JSON, schemas/"
                   "learnt.schema.json); without: play by the table in FILE.")
@click.option("--jobs", type=click.IntRange(1, 64), default=None,
              help="Processes playing games (default: the cores available).")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "csv"]), default="text",
              show_default=True, help="csv: one row per game.")
def simulate_epic_command(paths: tuple[Path, ...], with_paths: tuple[Path, ...], games: int,
                          players: int, henchmen: tuple[str, ...], variants: tuple[str, ...],
                          bot: str, against: str | None, seed: int, learn: int,
                          learnt_path: Path | None, jobs: int | None, fmt: str) -> None:
    """Play whole games of Agents of SMERSH with bots, and report what the book does.

    The spies' win rate with a 95% Wilson interval, the rounds played, the
    round Dr. Lobo was confronted in, how often the main henchman fell before
    he came, deaths and intel spent per game, and the entries and encounters
    that most often cost a spy health or moved Dr. Lobo: a writer's "most
    dangerous entries". PATHS is the game (default: the project around the
    working folder, else the bundled epic).

    \b
    Examples:
      smersh simulate epic books/epic --games 1000 --players 4 --seed 1
      smersh simulate epic books/epic --with books/swagmans-hope --players 2
      smersh simulate epic books/epic --henchman Pierre --format json
      smersh simulate epic books/epic --bot random --games 200 --format csv
      smersh simulate epic books/epic --against HEAD~1 --games 400
      smersh simulate epic books/epic --learn 300 --learnt learnt.json
      smersh simulate epic my-book --against books/epic --format json
    """
    from smersh_dsl.play.core.errors import NotPlayable
    from smersh_dsl.play.epic.game import setup
    from smersh_dsl.play.epic.simulate import render_csv, render_json, render_text, run, summary

    doc = game_document(paths, with_paths, own_book="epic")
    options = epic_options(players, henchmen, (), bot, variants)
    try:
        setup(doc, options, random.Random(0), lambda _: None)    # bad options fail here, once
    except NotPlayable as problem:
        raise click.ClickException(str(problem)) from None
    told = [0]

    def progress(done: int) -> None:      # a line each tenth of the way
        if games >= PROGRESS_FROM and (done * 10 // games > told[0] or done == games):
            told[0] = done * 10 // games
            click.echo(f"played {done} of {count(games, 'game')}", err=True)

    if learnt_path is not None and against is not None:
        raise click.UsageError("--learnt names one book's table; with --against each book "
                               "learns its own: give --learn N alone")
    options, learnt = _taught(doc, options, learn, learnt_path, seed)
    if against is not None:
        from smersh_dsl.cli.against import other_paths
        from smersh_dsl.play.epic import against as compare
        with other_paths(against, paths) as found:
            other = game_document(found, with_paths)
        played = run(doc, options, games, seed, jobs, progress)
        told[0] = 0
        other_options, other_learnt = _taught(other, options, learn, None, seed)
        theirs = run(other, other_options, games, seed, jobs, progress)
        meta = {"book_name": " ".join(map(str, paths)) or "BOOK", "other_name": against,
                "players": players, "bot": bot, "seed": seed,
                **({"learnt": {"book": learnt, "other": other_learnt}} if learn else {})}
        figures = compare.report(played, theirs, doc, other, meta)
        click.echo(compare.RENDERERS[fmt](figures), nl=False)
        return
    played = run(doc, options, games, seed, jobs, progress)
    title = doc["title"] + "".join(f" + {e['title']}" for e in doc.get("expansions") or [])
    if fmt == "csv":
        click.echo(render_csv(played), nl=False)
        return
    figures = summary(played, games, seed, options, title, learnt)
    click.echo((render_json if fmt == "json" else render_text)(figures), nl=False)


def _taught(doc: dict, options, learn: int, path: Path | None,  # noqa: ANN001
            seed: int):  # noqa: ANN202 - (game.Options, dict | None)
    """``options`` playing by the table --learn and --learnt make, and what to say of it."""
    from dataclasses import replace

    from smersh_dsl.play.epic.learning import LearntProblem, taught, told

    def progress(done: int) -> None:
        if learn >= PROGRESS_FROM and (done * 10 // learn > (done - 1) * 10 // learn):
            click.echo(f"learning: played {done} of {count(learn, 'game')}", err=True)

    try:
        memory = taught(doc, replace(options, learnt=None), learn, path, seed, progress)
    except LearntProblem as problem:
        raise click.ClickException(str(problem)) from None
    if memory is None:
        return options, None
    return replace(options, learnt=memory), told(memory)

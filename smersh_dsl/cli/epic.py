"""`smersh play --game` and `smersh simulate epic`: whole games of Agents of SMERSH."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import click

from smersh_dsl.cli.app import EXIT_USAGE, project_paths
from smersh_dsl.cli.simulate import PROGRESS_FROM, simulate_group
from smersh_dsl.wording import count


def game_document(paths: tuple[Path, ...], with_paths: tuple[Path, ...],
                  own_book: str | None = None) -> dict:
    """The game to play: the game document among ``paths`` (none: the project around
    the working folder, else the bundled ``own_book``), or with ``--with`` an expansion
    applied to it (a project or a built `<id>.merged.json`)."""
    from smersh_dsl.cli.data import _load_documents

    # checked together, so the expansion extends the game given here, not another copy
    extra = project_paths(with_paths) if with_paths else []
    loaded = _load_documents(tuple(project_paths(paths, own_book) + extra))
    games = ([d for d in loaded if d["kind"] == "game" and not d.get("expansions")]
             or [d for d in loaded if d["kind"] == "game"])      # books/swagmans-hope alone
    if not games:
        raise click.ClickException("no game document among the paths given, or in the "
                                   "project around this folder (name one, e.g. the bundled "
                                   "book epic)")
    if not with_paths:
        return games[0]
    merged = [d for d in loaded if d["kind"] == "game" and d.get("expansions")]
    if not merged:
        raise click.ClickException("--with names no expansion of the game (a project such as "
                                   "books/swagmans-hope, or its built <id>.merged.json)")
    base = games[0]["id"]
    if merged[0]["id"] != base:
        raise click.ClickException(f"--with: the expansion extends {merged[0]['id']}, "
                                   f"not {base}")
    return merged[0]


def options_of(players: int, henchmen: tuple[str, ...], spies: tuple[str, ...], bot: str,
               variants: tuple[str, ...]):  # noqa: ANN201 - game.Options
    from smersh_dsl.play.epic.game import Options
    return Options(players, tuple(henchmen), tuple(spies), bot, tuple(variants))


def play_whole_game(doc: dict, options, seed: int | None, save_path: Path | None) -> None:  # noqa: ANN001
    """A whole game at the terminal (people, or bots with --auto), saved at every round's
    start to ``save_path`` and continued from it when it exists."""
    from smersh_dsl.files.outputs import OutputError
    from smersh_dsl.play.core.errors import NotPlayable
    from smersh_dsl.play.core.terminal import say
    from smersh_dsl.play.epic import save
    from smersh_dsl.play.epic.game import setup
    from smersh_dsl.play.epic.rounds import play_game

    saved: list[int] = []           # the rounds whose start this run wrote to save_path
    try:
        if save_path is not None and save_path.exists():
            game = save.load(save_path, doc, say)
            for seat in game.state.seats:       # who plays now: --auto's bots or people
                seat.bot = options.bot
            click.echo(f"Continuing the game saved in {save_path}: round {game.state.round}.")
            if game.state.outcome is not None:
                click.echo(f"That game is over: the spies {game.state.outcome}.")
                return
        else:
            game = setup(doc, options, random.Random(seed), say)
        play_game(game, (lambda g: _keep(save_path, g, saved)) if save_path is not None else None)
        if save_path is not None:
            save.save(save_path, game)
    except save.SaveProblem as problem:
        raise click.ClickException(str(problem)) from None
    except NotPlayable as problem:
        raise click.ClickException(str(problem)) from None
    except OutputError as error:
        click.echo(f"smersh play: {error}; the game is not saved", err=True)
        sys.exit(EXIT_USAGE)
    except (click.exceptions.Abort, EOFError, KeyboardInterrupt):
        click.echo(f"\nGame abandoned{_what_was_saved(save_path, saved)}.", err=True)
        sys.exit(EXIT_USAGE)


def _keep(path: Path, game, saved: list[int]) -> None:  # noqa: ANN001 - game.Game
    from smersh_dsl.play.epic import save
    save.save(path, game)
    saved.append(game.state.round)


def _what_was_saved(path: Path | None, saved: list[int]) -> str:
    """What an abandoned game leaves, as it is: a save is written at each round's start,
    so a game abandoned before its first round (choosing an HQ) leaves none."""
    if path is None:
        return ""
    if not saved:
        return (f"; not saved: no round had begun, so {path} "
                + ("is as it was" if path.exists() else "was not written"))
    return f"; saved at the start of the round in {path} (round {saved[-1]})"


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
    options = options_of(players, henchmen, (), bot, variants)
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
        theirs = run(other, _taught(other, options, learn, None, seed)[0], games, seed, jobs,
                     progress)
        meta = {"book_name": " ".join(map(str, paths)) or "BOOK", "other_name": against,
                "players": players, "bot": bot, "seed": seed,
                **({"learnt_games": learn} if learn else {})}
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

"""`smersh play epic`: Agents of SMERSH at the terminal, a whole game (the default), or
one encounter, showdown, levelled henchman or Stranded card of it."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import click

from smersh_dsl.cli.app import EXIT_USAGE, project_paths
from smersh_dsl.cli.games import epic_options, game_document, table_options
from smersh_dsl.cli.loading import load_documents
from smersh_dsl.cli.play import play_group
from smersh_dsl.cli.spellings import renamed_option

# What plays one piece of the game instead of a whole one, and what only a whole game takes.
PIECE = ("region", "at", "lair", "showdown", "levelled", "stranded")
WHOLE = ("with_paths", "henchmen", "spies", "variants", "save_path")
FIRST_REGION = ""          # `--encounter` with no region: the first region with cards


@play_group.command("epic")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path), metavar="[BOOK]...")
@click.option("--with", "with_paths", multiple=True, type=click.Path(path_type=Path),
              metavar="EXPANSION", help="Whole game: with this expansion (books/swagmans-hope).")
@click.option("--henchman", "henchmen", multiple=True, metavar="NAME",
              help="Whole game: the henchman faced (repeat with --variant multiple_henchmen; "
                   "the first named is the main one).")
@click.option("--spy", "spies", multiple=True, metavar="NAME",
              help="Whole game: a spy sheet to play (repeat per player).")
@click.option("--variant", "variants", multiple=True, metavar="NAME",
              help="Whole game: a variant (multiple_henchmen, henchman_clones, ...).")
@click.option("--save", "save_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Whole game: save it here at each round; continued if it exists.")
@click.option("--encounter", "region", metavar="[REGION]", is_flag=False,
              flag_value=FIRST_REGION, default=None,
              help="Instead: one encounter drawn from this region's deck (alone: the first "
                   "region with cards, by name).")
@click.option("--at", "at", metavar="PLACE", default=None,
              help="Instead: one encounter where the spy stands on this board location: its "
                   "region's deck, and its bonus on a pass (EP-ENC-6).")
@click.option("--lair", is_flag=True,
              help="One encounter on a lair: the fate die is 5 (EP-ENC-4).")
@click.option("--showdown", "showdown", metavar="NAME",
              help="Instead: this showdown or Dr. Lobo section.")
@click.option("--levelled", "levelled", metavar="NAME", default=None,
              help="Instead: meet a levelled henchman (the Aussie Butcher) at --level.")
@click.option("--level", type=click.IntRange(1, 9), default=1, show_default=True)
@click.option("--stranded", is_flag=True,
              help="Instead: be stranded, draw and read a Stranded card.")
@click.option("--intel", type=click.IntRange(0, 99), default=None,
              help="One encounter or showdown: the intel each spy brings (default: 4).")
@click.option("--players", type=click.IntRange(1, 5), default=1, show_default=True,
              help="Players (spies); 5 only in a whole game whose variant allows it.")
@table_options
@click.option("--game", "said_game", is_flag=True, hidden=True, expose_value=False,
              callback=renamed_option("--game", None),
              help="The older spelling of a whole game (the default).")
@click.pass_context
def play_epic_command(ctx: click.Context, paths: tuple[Path, ...], with_paths: tuple[Path, ...],
                      henchmen: tuple[str, ...], spies: tuple[str, ...],
                      variants: tuple[str, ...], save_path: Path | None, region: str | None,
                      at: str | None, lair: bool, showdown: str | None, levelled: str | None,
                      level: int, stranded: bool, intel: int | None, players: int,
                      seed: int | None, auto: bool, policy: str) -> None:
    """Play Agents of SMERSH in the terminal: a whole game, or one piece of it.

    A whole game: rounds of movement and encounters, missions, henchmen, Dr.
    Lobo; each person at the keyboard in turn, or bots with --auto. Instead,
    --encounter, --at, --showdown, --levelled or --stranded plays one
    encounter, showdown, levelled henchman or Stranded card.

    BOOK is a built document (build/<id>/<id>.json), a project, which is
    built first, or a bundled book by name; none: the project around the
    working folder, else the bundled epic.

    \b
    Examples:
      smersh play epic books/epic --players 2
      smersh play epic books/epic --auto --seed 1 --players 4
      smersh play epic books/epic --with books/swagmans-hope --players 2
      smersh play epic books/epic --players 2 --save my-game.json
      smersh play epic build/smersh/smersh.json --encounter Europe
      smersh play epic books/epic --at Paris --auto --seed 2
      smersh play epic books/epic --showdown Pierre --players 2
      smersh play epic books/swagmans-hope --levelled "Aussie Butcher" --level 2
      smersh play epic books/swagmans-hope --stranded --auto
    """
    values = ctx.params
    piece = [name for name in PIECE if values[name] not in (None, False)]
    if not piece:
        if intel is not None:
            raise click.UsageError("--intel is for one encounter or showdown; in a whole "
                                   "game each spy gains intel as the rules say")
        bot = "person" if not auto else ("random" if policy == "random" else "sensible")
        doc = game_document(paths, with_paths, own_book="epic")
        play_whole_game(doc, epic_options(players, henchmen, spies, bot, variants), seed,
                        save_path)
        return
    whole = [name for name in WHOLE if values[name]]
    if whole:
        raise click.UsageError(f"{_option(whole[0])} is for a whole game, and "
                               f"{_option(piece[0])} plays one piece of it: give one or the other")
    if players > 4:
        raise click.BadParameter("5 players only in a whole game whose variant allows them "
                                 "(--variant epic)", param_hint="--players")
    paths = tuple(project_paths(paths, own_book="epic"))
    try:
        loaded = load_documents(paths)
        docs = [d for d in loaded if d["kind"] == "game"] or _merged_beside(paths, loaded)
        if not docs:
            raise click.ClickException("no game document to play among the paths given "
                                       "(a campaign: smersh play campaign BOOK --log FILE; "
                                       "the card game: smersh play smush BOOK)")
        _play_piece(docs[0], players, 4 if intel is None else intel, seed, auto, policy,
                    showdown, levelled, level, stranded, at, region or None, lair)
    except (click.exceptions.Abort, EOFError):
        click.echo("\nGame abandoned: no more input.", err=True)
        sys.exit(EXIT_USAGE)


def _option(name: str) -> str:
    """The option a parameter is spelt as on the command line."""
    command = click.get_current_context().command
    return next(p.opts[0] for p in command.params if p.name == name)


def _merged_beside(paths: tuple[Path, ...], loaded: list[dict]) -> list[dict]:
    """An expansion's document alone cannot be played: its game is not in it. Its merged
    document (`smersh build --merged`), beside it, is the game with the expansion
    applied; without it, the error says what to give instead."""
    json_paths = [p for p in paths if p.suffix == ".json"]
    if len(json_paths) != len(loaded):
        return []                              # projects: build --merged made the game
    expansions = [(p, d) for p, d in zip(json_paths, loaded) if d["kind"] == "expansion"]
    if not expansions:
        return []
    path, doc = expansions[0]
    merged = path.with_name(f"{path.stem}.merged.json")
    if merged.is_file():
        click.echo(f"{path} is an expansion of {doc['extends']['game']}: playing {merged}, "
                   "the game with the expansion applied.", err=True)
        return [d for d in load_documents((merged,)) if d["kind"] == "game"]
    raise click.ClickException(
        f"{path} is an expansion of {doc['extends']['game']}, and an expansion is played "
        f"with its game: build {merged.name} beside it (smersh build --merged) and play "
        "that, or play the projects, e.g. smersh play epic books/epic --with "
        "books/swagmans-hope")


def _play_piece(doc: dict, players: int, intel: int, seed: int | None, auto: bool, policy: str,
                showdown: str | None, levelled: str | None, level: int, stranded: bool,
                at: str | None, region: str | None, lair: bool) -> None:
    """One encounter, showdown, levelled henchman or Stranded card of a game document."""
    from smersh_dsl.play.core.deciders import decider
    from smersh_dsl.play.core.errors import NotPlayable
    from smersh_dsl.play.core.terminal import say
    from smersh_dsl.play.epic.engine import Table
    from smersh_dsl.play.epic.party import party_from
    from smersh_dsl.play.epic.sessions import (find_location, play_encounter, play_levelled,
                                              play_showdown, play_stranded)

    rng = random.Random(seed)
    table = Table(doc, party_from(doc, players, intel), rng, decider(auto, policy, rng), say)
    try:
        if showdown is not None:
            outcome = play_showdown(table, showdown)
        elif levelled is not None:
            outcome = play_levelled(table, levelled or None, level)
        elif stranded:
            outcome = play_stranded(table)
        else:
            if at is not None:
                if find_location(doc, at) is None:
                    raise NotPlayable(f"no board location {at!r}")
                table.party.location = at
            outcome = play_encounter(table, region, lair)
    except NotPlayable as problem:
        raise click.ClickException(str(problem)) from None
    say(outcome.summary)


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

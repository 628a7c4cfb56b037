"""The game a command plays, found among its paths: the Agents of SMERSH game document
(with an expansion applied) and its options, or the rules of the card game. Shared by
`smersh play` and `smersh simulate`."""

from __future__ import annotations

from pathlib import Path

import click

from smersh_dsl.cli.app import project_paths
from smersh_dsl.cli.loading import load_documents

# How a bot of the card game plays (play/smush/players.py; strong: a search, docs/smush.md),
# the same choices in `smersh play smush` and `smersh simulate smush`.
SMUSH_POLICIES = ["random", "greedy", "strong"]


def table_options(command):  # noqa: ANN001, ANN201 - a click command function
    """`--seed`, `--auto` and `--policy`, alike in `smersh play epic` and `smersh play
    campaign`: the dice's seed and who decides when nobody is at the keyboard. Applied
    last (innermost), so they come after the command's own options in its --help."""
    for option in reversed((
            click.option("--seed", type=int, default=None,
                         help="Seed the dice: the same seed, the same game."),
            click.option("--auto", is_flag=True, help="Nobody at the keyboard: a policy decides."),
            click.option("--policy", type=click.Choice(["random", "greedy"]), default="greedy",
                         show_default=True, help="How the bots of --auto choose."))):
        command = option(command)
    return command


def game_document(paths: tuple[Path, ...], with_paths: tuple[Path, ...],
                  own_book: str | None = None) -> dict:
    """The game to play: the game document among ``paths`` (none: the project around
    the working folder, else the bundled ``own_book``), or with ``--with`` an expansion
    applied to it (a project or a built `<id>.merged.json`)."""
    # checked together, so the expansion extends the game given here, not another copy
    extra = project_paths(with_paths) if with_paths else []
    loaded = load_documents(tuple(project_paths(paths, own_book) + extra))
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


def epic_options(players: int, henchmen: tuple[str, ...], spies: tuple[str, ...], bot: str,
                 variants: tuple[str, ...]):  # noqa: ANN201 - game.Options
    """A whole game's options (play/epic/game.py), from the command line's."""
    from smersh_dsl.play.epic.game import Options
    return Options(players, tuple(henchmen), tuple(spies), bot, tuple(variants))


def cardgame_rules(paths: tuple[Path, ...]):  # noqa: ANN201 - smush.rules.Rules
    """The rules of the first card game document among `paths` (built JSON or projects;
    none: the project around the working folder, outside any the bundled smush)."""
    return _rules_of(load_documents(tuple(project_paths(paths, own_book="smush"))))


def _rules_of(loaded: list[dict]):  # noqa: ANN201 - smush.rules.Rules
    """The rules of the first card game document among documents already loaded."""
    from smersh_dsl.play.core.errors import NotPlayable
    from smersh_dsl.play.smush.rules import load_rules

    docs = [d for d in loaded if d["kind"] == "cardgame"]
    if not docs:
        raise click.ClickException("no card game document among the paths given, or in the "
                                   "project around this folder (name one, e.g. the bundled "
                                   "book smush)")
    try:
        return load_rules(docs[0])
    except NotPlayable as problem:
        raise click.ClickException(str(problem)) from None

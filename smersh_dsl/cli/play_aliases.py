"""`smersh play PATH ...`, the spellings from before `smersh play` was a group of games
(#33), kept for one release: each is rewritten into the command that replaced it, which
is said in one line on stderr and then run.

    smersh play books/epic --game ...      smersh play epic books/epic ...
    smersh play books/epic --showdown X    smersh play epic books/epic --showdown X
    smersh play books/epic                 smersh play epic books/epic --encounter
    smersh play books/shield --log FILE    smersh play campaign books/shield --log FILE
    smersh play books/smush                smersh play smush books/smush
"""

from __future__ import annotations

import shlex
from pathlib import Path

import click

from smersh_dsl.settings.argv import words

# The options of the old `smersh play`, by whether they take a value.
VALUED = {"--with", "--henchman", "--spy", "--variant", "--save", "--showdown", "--encounter",
          "--at", "--levelled", "--level", "--log", "--players", "--intel", "--seed",
          "--policy", "--bot"}
FLAGS = {"--game", "--lair", "--stranded", "--expert", "--auto"}
HELP = {"--help", "-h"}
WHOLE = {"--game", "--with", "--save"}           # what made it a whole game
PIECE = {"--showdown", "--encounter", "--at", "--lair", "--levelled", "--stranded"}
GONE = "--game"                                  # a whole game is `play epic`'s default


def _scan(args: list[str]) -> tuple[set[str], list[str]]:
    """The old options given, and the paths (the arguments that are no option's value)."""
    given: set[str] = set()
    paths: list[str] = []
    for word in words(args, VALUED.__contains__):
        if word.name is None:
            paths.append(word.value)
        elif word.name not in VALUED | FLAGS | HELP:
            raise click.NoSuchOption(word.name)
        else:
            given.add(word.name)
    return given, paths


def new_spelling(args: list[str]) -> list[str]:
    """The arguments of `smersh play` in its new spelling (a game first) for ``args`` in
    the old one."""
    given, paths = _scan(args)
    kept = [a for a in args if a != GONE]
    if given & WHOLE:
        return ["epic", *kept]
    if "--log" in given or "--expert" in given:
        return ["campaign", *kept]
    if "--bot" in given:
        return ["smush", *kept]
    if given & (PIECE | HELP):
        return ["epic", *kept]
    game = _kind_of(paths)
    return ["smush", *kept] if game == "cardgame" else ["epic", *kept, "--encounter"]


def _kind_of(paths: list[str]) -> str:
    """What the paths hold, when no option said which game to play: a card game, or else
    a game of Agents of SMERSH (one encounter of it, as the old spelling played)."""
    from smersh_dsl.cli.app import project_paths
    from smersh_dsl.cli.loading import load_documents

    kinds = {d["kind"] for d in load_documents(tuple(project_paths([Path(p) for p in paths])))}
    if "cardgame" in kinds and "game" not in kinds and "expansion" not in kinds:
        return "cardgame"
    if "campaign" in kinds and not kinds & {"game", "expansion"}:
        raise click.ClickException("a campaign is played a scenario at a time, its log kept "
                                   "in a file: smersh play campaign "
                                   + " ".join(map(shlex.quote, paths)) + " --log FILE")
    return "game"

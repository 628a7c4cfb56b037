"""The command line in one shape (#33): `smersh play` a group of games as `smersh simulate`
is, the options that mean the same thing spelt the same way in every command, and the
modules of cli/ importing one way only."""

from __future__ import annotations

import click

from smersh_dsl.cli import commands
from smersh_dsl.cli.app import run
from test_floors import imports

# Each meaning, its one spelling, and spellings it must not take where it is meant.
SPELLINGS = {"seed": "--seed", "players": "--players", "jobs": "--jobs", "fmt": "--format",
             "formats": "--format"}
NOT_SPELT = {"--workers", "--processes", "--procs", "--random-seed", "--spies", "--num-players",
             "--nplayers", "--output-format", "--fmt", "--to"}


def _commands(group: click.Group, path: tuple[str, ...] = ()):
    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            yield from _commands(command, (*path, name))
        else:
            yield " ".join((*path, name)), command


def test_play_lists_its_games_in_its_help(capsys):
    commands()
    assert run(["play", "--help"]) == 0
    shown = capsys.readouterr().out
    for game in ("epic", "smush", "campaign"):
        assert f"smersh play {game}" in shown, game
    assert set(commands().commands["play"].commands) == {"epic", "smush", "campaign"}


def test_play_mirrors_simulate():
    groups = commands().commands
    assert set(groups["play"].commands) == set(groups["simulate"].commands)


def test_options_that_mean_the_same_are_spelt_the_same_in_every_command():
    wrong = []
    for name, command in _commands(commands()):
        for option in (p for p in command.params if isinstance(p, click.Option)):
            spelt = set(option.opts) | set(option.secondary_opts)
            shown = f"smersh {name}: {'/'.join(sorted(spelt))}"
            one = SPELLINGS.get(option.name)
            if one is not None and not option.hidden and one not in spelt:
                wrong.append(f"{shown} (spell it {one})")
            if not option.hidden and spelt & NOT_SPELT:
                wrong.append(f"{shown} is spelt another way elsewhere")
    assert not wrong, "\n".join(wrong)


def test_the_shared_options_are_found_where_a_user_expects_them():
    """The test above reads the commands it means: each spelling is there, in the commands
    that take it."""
    found: dict[str, set[str]] = {}
    for name, command in _commands(commands()):
        for option in (p for p in command.params if isinstance(p, click.Option)):
            for spelt in option.opts:
                found.setdefault(spelt, set()).add(name)
    assert {"play epic", "play smush", "play campaign", "simulate epic", "stats"} <= found["--seed"]
    assert {"play epic", "play campaign", "simulate epic"} <= found["--players"]
    assert {"build", "simulate epic", "simulate smush"} <= found["--jobs"]
    assert {"check", "stats", "simulate epic", "graph"} <= found["--format"]


def test_no_import_circle_among_the_command_line_modules():
    """Function-local imports count: a circle hidden in a function is still a circle."""
    graph = {module: {t for t in targets if t.startswith("smersh_dsl.cli.")}
             for module, targets in imports(in_functions=True).items()
             if module.startswith("smersh_dsl.cli.")}

    def reachable(start: str) -> set[str]:
        seen, todo = set(), [start]
        while todo:
            for nxt in graph.get(todo.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    circles = sorted(m for m in graph if m in reachable(m))
    assert not circles, f"cli modules in an import circle: {circles}"


def test_a_bot_of_the_card_game_plays_the_same_ways_in_play_and_in_simulate(capsys, monkeypatch):
    groups = commands().commands
    policy = {name: next(p for p in groups[name].commands["smush"].params if p.name == "policy")
              for name in ("play", "simulate")}
    assert policy["play"].type.choices == policy["simulate"].type.choices
    assert "strong" in policy["play"].type.choices
    from conftest import REPO
    monkeypatch.chdir(REPO)
    assert run(["play", "smush", "--auto", "--policy", "strong", "--seed", "1"]) == 0
    last = capsys.readouterr().out.rstrip().splitlines()[-1]
    assert last.startswith(("Harmony Grace wins: ", "SMUSH wins: ")), last

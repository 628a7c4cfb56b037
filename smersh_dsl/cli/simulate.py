"""`smersh simulate`, a group of one command per game, and `smersh simulate smush`: the card
game Agents of S.M.U.S.H. played many times by bots."""

from __future__ import annotations

from pathlib import Path

import click

from smersh_dsl.cli.app import cli
from smersh_dsl.cli.games import SMUSH_POLICIES, cardgame_rules
from smersh_dsl.cli.spellings import renamed, renamed_option
from smersh_dsl.wording import count

PROGRESS_FROM = 200          # runs of this many games or more say how far they are


class SimulateGroup(click.Group):
    """`smersh simulate GAME ...`: one subcommand per game. A first argument that names
    no game (`smersh simulate books/smush`, a built JSON file) is read as the card game's
    paths, as `smersh simulate` took them before it had a subcommand per game: that
    spelling is said to be replaced, and run, for one release."""

    def resolve_command(self, ctx: click.Context, args: list[str]):  # noqa: ANN201
        if args and args[0] not in self.commands and not args[0].startswith("-"):
            old, args = args, ["smush", *args]
            if not ctx.resilient_parsing:
                renamed(["simulate", *old], ["simulate", *args])
        return super().resolve_command(ctx, args)


@cli.group("simulate", cls=SimulateGroup)
def simulate_group() -> None:
    """Play a game many times with bots, and report the figures.

    \b
    Games:
      smersh simulate epic       Agents of SMERSH: win rates, the most dangerous entries
      smersh simulate smush      Agents of S.M.U.S.H.: win rates of each side
      smersh simulate campaign   Agents of S.H.I.E.L.D.: how often the mole is known
    """



@simulate_group.command("smush")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--games", type=click.IntRange(1, 1_000_000), default=1000, show_default=True)
@click.option("--policy", type=click.Choice(SMUSH_POLICIES), default="greedy",
              show_default=True, help="How both sides play (strong: a search, docs/smush.md).")
@click.option("--harmony-policy", type=click.Choice(SMUSH_POLICIES), default=None,
              help="How Harmony Grace plays (default: --policy).")
@click.option("--smush-policy", type=click.Choice(SMUSH_POLICIES), default=None,
              help="How SMUSH plays (default: --policy).")
@click.option("--seed", type=int, default=1, show_default=True,
              help="The same seed, the same games and figures.")
@click.option("--sweep", "sweep_spec", default=None, metavar="NAME.FIELD=A..B",
              help="Play the games once per value of one card's number, e.g. "
                   "\"Vault Door.strength=2..5\" (FIELD: strength, boost_cost, "
                   "boost_amount, bonus), and report Harmony's win rate per value.")
@click.option("--jobs", type=click.IntRange(1, 64), default=None,
              help="Processes to play the games in (default: 1); the figures do not "
                   "depend on it.")
@click.option("--workers", type=click.IntRange(1, 64), default=None, hidden=True,
              callback=renamed_option("--workers", "--jobs"),
              help="The older spelling of --jobs.")
@click.option("--cluster", default=None, metavar="ADDRESS",
              help="Play the games on the Dask scheduler at ADDRESS (e.g. "
                   "tcp://10.0.0.5:8786; pip install 'smersh-dsl[cluster]'); the "
                   "figures are the same as on one machine.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
def simulate_command(paths: tuple[Path, ...], games: int, policy: str,
                     harmony_policy: str | None, smush_policy: str | None, seed: int,
                     sweep_spec: str | None, jobs: int | None, workers: int | None,
                     cluster: str | None, fmt: str) -> None:
    """Play Agents of S.M.U.S.H. many times with bots, and report the odds.

    Win rates per side with 95% Wilson intervals, the average game length in
    rounds, how the games ended, how often each gadget half and defence face
    was used (per game), and how often each decided a game. PATHS is the card
    game: a built document, a project folder, or a bundled book's name
    (default: the project around the working folder, else the bundled smush).

    \b
    Examples:
      smersh simulate smush --games 2000 --policy greedy --seed 1
      smersh simulate smush --games 1000 --policy strong --jobs 2
      smersh simulate books/smush --harmony-policy strong --smush-policy greedy
      smersh simulate smush --policy strong --games 400 --sweep "Vault Door.strength=2..5"
      smersh simulate build/smush/smush.json --format json
      smersh simulate smush --policy strong --games 10000 --cluster tcp://10.0.0.5:8786
    """
    from smersh_dsl.play.core.cluster import ClusterError
    from smersh_dsl.play.smush.sim import RENDERERS, simulate
    from smersh_dsl.play.smush.sweep import SweepError, parse_sweep, render_sweep, run_sweep, sweep_json

    rules = cardgame_rules(paths)
    processes = jobs or workers or 1
    harmony, smush = harmony_policy or policy, smush_policy or policy
    step = max(1, games // 10)

    def progress(done: int, value: int | None = None) -> None:
        if games >= PROGRESS_FROM and (done % step == 0 or done == games):
            where = "" if value is None else f" with {sweep_spec.split('=')[0]} = {value}"
            click.echo(f"simulated {done} of {count(games, 'game')}{where}", err=True)

    try:
        if sweep_spec is None:
            summary = simulate(rules, games, seed, harmony, smush, progress, processes, cluster)
            click.echo(RENDERERS[fmt](summary.as_json(rules)), nl=False)
            return
        try:
            sweep = parse_sweep(sweep_spec, rules)
        except SweepError as problem:
            raise click.BadParameter(str(problem), param_hint="--sweep") from None
        results = run_sweep(rules, sweep, games, seed, harmony, smush,
                            lambda value, done: progress(done, value), processes, cluster)
    except ClusterError as problem:
        raise click.ClickException(str(problem)) from None
    data = sweep_json(sweep, results)
    click.echo(render_sweep(data) if fmt == "text" else RENDERERS["json"](data), nl=False)

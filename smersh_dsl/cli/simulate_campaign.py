"""`smersh simulate campaign`: the S.H.I.E.L.D. campaign played many times by bots."""

from __future__ import annotations

from pathlib import Path

import click

from smersh_dsl.cli.app import project_paths
from smersh_dsl.cli.loading import load_documents
from smersh_dsl.cli.simulate import PROGRESS_FROM, simulate_group
from smersh_dsl.wording import count


@simulate_group.command("campaign")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--campaigns", type=click.IntRange(1, 1_000_000), default=1000, show_default=True,
              help="Campaigns to play in each mode, standard and expert.")
@click.option("--policy", type=click.Choice(["random", "greedy"]), default="greedy",
              show_default=True, help="How the bots choose (which secret to uncover, when to "
                                      "gather evidence, whom to accuse).")
@click.option("--seed", type=int, default=1, show_default=True,
              help="The same seed, the same campaigns and figures.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
def simulate_campaign_command(paths: tuple[Path, ...], campaigns: int, policy: str, seed: int,
                              fmt: str) -> None:
    """Play the Agents of S.H.I.E.L.D. campaign many times, and report how often the
    mole is known for certain: after each of scenarios 1-4, and when the accusation
    of scenario 5 is made, in standard and in expert campaigns.

    Bots keep the log through the same book-keeper as `smersh play campaign`; the card
    game of each scenario is a small stand-in (docs/books.md, "the table model").
    PATHS is the campaign: a built document, a project folder or a bundled
    book's name (default: the project around the working folder, else the
    bundled shield).

    \b
    Examples:
      smersh simulate campaign books/shield --campaigns 1000 --seed 1
      smersh simulate campaign shield --policy random --format json
    """
    from smersh_dsl.play.campaign.sim import RENDERERS, simulate

    loaded = load_documents(tuple(project_paths(paths, own_book="shield")))
    docs = [d for d in loaded if d["kind"] == "campaign"]
    if not docs:
        raise click.ClickException("no campaign document among the paths given, or in the "
                                   "project around this folder (name one, e.g. the bundled "
                                   "book shield)")
    total = 2 * campaigns
    step = max(1, total // 10)

    def progress(done: int) -> None:
        if total >= PROGRESS_FROM and (done % step == 0 or done == total):
            click.echo(f"simulated {done} of {count(total, 'campaign')}", err=True)

    from smersh_dsl.play.campaign.sim import Broken
    from smersh_dsl.play.core.errors import NotPlayable

    try:
        summary = simulate(docs[0], campaigns, seed, policy, progress)
    except (Broken, NotPlayable) as problem:
        raise click.ClickException(f"{docs[0]['id']}: {problem}") from None
    click.echo(RENDERERS[fmt](summary), nl=False)

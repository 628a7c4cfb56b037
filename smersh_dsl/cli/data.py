"""`smersh build`, `smersh stats`, `smersh play`: the playable data and what runs from it."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from smersh_dsl.cli.app import EXIT_FINDINGS, EXIT_USAGE, cli, project_paths
import json
import random

from smersh_dsl.pipeline.run import check_paths
from smersh_dsl.diagnostics.diagnostic import Severity
from smersh_dsl.diagnostics.report import REPORTERS
from smersh_dsl.project.discover import UsageError
from smersh_dsl.wording import count


@cli.command("build")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--format", "formats", multiple=True, type=click.Choice(["json", "pdf", "site", "cards", "tts"]),
              help="What to build (default: json and pdf): the JSON documents, the "
                   "print-ready PDFs, a static site for playtesters (<out>/site/, see "
                   "docs/serve.md), a PNG per card face and back, Tabletop Simulator "
                   "decks (docs/printing.md).")
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path),
              default=Path("build"), show_default=True, help="Where to write.")
@click.option("--merged", is_flag=True,
              help="Also write each expansion applied to its game (<id>.merged.json).")
@click.option("--with-sources", is_flag=True,
              help="Record in the JSON where each block was written (file, line, column).")
@click.option("--profile", "print_profile", type=click.Choice(["pnp", "pod", "screen"]),
              default="pnp", show_default=True,
              help="PDFs for print and play, print on demand (bleed, PDF/X-3) or the screen.")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True,
              help="The paper of books and card sheets.")
@click.option("--jobs", type=click.IntRange(0, 64), default=None,
              help="Processes rendering PDF sections (default: one a CPU; 0: each document "
                   "in one piece, uncached).")
@click.option("--card-size", "card", default="poker", show_default=True, metavar="SIZE",
              callback=lambda _c, _p, value: _card_size(value),
              help="The cards' size: poker (63x88 mm), bridge (57x89), tarot (70x120), "
                   "mini (44x63) or WxH in millimetres; sheets hold as many as the paper fits.")
@click.option("--mix-decks", is_flag=True,
              help="Fill card sheets across decks instead of starting a sheet a deck (each "
                   "card keeps its own back).")
@click.option("--dpi", type=click.IntRange(50, 1200), default=300, show_default=True,
              help="The resolution of card images (--format cards, tts).")
@click.option("--base-url", default="", metavar="URL",
              help="Put before each picture's file name in the TTS saved objects, where "
                   "you will upload them (default: the bare file names).")
def build_command(paths: tuple[Path, ...], formats: tuple[str, ...], out: Path, merged: bool,
                  with_sources: bool, print_profile: str, paper: str, jobs: int | None,
                  card, mix_decks: bool, dpi: int, base_url: str) -> None:
    """Check projects, then write their playable data and print-ready PDFs.

    Each project becomes one JSON document, build/<id>/<id>.json, that follows
    its schema in schemas/ (game, expansion, campaign or cardgame), and its
    print-ready PDFs, build/<id>/print/<profile>/<document>.pdf (encounter
    book, showdown book, ...; see docs/printing.md). Nothing is written if the
    check finds an error; a build that is interrupted leaves the previous
    files as they were.

    \b
    Examples:
      smersh build                      build the project around this folder
      smersh build books/epic --out dist
      smersh build --merged --with-sources
      smersh build books/epic --format pdf --profile pod --paper letter --jobs 2
      smersh build books/ --format site   a static site to open from disk
      smersh build books/epic --format cards --dpi 600
      smersh build books/epic --format tts --base-url https://example.org/decks/
    """
    from smersh_dsl.export.build import SharedId, build_json, check_ids
    from smersh_dsl.files.outputs import OutputError

    source = click.get_current_context().get_parameter_source("out")
    if source is click.core.ParameterSource.DEFAULT and out.is_symlink():
        # `build` in the working folder is where a content repository may plant a link
        # (`build -> ~/.config`); a folder the user names is theirs to point anywhere.
        raise click.UsageError(f"{out} is a symbolic link, and outputs are never written "
                               f"through one unless you name it: give --out {out} (or "
                               "another folder) to write there")
    try:
        projects, found = check_paths(project_paths(paths))
    except UsageError as error:
        raise click.UsageError(str(error)) from None
    errors = [d for d in found if d.severity is Severity.ERROR]
    if errors:
        sources = {f.path: f.text for p in projects for f in p.files}
        click.echo(REPORTERS["text"](errors, sources, True), nl=False, err=True)
        click.echo("smersh build: nothing written; fix the errors above first", err=True)
        sys.exit(EXIT_FINDINGS)
    try:
        check_ids(projects)
        if "site" in formats:
            from smersh_dsl.site.write import write_site
            written = write_site(projects, found, out)
            click.echo(f"wrote the site to {written} (open {written / 'index.html'})", err=True)
            formats = tuple(f for f in formats if f != "site")
            if not formats:
                return
        if "cards" in formats or "tts" in formats:
            from smersh_dsl.cli.card_images import build_card_images, build_tts
            if "cards" in formats:
                build_card_images(projects, out, print_profile, paper, jobs, dpi, card)
            if "tts" in formats:
                build_tts(projects, out, paper, jobs, dpi, base_url, card)
            formats = tuple(f for f in formats if f not in ("cards", "tts"))
            if not formats:
                return
        if formats and "json" not in formats:
            from smersh_dsl.cli.printing import build_pdfs
            build_pdfs(projects, out, print_profile, paper, jobs, card=card, mix_decks=mix_decks)
            return
        result = build_json(projects, out, merged=merged, with_sources=with_sources,
                            progress=lambda line: click.echo(line, err=True))
    except (SharedId, OutputError) as error:
        click.echo(f"smersh build: {error}", err=True)
        sys.exit(EXIT_USAGE)
    for reason in result.skipped:
        click.echo(f"skipped {reason}", err=True)
    if result.invalid:
        for path, problems in result.invalid.items():
            for problem in problems[:20]:
                click.echo(f"{path}: {problem.path}: {problem.message}", err=True)
        click.echo("smersh build: a document does not follow its schema; nothing written "
                   "(please report this: it is a bug in smersh)", err=True)
        sys.exit(EXIT_USAGE)
    click.echo(f"built {count(len(result.written), 'document')} "
               f"in {out}", err=True)
    if not formats or "pdf" in formats:
        from smersh_dsl.cli.printing import build_pdfs
        build_pdfs(projects, out, print_profile, paper, jobs, card=card, mix_decks=mix_decks)


def _card_size(value: str):
    """`--card-size`: a named size or WxH; anything else is a usage error (exit 2)."""
    from smersh_dsl.print.profiles import card_size
    try:
        return card_size(value)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="'--card-size'") from None


def _documents(paths: tuple[Path, ...]) -> list[dict]:
    """The JSON documents of clean projects, as `smersh build --merged` writes them: an
    expansion comes applied to its game, so it can be played alone."""
    from smersh_dsl.export.document import buildable, document, dumps

    projects, found = check_paths(list(paths))
    errors = [d for d in found if d.severity is Severity.ERROR]
    if errors:
        raise click.ClickException(f"{count(len(errors), 'error')} in the content: run `smersh check` first")
    return [json.loads(dumps(document(p, merged=True))) for p in projects if buildable(p)]


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
                   "times read, pass rate, health and Lobo spaces it cost per reading and "
                   "per game.")
def stats_command(paths: tuple[Path, ...], fmt: str, showdown: str | None, party: tuple[str, ...],
                  games: int, seed: int, entries: bool) -> None:
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
    """
    from smersh_dsl.play.core.errors import NotPlayable
    from smersh_dsl.play.epic.exact import exact_victory
    from smersh_dsl.play.epic.stats import odds as stats_odds
    from smersh_dsl.play.epic.stats import render as render_stats
    from smersh_dsl.play.epic.victory import estimate, make_party, parse_party, render_victory

    if showdown is not None and not party:        # before the books are built: at once
        raise click.UsageError("--showdown needs the party that plays it: give --party "
                               "once per spy, e.g. --party \"Spycraft=3,Deception=2\"")
    for doc in _documents(tuple(project_paths(paths))):
        if doc["kind"] != "game":
            continue
        if entries:
            click.echo(entry_report(doc, games, seed, fmt), nl=False)
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


def entry_report(doc: dict, games: int, seed: int, fmt: str) -> str:
    """`stats --entries`: four honest spies play ``games`` whole games of ``doc``."""
    from smersh_dsl.play.core.errors import NotPlayable
    from smersh_dsl.play.epic.entry_stats import entry_figures, render
    from smersh_dsl.play.epic.game import Options
    from smersh_dsl.play.epic.simulate import run

    options = Options(players=4, bot="honest")
    try:
        played = run(doc, options, games, seed)
    except NotPlayable as problem:
        raise click.ClickException(str(problem)) from None
    meta = {"title": doc["title"], "games": games, "seed": seed, "players": 4, "bot": "honest"}
    return render(entry_figures(played), meta, fmt)


def _load_documents(paths: tuple[Path, ...]) -> list[dict]:
    """Documents from built JSON files (checked against their schema) or from projects."""
    from smersh_dsl.export.validate import problems as schema_problems
    from smersh_dsl.play.core.files import DOCUMENT_BYTES, DOCUMENT_DEPTH, read_json

    json_files = [p for p in paths if p.suffix == ".json"]
    if not json_files:
        return _documents(paths)
    docs = []
    for path in json_files:
        doc = read_json(path, click.ClickException, DOCUMENT_BYTES, "document", DOCUMENT_DEPTH)
        found = schema_problems(doc) if isinstance(doc, dict) else None
        if found is None or found:
            where = found[0] if found else None
            detail = f"{where.path}: {where.message}" if where else "not a JSON object"
            raise click.ClickException(f"{path}: not a smersh document: {detail}")
        docs.append(doc)
    return docs


@cli.command("play")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--game", "whole", is_flag=True,
              help="A whole game: rounds of movement and encounters, henchmen, Dr. Lobo.")
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
@click.option("--showdown", "showdown", metavar="NAME", help="Play this showdown or Dr. Lobo section.")
@click.option("--encounter", "region", metavar="REGION", default=None,
              help="Play one encounter drawn from this region's deck (the default game).")
@click.option("--lair", is_flag=True, help="The spy stands on a lair: the fate die is 5 (EP-ENC-4).")
@click.option("--at", "at", metavar="PLACE", default=None,
              help="The spy stands on this board location: its region's deck, and its bonus "
                   "on a pass (EP-ENC-6).")
@click.option("--levelled", "levelled", metavar="NAME", default=None,
              help="Meet a levelled henchman (the Aussie Butcher) at --level.")
@click.option("--level", type=click.IntRange(1, 9), default=1, show_default=True)
@click.option("--stranded", is_flag=True, help="Be stranded: draw and read a Stranded card.")
@click.option("--log", "log_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Campaign: play the next scenario's book-keeping, saving the log here "
                   "(continued if it exists).")
@click.option("--expert", is_flag=True, help="Campaign: start an expert campaign (SC-EXPERT-1).")
@click.option("--players", type=click.IntRange(1, 5), default=1, show_default=True,
              help="Players (spies); 5 only in a variant that allows it.")
@click.option("--intel", type=click.IntRange(0, 99), default=4, show_default=True,
              help="Intel each spy brings.")
@click.option("--seed", type=int, default=None, help="Seed the dice: the same seed, the same game.")
@click.option("--auto", is_flag=True, help="Nobody at the keyboard: a policy decides.")
@click.option("--policy", type=click.Choice(["random", "greedy"]), default="greedy", show_default=True)
@click.option("--bot", "bot_side", type=click.Choice(["smush", "harmony"]), default=None,
              help="Card game: a bot (of --policy) plays this side, a person the other.")
def play_command(paths: tuple[Path, ...], whole: bool, with_paths: tuple[Path, ...],
                 henchmen: tuple[str, ...], spies: tuple[str, ...], variants: tuple[str, ...],
                 save_path: Path | None, showdown: str | None, region: str | None, lair: bool,
                 at: str | None,
                 levelled: str | None, level: int, stranded: bool, log_path: Path | None,
                 expert: bool, players: int, intel: int, seed: int | None, auto: bool,
                 policy: str, bot_side: str | None) -> None:
    """Play a whole game, an encounter or a showdown in the terminal, from the JSON.

    PATHS are built documents (build/<id>/<id>.json), projects, which are
    built first, or bundled books by name (epic, smush, ...); none: the
    project around the working folder. With --game, a whole game of Agents of
    SMERSH (each person at the keyboard in turn, or bots with --auto); without
    it, one encounter is played, or the showdown --showdown names.

    \b
    Examples:
      smersh play books/epic --game --players 2
      smersh play books/epic --game --auto --seed 1 --players 4
      smersh play books/epic --game --with books/swagmans-hope --players 2
      smersh play books/epic --game --players 2 --save my-game.json
      smersh play build/smersh/smersh.json --encounter Europe
      smersh play books/epic --at Paris --auto --seed 2
      smersh play books/epic --showdown Pierre --players 2
      smersh play books/epic --showdown Pierre --auto --seed 1
      smersh play books/swagmans-hope --levelled "Aussie Butcher" --level 2
      smersh play books/swagmans-hope --stranded --auto
      smersh play books/shield --log my-campaign.json --players 2
      smersh play smush                  the card game, two people at one terminal
      smersh play smush --bot smush      against a bot playing SMUSH
      smersh play smush --auto --policy random --seed 3
    """
    from smersh_dsl.cli.simulate import play_smush, rules_of

    if whole or with_paths or save_path is not None:
        from smersh_dsl.cli.epic import game_document, options_of, play_whole_game
        bot = "person" if not auto else ("random" if policy == "random" else "sensible")
        doc = game_document(paths, with_paths)
        play_whole_game(doc, options_of(players, henchmen, spies, bot, variants), seed, save_path)
        return
    if players > 4:
        raise click.BadParameter("5 players only in a whole game whose variant allows them "
                                 "(--game --variant epic)", param_hint="--players")
    paths = tuple(project_paths(paths))
    try:
        if log_path is not None:
            _play_campaign(_load_documents(paths), log_path, players, expert, seed, auto, policy)
            return
        loaded = _load_documents(paths)
        docs = [d for d in loaded if d["kind"] == "game"] or _merged_beside(paths, loaded)
        if not docs and any(d["kind"] == "cardgame" for d in loaded):
            play_smush(rules_of(loaded), seed, auto, policy, bot_side)
            return
        if not docs:
            raise click.ClickException("no game document to play (campaigns are played with --log)")
        _play_one(docs[0], players, intel, seed, auto, policy, showdown, levelled, level,
                  stranded, at, region, lair)
    except (click.exceptions.Abort, EOFError):
        click.echo("\nGame abandoned: no more input.", err=True)
        sys.exit(EXIT_USAGE)


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
        return [d for d in _load_documents((merged,)) if d["kind"] == "game"]
    raise click.ClickException(
        f"{path} is an expansion of {doc['extends']['game']}, and an expansion is played "
        f"with its game: build {merged.name} beside it (smersh build --merged) and play "
    "that, or play the projects, e.g. smersh play books/epic --game --with "
        "books/swagmans-hope")


def _play_one(doc: dict, players: int, intel: int, seed: int | None, auto: bool, policy: str,
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


def _play_campaign(docs: list[dict], path: Path, players: int, expert: bool, seed: int | None,
                   auto: bool, policy: str) -> None:
    from smersh_dsl.files.outputs import OutputError
    from smersh_dsl.play.campaign.keeper import Keeper, play_scenario
    from smersh_dsl.play.campaign.log import LogProblem, load_log, new_log, save_log
    from smersh_dsl.play.core.deciders import decider
    from smersh_dsl.play.core.errors import NotPlayable
    from smersh_dsl.play.core.terminal import say

    campaigns = [d for d in docs if d["kind"] == "campaign"]
    if not campaigns:
        raise click.ClickException("no campaign document among the paths given")
    doc = campaigns[0]
    rng = random.Random(seed)
    try:
        log = load_log(path, doc) if path.exists() else new_log(doc, players, expert)
    except LogProblem as problem:
        raise click.ClickException(str(problem)) from None
    keeper = Keeper(doc, log, decider(auto, policy, rng), rng, say, auto)
    try:
        said = play_scenario(keeper, lambda kept: save_log(path, kept))
    except NotPlayable as problem:
        raise click.ClickException(str(problem)) from None
    except OutputError as error:
        click.echo(f"smersh play: {error}; the log is not saved", err=True)
        sys.exit(EXIT_USAGE)
    click.echo(f"{said} Log saved to {path}." if "campaign is" not in said or path.exists()
               else said)

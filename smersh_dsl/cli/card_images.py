"""`smersh build --format cards` and `--format tts`: a picture per card, and Tabletop
Simulator decks made of them (docs/printing.md).

Card images go to build/<project>/cards/<profile>/ with their manifest ``cards.json``;
TTS sheets, backs and one saved object per deck to build/<project>/tts/. Everything is
made before anything is written, so a finding or an interruption writes nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from smersh_dsl.cli.printing import (exit_on_findings, progress_lines, stopped_cleanly,
                                     terminate_unwinds)
from smersh_dsl.wording import count


def _drawn(projects: list, profile_name: str, paper: str, jobs: int | None, dpi: int,
           card, bleed_mm: float | None = None):
    """The card images of every project with cards: (plans, drawn), or exit."""
    from smersh_dsl.export.document import buildable, document
    from smersh_dsl.print.cards.document import has_cards
    from smersh_dsl.print.cards.images import draw, plan
    from smersh_dsl.print.pictures import pictures_of, showing
    from smersh_dsl.print.profiles import profile

    chosen = profile(profile_name, paper, card)
    bleed = chosen.bleed_mm if bleed_mm is None else bleed_mm
    plans = []
    for project in projects:
        if not buildable(project):
            continue
        doc = document(project, with_sources=True)
        if has_cards(doc):
            pictures = pictures_of(project)
            with showing(pictures):
                plans.append(plan(doc, project.name, str(project.root), bleed, pictures.refs,
                                  chosen.card))
    if not plans:
        click.echo("smersh build: none of these projects has cards", err=True)
        return [], None
    # No rendering processes started beforehand: when most pictures come from the cache
    # (a card or two changed), the pipeline renders the rest here, without starting any.
    with stopped_cleanly("no card image written"), terminate_unwinds():
        drawn = draw(plans, chosen, dpi, bleed, jobs=jobs, progress=progress_lines())
    exit_on_findings(drawn.diagnostics, projects, "no card image written")
    return plans, drawn


def _write(out: Path, files: dict[Path, bytes | str]) -> None:
    from smersh_dsl.files.outputs import OutputFolder
    folder = OutputFolder(out)
    with stopped_cleanly("not every file written"):
        for path in files:
            folder.check(path)
        for path, data in files.items():
            folder.write(path, data)


def build_card_images(projects: list, out: Path, profile_name: str, paper: str,
                      jobs: int | None, dpi: int, card) -> list[Path]:
    """One PNG per card face and back, and the manifest, per project with cards."""
    from smersh_dsl.print.cards.images import manifest
    from smersh_dsl.print.profiles import profile

    plans, drawn = _drawn(projects, profile_name, paper, jobs, dpi, card)
    if not plans:
        return []
    bleed = profile(profile_name, paper).bleed_mm
    files: dict[Path, bytes | str] = {}
    for p in plans:
        folder = out / p.project / "cards" / profile_name
        for side in p.sides:
            files[folder / side.file] = drawn.pictures[p.project, side.file]
        files[folder / "cards.json"] = json.dumps(manifest(p, profile_name, dpi, bleed, card),
                                                  indent=2, ensure_ascii=False) + "\n"
    _write(out, files)
    for p in plans:
        click.echo(f"wrote {count(len(p.sides), 'card image')} and their manifest to "
                   f"{out / p.project / 'cards' / profile_name}", err=True)
    click.echo(f"rendered {count(drawn.rendered, 'card page')}, {drawn.cached} card images "
               "from the cache of earlier builds", err=True)
    return list(files)


def build_tts(projects: list, out: Path, paper: str, jobs: int | None, dpi: int,
              base_url: str, card) -> list[Path]:
    """Per deck: TTS face sheets, its back and a saved object, per project with cards."""
    from smersh_dsl.print.cards.tts import tts_decks

    plans, drawn = _drawn(projects, "pnp", paper, jobs, dpi, card, bleed_mm=0.0)
    if not plans:
        return []
    files: dict[Path, bytes | str] = {}
    for p in plans:
        folder = out / p.project / "tts"
        for deck in tts_decks(p, drawn.pictures, base_url):
            for name, png in deck.files.items():
                files[folder / name] = png
            files[folder / f"{deck.key}.json"] = json.dumps(deck.saved_object, indent=2,
                                                            ensure_ascii=False) + "\n"
    _write(out, files)
    for p in plans:
        click.echo(f"wrote the Tabletop Simulator decks of {p.project} to "
                   f"{out / p.project / 'tts'}", err=True)
    return list(files)

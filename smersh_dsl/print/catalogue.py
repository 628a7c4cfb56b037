"""The print documents there are: each a name, a test of whether a project's JSON document
has one, and a builder from that JSON document and a profile to a ``PrintDocument``.

`smersh build --format pdf` renders every entry that applies, to
build/<project>/print/<profile>/<name>.pdf. Add a document by adding an entry below;
builders are named as "module:function" and imported only when used, so a build that
prints nothing loads no template code.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from importlib import import_module

from smersh_dsl.print.documents import PrintDocument
from smersh_dsl.print.pictures import Pictures, showing
from smersh_dsl.print.profiles import Profile
from smersh_dsl.records import dataclass


@dataclass(frozen=True)
class DocumentBuilder:
    name: str                           # the file stem, e.g. "encounter-book"
    applies: Callable[[dict], bool]     # does this JSON document have one?
    builder: str                        # "module:function", function(doc, profile) -> PrintDocument

    def build(self, doc: dict, profile: Profile, pictures: Pictures | None = None) -> PrintDocument:
        """The document; with ``pictures`` (``pictures.pictures_of(project)``) its art and
        icons are printed, and the fetcher may read those files while it renders."""
        module, _, function = self.builder.partition(":")
        with showing(pictures):
            document = getattr(import_module(module), function)(doc, profile)
        return document if pictures is None else replace(document, pictures=pictures.refs)


def _has_entries(doc: dict) -> bool:
    return doc.get("kind") in ("game", "expansion") and bool(doc.get("entries"))


def _has_showdowns(doc: dict) -> bool:
    return doc.get("kind") in ("game", "expansion") and bool(doc.get("sections"))


def _applies(predicate: str) -> Callable[[dict], bool]:
    """A "module:function" predicate, imported only when asked."""
    def applies(doc: dict) -> bool:
        module, _, function = predicate.partition(":")
        return getattr(import_module(module), function)(doc)
    return applies


BUILDERS: tuple[DocumentBuilder, ...] = (
    DocumentBuilder("encounter-book", _has_entries,
                    "smersh_dsl.print.books.encounter_book:encounter_book"),
    DocumentBuilder("showdown-book", _has_showdowns,
                    "smersh_dsl.print.books.showdown_book:showdown_book"),
    DocumentBuilder("cards", _applies("smersh_dsl.print.cards.document:has_cards"),
                    "smersh_dsl.print.cards.document:cards"),
    DocumentBuilder("scenario-sheets", _applies("smersh_dsl.print.campaign.scenarios:has_scenarios"),
                    "smersh_dsl.print.campaign.scenarios:scenario_sheets"),
    DocumentBuilder("campaign-log", _applies("smersh_dsl.print.campaign.log:has_log"),
                    "smersh_dsl.print.campaign.log:campaign_log"),
)


def builders_for(doc: dict, names: tuple[str, ...] | None = None) -> list[DocumentBuilder]:
    """The builders that apply to ``doc`` (only those named, when ``names`` is given)."""
    return [b for b in BUILDERS if b.applies(doc) and (names is None or b.name in names)]

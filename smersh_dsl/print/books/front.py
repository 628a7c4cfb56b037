"""The title page that opens a book: which book it is, of which game, in which edition.

Everything on it comes from the project's JSON document: its ``title`` ("Agents of SMERSH:
Epic Edition" is the game "Agents of SMERSH" in its "Epic Edition"), its ``kind`` (an
expansion says so, and which game it extends), its ``version``. A book's own line under
the title says how it is read. The page is a section of its own, one page long, without
a page number or a bookmark (``folio=False``); a cover, when there is one, goes before it.
"""

from __future__ import annotations

from smersh_dsl.print.books.common import page_setup
from smersh_dsl.print.books.cover import cover_section
from smersh_dsl.print.documents import Section
from smersh_dsl.print.env import render_template
from smersh_dsl.print.profiles import Profile


def game_and_edition(title: str) -> tuple[str, str | None]:
    """"Agents of SMERSH: Epic Edition" -> ("Agents of SMERSH", "Epic Edition")."""
    game, colon, edition = title.partition(":")
    return (game.strip(), edition.strip() or None) if colon else (title.strip(), None)


def title_page(doc: dict, book: str, profile: Profile, how: str = "") -> Section:
    """The title page of ``book`` ("Encounter Book") made from ``doc``; ``how``: one line
    on how the book is read."""
    game, edition = game_and_edition(doc.get("title", ""))
    if doc.get("kind") == "expansion":
        extends = doc.get("extends") or {}
        kind = "An expansion" + (f" for {game}" if edition else "")
        needs = (f"Played with the base game ({extends['game']} {extends.get('version', '')})"
                 .replace(" )", ")") if extends.get("game") else None)
    else:
        kind, needs = None, None
    html = render_template(
        "title_page.html.j2", page=page_setup(profile), book=book, game=game,
        edition=edition, kind=kind, needs=needs, how=how,
        version=doc.get("version"), title=f"{doc.get('title', '')}: {book}")
    return Section(key="title", title="Title page", html=html, folio=False)


def front_matter(doc: dict, book: str, profile: Profile, how: str = "") -> tuple[Section, ...]:
    """What opens ``book``: its cover, when the header places a cover picture, then its
    title page."""
    cover = cover_section(doc, profile, book)
    return ((cover,) if cover else ()) + (title_page(doc, book, profile, how=how),)

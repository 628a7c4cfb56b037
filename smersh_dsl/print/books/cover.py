"""A book's cover page: the header's `art` over the whole page, the game's and the book's
names on it. It opens every book of a project whose header places a cover picture (a title
page, when there is one, comes after it); in `pod` the picture runs into the bleed."""

from __future__ import annotations

from smersh_dsl.print.documents import Section
from smersh_dsl.print.env import art_url, environment
from smersh_dsl.print.profiles import Profile


def cover_art(doc: dict) -> dict | None:
    """The JSON `art` of the book's cover: a game's or expansion's vocabulary holds it, a
    campaign's or card game's document itself."""
    return (doc.get("vocabulary") or {}).get("cover") or doc.get("cover")


def cover_section(doc: dict, profile: Profile, book: str) -> Section | None:
    """The cover page of ``book`` ("Encounter Book"), or None when the header places no
    cover picture or the document is built without its project's pictures."""
    art = cover_art(doc)
    url = art_url(art)
    if art is None or url is None:
        return None
    html = environment().get_template("cover.html.j2").render(
        title=f"{doc['title']}: {book}", game=doc["title"], book=book, art=art, url=url,
        width=profile.paper.width_mm, height=profile.paper.height_mm, bleed=profile.bleed_mm)
    return Section(key="cover", title="Cover", html=html, folio=False)

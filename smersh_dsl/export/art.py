"""Art and icons as JSON: each a path relative to the project folder, as written (with
`./` and a `..` that stays inside folded away), so a player program or a web page finds
the file beside the document's sources; never an absolute path or a URL of this machine."""

from __future__ import annotations

import posixpath

from smersh_dsl.export.steps import Json
from smersh_dsl.model.art import Art, CardBack, Icon, deck_key


def project_path(written: str) -> str:
    """`./art/../art/x.png` -> `art/x.png`; a path the checker refuses (F002, F003) is
    kept as written, so the document still says what the source said."""
    folded = posixpath.normpath(written) if written else written
    if not folded or folded.startswith(("/", "..")) or ":" in folded.split("/")[0]:
        return written
    return folded


def art_json(art: Art | None) -> Json | None:
    if art is None:
        return None
    return {"path": project_path(art.path), "fit": art.fit.value, "credit": art.credit}


def icon_json(icon: Icon) -> Json:
    return {"name": icon.name.text, "path": project_path(icon.path)}


def back_json(back: CardBack, regions: set[str]) -> Json:
    """The deck's key as the card sheets name it: `encounter-europe`, `dead-drop`."""
    key = deck_key(back.deck.text)
    return {"deck": f"encounter-{key}" if key in regions else key, "name": back.deck.text,
            "art": art_json(back.art)}

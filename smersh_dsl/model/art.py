"""Files from outside the text: art placed on cards, backs, sections and covers, and the
icons a game names once in its vocabulary. Both are project-relative references, checked
like names (checks/art.py) and carried as paths in the JSON."""

from __future__ import annotations

import re
from enum import Enum

from smersh_dsl.model.span import Name, Node, Span
from smersh_dsl.records import dataclass


class Fit(str, Enum):
    COVER = "cover"        # fills its box, cropping what overhangs
    CONTAIN = "contain"    # the whole picture inside its box, letterboxed


@dataclass(frozen=True, kw_only=True, slots=True)
class Art(Node):
    """`art "art/casino.png" cover credit "Photo: N. Nobody"`."""

    path: str                 # as written: project-relative, forward slashes
    path_span: Span           # the quoted path, where findings about the file point
    fit: Fit = Fit.COVER
    credit: str | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class Icon(Node):
    """`icon Spycraft "icons/spycraft.svg"`: printed as :Spycraft: in text and beside the
    skill, region or intel icon of that name."""

    name: Name
    path: str
    path_span: Span


@dataclass(frozen=True, kw_only=True, slots=True)
class CardBack(Node):
    """`back Europe art "art/europe-back.png"`: the back a whole deck shares."""

    deck: Name
    art: Art


# Decks whose cards share a back, by the key the card sheets give them (print/cards/);
# an encounter deck is `encounter-` and its region's key.
DECKS = ("status", "gadget", "mission", "villain", "top-secret", "stranded", "dead-drop",
         "red-intel")


def deck_key(text: str) -> str:
    """`"Dead Drop"` -> `dead-drop`, `"North America"` -> `north-america`."""
    return "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-")


# `:Spycraft:` in writer text: an icon by name, a space in the name written as `_`.
ICON_IN_TEXT = re.compile(r":([A-Za-z][A-Za-z0-9_']*):")


def icons_spelled_out(text: str) -> str:
    """Writer text where pictures cannot be shown (a terminal): each `:Name:` icon as its
    name in brackets, `:Hand_to_Hand:` -> `[Hand to Hand]`."""
    if ":" not in text:
        return text
    return ICON_IN_TEXT.sub(lambda match: f"[{match.group(1).replace('_', ' ')}]", text)


def icon_key(name: str) -> str:
    """The name an icon is written by in text: `"Hand to Hand"` -> `Hand_to_Hand`."""
    return name.replace(" ", "_")

"""Tabletop Simulator decks: face sheets, a back, and a saved object per deck.

TTS takes a custom deck as one picture of a grid of card faces (a "deck sheet") and one
back picture; a saved object (JSON, in TTS's Saved Objects folder) names them by URL. The
limits used here (docs/printing.md, "Tabletop Simulator"):

- at most 10 columns and 7 rows a sheet (``MAX_COLUMNS`` x ``MAX_ROWS``), and at least 2 x 2
  (TTS's custom deck dialogue goes no lower); with "back is hidden" on, every one of the 70
  places may hold a card, since a hidden card shows the back;
- each sheet and back at most ``MAX_SIDE_PX`` (4096) pixels a side: TTS reads pictures up
  to 10,000 pixels, but a texture over 4096 is slow to load and blurred by many graphics
  cards, so a 10 x 7 sheet's cell is 409 x 571 pixels;
- a deck of more than 70 cards takes several sheets, each its own ``CustomDeck`` entry;
  a one-card deck is a single custom card, which is how TTS itself saves one;
- the card IDs are the entry's number times 100 plus the place on its sheet.

Sheets are made from the card images (``images``), so a TTS card is the printed card.
"""

from __future__ import annotations

import hashlib
import io
import math

from smersh_dsl.print.cards.images import CardSides, Plan
from smersh_dsl.records import dataclass

MAX_COLUMNS, MAX_ROWS = 10, 7
PER_SHEET = MAX_COLUMNS * MAX_ROWS
MIN_COLUMNS, MIN_ROWS = 2, 2
MAX_SIDE_PX = 4096


@dataclass(frozen=True)
class Grid:
    columns: int
    rows: int
    cell_width: int
    cell_height: int

    def place(self, index: int) -> tuple[int, int]:
        """The top left pixel of the cell ``index`` (from 0, row by row)."""
        row, column = divmod(index, self.columns)
        return column * self.cell_width, row * self.cell_height


def grid(cards: int, card_width_px: int, card_height_px: int) -> Grid:
    """The grid of a sheet of ``cards`` cards: as few rows as ten columns allow, each cell
    the card image's shape, at most its size and small enough that the sheet fits
    ``MAX_SIDE_PX``."""
    columns = max(MIN_COLUMNS, min(MAX_COLUMNS, cards))
    rows = max(MIN_ROWS, math.ceil(cards / columns))
    ratio = card_height_px / card_width_px
    width = min(card_width_px, MAX_SIDE_PX // columns, math.floor(MAX_SIDE_PX / rows / ratio))
    return Grid(columns, rows, width, min(MAX_SIDE_PX // rows, round(width * ratio)))


def _png(image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False)
    return buffer.getvalue()


def sheet_png(pictures: list[bytes], shape: Grid) -> bytes:
    """The pictures (card images) placed row by row on a white sheet of ``shape``."""
    from PIL import Image
    sheet = Image.new("RGB", (shape.columns * shape.cell_width, shape.rows * shape.cell_height),
                      "white")
    for index, picture in enumerate(pictures):
        with Image.open(io.BytesIO(picture)) as card:
            cell = card.convert("RGB").resize((shape.cell_width, shape.cell_height),
                                              Image.LANCZOS)
        sheet.paste(cell, shape.place(index))
    return _png(sheet)


def back_png(picture: bytes, shape: Grid) -> bytes:
    """A deck's one back at the sheet's cell size."""
    from PIL import Image
    with Image.open(io.BytesIO(picture)) as card:
        return _png(card.convert("RGB").resize((shape.cell_width, shape.cell_height),
                                               Image.LANCZOS))


@dataclass(frozen=True)
class TtsDeck:
    key: str
    title: str
    files: dict[str, bytes]      # file name: PNG
    saved_object: dict           # the JSON TTS loads (schemas/tts-saved-object.schema.json)


def _guid(*parts: object) -> str:
    """A stable six-hex-digit GUID, as TTS gives each object."""
    return hashlib.sha256("\0".join(map(str, parts)).encode()).hexdigest()[:6]


_TRANSFORM = {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
              "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def tts_decks(p: Plan, pictures: dict[tuple[str, str], bytes],
              base_url: str = "") -> list[TtsDeck]:
    """Each deck of ``p`` as TTS sheets and a saved object; ``pictures`` are the card
    images (``images.draw``, trimmed), ``base_url`` is put before each file name."""
    by_deck: dict[str, list[CardSides]] = {}
    for card in p.cards:
        by_deck.setdefault(card.deck.key, []).append(card)
    made = []
    for key, cards in by_deck.items():
        made.append(_deck(p, key, cards, pictures, base_url))
    return made


def _deck(p: Plan, key: str, cards: list[CardSides], pictures, base_url: str) -> TtsDeck:
    from PIL import Image
    title = cards[0].deck.title
    with Image.open(io.BytesIO(pictures[p.project, cards[0].face.file])) as first:
        width_px, height_px = first.size
    shared = len({c.back.file for c in cards}) == 1
    files: dict[str, bytes] = {}
    entries: dict[str, dict] = {}
    contained = []
    for number, start in enumerate(range(0, len(cards), PER_SHEET), 1):
        chunk = cards[start:start + PER_SHEET]
        shape = grid(len(chunk), width_px, height_px)
        face_file = f"{key}-faces-{number}.png"
        files[face_file] = sheet_png([pictures[p.project, c.face.file] for c in chunk], shape)
        if shared:
            back_file = f"{key}-back.png"
            files.setdefault(back_file, back_png(pictures[p.project, chunk[0].back.file],
                                                 shape))
        else:
            back_file = f"{key}-backs-{number}.png"
            files[back_file] = sheet_png([pictures[p.project, c.back.file] for c in chunk], shape)
        entry = {"FaceURL": base_url + face_file, "BackURL": base_url + back_file,
                 "NumWidth": shape.columns, "NumHeight": shape.rows, "BackIsHidden": True,
                 "UniqueBack": not shared, "Type": 0}
        entries[str(number)] = entry
        for place, card in enumerate(chunk):
            contained.append({"GUID": _guid(p.project, key, card.number), "Name": "Card",
                              "Transform": dict(_TRANSFORM), "Nickname": card.card.label,
                              "Description": f"{p.game}: {title}", "CardID": number * 100 + place,
                              "CustomDeck": {str(number): entry}, "Hands": True,
                              "SidewaysCard": False})
    if len(contained) == 1:
        state = contained[0]
    else:
        state = {"GUID": _guid(p.project, key), "Name": "DeckCustom",
                 "Transform": dict(_TRANSFORM), "Nickname": title,
                 "Description": p.game, "DeckIDs": [c["CardID"] for c in contained],
                 "CustomDeck": entries, "ContainedObjects": contained, "Hands": False,
                 "SidewaysCard": False}
    saved = {"SaveName": f"{p.game}: {title}", "ObjectStates": [state]}
    return TtsDeck(key, title, files, saved)

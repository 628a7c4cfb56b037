"""`smersh build --format tts`: Tabletop Simulator deck sheets, backs and saved objects."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import REPO, smersh
from PIL import Image
from test_print_card_images import difference
from test_schemas_offline import SCHEMAS, check_jsonschema

from smersh_dsl.print.cards.tts import MAX_SIDE_PX, grid

EPIC = REPO / "books" / "epic"
BASE = "https://example.org/decks/"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The Epic book's decks for TTS, and its card images to compare them with."""
    out = tmp_path_factory.mktemp("tts")
    for form in ("tts", "cards"):
        run = smersh("build", str(EPIC), "--format", form, "--out", str(out))
        assert run.returncode == 0, run.stderr[-3000:]
    return out


def saved(folder: Path, deck: str) -> dict:
    return json.loads((folder / f"{deck}.json").read_text(encoding="utf-8"))


def test_the_saved_objects_follow_the_schema_and_name_files_that_exist(built):
    folder = built / "smersh" / "tts"
    objects = sorted(folder.glob("*.json"))
    assert {p.stem for p in objects} >= {"status", "gadget", "mission", "encounter-europe"}
    run = check_jsonschema(SCHEMAS / "tts-saved-object.schema.json", *objects)
    assert run.returncode == 0, run.stdout[-2000:]
    for path in objects:
        deck = json.loads(path.read_text(encoding="utf-8"))["ObjectStates"][0]
        assert deck["Name"] == "DeckCustom"
        for entry in deck["CustomDeck"].values():
            for url in (entry["FaceURL"], entry["BackURL"]):
                assert "/" not in url and (folder / url).is_file(), url
        assert deck["DeckIDs"] == [card["CardID"] for card in deck["ContainedObjects"]]


def test_sheets_are_within_tts_limits(built):
    folder = built / "smersh" / "tts"
    status = saved(folder, "status")["ObjectStates"][0]
    entry = status["CustomDeck"]["1"]
    assert (entry["NumWidth"], entry["NumHeight"]) == (10, 2)     # 18 cards
    with Image.open(folder / entry["FaceURL"]) as sheet:
        assert max(sheet.size) <= MAX_SIDE_PX
        assert sheet.size == (10 * (sheet.width // 10), 2 * (sheet.height // 2))
    assert grid(70, 744, 1039).columns == 10 and grid(70, 744, 1039).rows == 7
    assert 7 * grid(70, 744, 1039).cell_height <= MAX_SIDE_PX
    assert (grid(1, 744, 1039).columns, grid(1, 744, 1039).rows) == (2, 2)   # TTS's smallest grid


def test_each_grid_cell_holds_its_card(built):
    """Each place of the status sheet is, of all the deck's card images, nearest to the
    image of the card whose CardID names that place."""
    folder = built / "smersh" / "tts"
    images = built / "smersh" / "cards" / "pnp"
    deck = saved(folder, "status")["ObjectStates"][0]
    entry = deck["CustomDeck"]["1"]
    sheet = Image.open(folder / entry["FaceURL"]).convert("RGB")
    width, height = sheet.width // entry["NumWidth"], sheet.height // entry["NumHeight"]
    faces = sorted(images.glob("status-[0-9][0-9].png"))
    small = [Image.open(p).convert("RGB").resize((width, height)) for p in faces]
    manifest = json.loads((images / "cards.json").read_text(encoding="utf-8"))
    names = [c["card"] for c in manifest["cards"] if c["deck"] == "status"]
    for card in deck["ContainedObjects"]:
        place = card["CardID"] - 100
        row, column = divmod(place, entry["NumWidth"])
        cell = sheet.crop((column * width, row * height, (column + 1) * width, (row + 1) * height))
        distances = [difference(cell, image) for image in small]
        nearest = min(range(len(small)), key=distances.__getitem__)
        assert names[nearest] == card["Nickname"] == names[place], (place, distances)


def test_base_url_goes_before_every_file_name(built, tmp_path):
    run = smersh("build", str(EPIC), "--format", "tts", "--base-url", BASE, "--out", str(tmp_path))
    assert run.returncode == 0, run.stderr[-2000:]
    entry = saved(tmp_path / "smersh" / "tts", "mission")["ObjectStates"][0]["CustomDeck"]["1"]
    assert entry["FaceURL"] == BASE + "mission-faces-1.png"
    assert entry["BackURL"] == BASE + "mission-back.png"
    assert (tmp_path / "smersh" / "tts" / "mission-faces-1.png").is_file()


def test_a_one_card_deck_is_a_single_custom_card(tmp_path):
    """The Aussie Butcher is a deck of one: TTS saves one card as a `Card`, not a deck."""
    import io

    from smersh_dsl.print.cards.images import CardSides, Plan, Side
    from smersh_dsl.print.cards.model import Back, Card, Deck
    from smersh_dsl.print.cards.tts import tts_decks

    card = Card("henchman card The Aussie Butcher", "henchman", "", Back("henchman", ""))
    deck = Deck("henchman", "Henchman", (card,))
    sides = CardSides(deck, 1, card, Side("henchman-01.png", "face", "henchman", card.label, ""),
                      Side("henchman-01-back.png", "back", "henchman", "back", ""))
    buffer = io.BytesIO()
    Image.new("RGB", (63, 88), "red").save(buffer, format="PNG")
    pictures = {("sh", "henchman-01.png"): buffer.getvalue(),
                ("sh", "henchman-01-back.png"): buffer.getvalue()}
    made, = tts_decks(Plan("sh", "Swagman's Hope", "", (), (sides,)), pictures)
    state, = made.saved_object["ObjectStates"]
    assert state["Name"] == "Card" and state["CardID"] == 100
    assert state["CustomDeck"]["1"]["FaceURL"] == "henchman-faces-1.png"
    assert set(made.files) == {"henchman-faces-1.png", "henchman-back.png"}
    path = tmp_path / "henchman.json"
    path.write_text(json.dumps(made.saved_object), encoding="utf-8")
    run = check_jsonschema(SCHEMAS / "tts-saved-object.schema.json", path)
    assert run.returncode == 0, run.stdout[-2000:]

"""A whole game saved between rounds, and continued from the file (`smersh play --game
--save FILE`): the state, the spies, the dice's state, and which document it belongs to.

Reading a save checks every field against the dataclass it fills, so a damaged or
hand-edited file is an error that names the field (a JSON pointer), never a game that
goes wrong later.
"""

from __future__ import annotations

import dataclasses
import json
import random
import types
import typing
from pathlib import Path

from smersh_dsl.export.atomic import write_atomic
from smersh_dsl.export.outputs import OutputError
from smersh_dsl.play.core.files import read_json
from smersh_dsl.play.epic.party import Spy
from smersh_dsl.play.epic.world import Record, Seat, State

FORMAT = "smersh-epic-save"
VERSION = 1


class SaveProblem(Exception):
    pass


def identity(doc: dict) -> dict:
    return {"id": doc.get("id"), "version": doc.get("version"),
            "with": [e.get("id") if isinstance(e, dict) else e for e in doc.get("expansions") or []],
            "entries": len(doc.get("entries") or [])}


def dump(game) -> dict:  # noqa: ANN001 - game.Game
    party = game.party
    version, internal, gauss = game.rng.getstate()
    return {"format": FORMAT, "format_version": VERSION, "document": identity(game.doc),
            "rng": [version, list(internal), gauss],
            "state": _plain(game.state),
            "spies": [_plain(s) for s in party.spies],
            "lobo": party.lobo, "board_intel": dict(party.board_intel)}


def save(path: Path, game) -> None:  # noqa: ANN001 - game.Game
    """Write atomically: an interrupted save leaves the previous one whole."""
    try:
        write_atomic(path, json.dumps(dump(game), indent=1, ensure_ascii=False) + "\n")
    except OSError as error:
        raise OutputError(path, error.strerror or str(error)) from None


def load(path: Path, doc: dict, say):  # noqa: ANN001, ANN201 - game.Game
    from smersh_dsl.play.epic.game import Game
    data = read_json(path, SaveProblem)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveProblem(f"{path}: not a saved game of smersh play --game")
    if data.get("format_version") != VERSION:
        raise SaveProblem(f"{path}: /format_version: a save of version "
                          f"{data.get('format_version')!r}; this smersh reads version {VERSION}")
    missing = [k for k in ("document", "rng", "state", "spies", "lobo", "board_intel")
               if k not in data]
    if missing:
        raise SaveProblem(f"{path}: /{missing[0]}: missing: not a whole saved game")
    if data.get("document") != identity(doc):
        saved = data.get("document") or {}
        raise SaveProblem(f"{path}: /document: this game was saved from {saved.get('id')} "
                          f"{saved.get('version')} with {saved.get('with')}, not {doc.get('id')} "
                          f"{doc.get('version')} with {identity(doc)['with']}")
    try:
        state = _build(State, data.get("state"), "/state")
        spies = [_build(Spy, s, f"/spies/{i}") for i, s in enumerate(_list(data.get("spies"), "/spies"))]
        rng = random.Random()
        version, internal, gauss = _list(data.get("rng"), "/rng")
        rng.setstate((version, tuple(internal), gauss))
    except (TypeError, ValueError) as error:
        raise SaveProblem(f"{path}: /rng: not the state of the dice ({error})") from None
    except SaveProblem as problem:
        raise SaveProblem(f"{path}: {problem}") from None
    _consistent(path, doc, state, spies)
    game = Game(doc, state, rng, say, spies)
    game.party.lobo = _int(data.get("lobo"), "/lobo")
    game.party.board_intel.update(_build(dict[str, int], data.get("board_intel"), "/board_intel"))
    return game


def _consistent(path: Path, doc: dict, state: State, spies: list[Spy]) -> None:
    places = {loc["name"] for r in doc["regions"] for loc in r["locations"]}
    if len(spies) != len(state.seats) or not spies:
        raise SaveProblem(f"{path}: /spies: {len(spies)} spies for {len(state.seats)} seats")
    for i, seat in enumerate(state.seats):
        if seat.location not in places:
            raise SaveProblem(f"{path}: /state/seats/{i}/location: no place {seat.location!r} "
                              "on the board")
        if seat.bot not in ("sensible", "random", "person"):
            raise SaveProblem(f"{path}: /state/seats/{i}/bot: unknown player {seat.bot!r} "
                              "(sensible, random or person)")
    if not 0 <= state.turn <= len(state.seats):
        raise SaveProblem(f"{path}: /state/turn: {state.turn} is not a seat")


# -- plain data both ways ----------------------------------------------------------------

def _plain(value: object) -> object:
    if dataclasses.is_dataclass(value):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _list(value: object, where: str) -> list:
    if not isinstance(value, list):
        raise SaveProblem(f"{where}: expected a list")
    return value


def _int(value: object, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise SaveProblem(f"{where}: expected a whole number, not {value!r}")
    return value


def _build(kind: object, value: object, where: str) -> object:
    """``value`` as ``kind`` (a dataclass, list[...], dict[str, ...], set[str], a union
    with None, or a plain type), or a SaveProblem naming ``where``."""
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if dataclasses.is_dataclass(kind):
        if not isinstance(value, dict):
            raise SaveProblem(f"{where}: expected an object")
        hints = typing.get_type_hints(kind)
        fields = {f.name: f for f in dataclasses.fields(kind) if f.init}
        unknown = sorted(set(value) - set(fields))
        if unknown:
            raise SaveProblem(f"{where}/{unknown[0]}: not a field of a saved game")
        made = {}
        for name, f in fields.items():
            if name not in value:
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                    raise SaveProblem(f"{where}/{name}: missing")
                continue
            made[name] = _build(hints[name], value[name], f"{where}/{name}")
        return kind(**made)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        real = [a for a in args if a is not type(None)]
        return _build(real[0], value, where)
    if origin is list:
        return [_build(args[0], v, f"{where}/{i}") for i, v in enumerate(_list(value, where))]
    if origin is set:
        return {_build(args[0], v, f"{where}/{i}") for i, v in enumerate(_list(value, where))}
    if origin is dict:
        if not isinstance(value, dict):
            raise SaveProblem(f"{where}: expected an object")
        return {k: _build(args[1], v, f"{where}/{k}") for k, v in value.items()}
    if kind is int:
        return _int(value, where)
    if kind is bool:
        if not isinstance(value, bool):
            raise SaveProblem(f"{where}: expected true or false, not {value!r}")
        return value
    if kind is str:
        if not isinstance(value, str):
            raise SaveProblem(f"{where}: expected a text, not {value!r}")
        return value
    if kind is dict or kind is object:
        return value
    raise SaveProblem(f"{where}: cannot read a {kind}")


__all__ = ["Record", "Seat", "SaveProblem", "dump", "load", "save"]

"""A whole game saved between rounds, and continued from the file (`smersh play epic
--save FILE`): the state, the spies, the dice's state, and which document it belongs to.

Reading a save checks it against its schema (schemas/save.schema.json), then against the
document it belongs to (`save_checks`), then fills the dataclasses, so a damaged or
hand-edited file is an error that names the file and the field (a JSON pointer), never
a crash or a game that goes wrong later.
"""

from __future__ import annotations

import dataclasses
import json
import random
import types
import typing
from pathlib import Path

from smersh_dsl.files.atomic import write_atomic
from smersh_dsl.files.outputs import OutputError
from smersh_dsl.play.core.files import read_json
from smersh_dsl.play.epic.party import Spy
from smersh_dsl.play.epic.save_checks import document_problem, schema_problem
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
    """The game saved in ``path``, or a SaveProblem naming the file and the field: read
    within a budget, then checked against schemas/save.schema.json and against ``doc``."""
    from smersh_dsl.play.epic.game import Game
    data = read_json(path, SaveProblem)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveProblem(f"{path}: not a saved game of smersh play epic")
    if data.get("format_version") != VERSION:
        raise SaveProblem(f"{path}: /format_version: a save of version "
                          f"{data.get('format_version')!r}; this smersh reads version {VERSION}")
    problem = schema_problem(data)
    if problem is None and data["document"] != identity(doc):
        saved = data["document"]
        problem = (f"/document: this game was saved from {saved['id']} {saved['version']} "
                   f"with {saved['with']}, not {doc.get('id')} {doc.get('version')} "
                   f"with {identity(doc)['with']}")
    problem = problem or document_problem(doc, data)
    if problem is not None:
        raise SaveProblem(f"{path}: {problem}")
    try:
        state = _build(State, data["state"], "/state")
        spies = [_build(Spy, s, f"/spies/{i}") for i, s in enumerate(data["spies"])]
    except SaveProblem as problem:
        raise SaveProblem(f"{path}: {problem}") from None
    rng = random.Random()
    version, internal, gauss = data["rng"]
    rng.setstate((version, tuple(internal), gauss))
    game = Game(doc, state, rng, say, spies)
    game.party.lobo = data["lobo"]
    game.party.board_intel.update(data["board_intel"])
    return game


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

"""The published JSON Schemas as files, and self-contained copies of them.

The files in ``schemas/`` have no `$id` and refer to each other by relative `$ref`s
(`common.schema.json#/$defs/step`), so any validator resolves them from the folder they
sit in, offline. A program that wants one file instead gets a *bundle*: the schema with
every file it reaches copied under its own `$defs` (`#/$defs/common/...`) and each
reference rewritten to point there, which every draft 2020-12 validator follows without
fetching anything (docs/json.md, "Validating without smersh").
"""

from __future__ import annotations

import json
from functools import lru_cache

from smersh_dsl.resources import schemas_dir

SUFFIX = ".schema.json"
# What is dropped from a file copied into a bundle: its dialect is the root's, and its
# examples are documents of another kind.
_NOT_COPIED = ("$schema", "examples")

Json = dict


@lru_cache(maxsize=1)
def schema_files() -> dict[str, Json]:
    """Every published schema by file name (``game.schema.json``)."""
    return {p.name: json.loads(p.read_text(encoding="utf-8"))
            for p in sorted(schemas_dir().glob("*" + SUFFIX))}


def kinds() -> list[str]:
    """The names `smersh schema KIND` takes: each file's name without `.schema.json`."""
    return [name[: -len(SUFFIX)] for name in schema_files()]


def _split(ref: str) -> tuple[str, str]:
    file, _, pointer = ref.partition("#")
    return file, pointer


def _refs(node) -> set[str]:
    if isinstance(node, dict):
        found = {node["$ref"]} if isinstance(node.get("$ref"), str) else set()
        for value in node.values():
            found |= _refs(value)
        return found
    if isinstance(node, list):
        return set().union(*map(_refs, node)) if node else set()
    return set()


def reached(name: str) -> list[str]:
    """The other files that schema ``name`` refers to, directly or through another."""
    files, seen, todo = schema_files(), {name}, [name]
    while todo:
        for ref in _refs(files[todo.pop()]):
            target = _split(ref)[0]
            if target and target not in seen:
                seen.add(target)
                todo.append(target)
    return sorted(seen - {name})


def _rewritten(node, here: str, prefix: dict[str, str]):
    """``node`` of file ``here`` with every `$ref` pointing inside the bundle."""
    if isinstance(node, dict):
        out = {}
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                file, pointer = _split(value)
                value = "#" + prefix[file or here] + pointer
            out[key] = _rewritten(value, here, prefix)
        return out
    if isinstance(node, list):
        return [_rewritten(value, here, prefix) for value in node]
    return node


def bundle(name: str) -> Json:
    """Schema ``name`` with every file it reaches inside it: one file, no `$ref` outside."""
    files = schema_files()
    root = files[name]
    others = reached(name)
    prefix = {name: ""} | {other: "/$defs/" + other[: -len(SUFFIX)] for other in others}
    clash = [p for p in prefix.values() if p and p.rsplit("/", 1)[1] in root.get("$defs", {})]
    if clash:
        raise ValueError(f"{name}: its $defs already hold {clash[0]!r}; cannot bundle")
    result = _rewritten(root, name, prefix)
    defs = result.setdefault("$defs", {})
    for other in others:
        copied = {k: v for k, v in files[other].items() if k not in _NOT_COPIED}
        copied["description"] = (f"A copy of {other}, bundled so that this file needs no "
                                 f"other. {copied.get('description', '')}").strip()
        defs[other[: -len(SUFFIX)]] = _rewritten(copied, other, prefix)
    return result


def schema_text(kind: str, bundled: bool) -> str:
    """What `smersh schema KIND` prints: the file as published, or its bundle."""
    name = kind + SUFFIX
    if not bundled:
        return (schemas_dir() / name).read_text(encoding="utf-8")
    return json.dumps(bundle(name), indent=2, ensure_ascii=False) + "\n"

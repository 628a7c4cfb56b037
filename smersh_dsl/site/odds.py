"""The Odds page's figures: `smersh stats`' difficulty table, and its exact chance of
winning a showdown for a party (play/epic/exact.py), never a second computation."""

from __future__ import annotations

from smersh_dsl.play.epic.stats import LEVELS, difficulty, odds

_TABLES: dict[str, list[tuple[str, list[float]]]] = {}


def difficulty_rows(doc: dict, made: str) -> list[tuple[str, list[float]]]:
    """Per card and section, the mean chance to pass its tests at levels 0-5 (no
    resolve), kept by what the document's tests are made of (``made``)."""
    if made not in _TABLES:
        if len(_TABLES) > 16:
            _TABLES.clear()
        _TABLES[made] = list(difficulty(odds(doc)).items()) if doc.get("vocabulary") else []
    return _TABLES[made]


def levels() -> list[int]:
    return list(LEVELS)


def victory(doc: dict, party: dict) -> dict:
    """The exact chance that ``party`` ({"section", "spies": [levels...]}) wins, or why
    there is none."""
    from smersh_dsl.play.core.errors import NotPlayable
    from smersh_dsl.play.epic.exact import exact_victory
    from smersh_dsl.play.epic.victory import make_party
    try:
        chance = exact_victory(doc, party["section"], make_party(party["spies"]))
    except (NotPlayable, ValueError) as problem:
        return {"section": party["section"], "error": str(problem)}
    if chance is None:
        return {"section": party["section"],
                "error": "too many states to solve exactly: use `smersh stats --showdown`"}
    return {"section": party["section"], "chance": float(chance), "fraction": str(chance)}

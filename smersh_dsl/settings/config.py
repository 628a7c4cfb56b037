"""Configuration files: `smersh.toml`, or `[tool.smersh]` in a `pyproject.toml`.

The nearest one above a project's folder applies (a `smersh.toml` wins over a
`pyproject.toml` in the same folder); where it is looked for, and which files may be
one, is `settings.search`. Keys:

    select = ["G", "C001"]        # report only these rules (codes, prefixes or names)
    ignore = ["todo-in-text"]     # never report these

    [difficulty]                  # the difficulty lint (Q001), when it is selected
    level = 2                     # the typical spy's level in the tested skill
    resolve = 1                   # resolve the typical spy may spend on a test
    low = 5                       # report tests passed less often than this (per cent)
    high = 95                     # ... or more often than this
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import field
from pathlib import Path

from smersh_dsl.diagnostics.diagnostic import Diagnostic
from smersh_dsl.model.span import Span
from smersh_dsl.files.reading import Outside, Refused, read_regular
from smersh_dsl.records import dataclass
from smersh_dsl.settings.search import outside
from smersh_dsl.settings.selection import Selection, unknown_items

KEYS = ("select", "ignore", "difficulty", "editor_url")
# Where a finding's `file:line:column` in `smersh serve` and the site leads: the editor, at
# that place. `{path}` is the absolute file, `{line}` and `{column}` count from 1.
EDITOR_URL = "vscode://file/{path}:{line}:{column}"
_URL_FIELDS = re.compile(r"\{(\w*)\}")
DIFFICULTY_KEYS = ("level", "resolve", "low", "high")


@dataclass(frozen=True)
class Difficulty:
    """Q001's typical spy and thresholds (docs/checking.md). A skill level of 2: the spy
    sheets spread 7 points over 5 skills, so most tested skills stand at 1 or 2, and a
    new spy trains the one a player leans on."""

    level: int = 2
    resolve: int = 1
    low: float = 5.0
    high: float = 95.0
MAX_CONFIG_BYTES = 1 << 20      # a configuration is a few lines; a FIFO or /dev/zero is not read
_TOML_POSITION = re.compile(r"at line (\d+), column (\d+)")


@dataclass
class Config:
    path: Path | None = None
    selection: Selection = field(default_factory=Selection)
    difficulty: Difficulty = field(default_factory=Difficulty)
    editor_url: str = EDITOR_URL
    problems: list[Diagnostic] = field(default_factory=list)


def has_table(path: Path) -> bool:
    """Whether a `pyproject.toml` holds `[tool.smersh]` (one that cannot be read does not)."""
    try:
        raw = read_regular(path, None, MAX_CONFIG_BYTES)
    except (OSError, Refused):
        return False        # unreadable: not ours to report; the search goes on upward
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return b"[tool.smersh]" in raw
    return isinstance(data.get("tool"), dict) and "smersh" in data["tool"]


def _key_span(shown: str, text: str, key: str, value: str | None = None) -> Span:
    """Where ``key`` is set (or, with ``value``, that quoted item of its list)."""
    lines = text.split("\n")
    first = next((n for n, line in enumerate(lines, start=1)
                  if re.match(rf"\s*{re.escape(key)}\s*=", line)), None)
    if first is None:
        return Span.point(shown, 1, 1)
    if value is not None:
        for number in range(first, len(lines) + 1):
            found = lines[number - 1].find(f'"{value}"')
            if found >= 0:
                return Span(shown, number, found + 1, number, found + len(value) + 3)
            if "]" in lines[number - 1]:
                break
    column = lines[first - 1].index(key)
    return Span(shown, first, column + 1, first, column + len(key) + 1)


def _problem(span: Span, message: str, hint: str) -> Diagnostic:
    return Diagnostic.of("L003", span, message, hint)


def load_config(path: Path, shown: str, root: Path | None = None) -> Config:
    """The configuration in ``path`` (shown as ``shown``), read only if it stays inside
    ``root`` (None: a file the user named, read wherever it is)."""
    config = Config(path)
    try:
        text = read_regular(path, root, MAX_CONFIG_BYTES).decode("utf-8")
        data = tomllib.loads(text)
    except Outside:
        config.problems.append(outside(shown))
        return config
    except (OSError, UnicodeDecodeError, Refused) as error:
        config.problems.append(_problem(Span.point(shown, 1, 1), f"cannot read the configuration: {error}",
                                        "fix or remove the file"))
        return config
    except tomllib.TOMLDecodeError as error:
        text_error = str(error)
        where = _TOML_POSITION.search(text_error)
        if where:
            line, column = int(where.group(1)), int(where.group(2))
        else:   # "at end of document"
            line = text.count("\n") + 1
            column = len(text) - (text.rfind("\n") + 1) + 1
        message = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", text_error)
        config.problems.append(_problem(Span.point(shown, line, column),
                                        f"the configuration is not valid TOML: {message}",
                                        "fix the TOML syntax"))
        return config
    nested = path.name == "pyproject.toml" or (set(data) == {"tool"} and isinstance(data["tool"], dict)
                                               and "smersh" in data["tool"])
    # A smersh.toml may hold its keys at the top, or under the same [tool.smersh]
    # header a pyproject.toml uses (writers copy the one into the other).
    table = data.get("tool", {}).get("smersh", {}) if nested else data
    if not isinstance(table, dict):
        config.problems.append(_problem(Span.point(shown, 1, 1), "`tool.smersh` is not a table",
                                        "write it as `[tool.smersh]`"))
        return config
    lists: dict[str, tuple[str, ...]] = {}
    for key, value in table.items():
        if key not in KEYS:
            config.problems.append(_problem(_key_span(shown, text, key), f"unknown setting `{key}`",
                                            "the settings are " + ", ".join(f"`{k}`" for k in KEYS)))
            continue
        if key == "difficulty":
            config.difficulty = _difficulty(value, shown, text, config.problems)
            continue
        if key == "editor_url":
            fields = set(_URL_FIELDS.findall(value)) if isinstance(value, str) else None
            if fields is None or "path" not in fields or not fields <= {"path", "line", "column"}:
                config.problems.append(_problem(_key_span(shown, text, key),
                                                "`editor_url` must be a text with `{path}`, and "
                                                "`{line}` and `{column}` if it wants them",
                                                f'for example `editor_url = "{EDITOR_URL}"`'))
            else:
                config.editor_url = value
            continue
        items = [value] if isinstance(value, str) else value
        if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
            config.problems.append(_problem(_key_span(shown, text, key),
                                            f"`{key}` must be a list of rule codes or names",
                                            f'for example `{key} = ["G001", "T"]`'))
            continue
        for unknown in unknown_items(items):
            config.problems.append(_problem(_key_span(shown, text, key, unknown),
                                            f"`{unknown}` in `{key}` names no rule",
                                            "`smersh rules` lists every code and name"))
        lists[key] = tuple(items)
    config.selection = Selection(lists.get("select"), lists.get("ignore", ()))
    return config


def _difficulty(value: object, shown: str, text: str, problems: list[Diagnostic]) -> Difficulty:
    """The `[difficulty]` table; a key that is unknown or not a number is L003."""
    if not isinstance(value, dict):
        problems.append(_problem(_key_span(shown, text, "difficulty"), "`difficulty` is not a table",
                                 "write it as `[difficulty]` with `level`, `resolve`, `low`, `high`"))
        return Difficulty()
    found: dict[str, float] = {}
    for key, item in value.items():
        if key not in DIFFICULTY_KEYS:
            problems.append(_problem(_key_span(shown, text, key), f"unknown difficulty setting `{key}`",
                                     "the settings are " + ", ".join(f"`{k}`" for k in DIFFICULTY_KEYS)))
        elif isinstance(item, bool) or not isinstance(item, (int, float)) or item < 0 or (
                key in ("level", "resolve") and not isinstance(item, int)) or (
                key in ("low", "high") and item > 100):
            problems.append(_problem(_key_span(shown, text, key),
                                     f"`{key}` must be a whole number" if key in ("level", "resolve")
                                     else f"`{key}` must be a per cent from 0 to 100",
                                     "for example `level = 2`, `low = 5`"))
        else:
            found[key] = item
    return Difficulty(**found)  # type: ignore[arg-type]


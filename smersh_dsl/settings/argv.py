"""A command line read word by word, as click reads it: paths, `--name=value`,
`--name value` for an option that takes one, flags, and everything after `--` a path.
Shared by the old `smersh play` spellings' rewrite (cli/play_aliases.py) and the daemon's
reading of a check request (daemon/arguments.py), which must split a line exactly as
click would before click sees it."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from smersh_dsl.records import dataclass


@dataclass(frozen=True, slots=True)
class Word:
    """One word of a command line: a path (``name`` None, the path in ``value``), or an
    option and its value (None for a flag, or where the line ends before the value an
    option needs); ``inline`` when the value came after ``=``."""

    name: str | None
    value: str | None
    inline: bool = False


def words(args: Iterable[str], takes_value: Callable[[str], bool]) -> Iterator[Word]:
    """The words of ``args``; an option named without ``=`` for which ``takes_value`` is
    true takes the next argument as its value."""
    rest = iter(args)
    for arg in rest:
        if arg == "--":
            yield from (Word(None, path) for path in rest)
            return
        if not arg.startswith("-") or arg == "-":
            yield Word(None, arg)
            continue
        name, has_value, value = arg.partition("=")
        if has_value:
            yield Word(name, value, inline=True)
        else:
            yield Word(name, next(rest, None) if takes_value(name) else None)

"""A check request's command line read into the pipeline's options, as click reads it for
`smersh check` (protocol.py has already refused every option not in CHECK_OPTIONS).

Where click would refuse the line (a missing value, a format or rule that does not exist,
a `--config` that is no readable file), or the paths name nothing to check, the daemon
does not imitate click's words: it answers that the client should run the check in its
own process, which then prints exactly what `smersh check` prints, error and all."""

from __future__ import annotations

import os
from pathlib import Path

from smersh_dsl.diagnostics.report import REPORTERS
from smersh_dsl.pipeline.check import CheckOptions
from smersh_dsl.settings.argv import words
from smersh_dsl.settings.selection import split_items, unknown_items

# The options that take no value, by the name CheckOptions gives them.
_FLAGS = {"--quiet": "quiet", "-q": "quiet", "--statistics": "statistics", "--exit-zero": "exit_zero"}


def check_options(argv: list[str]) -> CheckOptions | None:
    """The options of ``argv`` (`check` and what follows it), read in the working folder;
    None where `smersh check` would stop with a usage error."""
    paths: list[str] = []
    values: dict[str, list[str]] = {"--format": [], "--select": [], "--ignore": [], "--config": []}
    flags: dict[str, bool] = {}
    for word in words(argv[1:], values.__contains__):
        if word.name is None:
            paths.append(word.value)
        elif word.name in _FLAGS and not word.inline:
            flags[_FLAGS[word.name]] = True
        elif word.name not in values or word.value is None:
            return None                 # unknown, a flag given a value, or a value missing
        else:
            values[word.name].append(word.value)
    return _checked(paths, values, flags)


def _checked(paths: list[str], values: dict[str, list[str]], flags: dict[str, bool]
             ) -> CheckOptions | None:
    """The options, once each value is one `smersh check` accepts (the last of a value
    given twice wins, as in click; `--select` and `--ignore` add up)."""
    select = split_items(values["--select"]) or None
    ignore = split_items(values["--ignore"])
    fmt = (values["--format"] or ["text"])[-1]
    config = values["--config"][-1] if values["--config"] else None
    if unknown_items((select or []) + ignore) or fmt not in REPORTERS:
        return None
    if config is not None and not _readable_file(config):
        return None
    return CheckOptions(tuple(Path(p) for p in paths), fmt, select=select, ignore=ignore,
                        config=None if config is None else Path(config), **flags)


def _readable_file(path: str) -> bool:
    """What `click.Path(exists=True, dir_okay=False)` takes."""
    return os.path.exists(path) and not os.path.isdir(path) and os.access(path, os.R_OK)

"""Reading the JSON files a player keeps (a campaign log, a saved game): one message for
a truncated or unreadable file, naming the file, line and column."""

from __future__ import annotations

import json
from pathlib import Path


def read_json(path: Path, problem: type[Exception]) -> object:
    """The JSON in ``path``, or ``problem`` with a message a person can act on."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise problem(f"{path}:{error.lineno}:{error.colno}: not JSON (a truncated save?): "
                      f"{error.msg}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise problem(f"{path}: cannot be read: {getattr(error, 'strerror', None) or error}") \
            from None

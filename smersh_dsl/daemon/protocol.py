"""What the daemon accepts on its socket, and how long it waits for it.

A request is one line of JSON (request.schema.json beside this module) that must arrive
whole, within MAX_REQUEST_BYTES and READ_WAIT_S: a client that sends half a request and
holds the socket is dropped, never waited for. A check request names `check` and only the
options of CHECK_OPTIONS: the daemon never builds, formats or writes (`build --out`,
`new -o`), and it takes from the client's environment only what changes a check's output.
Whatever is refused raises Refused, whose message goes back to the client and to the log.
"""

from __future__ import annotations

import json
import socket
import time
from functools import lru_cache
from pathlib import Path
from typing import Any

from smersh_dsl.daemon.client import PASSED_ENV

MAX_REQUEST_BYTES = 1 << 20     # a check of thousands of files named one by one fits
READ_WAIT_S = 5.0               # a client sends its request at once, then waits
SCHEMA_FILE = Path(__file__).with_name("request.schema.json")

# The options of `smersh check` a client may pass, and whether each takes a value. Each
# only chooses what is checked and how it is printed; `--daemon` is the client's own.
CHECK_OPTIONS: dict[str, bool] = {
    "--format": True, "--select": True, "--ignore": True, "--config": True,
    "--quiet": False, "-q": False, "--statistics": False, "--exit-zero": False,
}
# Left out on purpose: --output-file (-o), since the daemon never writes; with it the
# check runs in the client's process.


class Refused(Exception):
    """A request the daemon will not serve; the message says why, for the client."""


def read_request(conn: socket.socket, wait_s: float = READ_WAIT_S,
                 limit: int = MAX_REQUEST_BYTES) -> bytes:
    """The request's bytes: up to its newline or the end of the client's sending side,
    whichever comes first, within ``wait_s`` seconds in all and ``limit`` bytes."""
    deadline = time.monotonic() + wait_s
    chunks: list[bytes] = []
    size = 0
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise Refused(f"the request did not arrive whole within {wait_s:g} s")
        conn.settimeout(left)
        try:
            chunk = conn.recv(1 << 16)
        except socket.timeout:
            continue                    # the deadline check above says so
        if not chunk or b"\n" in chunk:
            chunks.append(chunk.split(b"\n", 1)[0])
            return b"".join(chunks)
        size += len(chunk)
        if size > limit:
            raise Refused(f"the request is over the limit of {limit:,} bytes")
        chunks.append(chunk)


@lru_cache(maxsize=1)
def _validator() -> Any:
    from jsonschema import Draft202012Validator
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def parse(raw: bytes) -> dict:
    """The request in ``raw``, once it follows the schema and names only check options."""
    try:
        message = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise Refused("the request is not JSON") from None
    if not isinstance(message, dict):
        raise Refused(f"the request is not a JSON object but {type(message).__name__}")
    problem = _schema_problem(message)
    if problem:
        raise Refused(problem)
    if "argv" in message:
        refused = refused_option(message["argv"])
        if refused is not None:
            raise Refused(f"the daemon takes only these options of `check`: "
                          f"{', '.join(CHECK_OPTIONS)}; not {refused!r}")
    return message


def _schema_problem(message: dict) -> str | None:
    """Why ``message`` breaks the schema, in words a person can act on (or None)."""
    from jsonschema.exceptions import best_match
    error = best_match(_validator().iter_errors(message))
    if error is None:
        return None
    where = list(error.absolute_path)
    if not where:
        return "the request is none of ping, stop or check (an object with argv, cwd and env)"
    if where == ["argv", 0]:
        return f"the daemon runs `check` and nothing else, not {str(error.instance)[:80]!r}"
    return f"{'/'.join(map(str, where))}: {error.message[:200]}"


def refused_option(argv: list[str]) -> str | None:
    """The first item of ``argv`` (after `check`) that is an option not in CHECK_OPTIONS,
    read as click reads it: `--name=value`, or `--name value`, and after `--` only paths."""
    items = iter(argv[1:])
    for item in items:
        if item == "--":
            return None
        if not item.startswith("-") or item == "-":
            continue
        name, has_value, _ = item.partition("=")
        if name not in CHECK_OPTIONS or (has_value and not CHECK_OPTIONS[name]):
            return item[:80]
        if CHECK_OPTIONS[name] and not has_value:
            next(items, None)
    return None


def environment(message: dict) -> dict[str, str | None]:
    """What each passed variable is set to for this check: the client's value, or None
    (unset) where the client has none, so that the daemon's own never leaks in."""
    given = message.get("env", {})
    return {name: given.get(name) for name in PASSED_ENV}

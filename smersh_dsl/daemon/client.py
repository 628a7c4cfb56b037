"""The client side of `smersh check --daemon`, kept light: it imports no checker, no Lark,
no click, so that asking a warm daemon costs milliseconds. When no daemon answers it
starts one (in the background, outliving this command) and waits for it; when that fails
the check runs in this process as usual, with a note on stderr."""

from __future__ import annotations

import json
import os
import socket
import sys
import time
from pathlib import Path

START_WAIT_S = 30          # a daemon's start: imports, then it listens
REPLY_WAIT_S = 3600        # a first check of a very large project
# The environment a check's output depends on (the cache's is part of the socket's name);
# the daemon accepts no other variable (request.schema.json lists the same).
PASSED_ENV = ("SMERSH_DEBUG",)


# Options of `check` that write the project's files (or show what they would write): such a
# check runs in this process, never in the daemon, which never writes.
WRITING = ("--fix", "--diff", "--unsafe-fixes")
# The daemon's reply to a check it leaves to the client (a usage error, which click words
# in the client's own process): run it here, with nothing said of the daemon.
LOCAL = "local"


def wants_daemon(argv: list[str]) -> bool:
    """`smersh check ... --daemon ...` (before any `--` that ends the options), unless it
    fixes files: `--fix`/`--diff` run here, with `--daemon` ignored."""
    options = argv[: argv.index("--")] if "--" in argv else argv
    return (bool(argv) and argv[0] == "check" and "--daemon" in options
            and not any(o in options for o in WRITING))


def receive(conn: socket.socket) -> bytes:
    """Everything the other side sends until it closes its end (both sides use this)."""
    chunks = []
    while True:
        chunk = conn.recv(1 << 20)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def request(message: dict, path: Path, timeout: float = REPLY_WAIT_S) -> dict:
    """Send one message, read one reply (both a line of JSON)."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
        conn.settimeout(timeout)
        conn.connect(str(path))
        conn.sendall(json.dumps(message).encode() + b"\n")
        conn.shutdown(socket.SHUT_WR)
        reply = receive(conn)
    if not reply:
        raise ConnectionError("the daemon closed the connection without answering")
    return json.loads(reply)


def ping(path: Path) -> dict | None:
    """The answer of the daemon listening at ``path`` (its process id, as `pong`, and for
    how many seconds its current check has run, as `busy`), or None when none answers.
    A daemon answers a ping at once, even in the middle of a check."""
    try:
        reply = request({"ping": True}, path, timeout=5)
    except (OSError, ValueError):
        return None
    return reply if isinstance(reply, dict) and "pong" in reply else None


def running(path: Path) -> int | None:
    """The process id of the daemon listening at ``path``, or None when none answers."""
    reply = ping(path)
    return None if reply is None else reply["pong"]


def start(path: Path) -> None:
    """Start a daemon for ``path`` in its own session, and wait until it listens."""
    log = path.with_suffix(".log")
    with open(log, "ab") as out:
        import subprocess                   # only to start one: a warm ask needs none
        daemon = subprocess.Popen([sys.executable, "-m", "smersh_dsl.daemon.server", str(path)],
                                  stdin=subprocess.DEVNULL, stdout=out, stderr=out,
                                  start_new_session=True, close_fds=True)
    deadline = time.monotonic() + START_WAIT_S
    while time.monotonic() < deadline:
        ended = daemon.poll() is not None     # it failed, or another daemon was quicker
        if running(path) is not None:
            return
        if ended:
            break
        time.sleep(0.02)
    raise TimeoutError(f"no daemon answered (see {log})")


def forward(argv: list[str]) -> int | None:
    """Run `smersh check --daemon` through the daemon: its exit code, once its output is
    printed. None when the check should run in this process instead."""
    if not wants_daemon(argv):
        return None
    from smersh_dsl.daemon.address import Unsafe, socket_path
    message = {"argv": [a for a in argv if a != "--daemon"], "cwd": os.getcwd(),
               "env": {k: os.environ[k] for k in PASSED_ENV if k in os.environ}}
    try:
        path = socket_path()
        try:
            reply = request(message, path)
        except (FileNotFoundError, ConnectionRefusedError):
            start(path)
            reply = request(message, path)
    except (OSError, ValueError, TimeoutError, Unsafe) as error:
        print(f"smersh: the daemon is not available ({error}); checking in this process",
              file=sys.stderr)
        return None
    if LOCAL in reply:
        return None
    refusal = _refusal(reply)
    if refusal:
        print(f"smersh: {refusal}; checking in this process", file=sys.stderr)
        return None
    sys.stdout.write(reply.get("stdout", ""))
    sys.stderr.write(reply.get("stderr", ""))
    sys.stdout.flush()
    return int(reply.get("code", 2))


def _refusal(reply: dict) -> str | None:
    """Why the daemon did not run the check (it is busy, or refused the request)."""
    if "busy" in reply:
        since = reply["busy"]
        return "the daemon is busy" + (f" (a check has run for {since:g} s)" if since else "")
    if "error" in reply:
        return f"the daemon refused the request ({reply['error']})"
    return None

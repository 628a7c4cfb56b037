"""The daemon behind `smersh check --daemon`: one process that answers check requests on
a Unix socket, one at a time, keeping every parsed file in memory between them (files on
disk are re-read only when their size or times change). It runs each request as
`smersh check` would, in the client's working folder, and sends back the output and the
exit code. It exits after IDLE_S seconds without a request (SMERSH_DAEMON_IDLE_S sets
another number), or on `smersh daemon stop`.

    python -m smersh_dsl.daemon.server SOCKET_PATH     (started by the client)
"""

from __future__ import annotations

import gc
import io
import json
import os
import socket
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from smersh_dsl.daemon.client import receive, running

IDLE_S = 15 * 60


def _bind(path: Path) -> socket.socket | None:
    """Listen at ``path``; None when a live daemon already does (a stale file goes)."""
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        listener.bind(str(path))
    except OSError:
        if running(path) is not None:
            listener.close()
            return None
        path.unlink(missing_ok=True)
        listener.bind(str(path))
    os.chmod(path, 0o600)
    listener.listen(16)
    return listener


def run_request(message: dict) -> dict:
    """Run one `smersh check` command line where the client stood; its output and code."""
    from smersh_dsl.cli.app import run
    home, saved = os.getcwd(), dict(os.environ)
    out, err = io.StringIO(), io.StringIO()
    try:
        os.chdir(message["cwd"])
        os.environ.update(message.get("env", {}))
        with redirect_stdout(out), redirect_stderr(err):
            code = run(list(message["argv"]))
    except OSError as error:          # the client's folder went away
        return {"stdout": "", "stderr": f"smersh: {error}\n", "code": 2}
    finally:
        os.chdir(home)
        os.environ.clear()
        os.environ.update(saved)
    return {"stdout": out.getvalue(), "stderr": err.getvalue(), "code": code}


def serve(path: Path, idle_s: float = IDLE_S) -> int:
    listener = _bind(path)
    if listener is None:
        return 0                      # another daemon got there first
    mine = os.stat(path).st_ino
    from smersh_dsl.cli import commands
    from smersh_dsl.parse import collector
    commands()                        # every command registered, once, before any request
    collector.one_shot(False)         # a long life: what a re-check replaces must be freed
    listener.settimeout(idle_s)
    try:
        while True:
            try:
                conn, _ = listener.accept()
            except socket.timeout:
                return 0
            with conn:
                conn.settimeout(None)
                try:
                    message = json.loads(receive(conn) or b"{}")
                except (OSError, ValueError):
                    continue
                if message.get("stop"):
                    conn.sendall(json.dumps({"stopped": os.getpid()}).encode())
                    return 0
                reply = ({"pong": os.getpid()} if message.get("ping") or "argv" not in message
                         else run_request(message))
                try:
                    conn.sendall(json.dumps(reply).encode())
                except OSError:
                    pass              # the client gave up (Ctrl-C): serve the next one
                # What is alive now (parsed files, mostly) is kept out of the cycle
                # collector's scans; it is still freed when no longer referenced.
                gc.freeze()
    finally:
        listener.close()
        try:
            if os.stat(path).st_ino == mine:
                path.unlink()
            log = path.with_suffix(".log")
            if log.stat().st_size == 0:       # kept only when it says what went wrong
                log.unlink()
        except OSError:
            pass


if __name__ == "__main__":
    sys.exit(serve(Path(sys.argv[1]), float(os.environ.get("SMERSH_DAEMON_IDLE_S") or IDLE_S)))

"""The daemon behind `smersh check --daemon`: one process that answers check requests on
a Unix socket, keeping every parsed file in memory between them (files on disk are
re-read only when their size or times change). It runs each request through the check
pipeline (smersh_dsl/pipeline/), as `smersh check` does, in the client's working folder,
and sends back the output and the exit code.

Each connection is served by a thread of its own, so a slow or stuck client never holds
up another: a request must arrive whole within a few seconds (protocol.py), a ping is
answered even while a check runs, and a check that waits more than BUSY_WAIT_S seconds
for the one before it is told the daemon is busy (its client then checks in its own
process). Checks run one at a time: each changes the working folder and the
environment, which belong to the whole process. What goes wrong is written to the log
beside the socket (the daemon's stderr), which is kept when it says anything.

It exits after IDLE_S seconds without a check (SMERSH_DAEMON_IDLE_S sets another
number), or on `smersh daemon stop`.

    python -m smersh_dsl.daemon.server SOCKET_PATH     (started by the client)
"""

from __future__ import annotations

import gc
import json
import logging
import os
import socket
import sys
import threading
import time
import traceback
from pathlib import Path

from smersh_dsl.checks.memo import CheckMemo
from smersh_dsl.daemon.arguments import check_options
from smersh_dsl.daemon.client import LOCAL, running
from smersh_dsl.daemon.protocol import Refused, environment, parse, read_request
from smersh_dsl.pipeline.check import check
from smersh_dsl.project.discover import UsageError

IDLE_S = 15 * 60
BUSY_WAIT_S = 10.0       # past this, checking in the client's own process is quicker
SEND_WAIT_S = 60.0       # a client that reads no reply is given up on
STOP_WAIT_S = 5.0        # what a running check is given to finish when the daemon stops
MAX_CONNECTIONS = 32
POLL_S = 0.25            # how soon the listening loop sees a stop
DRAIN_S = 2.0            # what is read of a refused request's rest, for its reply to arrive

log = logging.getLogger("smersh_dsl.daemon")


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


def run_request(message: dict, log_path: Path | None = None, memo: CheckMemo | None = None,
                loaded: set[str] | None = None) -> dict:
    """Run one check where the client stood (the pipeline, as `smersh check` runs it); its
    output and code. A command line `smersh check` would refuse, or paths that name
    nothing to check, are sent back to the client to run (``LOCAL``): its own process
    then prints click's words for the usage error."""
    home, saved = os.getcwd(), dict(os.environ)
    try:
        os.chdir(message["cwd"])
        for name, value in environment(message).items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        options = check_options(list(message["argv"]))
        if options is None:
            return {LOCAL: "a usage error"}
        done = check(options, memo, loaded)
    except UsageError:
        return {LOCAL: "a usage error"}
    except OSError as error:          # the client's folder went away
        return {"stdout": "", "stderr": f"smersh: {error}\n", "code": 2}
    except Exception as error:
        log.exception("the check %s failed", message["argv"][:20])
        shown = traceback.format_exc() if os.environ.get("SMERSH_DEBUG") else ""
        return {"stdout": "", "code": 2,
                "stderr": f"{shown}smersh: internal error in the daemon: "
                          f"{type(error).__name__}: {error} (its log: {log_path})\n"}
    finally:
        os.chdir(home)
        os.environ.clear()
        os.environ.update(saved)
    return {"stdout": done.report, "stderr": done.stderr, "code": done.code}


class Daemon:
    """The listening loop and its connections' threads, sharing one lock for checks."""

    def __init__(self, path: Path, listener: socket.socket, idle_s: float, busy_s: float):
        self.path, self.listener = path, listener
        self.idle_s, self.busy_s = idle_s, busy_s
        self.checking = threading.Lock()
        self.busy_since: float | None = None
        self.last_seen = time.monotonic()
        self.stopping, self.closed = threading.Event(), threading.Event()
        self.threads: set[threading.Thread] = set()
        self.memo = CheckMemo()          # each check's last findings: a re-check runs only what moved
        self.loaded: set[str] = set()    # files read before: an edited one is parsed block by block

    def loop(self) -> None:
        """Accept connections until stopped or idle (see idle)."""
        self.listener.settimeout(POLL_S)
        while not self.stopping.is_set():
            if self.idle():
                return
            try:
                conn, _ = self.listener.accept()
            except socket.timeout:
                continue
            if len(self.threads) >= MAX_CONNECTIONS:
                self._turn_away(conn)
                continue
            thread = threading.Thread(target=self.serve_connection, args=(conn,), daemon=True)
            self.threads.add(thread)
            thread.start()

    def idle(self) -> bool:
        """No check asked for in idle_s (pings do not count: `smersh daemon status` in a
        loop must not keep a daemon alive), and none running, or none that has run that
        long either: a check stuck for good (reading a FIFO) does not keep it forever."""
        now, busy = time.monotonic(), self.busy_since
        return now - self.last_seen > self.idle_s and (busy is None or now - busy > self.idle_s)

    def close(self, inode: int) -> None:
        """Stop listening (the socket file goes first, so no new client finds it), then
        give the connections still open a few seconds to send their replies."""
        self.listener.close()
        try:
            if os.stat(self.path).st_ino == inode:
                self.path.unlink()
        except OSError:
            pass
        self.closed.set()
        deadline = time.monotonic() + STOP_WAIT_S
        for thread in list(self.threads):
            if thread is not threading.current_thread():
                thread.join(max(0.0, deadline - time.monotonic()))

    def serve_connection(self, conn: socket.socket) -> None:
        """Read one request, answer it, close: whatever happens, an answer and a log line."""
        try:
            with conn:
                try:
                    reply = self.answer(conn)
                except Exception as error:
                    log.exception("a request failed")
                    reply = {"error": f"internal error in the daemon: {type(error).__name__}: "
                                      f"{error} (its log: {self.path.with_suffix('.log')})",
                             "code": 2}
                try:
                    conn.settimeout(SEND_WAIT_S)
                    conn.sendall(json.dumps(reply).encode())
                    _drain(conn)
                except OSError:
                    pass              # the client gave up (Ctrl-C): nothing to tell
        finally:
            self.threads.discard(threading.current_thread())

    def answer(self, conn: socket.socket) -> dict:
        try:
            message = parse(read_request(conn))
        except Refused as why:
            log.warning("refused a request: %s", why)
            return {"error": str(why), "code": 2}
        if message.get("ping"):
            busy = self.busy_since
            return {"pong": os.getpid(),
                    "busy": None if busy is None else round(time.monotonic() - busy, 1)}
        if message.get("stop"):
            self.stopping.set()
            self.closed.wait(STOP_WAIT_S)        # reply once the socket is gone
            return {"stopped": os.getpid()}
        return self.check(message)

    def check(self, message: dict) -> dict:
        """Run a check when the one before it is done, or say the daemon is busy."""
        self.last_seen = time.monotonic()
        if not self.checking.acquire(timeout=self.busy_s):
            busy = self.busy_since
            return {"busy": None if busy is None else round(time.monotonic() - busy, 1)}
        try:
            self.busy_since = time.monotonic()
            return run_request(message, self.path.with_suffix(".log"), self.memo, self.loaded)
        finally:
            self.busy_since = None
            self.last_seen = time.monotonic()
            # What is alive now (parsed files, mostly) is kept out of the cycle
            # collector's scans; it is still freed when no longer referenced.
            gc.freeze()
            self.checking.release()

    def _turn_away(self, conn: socket.socket) -> None:
        log.warning("turned a client away: %d connections are open", len(self.threads))
        with conn:
            conn.setblocking(False)
            try:
                conn.send(json.dumps({"busy": None}).encode())
            except OSError:
                pass


def _drain(conn: socket.socket, wait_s: float = DRAIN_S) -> None:
    """End the reply, then read (and drop) what the client still sends, for a moment:
    a socket closed with unread bytes resets the connection, and the client would lose
    the reply that says why its request was refused (one over the size limit)."""
    conn.shutdown(socket.SHUT_WR)
    deadline = time.monotonic() + wait_s
    while (left := deadline - time.monotonic()) > 0:
        conn.settimeout(left)
        try:
            if not conn.recv(1 << 16):
                return
        except socket.timeout:
            return


def serve(path: Path, idle_s: float = IDLE_S, busy_s: float = BUSY_WAIT_S) -> int:
    """Serve at ``path`` until stopped or idle; 0, or 2 when the daemon itself failed
    (the traceback is in the log before the socket and the log are looked after)."""
    listener = _bind(path)
    if listener is None:
        return 0                      # another daemon got there first
    daemon = Daemon(path, listener, idle_s, busy_s)
    inode = os.stat(path).st_ino
    try:
        from smersh_dsl.parse import collector
        collector.one_shot(False)     # a long life: what a re-check replaces must be freed
        daemon.loop()
        return 0
    except Exception:
        log.exception("the daemon failed")
        return 2
    finally:
        daemon.close(inode)
        _drop_empty_log(path.with_suffix(".log"))


def _drop_empty_log(log_path: Path) -> None:
    """The log is kept only when it says what went wrong."""
    for handler in log.handlers:
        handler.flush()
    try:
        if log_path.stat().st_size == 0:
            log_path.unlink()
    except OSError:
        pass


def main(argv: list[str]) -> int:
    """Log to stderr (the log file the client opened); the handler keeps this stream,
    so a check's redirected stderr never swallows a log line."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False
    code = serve(Path(argv[0]), float(os.environ.get("SMERSH_DAEMON_IDLE_S") or IDLE_S),
                 float(os.environ.get("SMERSH_DAEMON_BUSY_S") or BUSY_WAIT_S))
    logging.shutdown()
    sys.stdout.flush()
    return code


if __name__ == "__main__":
    # os._exit: a check stuck in a read (a thread of its own) must not keep the process
    os._exit(main(sys.argv[1:]))

"""`smersh check --daemon` (issue #8, the warm re-check): the daemon's answer is exactly
what `smersh check` prints, edits are seen, and when no daemon can serve, the check runs
in the process as before."""

from __future__ import annotations

import json
import os
import shutil
import socket
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import click
import pytest
from jsonschema import Draft202012Validator

from conftest import REPO, smersh
from waiting import HANG_GUARD_S, until
from smersh_dsl.daemon import client, protocol, server
from smersh_dsl.daemon.client import receive

BROKEN = REPO / "tests" / "golden" / "reports" / "broken"


@pytest.fixture
def runtime():
    """A private, short folder for this test's daemon sockets (socket paths are short),
    and the daemon stopped afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="sd", dir="/tmp"))
    env = {"XDG_RUNTIME_DIR": str(folder), "SMERSH_DAEMON_IDLE_S": "120"}
    yield env
    smersh("daemon", "stop", env=env)
    for pid in daemons_in(folder):         # one that did not stop (stuck, on broken code)
        os.kill(pid, signal.SIGKILL)
    shutil.rmtree(folder, ignore_errors=True)


def daemons_in(folder: Path) -> list[int]:
    """The processes whose command line names ``folder``: the daemons started for it."""
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            if str(folder).encode() in cmdline.read_bytes():
                found.append(int(cmdline.parent.name))
        except OSError:
            pass                           # it ended meanwhile
    return found


def smersh_command() -> list[str]:
    """The `smersh` command line that conftest.smersh runs, for a process left running."""
    exe = Path(sys.executable).with_name("smersh")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "smersh_dsl"]


def environment(extra: dict[str, str]) -> dict[str, str]:
    return {**{k: v for k, v in os.environ.items() if k != "SMERSH_DEBUG"}, **extra}


def test_the_daemon_prints_what_check_prints_and_sees_an_edit(runtime, tmp_path):
    project = tmp_path / "broken"
    shutil.copytree(BROKEN, project)
    plain = smersh("check", str(project))
    first = smersh("check", "--daemon", str(project), env=runtime)
    assert (first.returncode, first.stdout) == (plain.returncode, plain.stdout) == (1, plain.stdout)
    assert "error" in first.stdout
    again = smersh("check", "--daemon", str(project), "--format", "json", env=runtime)
    assert again.stdout == smersh("check", str(project), "--format", "json").stdout

    edited = next(project.rglob("*.smersh"))
    edited.write_text(edited.read_text(encoding="utf-8") + '\nskill "Spycraft" {}\nstatus {\n',
                      encoding="utf-8")
    after = smersh("check", "--daemon", "-q", str(project), env=runtime)
    assert after.stdout == smersh("check", "-q", str(project)).stdout
    assert "S00" in after.stdout and after.stdout != first.stdout


def test_status_and_stop(runtime):
    assert smersh("daemon", "status", env=runtime).returncode == 1
    started = smersh("daemon", "start", env=runtime)
    assert started.returncode == 0 and "running" in started.stdout
    status = smersh("daemon", "status", env=runtime)
    assert status.returncode == 0 and "is running (process" in status.stdout
    stopped = smersh("daemon", "stop", env=runtime)
    assert "stopped the daemon" in stopped.stdout
    assert smersh("daemon", "status", env=runtime).returncode == 1
    assert not list(Path(runtime["XDG_RUNTIME_DIR"]).rglob("*.sock"))


def test_a_stale_socket_file_is_replaced_by_a_new_daemon(runtime):
    smersh("daemon", "start", env=runtime)
    socket_file = next(Path(runtime["XDG_RUNTIME_DIR"]).rglob("*.sock"))
    smersh("daemon", "stop", env=runtime)
    socket_file.touch()                    # left behind, as by a daemon that was killed
    checked = smersh("check", "--daemon", "-q", str(BROKEN), env=runtime)
    assert checked.returncode == 1 and "not available" not in checked.stderr
    assert smersh("daemon", "status", env=runtime).returncode == 0


def test_without_a_private_socket_folder_the_check_runs_here():
    shared = Path(tempfile.mkdtemp(prefix="sd", dir="/tmp"))
    try:
        (shared / f"smersh-dsl-{os.getuid()}").mkdir()
        (shared / f"smersh-dsl-{os.getuid()}").chmod(0o777)     # anyone could plant a socket
        checked = smersh("check", "--daemon", "-q", str(BROKEN),
                         env={"XDG_RUNTIME_DIR": str(shared)})
    finally:
        shutil.rmtree(shared, ignore_errors=True)
    assert "the daemon is not available" in checked.stderr and "not a private folder" in checked.stderr
    assert (checked.returncode, checked.stdout) == (1, smersh("check", "-q", str(BROKEN)).stdout)


# --------------------------------------------------------------- hostile requests (#21)

BOOKS = REPO / "books"


@pytest.fixture(scope="module")
def books_plain() -> subprocess.CompletedProcess:
    """What a plain `smersh check books/` prints: every daemon answer is held to it."""
    return smersh("check", str(BOOKS))


def socket_file(runtime: dict) -> Path:
    return next(Path(runtime["XDG_RUNTIME_DIR"]).rglob("*.sock"))


def exchange(path: Path, raw: bytes, timeout: float = 60.0) -> dict:
    """Send ``raw`` as a client would (then end the sending side), read the whole reply."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
        conn.settimeout(timeout)
        conn.connect(str(path))
        try:
            conn.sendall(raw)
            conn.shutdown(socket.SHUT_WR)
        except (BrokenPipeError, ConnectionResetError):
            pass                            # refused before it was all sent: read why
        return json.loads(receive(conn))


def started(runtime: dict) -> tuple[Path, int]:
    """Start a daemon; its socket and process id."""
    assert smersh("daemon", "start", env=runtime).returncode == 0
    path = socket_file(runtime)
    return path, exchange(path, b'{"ping": true}\n', timeout=HANG_GUARD_S)["pong"]


def assert_still_serving(runtime: dict, path: Path, pid: int, books_plain) -> None:
    """The same daemon answers, and a check through it prints what `smersh check` does."""
    assert exchange(path, b'{"ping": true}\n', timeout=HANG_GUARD_S)["pong"] == pid
    checked = smersh("check", "--daemon", str(BOOKS), env=runtime)
    assert "checking in this process" not in checked.stderr
    assert (checked.returncode, checked.stdout) == (books_plain.returncode, books_plain.stdout)
    assert exchange(path, b'{"ping": true}\n', timeout=HANG_GUARD_S)["pong"] == pid


def check_request(argv: list, env: dict | None = None, cwd: str = str(REPO)) -> bytes:
    return json.dumps({"argv": argv, "cwd": cwd, "env": env or {}}).encode() + b"\n"


HOSTILE = {
    "garbage bytes": b"\xff\xfe\x00\x01 this is not JSON {{{\n",
    "JSON that is not an object": b"[1, 2, 3]\n",
    "null": b"null\n",
    "an object with no known request": b'{"hello": "daemon"}\n',
    "over the size limit": check_request(["check", "x" * (3 << 20)]),
    "argv that is not strings": check_request(["check", 7, None]),
    "a relative working folder": check_request(["check", "books"], cwd="books"),
    "a NUL in the environment": check_request(["check", str(BOOKS)], env={"SMERSH_DEBUG": "1\0"}),
    "PATH in the environment": check_request(["check", str(BOOKS)], env={"PATH": "/nowhere"}),
    "LD_PRELOAD in the environment": check_request(["check", str(BOOKS)],
                                                   env={"LD_PRELOAD": "/tmp/evil.so"}),
    "an option check does not have": check_request(["check", "--out", "/tmp/x", str(BOOKS)]),
}


def test_every_malformed_request_gets_an_error_and_the_daemon_stays_up(runtime, books_plain):
    """One daemon meets every malformed request in turn: each is answered with an error,
    the same daemon answers the next, and at the end it still checks as `smersh check`."""
    path, pid = started(runtime)
    for name, raw in HOSTILE.items():
        reply = exchange(path, raw)
        assert set(reply) == {"error", "code"} and reply["code"] == 2, name
        assert exchange(path, b'{"ping": true}\n', timeout=HANG_GUARD_S)["pong"] == pid, name
    assert_still_serving(runtime, path, pid, books_plain)


def test_the_daemon_runs_check_and_nothing_else(runtime, books_plain, tmp_path):
    """`build --out`, `new -o`, `fmt` and no subcommand at all are each refused by one
    daemon, which writes nothing and goes on serving checks."""
    path, pid = started(runtime)
    out = tmp_path / "written"
    before = {p: p.read_bytes() for p in BROKEN.rglob("*") if p.is_file()}
    for argv in (["build", "--out", "{out}", str(BROKEN)], ["new", "encounter-card", "-o", "{out}"],
                 ["fmt", str(BROKEN)], ["--version"]):
        reply = exchange(path, check_request([a.replace("{out}", str(out)) for a in argv]))
        assert set(reply) == {"error", "code"} and "check" in reply["error"], argv
        assert not out.exists(), argv
        assert {p: p.read_bytes() for p in BROKEN.rglob("*") if p.is_file()} == before, argv
    assert_still_serving(runtime, path, pid, books_plain)


def test_a_half_sent_request_blocks_no_one_and_is_dropped(runtime, books_plain):
    path, pid = started(runtime)
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as holder:
        holder.settimeout(HANG_GUARD_S)
        holder.connect(str(path))
        holder.sendall(b'{"argv": ["check", "/wor')          # ... and nothing more
        assert exchange(path, b'{"ping": true}\n', timeout=HANG_GUARD_S)["pong"] == pid
        # answered while the holder waits: a daemon that served one connection at a
        # time would have dropped the holder (and answered it) before the ping
        assert not answered_yet(holder)
        assert_still_serving(runtime, path, pid, books_plain)
        reply = json.loads(receive(holder))                 # dropped with a reason, not kept
    assert set(reply) == {"error", "code"}


def answered_yet(conn: socket.socket) -> bool:
    """Whether anything has come back on ``conn`` (without waiting for it)."""
    conn.setblocking(False)
    try:
        return bool(conn.recv(1, socket.MSG_PEEK))
    except BlockingIOError:
        return False
    finally:
        conn.settimeout(HANG_GUARD_S)


def test_failures_are_written_to_a_log_that_is_kept(runtime):
    path, _ = started(runtime)
    exchange(path, HOSTILE["JSON that is not an object"])
    exchange(path, HOSTILE["PATH in the environment"])
    smersh("daemon", "stop", env=runtime)
    log = path.with_suffix(".log").read_text(encoding="utf-8")
    assert "not a JSON object" in log and "PATH" in log
    assert "Traceback" not in log                          # refusals are not crashes


def long_project(tmp_path: Path, entries: int = 10_000) -> Path:
    """A project whose first (cold) check takes the daemon several seconds: content can
    no longer make a check hang (a FIFO is I008 since #21), so a long one stands in."""
    project = tmp_path / "long"
    subprocess.run([sys.executable, str(REPO / "bench" / "generate.py"), str(entries), str(project)],
                   check=True, capture_output=True, timeout=HANG_GUARD_S)
    return project


def wait_until_busy(env: dict[str, str]) -> str:
    """`smersh daemon status` until it says the daemon is busy with a check."""
    def busy() -> str:
        status = smersh("daemon", "status", env=env)
        assert status.returncode == 0 and "is running (process" in status.stdout, status.stdout
        return status.stdout if "busy" in status.stdout else ""
    return until(busy, "the long check showed as busy", poll_s=0.1)


def test_status_answers_while_a_check_runs_and_others_still_check(runtime, tmp_path):
    """A status is answered while a long check runs; a check that would wait longer than
    SMERSH_DAEMON_BUSY_S runs in its own process and prints what `smersh check` prints."""
    project = long_project(tmp_path)
    env = {**runtime, "SMERSH_DAEMON_BUSY_S": "1"}
    smersh("daemon", "start", env=env)
    long = subprocess.Popen([*smersh_command(), "check", "--daemon", "-q", str(project)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment(env))
    try:
        wait_until_busy(env)
        started = time.monotonic()
        other = smersh("check", "--daemon", "-q", str(BROKEN), env=env)
        assert (other.returncode, other.stdout) == (1, smersh("check", "-q", str(BROKEN)).stdout)
        if long.poll() is None and time.monotonic() - started < 5:
            assert "busy" in other.stderr, other.stderr
        assert smersh("daemon", "status", env=env).returncode == 0
        out, _ = long.communicate(timeout=HANG_GUARD_S)
        assert long.returncode == 0 and out.endswith(b"\nno problems found\n"), out
    finally:
        smersh("daemon", "stop", env=env)
        long.kill()
        long.communicate(timeout=HANG_GUARD_S)


def test_checks_sent_at_once_are_each_run_in_their_own_folder(runtime, tmp_path):
    """Checks run one at a time (each changes the working folder), however many come."""
    clean, broken = tmp_path / "clean", tmp_path / "broken"
    shutil.copytree(REPO / "books" / "smush", clean / "p")
    shutil.copytree(BROKEN, broken / "p")
    smersh("daemon", "start", env=runtime)
    running = [(where, subprocess.Popen([*smersh_command(), "check", "--daemon", "-q", "p"],
                                        cwd=where, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True, env=environment(runtime)))
               for where in (clean, broken, clean, broken)]
    for where, process in running:
        out, err = process.communicate(timeout=HANG_GUARD_S)
        plain = smersh("check", "-q", "p", cwd=where)
        assert (process.returncode, out) == (plain.returncode, plain.stdout), err
    assert {p.returncode for _, p in running} == {0, 1}


# ------------------------------------------------------------------- the protocol itself

def test_the_request_schema_is_valid_and_agrees_with_the_client():
    schema = json.loads(protocol.SCHEMA_FILE.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    env = schema["$defs"]["check"]["properties"]["env"]["propertyNames"]["enum"]
    assert env == list(client.PASSED_ENV)
    for message in ({"ping": True}, {"stop": True},
                    {"argv": ["check", "-q", "books"], "cwd": "/", "env": {"SMERSH_DEBUG": "1"}}):
        assert protocol.parse(json.dumps(message).encode()) == message


def test_a_check_that_fixes_files_runs_here_not_in_the_daemon():
    """The daemon never writes: `check --daemon --fix` (or `--diff`) is checked in-process."""
    assert client.wants_daemon(["check", "--daemon", "books"])
    assert not client.wants_daemon(["check", "--daemon", "--fix", "books"])
    assert not client.wants_daemon(["check", "--diff", "--daemon"])
    assert client.wants_daemon(["check", "--daemon", "--", "--fix"])


def test_every_check_option_is_passed_or_left_out_on_purpose():
    """A new option of `check` is refused by the daemon until CHECK_OPTIONS names it."""
    from smersh_dsl.cli.check import check_command
    options = {o for p in check_command.params if isinstance(p, click.Option)
               for o in p.opts + p.secondary_opts}
    assert options - {"--daemon", "--output-file", "-o", *client.WRITING} == set(protocol.CHECK_OPTIONS)
    assert protocol.refused_option(["check", "--format", "json", "-q", "--select=G", "x"]) is None
    assert protocol.refused_option(["check", "--config", "--out", "--", "-o"]) is None
    assert protocol.refused_option(["check", "x", "-o", "y"]) == "-o"
    assert protocol.refused_option(["check", "--quiet=yes"]) == "--quiet=yes"


def test_a_failure_inside_the_daemon_is_logged_and_answered(monkeypatch, caplog, tmp_path):
    def broken(raw: bytes) -> dict:
        raise RuntimeError("a bug in the daemon")
    monkeypatch.setattr(server, "parse", broken)
    daemon = server.Daemon(tmp_path / "d.sock", socket.socket(socket.AF_UNIX), 60, 1)
    ours, theirs = socket.socketpair()
    with theirs:
        theirs.settimeout(30)
        theirs.sendall(b'{"ping": true}\n')
        daemon.serve_connection(ours)
        reply = json.loads(receive(theirs))
    daemon.listener.close()
    assert reply["code"] == 2 and "a bug in the daemon" in reply["error"]
    assert "Traceback" in caplog.text and "RuntimeError: a bug in the daemon" in caplog.text


def test_when_the_daemon_itself_fails_its_log_keeps_the_traceback(runtime):
    """The traceback is written before the socket and the log are looked after."""
    folder = Path(runtime["XDG_RUNTIME_DIR"])
    path, log = folder / "failing.sock", folder / "failing.log"
    script = ("import sys; from smersh_dsl.daemon import server\n"
              "def loop(self): raise MemoryError('no room')\n"
              "server.Daemon.loop = loop\n"
              "sys.exit(server.main(sys.argv[1:]))\n")
    with open(log, "ab") as out:
        ended = subprocess.run([sys.executable, "-c", script, str(path)], stdout=out,
                               stderr=out, timeout=HANG_GUARD_S)
    assert ended.returncode == 2
    text = log.read_text(encoding="utf-8")
    assert "the daemon failed" in text and "MemoryError: no room" in text
    assert not path.exists()


def test_pings_do_not_keep_an_idle_daemon_alive(runtime):
    """Only checks count as activity: `smersh daemon status` in a loop (an editor's
    status bar) used to keep an idle daemon for good."""
    env = {**runtime, "SMERSH_DAEMON_IDLE_S": "2"}
    smersh("daemon", "start", env=env)
    try:
        until(lambda: smersh("daemon", "status", env=env).returncode != 0,
              "the idle daemon, pinged all along, stopped", poll_s=0.3)
        until(lambda: not daemons_in(Path(runtime["XDG_RUNTIME_DIR"])),
              "the daemon that stopped listening stopped running", poll_s=0.3)
    finally:
        smersh("daemon", "stop", env=env)


# ------------------------------------------- the daemon runs the pipeline, not the CLI (#33)

SAME_AS_CHECK = [
    ["--format", "json"], ["--format=sarif"], ["--format", "github"],
    ["--statistics"], ["--statistics", "--format", "json"], ["--exit-zero", "-q"],
    ["--select", "S,N", "--ignore=S001", "-q"], ["--select", "NOSUCHRULE"],
    ["--format", "xml"], ["--config", "no-such.toml"], ["-q", "--format"],
]


def test_every_way_of_asking_prints_what_check_prints(runtime, tmp_path):
    """Output, errors and exit code, byte for byte, whatever the options: a usage error
    included (the daemon leaves those to the client's own process, without a word)."""
    project = tmp_path / "broken"
    shutil.copytree(BROKEN, project)
    for options in SAME_AS_CHECK:
        plain = smersh("check", *options, str(project))
        through = smersh("check", "--daemon", *options, str(project), env=runtime)
        assert (through.returncode, through.stdout, through.stderr) == \
            (plain.returncode, plain.stdout, plain.stderr), options
    nowhere = tmp_path / "nowhere"
    nowhere.mkdir()
    plain = smersh("check", cwd=nowhere)
    through = smersh("check", "--daemon", cwd=nowhere, env=runtime)
    assert plain.returncode == 2 and "no project in" in plain.stderr
    assert (through.returncode, through.stdout, through.stderr) == \
        (plain.returncode, plain.stdout, plain.stderr)
    assert smersh("daemon", "status", env=runtime).returncode == 0     # it did serve


@pytest.mark.parametrize("argv", [
    ["check"], ["check", "a", "--format", "json", "b"], ["check", "-q", "--exit-zero", "--", "-q"],
    ["check", "--select", "G,C001", "--select=T", "--ignore", "N001", "x"],
    ["check", "--format", "json", "--format", "sarif", "--statistics"],
    ["check", "--config", "pyproject.toml", "."],
])
def test_the_daemon_reads_a_command_line_as_click_does(argv, monkeypatch):
    from smersh_dsl.cli.check import check_command
    from smersh_dsl.daemon.arguments import check_options
    monkeypatch.chdir(REPO)
    params = check_command.make_context("check", list(argv[1:])).params
    options = check_options(argv)
    assert options is not None
    assert (list(options.paths), options.fmt, options.quiet, options.statistics,
            options.exit_zero, options.config) == \
        (list(params["paths"]), params["fmt"], params["quiet"], params["statistics"],
         params["exit_zero"], params["config"])
    assert (options.select, list(options.ignore)) == \
        ([i for v in params["select"] for i in v.split(",")] or None,
         [i for v in params["ignore"] for i in v.split(",")])


@pytest.mark.parametrize("argv", [
    ["check", "--format"], ["check", "--format", "xml"],
    ["check", "--config", "no-such.toml"], ["check", "--config", "books"], ["check", "--quiet=1"],
])
def test_a_command_line_click_refuses_is_left_to_the_client(argv, monkeypatch):
    from smersh_dsl.cli.check import check_command
    from smersh_dsl.daemon.arguments import check_options
    monkeypatch.chdir(REPO)
    with pytest.raises(click.UsageError):
        check_command.make_context("check", list(argv[1:]))
    assert check_options(argv) is None

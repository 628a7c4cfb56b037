"""`smersh simulate ... --cluster ADDRESS`: the games played by a Dask scheduler's workers
give the figures of one machine (docs/smush.md, "Simulating on a cluster"). A scheduler
and two workers run on loopback, each its own process, as on a real cluster."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, smersh
from waiting import HANG_GUARD_S, until

distributed = pytest.importorskip(
    "distributed", reason="Dask's distributed is not installed: pip install '.[cluster]'")

SWEEP = ["simulate", "smush", "--policy", "greedy", "--games", "60", "--seed", "7",
         "--sweep", "Vault Door.strength=2..4", "--format", "json"]


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory):
    """The address of a scheduler on 127.0.0.1 with two workers attached (waited for)."""
    where = tmp_path_factory.mktemp("dask")
    address_file = where / "scheduler.json"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(REPO)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])}
    dask = [sys.executable, "-m", "distributed.cli.dask_scheduler"]
    started = [subprocess.Popen(dask + ["--host", "127.0.0.1", "--port", "0",
                                        "--dashboard-address", ":0",
                                        "--scheduler-file", str(address_file)],
                                cwd=where, env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)]
    try:
        until(lambda: address_file.exists() and address_file.stat().st_size, "the scheduler file")
        address = json.loads(address_file.read_text())["address"]
        for _ in range(2):
            started.append(subprocess.Popen(
                [sys.executable, "-m", "distributed.cli.dask_worker", address,
                 "--nthreads", "1", "--nworkers", "1", "--host", "127.0.0.1",
                 "--dashboard-address", ":0", "--local-directory", str(where)],
                cwd=where, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        with distributed.Client(address, timeout=HANG_GUARD_S) as client:
            client.wait_for_workers(2, timeout=HANG_GUARD_S)
        yield address
    finally:
        for process in reversed(started):
            process.terminate()
        for process in started:
            process.wait(timeout=HANG_GUARD_S)


def test_a_sweep_on_the_cluster_gives_the_figures_of_one_machine(scheduler):
    """The same seed, the same figures: a sweep of three values of Vault Door's strength
    through the scheduler's two workers matches the sweep played locally, value by value."""
    local = smersh(*SWEEP, cwd=REPO)
    assert local.returncode == 0, local.stderr
    remote = smersh(*SWEEP, "--cluster", scheduler, cwd=REPO)
    assert remote.returncode == 0, remote.stderr
    assert json.loads(remote.stdout) == json.loads(local.stdout)
    assert [row["value"] for row in json.loads(remote.stdout)["values"]] == [2, 3, 4]


def test_a_simulation_on_the_cluster_reports_what_one_machine_reports(scheduler):
    args = ["simulate", "smush", "--harmony-policy", "strong", "--smush-policy", "greedy",
            "--games", "6", "--seed", "3", "--format", "json"]
    local = smersh(*args, cwd=REPO)
    remote = smersh(*args, "--cluster", scheduler, cwd=REPO)
    assert remote.returncode == 0, remote.stderr
    assert json.loads(remote.stdout) == json.loads(local.stdout)


def test_an_unreachable_scheduler_is_one_clear_line(tmp_path: Path):
    """Nothing listens on the port: one line naming the address, exit 2, no traceback."""
    import socket

    with socket.socket() as s:            # a port that was free a moment ago
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    done = smersh("simulate", "smush", "--games", "5", "--cluster", f"tcp://127.0.0.1:{port}",
                  cwd=tmp_path, env={"DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "1s"})
    assert done.returncode == 2
    assert f"cannot reach the Dask scheduler at tcp://127.0.0.1:{port}" in done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1

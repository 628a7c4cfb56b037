"""Batches of simulated games played on a Dask distributed cluster (`smersh simulate ...
--cluster ADDRESS`, docs/smush.md, "Simulating on a cluster"): the optional extra
`pip install 'smersh-dsl[cluster]'`. Each batch carries its games' own seeds, so the
figures do not depend on which worker plays which batch, nor on how many there are."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

EXTRA = "pip install 'smersh-dsl[cluster]'"


class ClusterError(Exception):
    """The cluster cannot be used: said in one line."""


def run_batches(address: str, play: Callable[[Any], Any], jobs: list) -> Iterator[Any]:
    """`play(job)` for every job on the scheduler at `address`, the results as they come
    (in any order: the caller adds them up)."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ClusterError(f"--cluster needs Dask's distributed package: {EXTRA}") from None
    try:
        # Dask's own connect timeout (30 s; DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT)
        client = Client(address)
    except (OSError, TimeoutError, ValueError) as problem:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {problem}") from None
    try:
        futures = client.map(play, jobs, pure=False)
        for future in as_completed(futures):
            yield future.result()
    finally:
        client.close()

"""`SMERSH_PROFILE=FILE smersh COMMAND ...`: the command run under cProfile, its
statistics written to FILE (what `python -m pstats FILE` reads) before the process
leaves. The process leaves through ``os._exit`` (``app.leave``), which runs no profiler's
own exit hook, so the file is written here, atomically: a reader never sees half of it.

Only this process's main thread is profiled: worker processes (parsing a large project
on several cores, simulations) and the threads of `smersh serve` are not.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

VARIABLE = "SMERSH_PROFILE"


def run_profiled(run: Callable[[], int], usage_code: int) -> int:
    """``run()``'s exit code; under ``SMERSH_PROFILE`` also its profile, written to that
    file. A profile that cannot be written is said in one line, and the run then ends
    with ``usage_code`` (the variable named a place that cannot take it). The variable is
    taken out of the environment, so a process this one starts (a daemon, a worker)
    does not write over the file when it ends."""
    named = os.environ.pop(VARIABLE, "").strip()
    if not named:
        return run()
    import cProfile
    import marshal

    import click

    from smersh_dsl.files.atomic import write_atomic

    target = Path(named).absolute()     # where the run began, whatever it does later
    unfit = _unfit(target)
    if unfit is not None:               # said before the command runs, not after
        click.echo(f"smersh: cannot write the profile to {named} ({VARIABLE}): {unfit}",
                   err=True)
        return usage_code
    profile = cProfile.Profile()
    try:
        code = profile.runcall(run)
    finally:
        profile.disable()
    try:
        profile.create_stats()
        write_atomic(target, marshal.dumps(profile.stats), durable=False)
    except (OSError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        click.echo(f"smersh: cannot write the profile to {named} ({VARIABLE}): {reason}",
                   err=True)
        return usage_code
    return code


def _unfit(target: Path) -> str | None:
    """Why a profile could not be written to ``target``, or None if it can be tried."""
    if not target.parent.is_dir():
        return "its folder does not exist"
    if target.is_dir():
        return "it is a folder"
    return None

"""One `smersh check`, whole: find the projects the paths name, load and check them under
their configuration and the options, and print the report. The command line and the
daemon both run this; what they add is only how the options arrive."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from smersh_dsl.checks.memo import CheckMemo
from smersh_dsl.checks.memo_store import load_memo, save_memo
from smersh_dsl.pipeline.report import Printed, printed
from smersh_dsl.pipeline.run import check_run
from smersh_dsl.project.locate import locate
from smersh_dsl.records import dataclass
from smersh_dsl.settings.policy import Policy


@dataclass(frozen=True)
class CheckOptions:
    """The options of `smersh check` that choose what is checked and how it is printed
    (`--fix`, `--output-file` and `--daemon` are the command line's own)."""
    paths: Sequence[Path] = ()
    fmt: str = "text"
    quiet: bool = False
    select: list[str] | None = None      # rule items, split (None: the configuration's)
    ignore: Sequence[str] = ()
    config: Path | None = None
    statistics: bool = False
    exit_zero: bool = False


def check(options: CheckOptions, memo: CheckMemo | None = None,
          loaded: set[str] | None = None) -> Printed:
    """The report of one check in the working folder. A process that checks again (the
    daemon) passes its ``memo``, so that only the checks whose inputs moved run again,
    and the files it ``loaded`` before, so that only their changed blocks are parsed;
    without one, the memo the last check of these paths from here left on disk is used,
    and this run's is left for the next (checks/memo_store.py).
    Raises ``UsageError`` (and its ``NoProject``) when the paths name nothing to check."""
    paths = locate(list(options.paths))
    policy = Policy(options.select, list(options.ignore), options.config)
    stored = memo is None
    memo = load_memo(paths) if memo is None else memo
    run = check_run(paths, policy, memo, **({} if loaded is None else {"loaded": loaded}))
    if stored:
        save_memo(paths, memo)
    return printed(run, options.fmt, options.quiet, options.statistics, options.exit_zero)

"""`--against OTHER` of `smersh simulate epic`: the book to compare with, found as a folder,
a built document, or a git revision of the project that holds BOOK (`REV`, or
`REV:path` for another path of it)."""

from __future__ import annotations

import io
import subprocess
import tarfile
import tempfile
from contextlib import contextmanager
from collections.abc import Iterator
from pathlib import Path

import click


def _git(folder: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", str(folder), *args], capture_output=True)


@contextmanager
def other_paths(spec: str, book_paths: tuple[Path, ...]) -> Iterator[tuple[Path, ...]]:
    """The paths of OTHER, for as long as the comparison runs (a revision is written to a
    temporary folder, removed after)."""
    if Path(spec).exists():
        yield (Path(spec),)
        return
    revision, _, inside = spec.partition(":")
    targets = [Path(inside)] if inside else list(book_paths) or [Path.cwd()]
    first = targets[0].resolve()
    folder = first if first.is_dir() else first.parent
    top = _git(folder, "rev-parse", "--show-toplevel")
    if top.returncode or not revision or _git(folder, "rev-parse", "--verify", "--quiet",
                                              f"{revision}^{{commit}}").returncode:
        raise click.BadParameter(f"{spec!r} is no folder, file or git revision of the "
                                 "project that holds BOOK", param_hint="--against")
    root = Path(top.stdout.decode().strip())
    relative = [str(t.resolve().relative_to(root)) if t.is_absolute() or t.exists()
                else str(t) for t in targets]
    archive = _git(root, "archive", "--format=tar", revision, "--", *relative)
    if archive.returncode:
        problem = archive.stderr.decode().strip().splitlines()
        raise click.BadParameter(f"{spec}: {problem[-1] if problem else 'git archive failed'}",
                                 param_hint="--against")
    with tempfile.TemporaryDirectory(prefix="smersh-against-") as temp:
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(temp, filter="data")
        yield tuple(Path(temp) / r for r in relative)

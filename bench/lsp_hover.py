"""How long the language server takes to answer a hover while checks keep running.

A 3,000-entry project; one file is edited into a 1.5 MB text with a syntax error (a
whole-file parse with recovery, seconds per check) every 300 ms, so that checks keep
running; a hover on another file is sent between edits. The goal (issue 21): a median
under 200 ms, and no hover that waits for a check (each takes seconds). The suite holds
the behaviour (tests/test_lsp_checker.py: a hover is answered from the last index while a
check is held); this measures it, with the CPU the server spent beside the wall time.

    python bench/lsp_hover.py            # makes the project in a temporary folder
    python bench/lsp_hover.py --edits 40
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types as lsp
from pytest_lsp import LanguageClient, client_capabilities
from pytest_lsp.client import make_test_lsp_client

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH.parent / "tests"))
from lsp_helpers import change_buffer, open_buffer, position  # noqa: E402 - tests/ first
PUBLISH = lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS


async def _diagnostics_for(client: LanguageClient, uri: str, code: str | None = None) -> None:
    while uri not in client.diagnostics or (
            code is not None and code not in {d.code for d in client.diagnostics[uri]}):
        await client.wait_for_notification(PUBLISH)


async def measure(root: Path, edits: int) -> None:
    client = make_test_lsp_client()
    await client.start_io(sys.executable, "-m", "smersh_dsl", "lsp")
    await client.initialize_session(lsp.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"), root_uri=root.as_uri()))
    edited, other = root / "entries-000.smersh", root / "entries-010.smersh"
    other_text = other.read_text(encoding="utf-8")
    open_buffer(client, other, other_text)
    await _diagnostics_for(client, other.as_uri())
    body = "".join(p.read_text(encoding="utf-8") for p in sorted(root.glob("entries-*.smersh")))
    big = (body * 3)[:1_500_000]        # cut inside an entry: a syntax error at the end
    open_buffer(client, edited, edited.read_text(encoding="utf-8"))
    at = position(other_text, "test Spycraft")
    latencies = []
    for version in range(2, 2 + edits):
        change_buffer(client, edited, version, f"# edit {version}\n" + big)
        await asyncio.sleep(0.3)        # the writer's pace, not a wait for the server
        start = time.perf_counter()
        found = await client.text_document_hover_async(lsp.HoverParams(
            text_document=lsp.TextDocumentIdentifier(uri=other.as_uri()), position=at))
        latencies.append(time.perf_counter() - start)
        assert found and "lvl 3" in found.contents.value
    await _diagnostics_for(client, edited.as_uri(), "S004")
    await client.shutdown_session()
    server = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"hover during the burst: median {statistics.median(latencies) * 1000:.0f} ms, "
          f"max {max(latencies) * 1000:.0f} ms over {len(latencies)} hovers "
          f"(goal: median under 200 ms)")
    print(f"server CPU: {server.ru_utime + server.ru_stime:.1f} s "
          f"(user {server.ru_utime:.1f}, sys {server.ru_stime:.1f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=3000)
    parser.add_argument("--edits", type=int, default=20)
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="smersh-lsp-hover-")) / "project"
    subprocess.run([sys.executable, str(BENCH / "generate.py"), str(args.entries), str(root)],
                   check=True, capture_output=True)
    asyncio.run(measure(root, args.edits))


if __name__ == "__main__":
    main()

"""How long from saving a .smersh file to the updated page in an open browser, under
`smersh serve` (issue #19; the goal is under 0.5 s on 3,000 entries).

    python bench/generate.py 3000 /tmp/bench-3k
    python bench/serve_save.py /tmp/bench-3k [--saves 10]

The server runs in its own process, as a writer runs it. Two figures per save:

* **pushed**: from the write to the server-sent event that says the entry's page moved
  (what every open page hears);
* **shown**: from the write to the new text in the page's DOM in headless Chromium
  (Debian's chromium and chromedriver): the event, the page fetched again, its <main>
  swapped in. Skipped, and said so, where Chromium is absent.

Each save changes one entry's prose in the first entries file; the median and the worst
of the saves are printed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from serve_helpers import AUTH, CHROMEDRIVER, CHROMIUM, ready, serving, sign_in  # noqa: E402

PAGE = "bench-encounters-01.html"    # the page of the first entries file's first card


class Listener(threading.Thread):
    """Reads the server's events; ``moved`` is set when PAGE's digest changes."""

    def __init__(self, url: str) -> None:
        super().__init__(daemon=True)
        self.url, self.made, self.moved = url, None, threading.Event()
        self.at = 0.0

    def run(self) -> None:
        events = urllib.request.Request(self.url + "events", headers=AUTH)
        with urllib.request.urlopen(events, timeout=600) as stream:
            for raw in stream:
                line = raw.decode().strip()
                if not line.startswith("data: "):
                    continue
                made = json.loads(line[6:])["pages"].get(PAGE)
                if self.made is not None and made != self.made:
                    self.at = time.perf_counter()
                    self.moved.set()
                self.made = made


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("project", type=Path)
    parser.add_argument("--saves", type=int, default=10)
    args = parser.parse_args()
    target = sorted(args.project.glob("entries-*.smersh"))[0]
    original = target.read_text(encoding="utf-8")
    pushed, shown = [], []
    driver = None
    try:
        with serving(args.project.resolve(), cwd=args.project.resolve()) as url:
            ready(url, wait_s=300)
            listener = Listener(url)
            listener.start()
            deadline = time.monotonic() + 60
            while listener.made is None:
                if time.monotonic() > deadline:
                    raise SystemExit(f"the server names no page {PAGE}")
                time.sleep(0.05)
            if CHROMIUM and CHROMEDRIVER:
                from serve_helpers import browser
                driver = browser()
                sign_in(driver, url)
                driver.get(url + PAGE)
            else:
                print("no chromium and chromedriver: only the pushed figure", file=sys.stderr)
            time.sleep(1.0)
            for i in range(args.saves):
                marker = f"Saved {i} at the bench."
                listener.moved.clear()
                start = time.perf_counter()
                target.write_text(original.replace("It works.", marker, 1), encoding="utf-8")
                if not listener.moved.wait(30):
                    raise SystemExit(f"save {i}: no event within 30 s")
                pushed.append(listener.at - start)
                if driver is not None:
                    while marker not in driver.execute_script(
                            "return document.getElementById('main').textContent"):
                        time.sleep(0.005)
                    shown.append(time.perf_counter() - start)
                time.sleep(0.3)
    finally:
        target.write_text(original, encoding="utf-8")
        if driver is not None:
            driver.quit()
    entries = sum(p.read_text().count("\nentry ") for p in args.project.glob("*.smersh"))
    print(f"{entries} entries, {len(pushed)} saves of one entry's prose")
    for label, times in (("pushed (save -> event)", pushed), ("shown (save -> page DOM)", shown)):
        if times:
            print(f"{label}: median {statistics.median(times) * 1000:.0f} ms, "
                  f"worst {max(times) * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

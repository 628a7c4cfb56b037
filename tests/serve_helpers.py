"""Starting `smersh serve` for a test, and a headless Chromium to look at it.

The browser is Debian's `chromium` driven by its `chromedriver` (installed by .ci/run):
nothing is ever downloaded while the tests run; where either is missing the browser
tests are skipped and say why."""

from __future__ import annotations

import os
import re
import secrets
import shutil
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

from waiting import HANG_GUARD_S, until

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
URL = re.compile(r"smersh serve: (http://\S+/)\?token=(\S+)")
# The token of the servers these tests start (`--token`); test_serve.py checks that a
# server started without one makes its own and prints it.
TOKEN = secrets.token_urlsafe(16)
AUTH = {"Authorization": f"token {TOKEN}"}


@contextmanager
def serving(*paths: Path, cwd: Path):
    """`smersh serve PATHS --port 0 --token TOKEN` in its own process; yields its address
    (without the token: requests send ``AUTH``, a browser calls ``sign_in`` first)."""
    proc = subprocess.Popen([sys.executable, "-m", "smersh_dsl", "serve", *map(str, paths),
                             "--port", "0", "--token", TOKEN], cwd=cwd, stderr=subprocess.PIPE,
                            text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        line = proc.stderr.readline()
        found = URL.search(line)
        if not found or found.group(2) != TOKEN:
            raise AssertionError(f"smersh serve did not start: {line}{proc.stderr.read()}")
        yield found.group(1)
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        proc.stderr.close()


def ready(url: str) -> None:
    """Wait until the server has checked the project (its first page is served then)."""
    import urllib.request

    def served() -> bool:
        try:
            request = urllib.request.Request(url + "findings.html", headers=AUTH)
            with urllib.request.urlopen(request, timeout=HANG_GUARD_S) as reply:
                return reply.status == 200
        except OSError:
            return False
    until(served, "smersh serve answered with its findings page", poll_s=0.1)


def sign_in(driver, url: str) -> None:
    """Open the address the server printed, as its user does: the token, once, and the
    cookie that carries it from then on."""
    driver.get(f"{url}?token={TOKEN}")


def browser(offline: bool = False):
    """A headless Chromium (1280x900) from Debian's packages; ``offline`` cuts it off
    from every network, so only file:// can load."""
    if not CHROMIUM or not CHROMEDRIVER:
        pytest.skip("the browser tests need Debian's chromium and chromium-driver "
                    "(apt-get install chromium chromium-driver; .ci/run installs them)")
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is in the test extras")
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,900",
                     "--disable-dev-shm-usage", "--hide-scrollbars", "--force-device-scale-factor=1",
                     "--font-render-hinting=none", "--disable-extensions"):
        options.add_argument(argument)
    if offline:
        options.add_argument("--proxy-server=http://127.0.0.1:9")   # nothing listens there
        options.add_argument("--host-resolver-rules=MAP * ~NOTFOUND")
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(HANG_GUARD_S)
    return driver


def differing(a: Path, b: Path, threshold: int = 48) -> float:
    """The share of pixels that differ by more than ``threshold`` (0-255, any channel)
    between two screenshots; 1.0 when their sizes differ."""
    from PIL import Image, ImageChops
    first, second = Image.open(a).convert("RGB"), Image.open(b).convert("RGB")
    if first.size != second.size:
        return 1.0
    diff = ImageChops.difference(first, second).convert("L").point(lambda v: 255 if v > threshold else 0)
    return diff.histogram()[255] / (first.size[0] * first.size[1])


# The pages whose screenshots are golden (tests/golden/serve/NAME.png), on a copy of the
# bundled epic book served by `smersh serve`.
SHOTS = (("showdown", "smersh-sd-henchman-pierre.html"), ("flow", "smersh-flow.html"),
         ("findings", "findings.html"))


def shoot(driver, url: str, folder: Path) -> dict[str, Path]:
    """Screenshots of the SHOTS pages into ``folder``, each once its page is connected."""
    from selenium.webdriver.support.ui import WebDriverWait
    taken = {}
    sign_in(driver, url)
    for name, page in SHOTS:
        driver.get(url + page)
        WebDriverWait(driver, 30, poll_frequency=0.05).until(
            lambda d: d.execute_script("return document.body.dataset.version"), "connected")
        taken[name] = folder / f"{name}.png"
        driver.save_screenshot(str(taken[name]))
    return taken


def golden_screenshots(golden: Path, books: Path, docs: Path) -> list[Path]:
    """Take the golden screenshots again (tests/regen_golden.py), and the docs' one."""
    import tempfile
    golden.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        shutil.copytree(books / "epic", Path(home) / "epic")
        with serving(Path("epic"), cwd=Path(home)) as url:
            ready(url)
            driver = browser()
            try:
                taken = shoot(driver, url, golden)
            finally:
                driver.quit()
    shutil.copyfile(taken["showdown"], docs / "serve.png")
    return [*taken.values(), docs / "serve.png"]

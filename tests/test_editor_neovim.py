"""Neovim against `smersh lsp`, with the configuration docs/editors.md gives (issue #29):
headless, that block as its only init.lua, a showdown with a broken goto opened; once
the client has published, the buffer's diagnostics carry the checker's N007 at its line
and column. Skipped where `nvim` is missing (.ci/run installs Debian's)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO
from waiting import HANG_GUARD_S

NVIM = shutil.which("nvim")

# Waits for the diagnostics (the hang guard is only a bound), then prints what it holds.
# A configuration that cannot start the client (no file type for .smersh, an error in
# its callback) says so at once instead of waiting.
SHOW = """
local started = vim.bo.filetype == "smersh" and vim.v.errmsg == ""
local published = started and vim.wait(%d, function() return #vim.diagnostic.get(0) > 0 end, 50)
local out = { published and "published" or (started and "nothing published")
              or ("not started: filetype [" .. vim.bo.filetype .. "] " .. vim.v.errmsg) }
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(out, string.format("%%d:%%d %%s %%s", d.lnum + 1, d.col + 1, tostring(d.code), d.message))
end
local client = vim.lsp.get_active_clients()[1]
table.insert(out, "root " .. (client and client.config.root_dir or "none"))
io.stdout:write(table.concat(out, "\\n") .. "\\n")
vim.cmd("qa!")
"""


def documented_config() -> str:
    """The Lua block of the Neovim item of docs/editors.md, as a reader copies it."""
    text = (REPO / "docs" / "editors.md").read_text(encoding="utf-8")
    item = text[text.index("- **Neovim**"):text.index("- **Helix**")]
    block = re.search(r"```lua\n(.*?)```", item, re.S)
    assert block, "docs/editors.md gives Neovim a Lua block"
    return "\n".join(line[2:] if line.startswith("  ") else line for line in block.group(1).split("\n"))


@pytest.mark.skipif(NVIM is None, reason="needs Neovim (apt-get install neovim; .ci/run installs it)")
def test_neovim_with_the_documented_config_shows_the_servers_diagnostics(tmp_path: Path) -> None:
    book = tmp_path / "epic"
    shutil.copytree(REPO / "books" / "epic", book)
    pierre = book / "showdowns" / "pierre.smersh"
    text = pierre.read_text(encoding="utf-8")
    pierre.write_text(text.replace("goto 05", "goto 55", 1), encoding="utf-8")
    line = next(i for i, row in enumerate(text.split("\n")) if "goto 05" in row)
    column = text.split("\n")[line].index("goto 05") + len("goto ") + 1
    (tmp_path / "init.lua").write_text(documented_config(), encoding="utf-8")
    (tmp_path / "show.lua").write_text(SHOW % (HANG_GUARD_S * 1000), encoding="utf-8")
    bin_dir = tmp_path / "bin"             # `smersh` on PATH: this checkout's, as installed
    bin_dir.mkdir()
    (bin_dir / "smersh").write_text(f"#!/bin/sh\nexec {sys.executable} -m smersh_dsl \"$@\"\n")
    (bin_dir / "smersh").chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
           "PYTHONPATH": str(REPO), "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_STATE_HOME": str(tmp_path / "state")}
    done = subprocess.run([NVIM, "--headless", "-u", str(tmp_path / "init.lua"), str(pierre),
                           "-c", f"luafile {tmp_path / 'show.lua'}"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=HANG_GUARD_S * 2, stdin=subprocess.DEVNULL)
    out = done.stdout.split("\n")
    assert out[0] == "published", done.stdout + done.stderr
    assert any(row.startswith(f"{line + 1}:{column} N007 unknown encounter, tally or conclusion `55`")
               for row in out), done.stdout
    assert f"root {book}" in out, done.stdout

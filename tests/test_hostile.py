"""Hostile input (issue #8): what a user sees for each kind, never a traceback.

Deep nesting, a 50 MB file, very long lines, invalid UTF-8, NUL bytes, symbolic-link loops,
paths that leave the project, HTML and script in prose, template syntax in prose. Each
test asserts what the user notices: a diagnostic with its code and a span inside the file
(file, line, column), or the text escaped where it lands in HTML and kept as written in
JSON. docs/robustness.md says what each case does and why.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from smersh_dsl.parse.source import MAX_BYTES

from waiting import HANG_GUARD_S
from conftest import REPO, check_paths, smersh
from smersh_dsl.diagnostics.diagnostic import Diagnostic

SMUSH = REPO / "books" / "smush"


# ---------------------------------------------------------------------------- helpers

def inside(d: Diagnostic, path: Path) -> None:
    """The span names ``path`` (as shown) and lies inside its text, as the reader sees it."""
    data = path.read_bytes()
    lines = data.decode("utf-8", errors="replace").replace("\r\n", "\n").split("\n")
    s = d.span
    assert Path(s.file).resolve() == path.resolve() or s.file == str(path), (s.file, path)
    assert 1 <= s.line <= len(lines), f"{d}: line outside the file of {len(lines)} lines"
    assert 1 <= s.column <= len(lines[s.line - 1]) + 1, f"{d}: column outside line {s.line}"
    assert (s.end_line, s.end_column) >= (s.line, s.column), str(d)
    assert s.end_line <= len(lines), str(d)


def only(found: list[Diagnostic], code: str) -> Diagnostic:
    assert [d.code for d in found] == [code], [str(d) for d in found]
    return found[0]


def no_traceback(result: subprocess.CompletedProcess) -> None:
    both = result.stdout + result.stderr
    assert "Traceback" not in both and "internal error" not in both, both[-2000:]


def copy_smush(where: Path) -> Path:
    """A copy of the smallest bundled project (clean: `smersh check` finds nothing)."""
    project = where / "smush"
    shutil.copytree(SMUSH, project)
    return project


# ---------------------------------------------------------------------------- deep nesting

def test_deep_block_nesting_is_S006_at_the_block_that_goes_too_deep(tmp_path: Path):
    path = tmp_path / "deep.smersh"
    depth = 5000
    path.write_text("entry 01.1.1 {\n" + "  if expert {\n" * depth + "  }\n" * depth + "}\n")
    d = only(check_paths(path), "S006")
    assert (d.span.line, d.span.column) == (65, 13)       # the 65th `{`: one past the limit of 64
    assert "nested more than 64 deep" in d.message
    inside(d, path)


def test_a_hundred_thousand_open_braces(tmp_path: Path):
    path = tmp_path / "braces.smersh"
    path.write_text("{\n" * 100_000)
    d = only(check_paths(path), "S006")
    assert (d.span.line, d.span.column) == (65, 1)
    inside(d, path)


@pytest.mark.parametrize("text", [
    "entry 01.1.1 { if\n" + "not\n" * 20_000 + "expert { } }\n",
    "entry 01.1.1 { if " + "(" * 5000 + "expert" + ")" * 5000 + " { } }\n",
    "entry 01.1.1 { if expert { }\n" + " else if expert { }\n" * 5000 + "}\n",
], ids=["20000-nots", "5000-parentheses", "5000-else-ifs"])
def test_deep_conditions_are_S006_not_a_recursion_error(tmp_path: Path, text: str):
    path = tmp_path / "conditions.smersh"
    path.write_text(text)
    found = check_paths(path)
    assert "S006" in [d.code for d in found], [str(d) for d in found]
    for d in found:
        inside(d, path)


# ---------------------------------------------------------------------------- 50 MB

FIFTY_MB = 50 * 2**20
ENTRY = 'entry 01.1.1 {\n  "You slip between the flower stalls." gain 1 intel\n}\n'


def _fifty_megabytes(path: Path, tail: bytes) -> int:
    """Write about 50 MB of entries, then ``tail``; return the line ``tail`` starts on."""
    block = (ENTRY * 1000).encode()
    count = FIFTY_MB // len(block) + 1
    with path.open("wb") as out:
        for _ in range(count):
            out.write(block)
        out.write(tail)
    return count * 1000 * ENTRY.count("\n") + 1


def _near_the_limit(path: Path, tail: bytes) -> int:
    """Write entries up to just under the size limit, then ``tail``; return its line."""
    block = (ENTRY * 100).encode()
    count = (MAX_BYTES - 64 * 1024) // len(block)
    with path.open("wb") as out:
        for _ in range(count):
            out.write(block)
        out.write(tail)
    return count * 100 * ENTRY.count("\n") + 1


def test_a_nul_byte_at_the_end_of_a_large_file_is_found_where_it_is(tmp_path: Path):
    path = tmp_path / "large.smersh"
    line = _near_the_limit(path, b'entry 09.9.9 { "ab\x00" }\n')
    d = only(check_paths(path), "I003")
    assert (d.span.line, d.span.column) == (line, 19)
    assert "byte 0x00" in d.message


def test_one_line_too_long_at_the_end_of_a_large_file(tmp_path: Path):
    path = tmp_path / "large.smersh"
    line = _near_the_limit(path, b"# " + b"x" * 30_000 + b"\n")
    d = only(check_paths(path), "I006")
    assert (d.span.line, d.span.column) == (line, 20_001)
    inside(d, path)


def test_fifty_megabytes_of_entries_are_refused_at_once(tmp_path: Path):
    """I007: a file over the limit is refused before it is read, with its size and the
    limit, and the command answers (the timeout only guards against a hang)."""
    path = tmp_path / "fifty.smersh"
    _fifty_megabytes(path, b"")
    exe = Path(sys.executable).with_name("smersh")
    result = subprocess.run([str(exe), "check", "--quiet", str(path)], capture_output=True,
                            text=True, timeout=HANG_GUARD_S, env=dict(os.environ, SMERSH_CACHE_DIR=""))
    no_traceback(result)
    assert result.returncode == 1
    assert "I007" in result.stdout and "50.0 MiB; the limit is 4 MiB" in result.stdout
    assert f"{path.name}:1:1" in result.stdout


# ---------------------------------------------------------------------------- long lines

def test_a_megabyte_line_is_I006_at_the_first_character_past_the_limit(tmp_path: Path):
    path = tmp_path / "long.smersh"
    path.write_text('entry 01.1.1 {\n  gain 1 intel\n  "' + "é" * 1_000_000 + '"\n}\n')
    d = only(check_paths(path), "I006")
    assert (d.span.line, d.span.column) == (3, 20_001)
    assert "line 3 is 1,000,004 characters long" in d.message
    inside(d, path)


def test_twenty_thousand_characters_are_read_and_one_more_is_not(tmp_path: Path):
    path = tmp_path / "edge.smersh"
    line = '  flavour "' + "x" * (20_000 - 12) + '"'
    assert len(line) == 20_000
    path.write_text('status "Calm" {\n  effect "x"\n' + line + "\n}\n")
    assert [d.code for d in check_paths(path) if d.code.startswith(("I", "S"))] == []
    path.write_text('status "Calm" {\n  effect "x"\n' + line + " \n}\n")
    d = only(check_paths(path), "I006")
    assert (d.span.line, d.span.column) == (3, 20_001)
    inside(d, path)


# ---------------------------------------------------------------------------- bytes

@pytest.mark.parametrize("bad", [
    b"\xff",                     # never valid in UTF-8
    b"\xc0\xaf",                 # an overlong `/`
    b"\xed\xa0\x80",             # a UTF-16 surrogate
    b"\xe2\x82",                 # a character cut short
], ids=["ff", "overlong", "surrogate", "truncated"])
def test_invalid_utf8_is_I001_at_the_bad_byte(tmp_path: Path, bad: bytes):
    path = tmp_path / "bytes.smersh"
    # Line 2 holds two two-byte characters before the bad byte, the 8th character: the
    # column counts characters, not bytes.
    path.write_bytes(b'status "Caf\xc3\xa9" {\n  "\xc3\xa9t\xc3\xa9 ' + bad + b' ok"\n}\n')
    d = only(check_paths(path), "I001")
    assert (d.span.line, d.span.column) == (2, 8)
    assert f"0x{bad[0]:02x}" in d.message
    inside(d, path)


def test_invalid_utf8_as_the_last_byte(tmp_path: Path):
    path = tmp_path / "cut.smersh"
    path.write_bytes(b'status "Calm" { effect "x" }\n\xe2')
    d = only(check_paths(path), "I001")
    assert (d.span.line, d.span.column) == (2, 1)


@pytest.mark.parametrize("offset", [0, 40, 70_000], ids=["first-byte", "mid-line", "past-64KiB"])
def test_a_nul_byte_is_I003_where_it_is(tmp_path: Path, offset: int):
    path = tmp_path / "nul.smersh"
    lines = ['status "S%05d" { effect "%s" }\n' % (i, "x" * 20) for i in range(3000)]
    data = "".join(lines).encode()
    data = data[:offset] + b"\x00" + data[offset:]
    path.write_bytes(data)
    d = only(check_paths(path), "I003")
    line = data.count(b"\n", 0, offset) + 1
    column = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
    assert (d.span.line, d.span.column) == (line, column)
    assert f"offset {offset}" in d.message
    inside(d, path)


# ---------------------------------------------------------------------------- symbolic links

def test_a_folder_linked_into_itself_is_not_followed_and_nothing_is_read_twice(tmp_path: Path):
    project = copy_smush(tmp_path)
    (project / "again").symlink_to(project, target_is_directory=True)
    (project / "deeper").mkdir()
    (project / "deeper" / "up").symlink_to("..", target_is_directory=True)
    (project / "deeper" / "up2").symlink_to("../deeper", target_is_directory=True)
    found = check_paths(project)           # a loop that never ends: the suite's hang guard
    # Read twice, every card would be a duplicate (D001); followed, it would never end.
    assert [str(d) for d in found] == []


def test_a_file_link_that_loops_is_I004_at_the_link(tmp_path: Path):
    project = copy_smush(tmp_path)
    (project / "self.smersh").symlink_to("self.smersh")
    (project / "ping.smersh").symlink_to("pong.smersh")
    (project / "pong.smersh").symlink_to("ping.smersh")
    found = check_paths(project)
    assert sorted((Path(d.span.file).name, d.code, d.span.line, d.span.column) for d in found) == [
        ("ping.smersh", "I004", 1, 1), ("pong.smersh", "I004", 1, 1), ("self.smersh", "I004", 1, 1)]
    assert all("symbolic links" in d.message for d in found)


def test_a_looping_link_given_by_name_and_on_the_command_line(tmp_path: Path):
    (tmp_path / "self.smersh").symlink_to("self.smersh")
    only(check_paths(tmp_path / "self.smersh"), "I004")
    result = smersh("check", str(tmp_path), cwd=tmp_path)
    no_traceback(result)
    assert result.returncode == 1
    assert "self.smersh:1:1: error[I004]" in result.stdout


BROKEN = "entry 01.1.1 { test\n"          # S003 at 1:14: the `{` is never closed


def test_a_linked_file_outside_the_project_is_I009_and_not_read(tmp_path: Path):
    """Issue #21 reverses the choice of #8: a linked *file* leading out of the project is
    not read (in a pull request's CI it could quote a runner's secret); its finding
    names the link, inside the project. Its own folder, checked by name, reads it."""
    project = copy_smush(tmp_path / "in")
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "shared.smersh").write_text(BROKEN)
    (project / "shared.smersh").symlink_to(outside / "shared.smersh")
    found = check_paths(project)
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("I009", 1, 1)]
    assert found[0].span.file.endswith(os.path.join("smush", "shared.smersh"))
    assert [(d.code, d.span.line, d.span.column) for d in check_paths(outside)] == [("S003", 1, 14)]


def test_a_linked_folder_outside_the_project_is_not_entered(tmp_path: Path):
    """Chosen: a linked *folder* is never walked into (the same rule that stops loops), so a
    link cannot pull a foreign tree, with its own errors, into the project."""
    project = copy_smush(tmp_path / "in")
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "broken.smersh").write_text(BROKEN)
    (project / "foreign").symlink_to(foreign, target_is_directory=True)
    assert check_paths(project) == []
    # Given by name, the folder is checked like any other.
    found = check_paths(project / "foreign")
    assert [(d.code[0], Path(d.span.file).name) for d in found] == [("S", "broken.smersh")]


def test_dotdot_paths_name_the_same_project_once(tmp_path: Path):
    project = copy_smush(tmp_path)
    (project / "sub").mkdir()
    twisted = project / "sub" / ".." / "sub" / ".." / ".." / "smush"
    found = check_paths(project, twisted, project / "sub" / ".." / "cards.smersh")
    assert found == []                      # loaded once: no duplicate (D001) of any card
    (project / "sub" / "broken.smersh").write_text(BROKEN)
    found = check_paths(twisted / "sub" / ".." / "sub" / "broken.smersh", project)
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("S003", 1, 14)]      # once, not twice
    assert ".." not in found[0].span.file        # shown by its plain path
    inside(found[0], project / "sub" / "broken.smersh")


def test_dotdot_out_of_the_working_folder_on_the_command_line(tmp_path: Path):
    project = copy_smush(tmp_path / "a")
    (project / "bad.smersh").write_text(BROKEN)
    work = tmp_path / "b" / "work"
    work.mkdir(parents=True)
    result = smersh("check", "../../a/smush/../smush", cwd=work)
    no_traceback(result)
    assert result.returncode == 1
    shown = result.stdout.split(":1:14: error[S003]")[0].splitlines()[-1]
    assert (work / shown).resolve() == (project / "bad.smersh").resolve(), result.stdout


# ---------------------------------------------------------------------------- prose in HTML

SCRIPT = "<script>alert('x')</script>"
TEMPLATE = "{{ 1000 + 337 }} {% for i in range(3) %}loop{% endfor %} ${HOME} {0} %(x)s"


def _smersh_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


HOSTILE_SHOWDOWN = f"""showdown "<b>Zed</b> {{{{ 1000 + 337 }}}}" {{
  intro {{ {_smersh_string(SCRIPT + " " + TEMPLATE)} goto 1 }}
  encounter 1 {{
    choose {{
      {_smersh_string(SCRIPT + " & " + TEMPLATE)} {{ gain success goto end }}
      "<img src=x onerror=alert(2)>" {{ take 1 injury goto end }}
    }}
  }}
  tally end {{ successes >= 1 -> victory  else -> defeat }}
  victory {{ "Won." }}
  defeat {{ "</ul></body><script>alert(3)</script>" }}
}}
"""


def _no_markup_from_the_writer(page: str) -> None:
    """No tag the writer typed survives as a tag, and no template syntax was evaluated."""
    assert "<script" not in page.lower() and "<img" not in page.lower() and "<b>" not in page
    assert "1337" not in page and "looplooploop" not in page


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz is installed by .ci/run")
def test_html_and_template_syntax_in_prose_are_escaped_in_the_graph_page(tmp_path: Path):
    path = tmp_path / "zed.smersh"
    path.write_text(HOSTILE_SHOWDOWN)
    result = smersh("graph", str(path), "--showdown", "<b>Zed</b> {{ 1000 + 337 }}",
                    "--format", "html")
    no_traceback(result)
    assert result.returncode == 0, result.stderr
    page = result.stdout
    _no_markup_from_the_writer(page)
    # The options, on their arrow (Graphviz writes ' as &#39;):
    assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; {{ 1000 + 337 }}" in page
    assert "&lt;img src=x onerror=alert(2)&gt;" in page
    assert "&lt;b&gt;Zed&lt;/b&gt; {{ 1000 + 337 }}" in page        # the title, printed
    assert "{% for i in range(3) %}loop{% endfor %} ${HOME} {0} %(x)s" in page
    assert page.count("<svg") == 1 and page.rstrip().endswith("</html>")


def test_html_and_template_syntax_in_prose_are_kept_as_written_in_the_json(tmp_path: Path):
    from smersh_dsl.pipeline.run import check_paths as run_check
    from smersh_dsl.export.build import build_json

    project = copy_smush(tmp_path)
    cards = project / "cards.smersh"
    hostile = SCRIPT + ' "quoted" & ' + TEMPLATE + " </script><!--"
    old = '"Chew twice, stick it to the hinge, and count to five from a safe distance."'
    assert old in cards.read_text()
    cards.write_text(cards.read_text().replace(old, _smersh_string(hostile)))
    projects, found = run_check([project])
    assert found == []
    result = build_json(projects, tmp_path / "build")
    text = result.written[0].read_text(encoding="utf-8")
    assert hostile in set(_strings(json.loads(text)))             # exactly as written, as data
    assert "1337" not in text and "looplooploop" not in text


def _strings(node: object):
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for value in node.values():
            yield from _strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from _strings(value)


def test_template_syntax_and_html_in_prose_through_the_print_templates():
    """The only Jinja2 environment (smersh_dsl.print.env): writer prose enters as a value
    through the `prose` filter, escaped, and its template syntax is printed."""
    env = pytest.importorskip("smersh_dsl.print.env")
    page = env.environment().from_string("<p>{{ text|prose }}</p>").render(
        text=SCRIPT + " " + TEMPLATE + " *kept*")
    _no_markup_from_the_writer(page)
    assert "&lt;script&gt;" in page and TEMPLATE in page
    assert "<em>kept</em>" in page                     # the documented markup still works


# ---------------------------------------------------------------------------- all at once

def test_the_command_line_on_a_folder_of_hostile_files(tmp_path: Path):
    (tmp_path / "deep.smersh").write_text("{\n" * 10_000)
    (tmp_path / "long.smersh").write_text("# " + "x" * 100_000 + "\n")
    (tmp_path / "latin1.smersh").write_bytes(b'status "Caf\xe9" { }\n')
    (tmp_path / "nul.smersh").write_bytes(b'status "A" {\x00}\n')
    (tmp_path / "loop.smersh").symlink_to("loop.smersh")
    (tmp_path / "here").symlink_to(tmp_path, target_is_directory=True)
    result = smersh("check", "--format", "json", str(tmp_path), cwd=tmp_path)
    no_traceback(result)
    assert result.returncode == 1
    found = {(Path(d["span"]["file"]).name, d["code"], d["span"]["line"], d["span"]["column"])
             for d in json.loads(result.stdout)["diagnostics"]}
    assert found == {("deep.smersh", "S006", 65, 1), ("long.smersh", "I006", 1, 20_001),
                     ("latin1.smersh", "I001", 1, 12), ("nul.smersh", "I003", 1, 13),
                     ("loop.smersh", "I004", 1, 1)}


def test_fmt_leaves_every_hostile_file_alone_and_says_why(tmp_path: Path):
    """`smersh fmt` reads as `smersh check` does: what check refuses, fmt does not rewrite
    (it used to reformat a file with a NUL byte inside a string); the folder loop is not
    followed."""
    books = tmp_path / "books"
    books.mkdir()
    hostile = {"deep.smersh": b"{\n" * 10_000,
               "long.smersh": b"# " + b"x" * 100_000 + b"\n",
               "latin1.smersh": b'status   "Caf\xe9"   {\n}\n',
               "nul.smersh": b'status   "A\x00"   {\n      effect "x"\n}\n'}
    for name, data in hostile.items():
        (books / name).write_bytes(data)
    (books / "loop.smersh").symlink_to("loop.smersh")
    (books / "here").symlink_to(".", target_is_directory=True)
    (books / "calm.smersh").write_text(UNFORMATTED_CALM)
    result = smersh("fmt", str(books), cwd=tmp_path)
    no_traceback(result)
    assert result.returncode == 1
    for name, data in hostile.items():
        assert (books / name).read_bytes() == data, name
    said = result.stderr
    assert "latin1.smersh: not formatted: byte 0xe9 is not valid UTF-8 (line 1, column 14: I001)" in said
    assert "nul.smersh: not formatted: the file holds binary data" in said and "I003)" in said
    assert "long.smersh: not formatted: line 1 is 100,002 characters long" in said
    assert "loop.smersh: not formatted: cannot read the file" in said
    assert "deep.smersh: not formatted: it has syntax errors" in said
    assert "6 files: 1 reformatted, 5 left alone" in said
    assert (books / "calm.smersh").read_text() == 'status "Calm" {\n  effect "Breathe."\n}\n'


UNFORMATTED_CALM = 'status "Calm" {\n      effect "Breathe."\n\n\n\n}   \n'


@pytest.mark.parametrize("count", [64, 65])
def test_a_chain_of_nots_is_read_up_to_64_and_S006_past_it(tmp_path: Path, count: int):
    """No brace shows how deep `not not ...` goes, so the builder counts the chain: 64 is
    read (the limit of S006), 65 is S006 at the outermost `not`."""
    path = tmp_path / "nots.smersh"
    path.write_text("entry 01.1.1 {\n  if " + "not " * count + "expert { \"x\" }\n}\n")
    codes = [d.code for d in check_paths(path)]
    if count == 64:
        assert "S006" not in codes
    else:
        d = only(check_paths(path), "S006")
        assert (d.span.line, d.span.column) == (2, 6)
        assert "more than 64 deep" in d.message


def test_a_chain_of_else_ifs_past_64_is_S006_at_the_first_else(tmp_path: Path):
    path = tmp_path / "elses.smersh"
    path.write_text("entry 01.1.1 {\n  if expert { \"x\" }\n" + "  else if expert { \"y\" }\n" * 65 + "}\n")
    d = only(check_paths(path), "S006")
    assert (d.span.line, d.span.column) == (3, 3)

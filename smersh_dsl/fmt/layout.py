"""One canonical layout, line by line, that never changes what a file means.

- Each line is indented two spaces per open `{` (a line starting with `}` one less).
- A string that runs over several lines keeps its lines, each indented like the line
  where it opened: the language folds a string's line breaks and indentation into one
  space (docs/language.md), so this changes no text. Blank lines inside a string stay:
  they are paragraph breaks.
- Trailing spaces go, tabs in indentation become spaces, runs of blank lines become one,
  the file starts with its first line of content and ends with one newline.
- Comments stay where they were, indented like the code around them.

Only a text that parses is laid out (`fmt.run`): it nests at most 64 deep, so no line
gains more than 128 spaces and the layout is linear in the text's size. Laid out
first, 40,000 unclosed braces became 3 GB of indentation.
"""

from __future__ import annotations

INDENT = "  "
BLANKS = " \t\f"     # what a line's edges lose; a no-break space is text, never a blank


def _scan(line: str, depth: int, in_string: bool) -> tuple[int, bool, int]:
    """Walk one line: (depth after it, still inside a string?, lowest depth reached)."""
    lowest = depth
    i = 0
    while i < len(line):
        ch = line[i]
        if in_string:
            if ch == "\\":
                i += 2
                continue
            if ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch == "#":
            break
        elif ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            lowest = min(lowest, depth)
        i += 1
    return depth, in_string, lowest


def format_text(text: str) -> str:
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    out: list[str] = []
    depth = 0
    in_string = False
    string_indent = ""
    blank_run = 0
    for raw in lines:
        if in_string:
            body = raw.strip(BLANKS)
            out.append(string_indent + body if body else "")
            depth, in_string, _ = _scan(raw, depth, True)
            blank_run = 0
            continue
        body = raw.strip(BLANKS)
        if not body:
            blank_run += 1
            if out and blank_run == 1:
                out.append("")
            continue
        blank_run = 0
        level = depth - 1 if body.startswith("}") else depth
        indent = INDENT * max(level, 0)
        out.append((indent + body).rstrip(BLANKS))
        new_depth, in_string, _ = _scan(body, depth, False)
        if in_string:
            string_indent = indent
        depth = max(new_depth, 0)
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n" if out else ""

"""Completion that fits the place: what the grammar accepts at the cursor (parse/expect.py)
and the project's names of the kind wanted there.

- keywords where the grammar takes one, with snippets for the blocks writers type most;
- after `test`, the skills; after `pass with` / `+1 with`, advanced skills, statuses and
  gadgets; in `gain status "`, the statuses; after `move`, the places; after `goto` and
  `->`, the encounters, tallies and conclusions of the same showdown;
- where an entry may start, the entries the cards' grids still lack, with their keys.
"""

from __future__ import annotations

import re

from smersh_dsl.analysis.grid import gaps
from smersh_dsl.lsp.index import ProjectIndex
from smersh_dsl.model.cards import GadgetCard, StatusCard
from smersh_dsl.model.refs import RefKind
from smersh_dsl.model.showdowns import Showdown
from smersh_dsl.model.steps import Prose
from smersh_dsl.model.walk import nodes
from smersh_dsl.model.world import GameDef, Region
from smersh_dsl.parse.expect import STAND_IN, accepted_after, closed, stand_in_ref
from smersh_dsl.parse.parser import block_start, next_block
from smersh_dsl.parse.scan import literals
from smersh_dsl.records import dataclass
from smersh_dsl.resolve.symbols import RESOLVES_TO

_WORD = re.compile(r"[A-Za-z0-9_'.]*$")
_WORD_AHEAD = re.compile(r"[A-Za-z0-9_'.]*")
_BARE = re.compile(r"[A-Za-z_][A-Za-z0-9_']*|\d+")     # a NAME or an INT: no quotes needed
_CLOSED_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
MOST_GAPS = 60

SNIPPETS = {
    "entry": 'entry ${1:01.1.1} {\n  "${2:What happens.}"\n  $0\n}',
    "card": 'card ${1:Europe} ${2:01} "${3:Title}" {\n  response ${4:1} "${5:First response}"\n}',
    "showdown": ('showdown ${1:Name} {\n  intro { "${2:It begins.}" goto 01 }\n'
                 '  encounter 01 { "${3:First encounter.}" goto end }\n'
                 '  tally end { successes >= ${4:3} -> victory  else -> defeat }\n'
                 '  victory { "${5:You win.}" }\n  defeat { "${6:You lose.}" }\n}'),
    "encounter": 'encounter ${1:02} {\n  "${2:What happens.}"\n  $0\n}',
    "test": 'test ${1:Spycraft} [${2:1}]\npass { ${3:gain 1 intel} }\nfail { ${4:take 1 injury} }',
    "gamble": 'gamble\npass { ${1:gain 1 intel} }\nfail { ${2:take 1 injury} }',
    "choose": 'choose {\n  "${1:First choice}" { $2 }\n  "${3:Second choice}" { $4 }\n}',
}


@dataclass(frozen=True)
class Item:
    """One completion: what is shown, what is written, its kind and a one-line detail."""
    label: str
    kind: str          # keyword, snippet, skill, status, place, target, entry...
    detail: str
    insert: str
    snippet: bool = False


@dataclass(frozen=True)
class Place:
    """Where the cursor stands: the word (or text in quotes) it is in, and its block."""
    begin: int         # the block's start
    start: int         # the typed word's start (just past the quote, in a text)
    resume: int        # just past the word (past the closing quote, in a text)
    quoted: bool


def place_at(text: str, offset: int) -> Place:
    begin = block_start(text, offset)
    before = text[begin:offset]
    last = None
    for last in literals(before, unterminated=True):
        pass
    if last is not None and last.end == len(before) and not _CLOSED_STRING.fullmatch(before, last.start):
        close = text.find('"', offset)
        line_end = text.find("\n", offset)
        ends_here = close >= 0 and (line_end < 0 or close < line_end)
        return Place(begin, begin + last.start + 1, close + 1 if ends_here else offset, True)
    word = _WORD.search(before)
    start = offset - (len(word.group()) if word else 0)
    return Place(begin, start, _WORD_AHEAD.match(text, offset).end(), False)  # type: ignore[union-attr]


def items_at(text: str, offset: int, index: ProjectIndex | None) -> tuple[Place, list[Item]]:
    """Everything that may be written at ``offset`` of ``text`` (run on the parser's thread)."""
    place = place_at(text, offset)
    head = text[place.begin:place.start - 1 if place.quoted else place.start]
    accepted = accepted_after(head)
    if accepted is None:
        return place, []
    found: list[Item] = []
    if not place.quoted:
        for word in sorted(accepted.keywords):
            found.append(Item(word, "keyword", "keyword", word))
            if word in SNIPPETS:
                found.append(Item(word, "snippet", f"{word} block", SNIPPETS[word], snippet=True))
    names = "STRING" in accepted.terminals if place.quoted else bool({"NAME", "STRING"} & accepted.terminals)
    if names and index is not None:
        found.extend(_names(text, place, head, index))
    if index is not None and not place.quoted:
        found.extend(_entry_gaps(index, "ENTRY_KEY" in accepted.terminals, "entry" in accepted.keywords))
    return place, found


def _names(text: str, place: Place, head: str, index: ProjectIndex) -> list[Item]:
    """The project's names of the kind the grammar's model makes of a name here."""
    stand_in = f'"{STAND_IN}"' if place.quoted else STAND_IN + " "
    rest = text[place.resume:next_block(text, place.resume)]
    found = stand_in_ref(head + stand_in, [rest, closed(head + stand_in)])
    if found is None:
        return []
    ref, block = found
    quoted = place.quoted
    if ref.kind is RefKind.TARGET:
        return [_named(name, "target", detail, quoted) for name, detail in _targets(block)]
    return [_named(name, kind, detail, quoted) for name, kind, detail in _of_kind(index, ref.kind)]


def _named(name: str, kind: str, detail: str, quoted: bool) -> Item:
    bare = quoted or _BARE.fullmatch(name) is not None
    return Item(name, kind, detail, name if bare else f'"{name}"')


def _targets(block: object) -> list[tuple[str, str]]:
    if not isinstance(block, Showdown):
        return []
    return ([(e.number_text, "encounter: " + _first_line(e)) for e in block.encounters]
            + [(t.name.text, "tally") for t in block.tallies]
            + [(c.name.text, f"conclusion ({c.kind.value})") for c in block.conclusions])


def _first_line(node: object) -> str:
    prose = next(nodes(node, Prose), None)
    return prose.text.split("\n")[0][:80] if prose is not None else "(no text)"


def _of_kind(index: ProjectIndex, kind: RefKind) -> list[tuple[str, str, str]]:
    """(name, kind, detail) of the names a reference of ``kind`` may take."""
    project = index.project
    headers = [m.header for m in project.lineage() if isinstance(m.header, GameDef)]
    skill_max = next((h.skill_max for h in headers if h.skill_max is not None), None)
    cards = {c.name.text: c for m in reversed(project.lineage())
             for c in (*m.of_type(StatusCard), *m.of_type(GadgetCard))}
    places = {loc.name.text: f"{loc.kind.value} in {r.name.text}" for m in project.lineage()
              for r in m.of_type(Region) for loc in r.locations}
    found = []
    for namespace in RESOLVES_TO.get(kind, ()):
        for name in sorted(index.symbols.names(namespace)):
            if namespace == "skill":
                detail = f"skill, level 0-{skill_max}" if skill_max is not None else "skill"
            elif namespace in ("status", "gadget"):
                effect = getattr(cards.get(name), "effect", None)
                detail = f"{namespace}: {effect.splitlines()[0][:80]}" if effect else namespace
            elif namespace == "location":
                detail = places.get(name, "place")
            else:
                detail = namespace
            found.append((name, namespace, detail))
    return found


def _entry_gaps(index: ProjectIndex, key_here: bool, block_here: bool) -> list[Item]:
    """The entries the grids lack: their keys after `entry`, whole entries where one may start."""
    if not (key_here or block_here):
        return []
    found = []
    for row, missing in gaps(index.project):
        for die in missing:
            key = f"{row.number:02d}.{row.response.number}.{die}"
            detail = f'missing: card {row.number:02d} "{row.title}", response {row.response.number}, die {die}'
            if key_here:
                found.append(Item(key, "entry", detail, key))
            else:
                found.append(Item(f"entry {key}", "entry", detail,
                                  f'entry {key} {{\n  "${{1:What happens.}}"\n  $0\n}}', snippet=True))
            if len(found) >= MOST_GAPS:
                return found
    return found

"""The floors of the package (docs/design.md's "Floors", ../shared/DESIGN.md): a module imports
only from its own floor or below, and no two files import each other at module level. For the
floors every import counts, a function-local `from smersh_dsl... import` and one under
`if TYPE_CHECKING:` included: a local import hides a back-arrow, it does not remove it."""

from __future__ import annotations

import ast
from pathlib import Path

import smersh_dsl

PACKAGE = Path(smersh_dsl.__file__).parent

# The floor of each room, by the first component of its module's name under smersh_dsl.
FLOORS = {
    "cli": 7, "__main__": 7,
    "serve": 6, "lsp": 6, "daemon": 6, "scaffold": 6,
    "site": 5, "print": 5, "graphs": 5, "fmt": 5,
    # Not in DESIGN.md's list: the check pipeline (find, load, configure, check, suppress,
    # report), above the checks it runs and below the front ends that call it.
    "pipeline": 5,
    "checks": 4, "play": 4, "settings": 4,
    "export": 3, "analysis": 3, "project": 3,
    "parse": 2, "resolve": 2, "diagnostics": 2, "images": 2,
    # Not in DESIGN.md's list: the keywords of the grammar for highlighters (it reads the
    # grammar through `resources`; `scaffold` and the pygments entry point use it).
    "highlight": 2,
    "model": 1, "wording": 1, "resources": 1, "cachedir": 1,
    # Not in DESIGN.md's list, each the lowest floor that fits (they import nothing of the
    # package but `__version__`): safe reading and atomic writing, which parse, settings,
    # export, print, site and cli all use; ending a worker's process group (print, graphs,
    # cli); the digits of a number in words (play, serve).
    "files": 1, "termination": 1, "digits": 1,
    # The standard dataclass with its compiled methods kept in the cache folder (records.py):
    # the model's classes are made with it, so it is on the model's floor.
    "records": 1,
    # The package's own __init__ holds only `__version__`.
    "": 1,
}

# Back-arrows left for later, each (module, imported module); remove an entry when it is
# gone (the test fails on a stale entry). None is left.
KNOWN: set[tuple[str, str]] = set()


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_targets(module: str, is_package: bool, node: ast.AST) -> list[str]:
    """The smersh_dsl modules an import statement reads: `from smersh_dsl import termination`
    is the module smersh_dsl.termination, `from smersh_dsl import __version__` the package."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    assert isinstance(node, ast.ImportFrom)
    if node.level:
        base = module.split(".")[: len(module.split(".")) - node.level + (1 if is_package else 0)]
        source = ".".join(base + ([node.module] if node.module else []))
    else:
        source = node.module or ""
    return [f"{source}.{a.name}" if (PACKAGE.parent / source.replace(".", "/") / a.name).is_dir()
            or (PACKAGE.parent / source.replace(".", "/") / f"{a.name}.py").is_file() else source
            for a in node.names]


def _statements(tree: ast.AST, in_functions: bool):
    """The import statements of a module: all of them, or only those run when it is imported
    (a function's body left out; an `if TYPE_CHECKING:` block kept, a type checker runs it)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif in_functions or not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            yield from _statements(node, in_functions)


def imports(in_functions: bool = True) -> dict[str, set[str]]:
    """Every module of the package and the smersh_dsl modules it imports (at any depth, or
    only at module level)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        module = module_name(path)
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        found[module] = {t for node in _statements(tree, in_functions)
                         for t in import_targets(module, path.name == "__init__.py", node)
                         if t == "smersh_dsl" or t.startswith("smersh_dsl.")}
    return found


def room(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_every_room_has_a_floor():
    unplaced = sorted({room(m) for m in imports()} - FLOORS.keys())
    assert not unplaced, f"rooms with no floor in tests/test_floors.py: {unplaced}"


def test_no_module_imports_from_a_floor_above_its_own():
    climbs = sorted((m, t, FLOORS[room(m)], FLOORS[room(t)]) for m, targets in imports().items()
                    for t in targets if FLOORS.get(room(t), 0) > FLOORS.get(room(m), 0))
    new = [c for c in climbs if c[:2] not in KNOWN]
    assert not new, "imports that climb to a higher floor:\n" + "\n".join(
        f"  {m} (floor {a}, {room(m)}) imports {t} (floor {b}, {room(t)})" for m, t, a, b in new)
    stale = KNOWN - {c[:2] for c in climbs}
    assert not stale, f"known back-arrows now gone, remove them from KNOWN: {sorted(stale)}"


def test_no_two_files_import_each_other_at_module_level():
    found = imports(in_functions=False)
    circles = {frozenset((a, b)) for a, targets in found.items() for b in targets
               if a != b and a in found.get(b, ())}
    assert not circles, "modules that import each other:\n" + "\n".join(
        "  " + " <-> ".join(sorted(c)) + f" (floor {FLOORS[room(min(c))]}, {room(min(c))})"
        for c in sorted(circles, key=sorted))

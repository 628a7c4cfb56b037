"""A name that starts with `_` is its module's own: no other module of the package imports
it, or reaches it as an attribute of a module it imported (#33). A helper two modules share
is public, in the lower of the two (or a module below both)."""

from __future__ import annotations

import ast

from test_floors import PACKAGE, import_targets, module_name

# Private names still imported across modules, each (module, imported module, name); remove
# an entry when it is gone (the test fails on a stale one).
KNOWN: set[tuple[str, str, str]] = set()


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_imports() -> set[tuple[str, str, str]]:
    """(module, imported module, private name) for every module of the package."""
    found = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        module = module_name(path)
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        modules = {}                          # local names bound to a module of the package
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                targets = import_targets(module, path.name == "__init__.py", node)
                for alias, target in zip(node.names, targets):
                    if not target.startswith("smersh_dsl"):
                        continue
                    if target.endswith("." + alias.name):      # a module: its attributes below
                        modules[alias.asname or alias.name] = target
                    elif _private(alias.name):
                        found.add((module, target, alias.name))
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith("smersh_dsl") and alias.asname:
                        modules[alias.asname] = alias.name
                    parts = alias.name.split(".")
                    if parts[0] == "smersh_dsl" and any(_private(p) for p in parts):
                        found.add((module, alias.name, next(p for p in parts if _private(p))))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id in modules and _private(node.attr)
                    and modules[node.value.id] != module):
                found.add((module, modules[node.value.id], node.attr))
    return {f for f in found if f[0] != f[1]}


def test_no_module_imports_a_private_name_of_another():
    found = private_imports()
    new = sorted(found - KNOWN)
    assert not new, "private names imported across modules (make each public where it " \
        "belongs):\n" + "\n".join(f"  {m} imports {n} from {t}" for m, t, n in new)
    stale = KNOWN - found
    assert not stale, f"known private imports now gone, remove them from KNOWN: {sorted(stale)}"


def test_the_check_sees_each_way_of_reaching_a_private_name(tmp_path, monkeypatch):
    """The test above would pass on a package it cannot read: here it reads three ways."""
    import test_private_names as this

    package = tmp_path / "smersh_dsl"
    (package / "low").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "low" / "__init__.py").write_text("")
    (package / "low" / "helpers.py").write_text("def _hidden(): pass\ndef shown(): pass\n")
    (package / "high.py").write_text(
        "from smersh_dsl.low.helpers import _hidden, shown\n"
        "from smersh_dsl.low import helpers\n"
        "def f():\n    from .low.helpers import _hidden as again\n    return helpers._hidden\n")
    monkeypatch.setattr(this, "PACKAGE", package)
    import test_floors
    monkeypatch.setattr(test_floors, "PACKAGE", package)
    assert this.private_imports() == {("smersh_dsl.high", "smersh_dsl.low.helpers", "_hidden")}
    (package / "high.py").write_text("from smersh_dsl.low.helpers import shown\n")
    assert this.private_imports() == set()

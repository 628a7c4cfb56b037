"""The fused loop's image in the cache folder (parse/driver_image.py, issue #31): a driver
made from it parses every file exactly as one built from Lark's parser, in a new process
too, and a state it holds no lexer of is lexed with Lark's, the image kept again with it.
An image that is damaged, planted or for another grammar is not used."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import lark
import pytest

from conftest import REPO
from smersh_dsl.cachedir import seal, unseal
from smersh_dsl.parse import driver_image, parser
from smersh_dsl.parse.driver import Driver, Fallback
from smersh_dsl.parse.transform.embedded import rule_shapes
from test_parse_driver import SOURCES, _read, _run


def built() -> Driver:
    return Driver(parser.parser())


def parse_all(driver: Driver) -> list:
    found = []
    for path in SOURCES:
        try:
            found.append(_run(driver, _read(path), path.name))
        except Fallback:
            found.append("fallback")
    return found


def test_a_driver_from_its_image_parses_every_file_as_one_built_from_lark():
    first = built()
    expected = parse_all(first)
    whole = parser.driver_from(pickle.loads(pickle.dumps(first.image(rule_shapes(parser.parser())))))
    assert parse_all(whole) == expected and not whole.lexers.grown
    empty = parser.driver_from({**first.image(rule_shapes(parser.parser())), "known": {}, "specs": []})
    assert parse_all(empty) == expected and empty.lexers.grown       # lexers from Lark's
    assert len(empty.image()["specs"]) == len(first.lexers.specs)
    assert expected.count("fallback") > 20


def image_path() -> Path:
    found = driver_image._path(parser._grammar())
    assert found is not None
    return found[0]


def test_an_image_is_kept_and_read_back_only_when_sound():
    grammar = parser._grammar()
    image = built().image(rule_shapes(parser.parser()))
    image_path().unlink(missing_ok=True)              # one kept before is merged in
    driver_image.save(grammar, image)
    assert driver_image.load(grammar) == image
    path = image_path()
    blob = path.read_bytes()
    path.write_bytes(blob[:-10])                                    # damaged
    assert driver_image.load(grammar) is None
    made_for, kept = pickle.loads(bytes(unseal(blob, path.name)))
    path.write_bytes(pickle.dumps((made_for, kept)))                # not sealed: planted
    assert driver_image.load(grammar) is None
    other = seal(pickle.dumps(({**made_for, "grammar": "0" * 64}, kept)), path.name)
    path.write_bytes(other)                                         # for another grammar
    assert driver_image.load(grammar) is None
    assert driver_image.load(grammar + "\n// edited\n") is None
    path.unlink()


# A parse in a new process by the fused loop itself (not the parse cache): whether its
# driver came from the image, whether Lark's parser was built, and the model.
PARSE = """
import sys
from pathlib import Path
from smersh_dsl.parse import driver_image, parser
if sys.argv[2] == "unshipped":
    driver_image.shipped_path = lambda: Path("/nonexistent/smersh.driver")
built = parser.driver()
model, builder = parser._attempt(open(sys.argv[1], encoding="utf-8").read(), "f.smersh")
print(built.table is None, parser.parser.cache_info().currsize, repr(model), builder.diagnostics)
"""


@pytest.mark.skipif(os.environ.get("SMERSH_PARSER") == "lark", reason="the fused loop is off")
def test_a_new_process_parses_with_the_image_and_without_building_larks_parser(tmp_path):
    env = {**os.environ, "SMERSH_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(REPO)}
    book = REPO / "books" / "epic" / "entries" / "europe.smersh"

    def parse(shipped: str) -> list[str]:
        return subprocess.run([sys.executable, "-c", PARSE, str(book), shipped], env=env,
                              check=True, capture_output=True, text=True).stdout.split(" ", 2)

    cold = parse("unshipped")
    warm = parse("unshipped")
    assert cold[:2] == ["False", "1"] and warm[:2] == ["True", "0"]
    assert warm[2] == cold[2]
    (tmp_path / "cache").rename(tmp_path / "old")      # an empty cache folder: the shipped image
    assert parse("shipped") == warm
    assert not list((tmp_path / "cache").rglob("driver-*"))         # nothing to keep


def test_the_shipped_image_is_this_grammars_whole_one():
    """grammar/smersh.driver: every state's row and lexer, as Lark's parser has them."""
    grammar = parser._grammar()
    made_for = json.loads(driver_image.shipped_path().read_bytes().partition(b"\n")[0])
    if made_for["lark"] != lark.__version__:
        pytest.skip(f"image made with Lark {made_for['lark']}, this is {lark.__version__}")
    assert driver_image.shipped(grammar) == parser.whole_image(), \
        "run `python -m smersh_dsl.parse.tables` and commit grammar/smersh.tables and smersh.driver"
    assert driver_image.shipped(grammar + "\n// edited\n") is None
    whole = parser.driver_from(driver_image.shipped(grammar))
    assert parse_all(whole) == parse_all(built()) and not whole.lexers.grown


def test_an_image_kept_takes_in_the_lexers_of_the_one_it_replaces():
    """The workers of a cold parse each meet some lexers; the image keeps them all."""
    first = built()
    expected = parse_all(first)
    whole = first.image(rule_shapes(parser.parser()))
    states = sorted(whole["known"])
    halves = [{**whole, "known": {s: whole["known"][s] for s in part}}
              for part in (states[::2], states[1::2])]
    together = driver_image.merged(*halves)
    assert set(together["known"]) == set(states) and len(together["specs"]) <= len(whole["specs"])
    again = parser.driver_from(together)
    assert parse_all(again) == expected and not again.lexers.grown
    assert driver_image.merged(whole, None) is whole

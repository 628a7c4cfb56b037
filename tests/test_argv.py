"""A command line read as click reads it (settings/argv.py), the one reading the old
`smersh play` spellings and the daemon's check requests share."""

from smersh_dsl.settings.argv import Word, words


def _read(args: list[str]) -> list[Word]:
    return list(words(args, {"--format", "--seed"}.__contains__))


def test_an_option_that_takes_a_value_takes_the_next_word_and_a_flag_does_not() -> None:
    assert _read(["books", "--format", "json", "--quiet", "more"]) == [
        Word(None, "books"), Word("--format", "json"), Word("--quiet", None), Word(None, "more")]


def test_a_value_after_an_equals_sign_is_inline_even_on_a_flag() -> None:
    assert _read(["--seed=3", "--quiet=yes"]) == [
        Word("--seed", "3", inline=True), Word("--quiet", "yes", inline=True)]


def test_everything_after_a_double_dash_and_a_lone_dash_are_paths() -> None:
    assert _read(["-", "--", "--format", "x"]) == [
        Word(None, "-"), Word(None, "--format"), Word(None, "x")]


def test_a_line_that_ends_before_a_needed_value_gives_the_option_no_value() -> None:
    assert _read(["books", "--format"]) == [Word(None, "books"), Word("--format", None)]

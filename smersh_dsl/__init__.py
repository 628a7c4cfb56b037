"""smersh-dsl: a language and toolkit for paragraph-book board game content."""

__version__ = "0.1.0"

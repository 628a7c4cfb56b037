"""The typed model: frozen dataclasses named for the games' things, each with a Span."""

"""Name binding: what each namespace defines, in a project and the game it extends."""

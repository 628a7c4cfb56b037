"""Diagnostics: the frozen Diagnostic, the rule catalogue and the reporters."""

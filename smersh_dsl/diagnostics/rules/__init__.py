"""Rule declarations, one module per phase, gathered into the catalogue."""

from smersh_dsl.diagnostics.rules.duplicates import RULES as _DUPLICATES
from smersh_dsl.diagnostics.rules.input import RULES as _INPUT
from smersh_dsl.diagnostics.rules.names import RULES as _NAMES
from smersh_dsl.diagnostics.rules.project import RULES as _PROJECT
from smersh_dsl.diagnostics.rules.syntax import RULES as _SYNTAX

ALL_RULES = [*_INPUT, *_SYNTAX, *_PROJECT, *_NAMES, *_DUPLICATES]

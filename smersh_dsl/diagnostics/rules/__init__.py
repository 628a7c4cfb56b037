"""Rule declarations, one module per phase, gathered into the catalogue."""

from smersh_dsl.diagnostics.rules.card_powers import RULES as _CARD_POWERS
from smersh_dsl.diagnostics.rules.conditions import RULES as _CONDITIONS
from smersh_dsl.diagnostics.rules.coverage import RULES as _COVERAGE
from smersh_dsl.diagnostics.rules.domain import RULES as _DOMAIN
from smersh_dsl.diagnostics.rules.duplicates import RULES as _DUPLICATES
from smersh_dsl.diagnostics.rules.files import RULES as _FILES
from smersh_dsl.diagnostics.rules.flow import RULES as _FLOW
from smersh_dsl.diagnostics.rules.henchmen import RULES as _HENCHMEN
from smersh_dsl.diagnostics.rules.input import RULES as _INPUT
from smersh_dsl.diagnostics.rules.lint import RULES as _LINT
from smersh_dsl.diagnostics.rules.names import RULES as _NAMES
from smersh_dsl.diagnostics.rules.printing import RULES as _PRINT
from smersh_dsl.diagnostics.rules.project import RULES as _PROJECT
from smersh_dsl.diagnostics.rules.settings import RULES as _SETTINGS
from smersh_dsl.diagnostics.rules.syntax import RULES as _SYNTAX
from smersh_dsl.diagnostics.rules.text import RULES as _TEXT
from smersh_dsl.diagnostics.rules.variants import RULES as _VARIANTS

ALL_RULES = [*_INPUT, *_SYNTAX, *_PROJECT, *_NAMES, *_DUPLICATES, *_FLOW, *_CONDITIONS, *_COVERAGE,
             *_HENCHMEN, *_VARIANTS, *_DOMAIN, *_CARD_POWERS, *_TEXT, *_LINT, *_SETTINGS,
             *_FILES, *_PRINT]

"""Parse to model: one builder, assembled from one mixin per topic, run inside the parser."""

from __future__ import annotations

from dataclasses import replace

from smersh_dsl.parse.transform.campaign import CampaignBuilder
from smersh_dsl.parse.transform.cardgame import CardGameBuilder
from smersh_dsl.parse.transform.cards import CardBuilder
from smersh_dsl.parse.transform.embedded import Where
from smersh_dsl.parse.transform.showdowns import ShowdownBuilder
from smersh_dsl.parse.transform.steps import StepBuilder
from smersh_dsl.parse.transform.variants import VariantBuilder
from smersh_dsl.parse.transform.world import WorldBuilder


class ModelBuilder(WorldBuilder, VariantBuilder, CardBuilder, StepBuilder, ShowdownBuilder,
                   CampaignBuilder, CardGameBuilder):
    """Turns a whole file into a tuple of top-level definitions, one rule at a time."""

    def start(self, meta: Where, children: list) -> tuple:
        return tuple(children)

    def override(self, meta: Where, children: list):
        return replace(children[0], override=True)

    @classmethod
    def rule_methods(cls) -> dict[str, object]:
        """Every method named for a grammar rule (the public ones), as plain functions."""
        return {name: getattr(cls, name) for name in dir(cls)
                if not name.startswith("_") and name != "rule_methods"
                and callable(getattr(cls, name))}


__all__ = ["ModelBuilder"]

"""Parse tree to model: one transformer, assembled from one mixin per topic."""

from __future__ import annotations

from lark import v_args
from lark.tree import Meta

from smersh_dsl.parse.transform.campaign import CampaignBuilder
from smersh_dsl.parse.transform.cardgame import CardGameBuilder
from smersh_dsl.parse.transform.cards import CardBuilder
from smersh_dsl.parse.transform.showdowns import ShowdownBuilder
from smersh_dsl.parse.transform.steps import StepBuilder
from smersh_dsl.parse.transform.world import WorldBuilder


@v_args(meta=True)
class ModelBuilder(WorldBuilder, CardBuilder, StepBuilder, ShowdownBuilder, CampaignBuilder,
                   CardGameBuilder):
    """Turns a whole file's tree into a tuple of top-level definitions."""

    def start(self, meta: Meta, children: list) -> tuple:
        return tuple(children)

    def override(self, meta: Meta, children: list):
        from dataclasses import replace
        return replace(children[0], override=True)


__all__ = ["ModelBuilder"]

"""Parse tree to model: one transformer, assembled from one mixin per topic."""

from __future__ import annotations

from lark import v_args
from lark.exceptions import GrammarError, VisitError
from lark.tree import Meta
from lark.visitors import _vargs_meta, _VArgsWrapper

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

    # Lark looks each rule's method up on every node, and `v_args(meta=True)` builds a
    # fresh wrapper each time (a profile of a 10,000-entry check found a quarter of a
    # million of them). The plain functions are looked up once per class instead.
    _plain: dict[str, object] | None = None

    @classmethod
    def _plain_methods(cls) -> dict[str, object]:
        if cls._plain is None:
            found = {}
            for name in dir(cls):
                member = getattr(cls, name, None)
                if isinstance(member, _VArgsWrapper) and member.visit_wrapper is _vargs_meta:
                    found[name] = member.base_func
            cls._plain = found
        return cls._plain

    def _call_userfunc(self, tree, new_children=None):
        func = self._plain_methods().get(tree.data)
        if func is None:
            return super()._call_userfunc(tree, new_children)
        children = new_children if new_children is not None else tree.children
        try:
            return func(self, tree.meta, children)
        except GrammarError:
            raise
        except Exception as error:
            raise VisitError(tree.data, tree, error) from error


__all__ = ["ModelBuilder"]

"""Card sheets: faces and backs of every card and token a document holds, imposed per profile.

``smersh`` and ``smush`` build the decks (``model.Deck``) of each game; ``faces`` and
``backs`` render them from templates/cards/; ``steps`` words typed steps as card text;
``sheet`` imposes them (3 x 3 with crop marks and mirrored backs, or one card a page with
bleed); ``document`` turns them into a ``PrintDocument``.
"""

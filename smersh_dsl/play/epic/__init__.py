"""Agents of SMERSH Epic Edition (with Swagman's Hope), played from its `game` JSON
document: the spies (party), the steps of entries and sections applied to them (engine),
what `smersh play` plays: an encounter, a showdown, a levelled henchman, a Stranded card
(sessions), and what `smersh stats` reports: the odds of every test (stats) and the
chance to win a showdown, sampled (victory) and exact (exact)."""

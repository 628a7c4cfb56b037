"""Agents of S.M.U.S.H., the two-player card game, played from its `cardgame` JSON
document: the rules and cards (rules), what lies on the table (table), the round (engine)
and the incursion (incursion), the bots' arithmetic (outlook) and bots (bots), who plays
(players), and many unattended games (sim)."""

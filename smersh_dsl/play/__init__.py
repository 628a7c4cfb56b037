"""Playing from the JSON documents alone, one package per game over a shared core: `core`
(dice and odds, who decides, estimates), `epic` (Agents of SMERSH Epic Edition and
Swagman's Hope), `smush` (the S.M.U.S.H. card game) and `campaign` (the S.H.I.E.L.D.
campaign's log). A game imports the core, never another game."""

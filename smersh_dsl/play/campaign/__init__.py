"""The S.H.I.E.L.D. campaign, played from its `campaign` JSON document: the log file
(log), the evidence envelopes (envelopes), the Executive Board (board), the accusation
(accusation), the book-keeper that walks the steps (keeper), and the bots' stand-in for
the card game on the table (table). The card game itself is played on the table."""

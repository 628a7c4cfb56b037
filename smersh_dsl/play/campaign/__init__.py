"""The S.H.I.E.L.D. campaign, played from its `campaign` JSON document: the log kept
between scenarios (log). The card game of each scenario is played on the table."""

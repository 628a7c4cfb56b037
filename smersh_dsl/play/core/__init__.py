"""What every game played from the JSON shares: the dice and their exact odds (a test's
chance; every way a table's dice can fall, solved as a Markov chain), who decides
(a person or a policy), the estimate of a rate with its interval, and the error a document
raises when it lacks what a game needs. Nothing here imports a game."""

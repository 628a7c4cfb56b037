"""Playing from the JSON documents alone: odds, and a player for the terminal."""

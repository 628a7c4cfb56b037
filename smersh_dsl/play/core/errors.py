"""What a game raises when its document cannot be played."""


class NotPlayable(Exception):
    """The document lacks what this game needs; the message says what."""

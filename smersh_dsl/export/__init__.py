"""Playable data: the model written as JSON documents that follow schemas/."""

"""Parsing: source bytes to text, text to tree (with syntax diagnostics), tree to model."""

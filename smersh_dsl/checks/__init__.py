"""Checks: small functions over the typed model, one module per topic, registered by code."""

"""Analyses of the model that checks, graphs and players share."""

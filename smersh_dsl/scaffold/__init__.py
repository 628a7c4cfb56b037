"""Skeletons for writers: `smersh new`."""

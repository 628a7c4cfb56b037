"""The formatter: one canonical layout for .smersh files."""

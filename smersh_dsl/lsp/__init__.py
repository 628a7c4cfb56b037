"""The language server: `smersh lsp` (pygls, over stdio)."""

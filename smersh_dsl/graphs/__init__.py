"""Flow graphs for writers: showdowns, regions and the campaign, as DOT or Mermaid."""

"""Projects: which files belong together, in what order, and what they extend."""

"""Image files a project names (art, icons): where they are, what they are, how big they
print. Shared by the checker (checks/art.py), the JSON and the print's fetcher."""

"""`smersh check --daemon`: a background process that keeps parsed files in memory, so a
re-check after an edit costs the edit, not Python's start-up and reading every model back.
address.py says where it listens, client.py is all a `smersh check --daemon` loads, and
server.py is the daemon."""

"""Files, read and written safely: regular files inside a folder read up to a limit
(`reading`), whole files written atomically (`atomic`) into folders that refuse links
(`outputs`). Every floor reads sources or writes outputs, so this stands on the ground floor
and imports nothing of the package."""

"""`smersh serve`: the book, its findings, flow graphs, odds and a game, live in a browser.

Another front end, not another engine (DESIGN.md): the pages are smersh_dsl/site's, the
checking is ``check_paths`` kept warm in one process as the daemon and the language
server keep it (``live``), the game is smersh_dsl/play's (``play``). This package adds
the routes (``routes``, one module for each thing they answer, assembled by ``app``), the
push of what changed (server-sent events) and the watching of the project's files
(watchfiles).
"""

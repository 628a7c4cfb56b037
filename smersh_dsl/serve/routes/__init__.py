"""The routes of `smersh serve`, one module for each thing they answer: the pages by name
(``pages``: the site's pages, the package's assets, the projects' icons, the Entries
page), the Odds page with a party's exact chance (``odds``), the game (``play``) and the
push of what moved (``events``). Each route is a function of the shared state
(serve/served.py) and the request; serve/app.py binds them to their paths."""

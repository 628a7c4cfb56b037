"""The check pipeline, above the checks (floor 5): find the project, load it, configure,
check, suppress, and report what was checked. `smersh check`, the daemon, the language
server, serve and `check --fix` all call it; the checks themselves (smersh_dsl/checks/)
only judge a project already loaded."""

from smersh_dsl.cli import main

main()

from gonets.cli import main

main()

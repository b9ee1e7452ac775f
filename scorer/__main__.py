"""`python -m scorer` is the same as the `scorer` command."""

from scorer.cli.entry import main

main()

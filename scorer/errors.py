"""The error every layer may raise for bad input it cannot score or store around.

Below the CLI (the vision pipeline's photo confirmation, the ledger's service) code raises
:class:`UserError` for "this input cannot be used, say so in one line": the CLI prints it
as ``scorer: error: ...`` with exit code 2 (:mod:`scorer.cli.output` knows it as
``CliError``). Kept apart from the CLI so that nothing below it imports the CLI.
"""

from __future__ import annotations

EXIT_BAD_INPUT = 2


class UserError(Exception):
    """Bad input detected by a command: printed as one line, exit code ``code``."""

    def __init__(self, message: str, code: int = EXIT_BAD_INPUT) -> None:
        super().__init__(message)
        self.code = code

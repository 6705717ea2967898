"""The one error `judge explain` reports for bad input, without a traceback."""
from __future__ import annotations


class ExplainError(Exception):
    """Bad input: an unknown rule, a missing or broken scenario file, a replay that failed.

    The message names the file and line when there is one (`file:line: …`).
    `code` is the exit status: 2 for input that could not be read (a missing or
    broken scenario file, as `judge replay` exits), 1 otherwise.
    """

    def __init__(self, message: str, code: int = 1):
        super().__init__(message)
        self.code = code

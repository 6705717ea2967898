"""The one error `judge explain` reports for bad input, without a traceback."""
from __future__ import annotations


class ExplainError(Exception):
    """Bad input: an unknown rule, a missing or broken scenario file, a replay that failed.

    The message names the file and line when there is one (`file:line: …`).
    """

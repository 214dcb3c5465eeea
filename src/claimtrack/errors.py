"""One exception hierarchy; the command line turns it into messages in one place."""

from __future__ import annotations

from .codes import Code
from .problems import Problem


class ClaimtrackError(Exception):
    """An expected failure, reported to the user without a traceback."""

    exit_code = 1


class UsageError(ClaimtrackError):
    exit_code = 2


class EditError(ClaimtrackError):
    """A record's text is shaped in a way the tool will not edit safely: nothing is written."""


class DataError(ClaimtrackError):
    """The records have problems that stop the command."""

    def __init__(self, problems: list[Problem], message: str = "the data has errors") -> None:
        super().__init__(message)
        self.problems = problems

    def __reduce__(self) -> tuple[type[DataError], tuple[list[Problem], str]]:
        # Crosses a process boundary (batch.split): keep the problems, not only the message.
        return (type(self), (self.problems, str(self)))


class FileRefused(ClaimtrackError):
    """A file that is not read: not a regular file, too large, a link loop, unreadable.

    ``code`` is the problem code a loader reports it under.
    """

    def __init__(self, code: Code, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.hint = hint


class Stopped(ClaimtrackError):
    """A stop (serve's Ctrl-C) ended the work before it was done."""

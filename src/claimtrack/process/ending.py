"""What a command leaves for the end of its process, which frees nothing.

The ``claimtrack`` command ends its process without the interpreter's teardown
(``cli.entry``).  A command holds the tracker, its analysis and, for a build, the site's
views and plan: hundreds of thousands of objects at 10,000 claims, which Python frees
one by one as the last reference to each goes, at a function's return as at the
teardown.  After one claim's edit that was 21 ms of a `check` and 0.15 to 0.2 s of a
`build` (bench/RESULTS.md, issue 28), for memory the process gives back whole an
instant later.  ``keep`` holds what a command is done with until then, but only in
such a process: called as a library (the tests, serve), it holds nothing and objects
are freed as usual.
"""

from __future__ import annotations

_kept: list[object] | None = None


def without_teardown() -> None:
    """This process ends without the interpreter's teardown (``cli.entry``): what ``keep``
    is given is held until then."""
    global _kept
    _kept = []


def keep(*objects: object) -> bool:
    """Hold ``objects`` until the process ends when it ends without teardown; whether they
    are held (else they are freed as usual, as their references go)."""
    if _kept is None:
        return False
    _kept.extend(objects)
    return True

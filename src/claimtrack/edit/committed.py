"""A record's text as last committed, when the tracker is in a git repository.

`claimtrack correct` takes a field's previous wording from there: what the repository
last recorded is what the site was built from.  git is run as a subprocess, on the
local repository only (no fetch, nothing that reaches a network), through plumbing
(``cat-file``: no text conversion, no filter, no hook), and never asked to write.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from ..errors import ClaimtrackError

# A local repository answers in milliseconds; a hung one must not hang the command.
GIT_SECONDS = 30


def _git(root: Path, *args: str) -> subprocess.CompletedProcess[bytes] | None:
    """``git -C root ARGS``; None when git is not installed."""
    git = shutil.which("git")
    if git is None:
        return None
    # No pager, no prompt for credentials: nothing here asks a person anything.
    env = {**os.environ, "GIT_TERMINAL_PROMPT": "0", "GIT_PAGER": "cat", "LC_ALL": "C"}
    try:
        return subprocess.run(
            [git, "-C", str(root), *args],
            capture_output=True,
            timeout=GIT_SECONDS,
            env=env,
            check=False,
            stdin=subprocess.DEVNULL,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise ClaimtrackError(
            f"git did not answer ({exc}); give the previous wording with --was"
        ) from None


def in_repository(root: Path) -> bool:
    """Whether ``root`` is in a git work tree (False without git)."""
    done = _git(root, "rev-parse", "--is-inside-work-tree")
    return done is not None and done.returncode == 0 and done.stdout.strip() == b"true"


def committed(root: Path, rel: str) -> bytes | None:
    """The bytes of ``rel`` (a path from the tracker's root) in the last commit (HEAD); None
    when the tracker is not in a git repository.  ClaimtrackError when it is but the file
    has no committed version (a new record, a repository without a commit)."""
    if not in_repository(root):
        return None
    # "./": the path from the current folder (the tracker's root), wherever the
    # repository's own root is.
    done = _git(root, "cat-file", "blob", f"HEAD:./{rel}")
    if done is None or done.returncode != 0:
        said = done.stderr.decode("utf-8", "replace").strip() if done is not None else ""
        raise ClaimtrackError(
            f"{rel} has no committed version to take the previous wording from"
            + (f" (git: {said})" if said else "")
            + "; give it with --was FIELD=TEXT"
        )
    return done.stdout

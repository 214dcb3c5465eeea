"""The ``claimtrack`` command ends its process without the interpreter's teardown
(cli.entry, process/ending.py): all it says is said, its exit code is the command's, and
what it wrote is in place; called as a library, it holds nothing for the process's end."""

from __future__ import annotations

import gc
import json
import shutil
import subprocess
import sys
import weakref
from pathlib import Path

import pytest

from claimtrack.cli import main
from claimtrack.process import ending

from .conftest import FIXTURES, TODAY
from .site_support import pages_of

# The command as its script runs it, with an exit handler that says whether the
# interpreter's teardown ran: the script's own handlers run at the teardown.
COMMAND = (
    "import atexit, sys\n"
    "atexit.register(lambda: print('TEARDOWN', file=sys.stderr))\n"
    "from claimtrack.cli import entry\n"
    "entry()\n"
)


def _claimtrack(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", COMMAND, *map(str, args)],
        capture_output=True,
        text=True,
        check=False,
    )


class _Held:
    pass


def test_called_as_a_library_nothing_is_held_for_the_end() -> None:
    held = _Held()
    gone = weakref.ref(held)
    assert not ending.keep(held)
    del held
    gc.collect()
    assert gone() is None
    assert main(["check", "--root", str(FIXTURES / "minimal"), "--today", TODAY]) == 0
    assert ending._kept is None


def test_a_process_ending_without_teardown_holds_what_it_is_given(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(ending, "_kept", None)
    ending.without_teardown()
    held = _Held()
    gone = weakref.ref(held)
    assert ending.keep(held)
    del held
    gc.collect()
    assert gone() is not None  # held until the process ends


def test_the_command_says_everything_and_ends_with_its_code(tmp_path: Path) -> None:
    root = tmp_path / "tracker"
    shutil.copytree(FIXTURES / "minimal", root)
    claim = next((root / "claims").glob("*.yaml"))
    text = claim.read_text(encoding="utf-8")
    claim.write_text(text.replace("status: ", "status: no-such-", 1), encoding="utf-8")
    bad = _claimtrack("check", "--root", root, "--today", TODAY, "--format", "json")
    assert bad.returncode == 1, bad.stderr
    problems = json.loads(bad.stdout)  # the whole document, flushed before the end
    assert any(p["severity"] == "error" for p in problems)
    assert "TEARDOWN" not in bad.stderr  # ended without the interpreter's teardown
    claim.write_text(text, encoding="utf-8")
    out = tmp_path / "site"
    args = ("build", "--root", root, "--out", out, "--today", TODAY, "--no-search")
    built = _claimtrack(*args)
    assert built.returncode == 0, built.stderr
    assert "Built " in built.stdout and "TEARDOWN" not in built.stderr
    assert (out / "index.html").is_file()
    # A statement edited, the site built again in place (its objects left for the end of
    # the process): the site is the one a cold build makes.
    claim.write_text(text.replace("statement: ", "statement: Now, ", 1), encoding="utf-8")
    assert _claimtrack(*args).returncode == 0
    assert main(["build", "--root", str(root), "--out", str(tmp_path / "cold"), "--no-cache",
                 "--today", TODAY, "--no-search"]) == 0  # fmt: skip
    assert pages_of(out) == pages_of(tmp_path / "cold")

    # A usage error ends as argparse ends it, with the teardown.
    usage = _claimtrack("check", "--no-such-option")
    assert usage.returncode == 2 and "TEARDOWN" in usage.stderr

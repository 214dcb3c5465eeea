"""Child processes for the tests of stopping and killing: a Pagefind that blocks, a busy
machine, and whether a process still runs (as /proc tells it).

Nothing here sleeps to synchronise: a blocked child blocks in open() on a FIFO that no
one ever writes to, and every wait polls an observable thing (a file, /proc) with a
deadline.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from claimtrack.site.publish.pagefind_run import executable

from .conftest import REPO

DEADLINE = 15.0
# Pagefind as a script: with a file named "hold" beside it, it notes its pid in pids/
# and blocks (a long indexing run); without one it is the real binary.
FAKE_PAGEFIND = """\
#!{python}
import os, sys
folder = {folder!r}
if os.path.exists(os.path.join(folder, "hold")):
    open(os.path.join(folder, "pids", str(os.getpid())), "w").close()
    open(os.path.join(folder, "never"), "rb").read()  # no one writes: blocks until killed
os.execv({real!r}, [{real!r}, *sys.argv[1:]])
"""
# A process that keeps one core busy, for at most 60 seconds.
BUSY = "import time\nend = time.monotonic() + 60\nwhile time.monotonic() < end:\n    pass\n"


def blocking_folder(folder: Path) -> Path:
    """``folder`` with pids/ and the FIFO ``never`` that a blocked child waits on."""
    (folder / "pids").mkdir(parents=True)
    os.mkfifo(folder / "never")
    return folder


def fake_pagefind(folder: Path) -> Path:
    """A Pagefind binary (for PAGEFIND_BINARY_PATH) that blocks while ``folder/hold`` exists."""
    script = blocking_folder(folder) / "pagefind"
    real = str(executable())
    script.write_text(FAKE_PAGEFIND.format(python=sys.executable, folder=str(folder), real=real))
    script.chmod(0o755)
    return script


def pids(folder: Path) -> list[int]:
    return sorted(int(p.name) for p in (folder / "pids").iterdir())


def alive(pid: int) -> bool:
    """The process runs (a zombie has ended: it only waits to be reaped)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return False
    state = stat.rsplit(")", 1)[1].split()[0]
    return state not in ("Z", "X")


def wait_for(check: Callable[[], object], what: str, deadline: float = DEADLINE) -> None:
    end = time.monotonic() + deadline
    while not check():
        if time.monotonic() > end:
            raise AssertionError(f"timed out after {deadline} s waiting for {what}")
        time.sleep(0.02)


def kill_all(found: list[int]) -> None:
    """End what a failing test left running."""
    for pid in found:
        with suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


@contextmanager
def busy_machine() -> Iterator[None]:
    """One core kept busy while the block runs (bounded: the child ends by itself)."""
    proc = subprocess.Popen([sys.executable, "-c", BUSY])
    try:
        yield
    finally:
        proc.kill()
        proc.wait()


def child_env(**extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "PYTHONPATH": str(REPO / "src"),
        "PYTHONUNBUFFERED": "1",
        **extra,
    }


def popen_serve(root: Path, env: dict[str, str]) -> subprocess.Popen[str]:
    """`claimtrack serve` in a process of its own, on any free port."""
    return subprocess.Popen(
        [sys.executable, "-m", "claimtrack.cli", "serve", "--root", str(root), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def start_serve(root: Path, env: dict[str, str]) -> tuple[subprocess.Popen[str], str]:
    """popen_serve(), and its URL once it serves."""
    proc = popen_serve(root, env)
    assert proc.stdout is not None
    url = None
    while url is None:
        line = proc.stdout.readline()  # blocks until the server prints a line
        if not line:
            proc.kill()
            raise AssertionError(proc.communicate()[1])
        match = re.search(r"Serving (http://127\.0\.0\.1:\d+/)", line)
        url = match.group(1) if match else None
    return proc, url

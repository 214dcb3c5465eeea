"""Stopping `claimtrack serve`: Ctrl-C or SIGTERM ends its children and returns within a
second, whatever runs (a Pagefind run, a build, a long-poll), on a busy machine.

The stops here run in a process of their own, as a user's would, with Pagefind replaced
by a script that blocks (as a long indexing run does) once the test says so, and one
core kept busy.  Every wait polls an observable thing with a deadline.
"""

from __future__ import annotations

import io
import json
import signal
import socket
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest

from claimtrack.live import LiveServer

from .proc_support import (
    DEADLINE,
    alive,
    busy_machine,
    child_env,
    fake_pagefind,
    kill_all,
    pids,
    popen_serve,
    start_serve,
    wait_for,
)

# What a stop may take, from the signal to the end of the process.
STOP_SECONDS = 1.0
BROKEN = ("status: undisclosed\nhistory", "status: verified\nhistory")


def version_of(url: str) -> int:
    with urllib.request.urlopen(url + "__claimtrack/status", timeout=DEADLINE) as reply:
        version: int = json.loads(reply.read())["version"]
    return version


@pytest.mark.parametrize(
    ("running", "signum"),
    [
        ("search index", signal.SIGINT),
        ("search index", signal.SIGTERM),
        ("build", signal.SIGTERM),
        ("long-poll", signal.SIGINT),
    ],
)
def test_a_stop_ends_the_children_and_returns_within_a_second(
    running: str, signum: int, tracker: Callable[[str], Path], tmp_path: Path
) -> None:
    root = tracker("minimal")
    claim = root / "claims" / "rocket-price.yaml"
    good = claim.read_text(encoding="utf-8")
    if running == "build":  # the first build fails: the next one is a full build, indexed
        claim.write_text(good.replace(*BROKEN), encoding="utf-8")
    folder = tmp_path / "pagefind"
    env = child_env(PAGEFIND_BINARY_PATH=str(fake_pagefind(folder)))
    proc, url = start_serve(root, env)
    poll = socket.socket()
    try:
        with busy_machine():
            (folder / "hold").touch()  # from now on Pagefind blocks
            if running == "search index":  # an edit's update, indexed once edits pause
                claim.write_text(
                    good.replace("did not announce", "never announced"), encoding="utf-8"
                )
            elif running == "build":
                claim.write_text(good, encoding="utf-8")
            else:
                poll.connect(("127.0.0.1", int(url.rsplit(":", 1)[1].strip("/"))))
                since = version_of(url)
                poll.sendall(f"GET /__claimtrack/poll?since={since} HTTP/1.0\r\n\r\n".encode())
            if running != "long-poll":
                wait_for(lambda: pids(folder), f"Pagefind to run for the {running}")
            began = time.monotonic()
            proc.send_signal(signum)
            out, err = proc.communicate(timeout=DEADLINE)
            took = time.monotonic() - began
        assert proc.returncode == 0, err
        assert "Stopping." in out and "Traceback" not in err
        assert took < STOP_SECONDS, f"the stop took {took:.2f} s"
        assert not any(alive(pid) for pid in pids(folder))  # Pagefind ended with it
        assert not [p.name for p in root.iterdir() if p.name.startswith(".")]  # no leftovers
    finally:
        poll.close()
        proc.kill()
        proc.communicate()
        kill_all(pids(folder))


def test_a_stop_during_the_first_build_ends_it_at_once(
    tracker: Callable[[str], Path], tmp_path: Path
) -> None:
    """The first build runs in the main thread, where the signal interrupts it."""
    root = tracker("minimal")
    folder = tmp_path / "pagefind"
    env = child_env(PAGEFIND_BINARY_PATH=str(fake_pagefind(folder)))
    (folder / "hold").touch()
    proc = popen_serve(root, env)
    try:
        with busy_machine():
            wait_for(lambda: pids(folder), "Pagefind to run for the first build")
            began = time.monotonic()
            proc.send_signal(signal.SIGINT)
            out, err = proc.communicate(timeout=DEADLINE)
            took = time.monotonic() - began
        assert proc.returncode == 0, err
        assert "Stopping." in out and "Serving" not in out and "Traceback" not in err
        assert took < STOP_SECONDS, f"the stop took {took:.2f} s"
        assert not any(alive(pid) for pid in pids(folder))
        assert not [p.name for p in root.iterdir() if p.name.startswith(".")]
    finally:
        proc.kill()
        proc.communicate()
        kill_all(pids(folder))


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_stop_signal_only_asks_for_the_stop(signum: int, tracker: Callable[[str], Path]) -> None:
    """Once serving, the handlers raise nothing into the code that runs: a KeyboardInterrupt
    raised inside threading's own code (Event.wait, which the main thread waited in) can
    leave its lock held, and the stop then waits for it for ever."""
    root = tracker("minimal")
    out = io.StringIO()
    server = LiveServer(root, root / "site", port=0, stdout=out, stderr=io.StringIO())
    before = signal.getsignal(signum)
    raised: list[BaseException] = []

    def signal_once_serving() -> None:
        try:
            wait_for(lambda: "Serving " in out.getvalue(), "the server to serve")
            handler = signal.getsignal(signum)
            assert callable(handler)
            handler(signum, None)  # as if the signal came while the main thread ran code
        except BaseException as exc:
            raised.append(exc)
            server.stop()  # or serve_forever would wait for ever

    helper = threading.Thread(target=signal_once_serving)
    helper.start()
    server.serve_forever()  # in the main thread, as the command runs it
    helper.join(DEADLINE)
    assert raised == []
    assert "Stopping." in out.getvalue()
    assert signal.getsignal(signum) is before  # the handlers it put in place are gone again

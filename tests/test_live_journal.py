"""serve and the language server wait for a claimtrack command's writes to end (live/follow.py):
nothing is handed on while a running command holds the journal, everything is once it goes
or once its command is gone.

Each test follows a tracker through the EditFeed API, from events and by polling, and
waits on the feed's own state (``held``, ``writer``) and on the batches it hands on, each
with a deadline: no sleep.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from claimtrack.layout import JOURNAL
from claimtrack.live.follow import EditFeed

from .proc_support import DEADLINE

DEAD_PID = 4_000_000  # above Linux's default pid_max: no such process
CLAIM, SOURCE = "claims/rocket-price.yaml", "sources/acme-post.yaml"


class Followed:
    """An EditFeed following ``root`` in a thread of its own, and what it handed on."""

    def __init__(self, root: Path, events: bool) -> None:
        self.root = root
        self.feed = EditFeed(root, lambda _: None, interval=0.05, events=events)
        self.batches: list[list[str]] = []
        self._handed = threading.Condition()
        self._stop = threading.Event()
        self._thread = threading.Thread(
            target=self.feed.follow, args=(self._stop, self._handle), daemon=True
        )
        self._thread.start()

    def _handle(self, batch: list[str]) -> None:
        with self._handed:
            self.batches.append(batch)
            self._handed.notify_all()

    def handed(self, path: str, after: int = 0) -> list[str]:
        """The first batch handed on (after the first ``after``) that holds ``path``."""
        with self._handed:
            found = self._handed.wait_for(
                lambda: any(path in b for b in self.batches[after:]), timeout=DEADLINE
            )
            assert found, f"{path} not handed on within {DEADLINE} s: {self.batches}"
            return next(b for b in self.batches[after:] if path in b)

    def holds(self, check: Callable[[EditFeed], bool], what: str) -> None:
        state = self.feed.state
        with state:
            found = state.wait_for(lambda: check(self.feed), timeout=DEADLINE)
            assert found, f"the feed never {what}: held {self.feed.held}, by {self.feed.writer}"

    def edit(self, rel: str) -> None:
        path = self.root / rel
        path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")

    def close(self) -> None:
        self._stop.set()
        self._thread.join(DEADLINE)
        self.feed.close()


@pytest.fixture(params=["events", "polling"])
def followed(tracker: Callable[[str], Path], request: pytest.FixtureRequest) -> Iterator[Followed]:
    done = Followed(tracker("minimal"), events=request.param == "events")
    try:
        yield done
    finally:
        done.close()


def journal(root: Path, pid: int) -> None:
    (root / JOURNAL).write_text(json.dumps({"pid": pid, "writes": [CLAIM, SOURCE]}))


def test_nothing_is_handed_on_while_a_running_command_holds_the_journal(
    followed: Followed,
) -> None:
    journal(followed.root, os.getpid())  # this process runs
    followed.holds(lambda feed: feed.writer == os.getpid(), "saw the journal's writer")
    followed.edit(CLAIM)
    followed.holds(lambda feed: CLAIM in feed.held, "held the claim")
    followed.edit(SOURCE)
    followed.holds(lambda feed: SOURCE in feed.held, "held the source")
    assert followed.batches == []
    (followed.root / JOURNAL).unlink()  # the command's last write is done
    # Everything, in one batch; the journal itself is no data.
    assert followed.handed(CLAIM) == [CLAIM, SOURCE]
    followed.holds(lambda feed: not feed.held and feed.writer is None, "let go")
    followed.edit(CLAIM)  # and the edits after it are handed on as they come
    assert followed.handed(CLAIM, after=1) == [CLAIM]


def test_a_journal_whose_command_is_gone_holds_nothing(followed: Followed) -> None:
    journal(followed.root, DEAD_PID)  # a killed command's: the next command repairs it
    followed.edit(CLAIM)
    assert followed.handed(CLAIM) == [CLAIM]


def test_a_command_killed_while_it_writes_lets_go_of_what_was_held(followed: Followed) -> None:
    """A process's end is no file-system event: the feed looks at the writer while it holds."""
    command = subprocess.Popen(
        [sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE
    )
    try:
        journal(followed.root, command.pid)
        followed.holds(lambda feed: feed.writer == command.pid, "saw the journal's writer")
        followed.edit(CLAIM)
        followed.holds(lambda feed: CLAIM in feed.held, "held the claim")
        assert followed.batches == []
    finally:
        command.kill()
        command.wait()  # reaped: a zombie's pid still answers a signal
    assert followed.handed(CLAIM) == [CLAIM]
    assert (followed.root / JOURNAL).is_file()  # left for the next command to repair


@pytest.mark.parametrize("text", ["", "{", '{"pid": "12"}', '{"pid": 0}', '{"pid": -1}', "[]"])
def test_a_journal_that_names_no_process_holds_nothing(followed: Followed, text: str) -> None:
    (followed.root / JOURNAL).write_text(text)
    followed.edit(CLAIM)
    assert followed.handed(CLAIM) == [CLAIM]

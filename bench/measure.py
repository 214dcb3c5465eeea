"""Run a command and measure its wall time and the peak memory of its whole process tree.

A sampler thread sums the resident set size (RSS) of the process and all its
descendants every 20 ms, read from /proc.  ru_maxrss (from wait4) is the peak
of one process only, not of a tree, so it serves as a floor for spikes shorter
than a sample.  RSS counts pages shared between processes once per process:
the sum over-counts a tree of forked workers, which is the safe side for a
memory budget.
"""

from __future__ import annotations

import os
import subprocess
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

PAGE = os.sysconf("SC_PAGE_SIZE")
INTERVAL = 0.02


@dataclass(frozen=True)
class Run:
    seconds: float
    cpu_seconds: float  # user + system of the tree: less sensitive than wall time to a busy machine
    peak_bytes: int
    returncode: int
    output: str  # stdout and stderr, for a failed run's message

    @property
    def peak_mib(self) -> float:
        return self.peak_bytes / 2**20


class TreeSampler(threading.Thread):
    """Polls the RSS of ``root`` and its descendants until stopped; keeps the peak sum."""

    def __init__(self, root: int) -> None:
        super().__init__(daemon=True)
        self.root = root
        self.peak = 0
        self._parents: dict[int, int] = {}  # a pid's parent never changes while it lives
        self._done = threading.Event()

    def run(self) -> None:
        while not self._done.is_set():
            self.peak = max(self.peak, self.sample())
            self._done.wait(INTERVAL)

    def stop(self) -> None:
        self._done.set()
        self.join()

    def _parent(self, pid: int) -> int:
        if pid not in self._parents:
            try:
                stat = Path(f"/proc/{pid}/stat").read_text()
            except OSError:
                return 0
            # The command name (2nd field) may hold spaces and parentheses: split after it.
            self._parents[pid] = int(stat.rsplit(")", 1)[1].split()[1])
        return self._parents[pid]

    def sample(self) -> int:
        pids = [int(name) for name in os.listdir("/proc") if name.isdigit()]
        live = set(pids)
        self._parents = {p: q for p, q in self._parents.items() if p in live}
        tree = {self.root}
        children: dict[int, list[int]] = {}
        for pid in pids:
            children.setdefault(self._parent(pid), []).append(pid)
        frontier = [self.root]
        while frontier:
            for child in children.get(frontier.pop(), ()):
                if child not in tree:
                    tree.add(child)
                    frontier.append(child)
        total = 0
        for pid in tree:
            try:
                total += int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE
            except (OSError, IndexError):
                continue  # it ended between the listing and the read
        return total


def run(
    command: Sequence[str | Path],
    *,
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
    timeout: float = 3600,
) -> Run:
    started = time.perf_counter()
    process = subprocess.Popen(
        [str(part) for part in command],
        cwd=cwd,
        env=None if env is None else dict(env),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    sampler = TreeSampler(process.pid)
    sampler.start()
    # A reader thread: a command that fills the pipe would otherwise block forever.
    chunks: list[bytes] = []
    assert process.stdout is not None
    stdout = process.stdout
    reader = threading.Thread(target=lambda: chunks.append(stdout.read()), daemon=True)
    reader.start()
    deadline = started + timeout
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            break
        if time.perf_counter() > deadline:
            process.kill()
            pid, status, usage = os.wait4(process.pid, 0)
            break
        time.sleep(0.005)
    seconds = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    sampler.stop()
    reader.join()
    # ru_maxrss is in KiB on Linux.
    peak = max(sampler.peak, usage.ru_maxrss * 1024)
    text = b"".join(chunks).decode("utf-8", "replace")
    return Run(seconds, usage.ru_utime + usage.ru_stime, peak, process.returncode, text)

"""Run a command and measure its wall time, its CPU time and its peak memory: of the whole
process tree, and of its largest process.

A sampler thread reads the resident set size (RSS) of the process and all its
descendants every 20 ms from /proc: their sum is the tree's, the largest of them the
largest process's.  ru_maxrss (from wait4) is the peak of the largest single process
the command waited for (the kernel keeps the maximum over a process and its reaped
children), so it serves as a floor for spikes shorter than a sample, for both.  RSS
counts pages shared between processes once per process: the sum over-counts a tree of
forked workers, which is the safe side for a memory budget; the largest process is the
figure issue 18's memory goal names.

``Spread``: a figure over rounds as median, minimum, maximum and interquartile range.
``wall``: a command's wall time alone, with no sampler beside it (the floors' timer).
"""

from __future__ import annotations

import os
import statistics
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
    peak_bytes: int  # the whole tree's
    returncode: int
    output: str  # stdout and stderr, for a failed run's message
    largest_bytes: int = 0  # the largest single process's peak

    @property
    def peak_mib(self) -> float:
        return self.peak_bytes / 2**20

    @property
    def largest_mib(self) -> float:
        return self.largest_bytes / 2**20


@dataclass(frozen=True)
class Spread:
    """A figure over rounds: median, min, max and the interquartile range (the
    inclusive quartiles, so that 2 or 3 rounds give a range within min..max)."""

    median: float
    low: float
    high: float
    q1: float
    q3: float
    n: int

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        if not values:
            raise ValueError("no values")
        ordered = sorted(values)
        if len(ordered) == 1:
            q1 = q3 = ordered[0]
        else:
            q1, _, q3 = statistics.quantiles(ordered, n=4, method="inclusive")
        return cls(statistics.median(ordered), ordered[0], ordered[-1], q1, q3, len(ordered))

    def scaled(self, factor: float) -> Spread:
        return Spread(
            self.median * factor,
            self.low * factor,
            self.high * factor,
            self.q1 * factor,
            self.q3 * factor,
            self.n,
        )

    def format(self, digits: int = 2) -> str:
        """``1.23 (1.20–1.31)``: the median, then min–max."""
        if self.n == 1:
            return f"{self.median:.{digits}f}"
        return f"{self.median:.{digits}f} ({self.low:.{digits}f}–{self.high:.{digits}f})"


class TreeSampler(threading.Thread):
    """Polls the RSS of ``root`` and its descendants until stopped; keeps the peak sum."""

    def __init__(self, root: int) -> None:
        super().__init__(daemon=True)
        self.root = root
        self.peak = 0
        self.largest = 0
        self._parents: dict[int, int] = {}  # a pid's parent never changes while it lives
        self._done = threading.Event()

    def run(self) -> None:
        while not self._done.is_set():
            sizes = self.sample()
            self.peak = max(self.peak, sum(sizes))
            self.largest = max(self.largest, max(sizes, default=0))
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

    def sample(self) -> list[int]:
        """The RSS in bytes of each live process of the tree."""
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
        sizes = []
        for pid in tree:
            try:
                sizes.append(int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE)
            except (OSError, IndexError):
                continue  # it ended between the listing and the read
        return sizes


def wall(argv: Sequence[str], env: Mapping[str, str] | None = None) -> float:
    """Seconds a command takes, its output dropped; it must succeed.  Nothing runs beside
    it (``run``'s sampler polls every 5 ms): for floors of a few milliseconds."""
    started = time.perf_counter()
    quiet = subprocess.DEVNULL
    subprocess.run(list(argv), check=True, stdout=quiet, stderr=quiet, env=env)
    return time.perf_counter() - started


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
    largest = max(sampler.largest, usage.ru_maxrss * 1024)
    text = b"".join(chunks).decode("utf-8", "replace")
    cpu = usage.ru_utime + usage.ru_stime
    return Run(seconds, cpu, peak, process.returncode, text, largest)

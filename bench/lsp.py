"""Measure `claimtrack lsp` as an editor meets it: start-up, edits, requests, memory.

    .venv/bin/python bench/lsp.py --sizes 1000 --rounds 1 --edits 4 --requests 4   # a smoke test
    .venv/bin/python bench/lsp.py --sizes 1000,10000 --write bench/RESULTS.md

The trackers are bench/trackers.py's (made once in --trackers and only read there); each
is copied with `cp -a` into --work, where the server and `check` write their cache.
The server runs as an editor starts it (a child process over stdio), driven by
pytest-lsp's client with VS Code's capabilities (progress supported), bench/lsp_session.py.
Per round: the server cold (no .claimtrack_cache), then `claimtrack check` (cold: it
makes the cache), the server warm, and `check` again after one claim changed
(bench/rows.py's edit, put back after).  "Ready" is the server's `$/progress` end for
`claimtrack-index`; beside it the first publishDiagnostics of a claim opened right
after `initialized`.  The issue's goal: ready within the time of that warm check.

In the last round's warm server: --edits edits of one open claim (a quote edited away
from its archive, then restored, in turn: every edit changes the diagnostics), each
timed from its didChange to the publishDiagnostics of its version; as many edits of an
open source's notes (the claims citing it are checked again); as many records opened
(didOpen to their first publishDiagnostics: the source, then claims spread over the
tracker, kept open as an editor's tabs); and --requests requests of each feature the
server announces in its initialize result, each in the next of those claims (completion
after `source: ` in an evidence item, hover on a quote, definition of a source id).  Memory:
the server process's peak RSS (VmHWM in /proc/PID/status) after its first check and
after the edits; the server forks no worker (batch.split forks only a process with one
thread), which the children's CPU time in /proc/PID/stat confirms.

``--write FILE`` adds or replaces the section "## Language server (claimtrack lsp)" of
FILE, every other line kept (bench/compare.py's --write keeps it too).
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from compare import (  # noqa: E402
    KEPT,
    commit,
    compiled,
    filesystem,
    machine_basics,
    version,
    with_section,
)
from lsp_session import CHECK_EDITED, Figures, measure_size  # noqa: E402
from measure import Spread  # noqa: E402
from trackers import TRACKER_CODE, Tracker, prepare, stamp  # noqa: E402

from claimtrack.lsp.workspace import QUIET  # noqa: E402

BIN = Path(sys.executable).parent
HEADING = "## Language server (claimtrack lsp)"
assert HEADING in KEPT  # compare.py --write keeps the section
SHARED = Path("/dev/shm/claimtrack-bench")


def tracker_for(shared: Path, own: Path, claims: int) -> Tracker:
    """The generated tracker of ``claims``: the shared one when it is current (only read),
    else one made (or kept) in ``own``: a shared tracker is never made again from here."""
    name = f"n{claims}"
    marker = shared / f"{name}/tracker.stamp"
    current = stamp(TRACKER_CODE) + f"\n{claims} 1"
    if marker.is_file() and marker.read_text(encoding="utf-8") == current:
        return Tracker(claims, 1, shared / name)
    return prepare(own, claims, equivalents=False)[0]


def copied(t: Tracker, work: Path) -> Path:
    """A copy of the tracker that the server and `check` may write their cache into."""
    dest = work / f"n{t.claims}" / "tracker"
    shutil.rmtree(dest.parent, ignore_errors=True)
    dest.parent.mkdir(parents=True)
    subprocess.run(["cp", "-a", str(t.root), str(dest)], check=True)
    return dest


def ms(values: list[float]) -> str:
    """``median (min–max)`` in milliseconds; worst is the max."""
    return Spread.of(values).scaled(1000).format(0) if values else "–"


def s(values: list[float]) -> str:
    return Spread.of(values).format(2) if values else "–"


def table(sized: list[Figures]) -> list[str]:
    """Every figure; CPU beside wall time where there is one (steadier on a busy machine:
    the server's CPU seconds until it was ready, a command's user + system)."""
    lines = [
        "| claims | what | median (min–max) | CPU s, median (min–max) | n |",
        "| ---: | --- | ---: | ---: | ---: |",
    ]
    for f in sized:
        label = f"{f.claims:,}"

        def row(what: str, shown: str, n: int, cpu: str = "–", label: str = label) -> None:
            lines.append(f"| {label} | {what} | {shown} | {cpu} | {n} |")

        for kind in ("cold", "warm"):
            runs, n = f.starts[kind], len(f.starts[kind])
            cpu = s([r.cpu for r in runs])
            row(f"server {kind}: initialize answered, ms", ms([r.initialized for r in runs]), n)
            row(f"server {kind}: ready (`$/progress` end), s", s([r.ready for r in runs]), n, cpu)
            first = s([r.first_diagnostics for r in runs])
            row(f"server {kind}: first diagnostics of an open claim, s", first, n)
        for name, values in f.commands.items():
            row(name, s(values), len(values), s(f.commands_cpu[name]))
        for name, values in f.latencies.items():
            row(f"{name}, ms", ms(values), len(values))
        for name, mib in f.memory.items():
            row(name, f"{mib:.0f} MiB", 1)
    return lines


def goal(f: Figures) -> str:
    def median(values: list[float]) -> float:
        return Spread.of(values).median

    warm = median([r.ready for r in f.starts["warm"]])
    warm_cpu = median([r.cpu for r in f.starts["warm"]])
    check, check_cpu = median(f.commands[CHECK_EDITED]), median(f.commands_cpu[CHECK_EDITED])
    met = "met" if warm <= check else "not met"
    return (
        f"{f.claims:,} claims: the warm server is ready in {warm:.2f} s ({warm_cpu:.2f} CPU s), "
        f"a warm `check` after one claim changed takes {check:.2f} s ({check_cpu:.2f} CPU s): "
        f"the goal (ready within a warm check) is {met} in wall time."
    )


def section(sized: list[Figures], args: argparse.Namespace, loads: tuple[float, float]) -> str:
    where = ", ".join(f"{f.claims:,} in {args.work} ({filesystem(args.work)})" for f in sized)
    notes = [f"{f.claims:,} claims: {note}" for f in sized for note in f.notes]
    return "\n".join(
        [
            HEADING,
            "",
            f"{dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC, commit {commit()}; "
            f"{machine_basics()}, claimtrack {version([BIN / 'claimtrack', '--version'])}. "
            "The machine is shared (2 cores, others' tests running beside): compare "
            f"figures within this run. Load average (1 min): {loads[0]:.1f} at the start, "
            f"{loads[1]:.1f} at the end.",
            "",
            f"    .venv/bin/python bench/lsp.py {shlex.join(sys.argv[1:])}",
            "",
            f"{args.rounds} round(s) of start-up; trackers copied into {where}. Each figure: "
            "the median, min–max beside it (the max is the worst). The server: `claimtrack "
            f"lsp --root ROOT --today {args.today}`, VS Code's client capabilities. An edit's "
            f"figure includes the {QUIET * 1000:.0f} ms the server waits for the typing to "
            "pause (lsp/workspace.py's QUIET).",
            "",
            *(goal(f) for f in sized),
            "",
            *table(sized),
            "",
            *([*(f"- {n}" for n in notes), ""] if notes else []),
        ]
    )


def calm(load: float, most: float) -> None:
    """Wait, at most ``most`` seconds, until the machine's 1-minute load is below ``load``."""
    deadline = time.monotonic() + most
    while os.getloadavg()[0] >= load and time.monotonic() < deadline:
        print(f"load {os.getloadavg()[0]:.1f}: waiting for < {load}", flush=True)
        time.sleep(10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000", help="claims per tracker, comma-separated")
    parser.add_argument("--rounds", type=int, default=3, help="start-ups of each kind")
    parser.add_argument("--edits", type=int, default=20, help="didChange edits of each kind")
    parser.add_argument("--requests", type=int, default=20, help="requests of each feature")
    parser.add_argument("--trackers", type=Path, default=SHARED, help="the generated trackers")
    parser.add_argument("--work", type=Path, default=Path("/dev/shm/lspbench"))
    parser.add_argument("--today", default="2026-11-30")
    parser.add_argument(
        "--wait-load",
        type=float,
        default=0.0,
        metavar="LOAD",
        help="first wait until the 1-minute load average is below LOAD (a shared machine)",
    )
    parser.add_argument("--wait-max", type=float, default=600.0, help="seconds to wait at most")
    parser.add_argument("--write", type=Path, help="add or replace the section in this file")
    args = parser.parse_args()
    os.environ.pop("CLAIMTRACK_CACHE_DIR", None)  # the cache in the copy, where it is removed
    compiled(BIN)
    if args.wait_load:
        calm(args.wait_load, args.wait_max)
    loads = [os.getloadavg()[0]]
    sized = []
    for claims in (int(n) for n in args.sizes.split(",")):
        t = tracker_for(args.trackers, args.work / "generated", claims)
        root = copied(t, args.work)
        print(f"{claims:,} claims: {root}", flush=True)
        sized.append(asyncio.run(measure_size(root, claims, args, BIN / "claimtrack")))
    loads.append(os.getloadavg()[0])
    text = section(sized, args, (loads[0], loads[1]))
    print("\n" + text)
    if args.write:
        old = args.write.read_text(encoding="utf-8") if args.write.is_file() else ""
        args.write.write_text(with_section(old, HEADING, text), encoding="utf-8")


if __name__ == "__main__":
    main()

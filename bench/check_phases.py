"""The check stage's costs on one tracker: a cold load and check, then, in the same process,
one claim edited and one source edited (``Loader.load(changed)`` + ``Checker.run``), and
the wall and CPU seconds of each, as JSON.

    .venv/bin/python bench/check_phases.py ROOT [--today 2026-11-30] [--edits 5]

ROOT is changed (a claim's and a source's file rewritten, then put back): run it on a copy.
The disk-cache rows of issue 18 are the command's, timed with /usr/bin/time (RESULTS.md).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import statistics
import time
from pathlib import Path

from claimtrack.check import Checker
from claimtrack.load import Cache, Loader


def _timed(fn):  # type: ignore[no-untyped-def]
    wall, cpu = time.perf_counter(), time.process_time()
    value = fn()
    return value, time.perf_counter() - wall, time.process_time() - cpu


def _edit(path: Path, n: int) -> None:
    # A comment appended: a new digest, the same record (what a re-save with a typo fix costs).
    raw = path.read_bytes().split(b"\n# bench edit")[0]
    path.write_bytes(raw + f"\n# bench edit {n}\n".encode())
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path)
    parser.add_argument("--today", type=dt.date.fromisoformat, default=dt.date(2026, 11, 30))
    parser.add_argument("--edits", type=int, default=5)
    args = parser.parse_args()
    loader = Loader(args.root, Cache.disabled())
    checker = Checker()
    tracker, load_wall, load_cpu = _timed(loader.load)
    (_, problems), check_wall, check_cpu = _timed(lambda: checker.run(tracker, args.today))
    out: dict[str, object] = {
        "cold": {"load": [load_wall, load_cpu], "check": [check_wall, check_cpu]},
        "problems": len(problems),
    }
    claim = sorted((args.root / "claims").glob("*.yaml"))[len(tracker.claims) // 2]
    source = sorted((args.root / "sources").glob("*.yaml"))[len(tracker.sources) // 2]
    originals = {p: p.read_bytes() for p in (claim, source)}
    try:
        for name, path in (("claim", claim), ("source", source)):
            rows = []
            for n in range(args.edits):
                _edit(path, n)
                rel = path.relative_to(args.root).as_posix()
                t, lw, lc = _timed(lambda rel=rel: loader.load([rel]))
                _, cw, cc = _timed(lambda t=t: checker.run(t, args.today))
                rows.append((lw, cw, lw + cw, lc, cc, lc + cc))
            # Wall and CPU milliseconds, medians: CPU is the figure to trust on a busy machine.
            out[f"edit {name}"] = {
                f"{what}_ms_{clock}": round(1000 * statistics.median(r[i] for r in rows), 1)
                for i, (what, clock) in enumerate(
                    [(w, c) for c in ("wall", "cpu") for w in ("load", "check", "total")]
                )
            }
    finally:
        for path, raw in originals.items():
            path.write_bytes(raw)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()

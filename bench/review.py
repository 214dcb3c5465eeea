"""The editor's worklist's costs on one tracker, in one process as serve and the language
server have it: a cold load and check, the first worklist, the next one with nothing
changed, and one after a claim's edit (its file re-read, the tracker checked again), the
wall seconds of each and the number of items, as JSON.

    .venv/bin/python bench/review.py ROOT [--today 2026-11-30]

ROOT is changed (a claim's file rewritten, then put back): run it on a copy.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import time
from pathlib import Path

from claimtrack.check import Checker
from claimtrack.check.worklist import worklist
from claimtrack.load import Cache, Loader


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path)
    parser.add_argument("--today", type=dt.date.fromisoformat, default=dt.date(2026, 11, 30))
    args = parser.parse_args()
    loader, checker = Loader(args.root, Cache.disabled()), Checker()
    out: dict[str, float | int] = {}

    def lap(name: str, started: float) -> None:
        out[name] = round(time.perf_counter() - started, 3)

    started = time.perf_counter()
    analysis, problems = checker.run(loader.load(), args.today)
    lap("load and check", started)
    started = time.perf_counter()
    items = worklist(analysis, problems, args.today)
    lap("first worklist", started)
    out["items"] = len(items)
    started = time.perf_counter()
    worklist(analysis, problems, args.today)
    lap("worklist again", started)
    claim = sorted((args.root / "claims").glob("*.yaml"))[0]
    before = claim.read_bytes()
    try:
        claim.write_bytes(before + b"\n# bench edit\n")
        rel = claim.relative_to(args.root).as_posix()
        started = time.perf_counter()
        analysis, problems = checker.run(loader.load([rel]), args.today)
        lap("check after an edit", started)
        started = time.perf_counter()
        worklist(analysis, problems, args.today)
        lap("worklist after an edit", started)
    finally:
        claim.write_bytes(before)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()

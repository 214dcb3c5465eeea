"""Memory of a one-shot build, phase by phase: this process's resident set (VmRSS) and its
high-water mark (VmHWM) after each phase of `claimtrack build --no-search` (BuildResult
phases: load, check, model, link, write, swap), then the largest forked worker's peak.

    .venv/bin/python bench/build_memory.py ROOT OUT [--no-cache] [--today 2026-11-30]

With the cache (the default, as the command), CLAIMTRACK_CACHE_DIR says where it is; an
empty one makes the build cold.  Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import datetime as dt
import resource
from pathlib import Path

from claimtrack.load import Cache
from claimtrack.site import build as site_build
from claimtrack.site import build_site


def status() -> tuple[int, int]:
    """(VmRSS, VmHWM) of this process in MiB."""
    found = {}
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                found[key] = int(value.split()[0]) // 1024
    return found["VmRSS"], found["VmHWM"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--no-cache", action="store_true")
    parser.add_argument("--today", type=dt.date.fromisoformat, default=dt.date(2026, 11, 30))
    args = parser.parse_args()
    rows = [("start", *status())]
    lap = site_build._Laps.lap

    def measured(self: site_build._Laps, name: str) -> None:
        lap(self, name)
        rows.append((name, *status()))

    setattr(site_build._Laps, "lap", measured)  # noqa: B010 - a bench hook, not the code
    cache = Cache.disabled() if args.no_cache else Cache.open(args.root)
    result = build_site(args.root, args.out, today=args.today, cache=cache, search=False)
    worker = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
    print(f"{result.pages} pages, {result.files} files\n")
    print("| after | RSS MiB | peak (VmHWM) MiB |\n| --- | ---: | ---: |")
    for name, rss, hwm in rows:
        print(f"| {name} | {rss} | {hwm} |")
    print(f"| largest worker's peak | | {worker} |")


if __name__ == "__main__":
    main()

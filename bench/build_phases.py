"""Build a tracker's site as `claimtrack build --no-cache --no-search` does, and print the
seconds of each phase (BuildResult.timings: load, check, model, write, swap) as JSON.

    .venv/bin/python bench/build_phases.py ROOT OUT [--today 2026-11-30]

bench/compare.py runs it beside the command, in the same rounds, for the rendering share
of a build (issue 17: a build in three languages against one in one language).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
from pathlib import Path

from claimtrack.load import Cache
from claimtrack.site import build_site


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--today", type=dt.date.fromisoformat, default=dt.date(2026, 11, 30))
    args = parser.parse_args()
    result = build_site(args.root, args.out, today=args.today, cache=Cache.disabled(), search=False)
    print(
        json.dumps(
            {
                "timings": result.timings,
                "seconds": result.seconds,
                "pages": result.pages,
                "files": result.files,
                "warnings": len(result.warnings),
            }
        )
    )


if __name__ == "__main__":
    main()

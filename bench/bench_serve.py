"""Time `claimtrack serve` from a file write to the new page being served.

    .venv/bin/python bench/bench_serve.py              # the repository's data, 20 edits
    .venv/bin/python bench/bench_serve.py --root DIR --edits 50

The tracker is copied to a temporary folder and served on a free port of
127.0.0.1 with the default watch interval.  Each round waits a random part of
the interval (so the edits do not fall in step with the polling), rewrites one
claim's statement, and fetches the claim's page until the new words are
served.  "build" is the incremental SiteBuilder rebuild alone; "served" is
write -> new page over HTTP, which adds the wait for the next poll.
"""

from __future__ import annotations

import argparse
import io
import random
import shutil
import statistics
import tempfile
import time
import urllib.request
from pathlib import Path

from claimtrack.live import LiveServer

REPO = Path(__file__).resolve().parent.parent
DEADLINE = 10.0


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as response:
        return str(response.read().decode("utf-8"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=REPO)
    parser.add_argument("--edits", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "tracker"
        root.mkdir()
        for name in ("claims", "sources", "templates", "static"):
            if (args.root / name).is_dir():
                shutil.copytree(args.root / name, root / name)
        if (args.root / "tracker.yaml").is_file():
            shutil.copy2(args.root / "tracker.yaml", root / "tracker.yaml")
        claim = sorted((root / "claims").glob("*.yaml"))[0]
        original = claim.read_text(encoding="utf-8")
        server = LiveServer(root, root / "site", port=0, stdout=io.StringIO())  # problems: stderr
        started = time.perf_counter()
        server.start()
        print(
            f"first (full) build: {server.last_seconds:.3f} s, start: "
            f"{time.perf_counter() - started:.3f} s, claim edited: {claim.name}"
        )
        page = f"{server.url}claims/{claim.stem}/"
        builds: list[float] = []
        served: list[float] = []
        rng = random.Random(1)
        try:
            for i in range(args.edits):
                time.sleep(rng.uniform(0, server.interval))
                marker = f"Benchmark edit number {i} of this statement."
                count = server.builds
                edited = original.replace(
                    original.split("statement:", 1)[1].split("\n", 1)[0],
                    f' "{marker}"',
                    1,
                )
                t0 = time.perf_counter()
                claim.write_text(edited, encoding="utf-8")
                while marker not in fetch(page):
                    if time.perf_counter() - t0 > DEADLINE:
                        raise SystemExit(f"edit {i} not served after {DEADLINE} s; see above")
                    time.sleep(0.01)
                served.append(time.perf_counter() - t0)
                while server.builds == count:
                    time.sleep(0.01)
                builds.append(server.last_seconds)
        finally:
            server.stop()
    for name, values in (("build", builds), ("served", served)):
        print(
            f"{name:>7}: median {statistics.median(values) * 1000:.0f} ms, "
            f"min {min(values) * 1000:.0f} ms, max {max(values) * 1000:.0f} ms "
            f"over {len(values)} edits"
        )


if __name__ == "__main__":
    main()

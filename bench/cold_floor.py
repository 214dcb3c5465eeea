"""The floor of a cold `build --no-search`: what any build of a tracker's site must do on
this machine, in Python, on its two cores.

    .venv/bin/python bench/cold_floor.py ROOT SITE --rounds 3

Three parts, each timed on its own, medians of --rounds:

- start-up: ``python -c pass`` (for comparison: the parse row includes it);
- parse: a new Python reads every record of ROOT (claims/, sources/, tracker.yaml) and
  parses it with libyaml (PyYAML's C loader, the fastest parser to hand), half of them
  in a forked second process; from the command's start to both halves parsed;
- write: every file of SITE (a site claimtrack built from ROOT) written again into a new
  folder, half of them by a second process, the bytes read into memory before the clock
  starts; from the go to both halves written.

Validation and rendering are left out: no floor can be drawn for them, they are the work
a faster build does better.  So the sum is below what any build can reach: a goal below
it is impossible on this machine, a goal above it is not.  Prints each part's median
wall seconds, every round's, and the sum of the medians, as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from measure import wall

_PARSE = """
import os, sys, yaml
root = sys.argv[1]
files = [os.path.join(root, "tracker.yaml")]
for folder in ("claims", "sources"):
    base = os.path.join(root, folder)
    files += sorted(os.path.join(base, n) for n in os.listdir(base) if n.endswith(".yaml"))
child = os.fork()
for path in files[child == 0 :: 2]:
    with open(path, "rb") as handle:
        yaml.load(handle.read(), Loader=yaml.CSafeLoader)
if child == 0:
    os._exit(0)
os.waitpid(child, 0)
"""


def _site_files(site: Path) -> list[str]:
    return sorted(
        os.path.relpath(os.path.join(folder, name), site)
        for folder, _, names in os.walk(site)
        for name in names
    )


def _write(site: Path, out: Path, files: list[str]) -> float:
    """Seconds for two processes to write ``files`` (their bytes read first) into ``out``."""
    ready_r, ready_w = os.pipe()
    go_r, go_w = os.pipe()
    done_r, done_w = os.pipe()
    pid = os.fork()
    half = files[pid == 0 :: 2]
    data = [(rel, (site / rel).read_bytes()) for rel in half]
    folders = sorted({os.path.dirname(rel) for rel in half})
    if pid == 0:
        os.write(ready_w, b"r")
        os.read(go_r, 1)
    else:
        os.read(ready_r, 1)
        started = time.perf_counter()
        os.write(go_w, b"g")
    for folder in folders:
        os.makedirs(out / folder, exist_ok=True)
    for rel, raw in data:
        with open(out / rel, "wb") as handle:
            handle.write(raw)
    if pid == 0:
        os.write(done_w, b"d")
        os._exit(0)
    os.read(done_r, 1)
    seconds = time.perf_counter() - started
    os.waitpid(pid, 0)
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path)
    parser.add_argument("site", type=Path, help="a site claimtrack built from ROOT")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if not (args.site / "index.html").is_file():
        parser.error(f"{args.site}: not a built site (no index.html)")
    files = _site_files(args.site)
    rows: dict[str, list[float]] = {"start-up": [], "parse": [], "write": []}
    scratch = Path(tempfile.mkdtemp(prefix="cold-floor-", dir=args.site.parent))
    try:
        for number in range(args.rounds):
            rows["start-up"].append(wall([sys.executable, "-c", "pass"]))
            rows["parse"].append(wall([sys.executable, "-c", _PARSE, str(args.root)]))
            rows["write"].append(_write(args.site, scratch / str(number), files))
            shutil.rmtree(scratch / str(number))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    medians = {name: statistics.median(found) for name, found in rows.items()}
    out = {
        name: {"wall": round(medians[name], 3), "walls": [round(w, 3) for w in found]}
        for name, found in rows.items()
    }
    # The parse row's command starts Python too: start-up is in it already.
    out["floor"] = {"wall": round(medians["parse"] + medians["write"], 3)}
    out["site files"] = {"count": len(files)}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()

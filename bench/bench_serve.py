"""Time `claimtrack serve` from a saved edit to the new page being served.

    .venv/bin/python bench/bench_serve.py                     # the repository's data, 6 edits each
    .venv/bin/python bench/bench_serve.py --claims 10000      # a generated tracker (make_tracker.py)
    .venv/bin/python bench/bench_serve.py --root DIR --edits 30

The tracker is copied into --work and served by `claimtrack serve` (a child
process, as a user runs it) on a free port of 127.0.0.1.  Edits take turns:
one claim's statement (words added to it, bench/rows.py's edit), one source's notes,
the title in tracker.yaml (issue 18's three rows).  Each
waits a random part of the watch interval first, so that the edits do not fall
in step with its polling, saves the file, then fetches the page that shows the
change (the claim's page, the source's page, and a claim's page for the site
title) until the new words appear.  Each edit is timed from a server at rest: no build
running and the search index current (``/__claimtrack/status``), so that a claim's edit
does not count the end of the site title's rebuild before it, nor the search index made
again after it.  The clock starts when the new text is written, not before it is
made.  Reports the median, the 90th percentile, min and
max from the save to the new page.  Every wait is bounded: the script stops by
itself, and sends nothing but to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))

from rows import statement_edited  # noqa: E402  (imported before any edit is timed)

BIN = Path(sys.executable).parent
POLL_INTERVAL = 0.2  # claimtrack serve's watch interval: edits are spread over it
START_LIMIT = 900.0  # the first, full build of 100,000 claims
EDIT_LIMIT = 300.0  # a tracker.yaml edit rebuilds every page


def fetch(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return str(response.read().decode("utf-8"))
    except urllib.error.HTTPError as error:  # e.g. 404 while a new page is not built yet
        return str(error)


def _add_to_statement(text: str, _key: str, value: str) -> str:
    return statement_edited(text, value)


def line_replaced(text: str, key: str, value: str) -> str:
    """``text`` with the top-level field ``key`` set to ``value`` (added at the end when the
    record lacks it: a source without notes), every other line kept."""
    lines = text.split("\n")
    index = next((i for i, line in enumerate(lines) if line.startswith(f"{key}:")), None)
    if index is None:
        ending = "" if text.endswith("\n") or not text else "\n"
        return f"{text}{ending}{key}: {value}\n"
    lines[index] = f"{key}: {value}"
    # A folded value continues on indented lines: drop them with the old value.
    while index + 1 < len(lines) and lines[index + 1].startswith("  "):
        del lines[index + 1]
    return "\n".join(lines)


def at_rest(url: str) -> None:
    """Wait until no build runs and the search index is current."""
    started = time.perf_counter()
    while True:
        state = json.loads(fetch(url + "__claimtrack/status"))
        if not state["building"] and state["search"] != "stale":
            return
        if time.perf_counter() - started > EDIT_LIMIT:
            raise SystemExit(f"claimtrack serve was still busy after {EDIT_LIMIT:.0f} s")
        time.sleep(0.05)


class Served:
    """`claimtrack serve` on a copy of a tracker, stopped on exit."""

    def __init__(self, root: Path) -> None:
        self.process = subprocess.Popen(
            [BIN / "claimtrack", "serve", "--root", root, "--port", "0", "--out", root / "site"],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.url = ""
        self.log: list[str] = []
        ready = threading.Event()

        def read() -> None:
            assert self.process.stdout is not None
            for line in self.process.stdout:
                self.log.append(line)
                found = re.search(r"http://127\.0\.0\.1:\d+/", line)
                if found and not self.url:
                    self.url = found.group(0)
                    ready.set()
            ready.set()

        threading.Thread(target=read, daemon=True).start()
        if not ready.wait(START_LIMIT) or not self.url:
            self.stop()
            raise SystemExit("claimtrack serve did not start:\n" + "".join(self.log[-30:]))

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def _until_served(url: str, marker: str, started: float) -> float:
    while marker not in fetch(url):
        if time.perf_counter() - started > EDIT_LIMIT:
            raise SystemExit(f"{url} did not show {marker!r} after {EDIT_LIMIT:.0f} s")
        time.sleep(0.01)
    return time.perf_counter() - started


def time_edits(source: Path, work: Path, edits: int) -> dict[str, list[float]]:
    """Seconds from the save to the new page, per kind of edit (claim, source, tracker.yaml)."""
    root = work / "tracker"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    shutil.copytree(source / "claims", root / "claims")
    shutil.copytree(source / "sources", root / "sources")
    shutil.copy2(source / "tracker.yaml", root / "tracker.yaml")
    for extra in ("templates", "static"):
        if (source / extra).is_dir():
            shutil.copytree(source / extra, root / extra)
    claims = sorted((root / "claims").glob("*.yaml"))
    sources = sorted((root / "sources").glob("*.yaml"))
    rng = random.Random(1)
    started = time.perf_counter()
    server = Served(root)
    print(f"serve: first build and start {time.perf_counter() - started:.1f} s", flush=True)
    timings: dict[str, list[float]] = {"claim": [], "source": [], "tracker.yaml": []}
    # A claim's statement is edited by adding words (a quote claim's statement must keep
    # its quote); a source's notes and the site title are replaced.
    edit = {"claim": _add_to_statement, "source": line_replaced, "tracker.yaml": line_replaced}
    try:
        for i in range(edits):
            claim, src = rng.choice(claims), rng.choice(sources)
            cases: list[tuple[str, Path, str, str]] = [
                ("claim", claim, "statement", f"claims/{claim.stem}/"),
                ("source", src, "notes", f"sources/{src.stem}/"),
                ("tracker.yaml", root / "tracker.yaml", "title", f"claims/{claim.stem}/"),
            ]
            for kind, path, key, page in cases:
                marker = f"Benchmark edit {i} of {kind}"
                at_rest(server.url)
                time.sleep(rng.uniform(0, POLL_INTERVAL))
                text = edit[kind](path.read_text(encoding="utf-8"), key, marker)
                saved = time.perf_counter()
                path.write_text(text, encoding="utf-8")
                timings[kind].append(_until_served(server.url + page, marker, saved))
    finally:
        server.stop()
        shutil.rmtree(work, ignore_errors=True)
    return timings


def p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]


def show(timings: dict[str, list[float]]) -> None:
    for kind, values in timings.items():
        ordered = sorted(values)
        print(
            f"{kind:>12}: median {statistics.median(values) * 1000:6.0f} ms, "
            f"p90 {p90(values) * 1000:6.0f} ms, min {ordered[0] * 1000:6.0f} ms, "
            f"max {ordered[-1] * 1000:6.0f} ms over {len(values)} edits"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=None, help="default: the repository")
    parser.add_argument("--claims", type=int, default=0, help="time a generated tracker instead")
    parser.add_argument("--edits", type=int, default=6, help="edits of each kind")
    parser.add_argument("--work", type=Path, default=Path("/dev/shm/claimtrack-bench/serve"))
    args = parser.parse_args()
    root = args.root or REPO
    if args.claims:
        from make_tracker import make

        root = args.work.parent / f"serve-tracker-{args.claims}"
        make(root, args.claims)
    show(time_edits(root.resolve(), args.work, args.edits))


if __name__ == "__main__":
    main()

"""One edit under `claimtrack serve`, stage by stage, from the save to the page a browser reloads.

    .venv/bin/python bench/serve_stages.py --root /dev/shm/me/t            # 10,000 claims
    .venv/bin/python bench/serve_stages.py --root /dev/shm/me/t3 --kinds claim,source,translation
    .venv/bin/python bench/serve_stages.py --root DIR --gap 4              # edits while search refreshes

The tracker is copied into --work and served by a LiveServer in this process (the same
object `claimtrack serve` runs), with search unless --no-search.  A page's long-poll
(what live.js does) waits on the server in a thread of its own.  Each kind of edit
(bench/edit_stages.py's: a claim's statement, a source's notes, a claim's French
statement) is saved --edits times as an editor saves, --gap seconds apart, and timed:

- watch: the save to the batch handed to the build (the file-system event, watchfiles'
  quiet period, the journal's look);
- to build: the batch handed on to the build begun (serve's lock, its state);
- load, check, model, plan, compare, render, write: SiteBuilder's own laps, up to the
  moment its pages are in place (the version moves then); other: the build's time
  between and before its laps;
- reload: the version's move to the long-poll's answer at the page;
- page: the answer to the new page fetched, with the new words in it;
- served: the save to that page, the row of the issue's goal;
- after: what the build does once its pages are in place (the data files).

Every figure is the median of the edits (ms, wall clock); build CPU: this process's CPU
during the whole build; pages CPU: the CPU of the build's laps up to its pages in place.  The server, the page and the editor share this process: on 2 cores that is
what a user's machine does too (the browser beside the server).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import shutil
import statistics
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from edit_stages import edits, replace_value, save  # noqa: E402

from claimtrack.live import LiveServer  # noqa: E402
from claimtrack.load import Cache  # noqa: E402

TODAY = "2026-11-30"
BUILD_STAGES = ("load", "check", "model", "plan", "compare", "render", "write")
LIMIT = 120.0  # seconds: the longest one edit may take before the bench gives up


def get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=LIMIT) as response:
        return bytes(response.read())


class Stamps:
    """When each stage of the current edit ended (perf_counter), set from the server's threads."""

    def __init__(self) -> None:
        self.at: dict[str, float] = {}
        self.timings: dict[str, float] = {}
        self.laps_cpu: dict[str, float] = {}  # SiteBuilder's CPU seconds per lap
        self.cpu = 0.0
        self.done = threading.Event()

    def reset(self) -> None:
        self.at, self.timings, self.laps_cpu, self.cpu = {}, {}, {}, 0.0
        self.done.clear()


def instrument(server: LiveServer, stamps: Stamps) -> None:
    """Notes the moments the build starts, its pages are in place and it ends."""
    rebuild, build, ready = server.rebuild, server.builder.build, server.live.pages_ready

    def timed_rebuild(changed: list[str], **kw: Any) -> Any:
        stamps.at.setdefault("watch", time.perf_counter())
        try:
            return rebuild(changed, **kw)
        finally:
            stamps.at["end"] = time.perf_counter()
            stamps.done.set()

    def timed_build(changed: Any = None) -> Any:
        stamps.at["build"] = time.perf_counter()
        cpu = time.process_time()
        result = build(changed)
        stamps.cpu = time.process_time() - cpu
        stamps.timings, stamps.laps_cpu = dict(result.timings), dict(result.cpu)
        return result

    def timed_ready() -> None:
        stamps.at.setdefault("pages", time.perf_counter())
        ready()

    server.rebuild = timed_rebuild  # type: ignore[method-assign]
    server.builder.build = timed_build  # type: ignore[method-assign]
    server.builder.pages_written = timed_ready


def version(url: str) -> int:
    return int(json.loads(get(url + "__claimtrack/status"))["version"])


def one_edit(
    server: LiveServer, stamps: Stamps, path: Path, keys: list[str], page: str, marker: str
) -> dict[str, float]:
    url = server.url
    since = version(url)
    answered: dict[str, float] = {}

    def long_poll() -> None:  # live.js: wait for the version to move, then reload the page
        get(f"{url}__claimtrack/poll?since={since}")
        answered["reload"] = time.perf_counter()
        body = get(url + page)
        answered["page"] = time.perf_counter()
        answered["found"] = float(marker.encode() in body)

    poller = threading.Thread(target=long_poll, daemon=True)
    poller.start()
    while server.live.waiting == 0:  # the poll is in place before the save
        time.sleep(0.001)
    text = replace_value(path.read_text(encoding="utf-8"), keys, marker)
    stamps.reset()
    saved = time.perf_counter()
    save(path, text)
    poller.join(LIMIT)
    stamps.done.wait(LIMIT)
    if not answered.get("found"):
        raise SystemExit(f"{page}: the reloaded page lacks {marker!r}")
    at, t = stamps.at, stamps.timings
    row = {"watch": at["watch"] - saved, "to build": at["build"] - at["watch"]}
    row.update({name: t.get(name, 0.0) for name in BUILD_STAGES})
    # Between the laps (the build's entry, its set-up): what no lap names.
    row["other"] = at["pages"] - at["build"] - sum(row[name] for name in BUILD_STAGES)
    row["reload"] = answered["reload"] - at["pages"]
    row["page"] = answered["page"] - answered["reload"]
    row["served"] = answered["page"] - saved
    row["after"] = at["end"] - at["pages"]
    row["build CPU"] = stamps.cpu
    # The laps' CPU up to the pages in place: steadier than wall time on a busy machine.
    row["pages CPU"] = sum(stamps.laps_cpu.get(name, 0.0) for name in BUILD_STAGES)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, required=True, help="a tracker (copied first)")
    parser.add_argument("--languages", type=int, choices=(1, 3), default=1)
    parser.add_argument("--edits", type=int, default=5, help="edits of each kind")
    parser.add_argument("--kinds", default="claim,source", help="of claim,source,translation")
    parser.add_argument("--gap", type=float, default=0.5, help="seconds between two edits")
    parser.add_argument("--no-search", action="store_true")
    parser.add_argument("--work", type=Path, default=Path("/dev/shm/serve-stages"))
    args = parser.parse_args()
    root = args.work / "tracker"
    shutil.rmtree(args.work, ignore_errors=True)
    shutil.copytree(args.root, root)
    server = LiveServer(
        root,
        args.work / "site",
        port=0,
        today=dt.date.fromisoformat(TODAY),
        cache=Cache.disabled(),
        search=not args.no_search,
        stdout=open("/dev/null", "w"),  # noqa: SIM115
        stderr=open("/dev/null", "w"),  # noqa: SIM115
    )
    stamps = Stamps()
    started = time.perf_counter()
    instrument(server, stamps)  # before start(): the watch thread takes server.rebuild then
    server.start()
    print(f"first build: {time.perf_counter() - started:.1f} s", flush=True)
    chosen = args.kinds.split(",")
    try:
        for kind, make in edits(root, args.languages).items():
            if kind not in chosen:
                continue
            rows = []
            for i in range(args.edits):
                time.sleep(args.gap)
                path, keys, page = make(i + 200)
                rows.append(one_edit(server, stamps, path, keys, page, f"Staged {kind} {i}"))
            medians = {k: statistics.median(r[k] for r in rows) * 1000 for k in rows[0]}
            served = sorted(r["served"] * 1000 for r in rows)
            print(
                f"{kind}: "
                + ", ".join(f"{k} {v:.0f}" for k, v in medians.items())
                + f" ms | served {served[0]:.0f}-{served[-1]:.0f} over {len(rows)}",
                flush=True,
            )
    finally:
        server.stop()
        shutil.rmtree(args.work, ignore_errors=True)


if __name__ == "__main__":
    main()

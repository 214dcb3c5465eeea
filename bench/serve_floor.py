"""The floor of one edit under `serve`: what it cannot avoid, timed in process.

    .venv/bin/python bench/serve_floor.py --root /dev/shm/me/t --languages 1
    .venv/bin/python bench/serve_floor.py --root /dev/shm/me/t3 --languages 3

A SiteBuilder (no search) builds a copy of the tracker once; then, --edits times, one
claim's statement is saved and built again (bench/edit_stages.py's edit), and the parts
no design can skip are timed alone: reading, parsing and validating the one file
(load.parse.parse_one), rendering that claim's page in each language with the very
Output and Renderer the build used, and writing each page (fsutil.atomic_write_bytes).
Medians in ms, beside the whole build's own figure.  Add to it the watch (one
watchfiles step, QUIET_MS) and a page's reload on 127.0.0.1 (bench/serve_stages.py).
"""

from __future__ import annotations

import argparse
import datetime as dt
import shutil
import statistics
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from edit_stages import edits, replace_value, save  # noqa: E402

import claimtrack.site.update as update  # noqa: E402
from claimtrack.fsutil import atomic_write_bytes  # noqa: E402
from claimtrack.load import Cache  # noqa: E402
from claimtrack.load.parse import parse_one  # noqa: E402
from claimtrack.site import SiteBuilder  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, required=True)
    parser.add_argument("--languages", type=int, choices=(1, 3), default=1)
    parser.add_argument("--edits", type=int, default=7)
    parser.add_argument("--work", type=Path, default=Path("/dev/shm/serve-floor"))
    args = parser.parse_args()
    root = args.work / "tracker"
    shutil.rmtree(args.work, ignore_errors=True)
    shutil.copytree(args.root, root)
    out = args.work / "site"
    builder = SiteBuilder(root, out, dt.date(2026, 11, 30), Cache.disabled(), search=False)
    builder.build()
    seen: dict[str, Any] = {}
    write = update.write

    def kept(*a: Any, **kw: Any) -> int:
        seen["renderer"], seen["todo"] = a[2], a[3]
        return write(*a, **kw)

    update.write = kept  # type: ignore[assignment]
    make = edits(root, args.languages)["claim"]
    rows: dict[str, list[float]] = {"parse": [], "render": [], "write": [], "build": []}
    for i in range(args.edits):
        path, keys, _ = make(i)
        rel = str(path.relative_to(root))
        save(path, replace_value(path.read_text(encoding="utf-8"), keys, f"Floor edit {i}"))
        t = time.perf_counter()
        builder.build(changed=[rel])
        rows["build"].append(time.perf_counter() - t)
        t = time.perf_counter()
        parse_one(root, rel)
        rows["parse"].append(time.perf_counter() - t)
        pages = [
            o
            for o in seen["todo"]
            if o.is_page and o.path.endswith(f"claims/{path.stem}/index.html")
        ]
        assert len(pages) == args.languages, [o.path for o in pages]
        t = time.perf_counter()
        made = [(o.path, seen["renderer"].render(o)) for o in pages]
        rows["render"].append(time.perf_counter() - t)
        t = time.perf_counter()
        for page, content in made:
            atomic_write_bytes(out / page, content, durable=False)
        rows["write"].append(time.perf_counter() - t)
    medians = {k: statistics.median(v) * 1000 for k, v in rows.items()}
    floor = medians["parse"] + medians["render"] + medians["write"]
    print(
        f"{args.languages} language(s): "
        + ", ".join(f"{k} {v:.1f}" for k, v in medians.items())
        + f" ms; floor (parse + render + write) {floor:.1f} ms over {args.edits} edits"
    )
    shutil.rmtree(args.work, ignore_errors=True)


if __name__ == "__main__":
    main()

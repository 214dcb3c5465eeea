"""What one edit costs, stage by stage, in process and through `claimtrack serve`.

    .venv/bin/python bench/edit_stages.py                      # 10,000 claims, one language
    .venv/bin/python bench/edit_stages.py --languages 3        # the same in three languages
    .venv/bin/python bench/edit_stages.py --root DIR --edits 6 --no-serve

The tracker (by default the shared one of --claims claims) is copied into --work.  A
SiteBuilder builds it once (no search, no disk cache), then each kind of edit is made
--edits times as an editor saves (the changed YAML written to a temporary file and
renamed over the old one), followed by ``build(changed=[path])``:

- claim: a claim's statement;
- source: a source's notes;
- translation: a claim's French statement (three languages only);
- tracker.yaml: the site's title.

For each kind it prints the median wall and CPU time (this process's) of the build and
the median milliseconds of each stage (BuildResult.timings: load,
check, model, plan, compare, render, aggregates, write, ...), with the pages rendered
and the files written.  Then, unless --no-serve, the same edits through `claimtrack
serve` (a child process; bench_serve.py's Served), each timed from the save to the
moment an HTTP client on 127.0.0.1 gets the page with the new words.  Timings on a
shared machine are noisy: compare runs made in the same minute.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_serve import Served, _until_served  # noqa: E402

from claimtrack.load import Cache  # noqa: E402
from claimtrack.site import SiteBuilder  # noqa: E402

SHARED = {
    1: Path("/dev/shm/ct-bench/n10000/tracker"),
    3: Path("/dev/shm/ct-bench3/n10000-3languages/tracker"),
}
TODAY = "2026-11-30"


def save(path: Path, text: str) -> None:
    """As an editor saves: a temporary file beside it, renamed over it."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


def replace_value(text: str, keys: list[str], value: str) -> str:
    """``text`` with the scalar at ``keys`` (a path of block-mapping keys) set to ``value``,
    its folded continuation lines dropped."""
    lines = text.split("\n")
    start, indent = 0, 0
    for depth, key in enumerate(keys):
        prefix = " " * indent + f"{key}:"
        index = next(i for i in range(start, len(lines)) if lines[i].startswith(prefix))
        start = index + 1
        if depth < len(keys) - 1:
            indent += 2
    lines[index] = " " * indent + f"{keys[-1]}: {value}"
    while index + 1 < len(lines) and lines[index + 1].startswith(" " * (indent + 2)):
        del lines[index + 1]
    return "\n".join(lines)


Edit = tuple[Path, list[str], str]  # file, key path, page (relative URL) showing it


def edits(root: Path, languages: int) -> dict[str, Callable[[int], Edit]]:
    claims = sorted((root / "claims").glob("*.yaml"))
    sources = sorted((root / "sources").glob("*.yaml"))

    def claim(i: int) -> Edit:
        path = claims[(i * 997) % len(claims)]
        return path, ["statement"], f"claims/{path.stem}/"

    def source(i: int) -> Edit:
        path = sources[(i * 491) % len(sources)]
        return path, ["notes"], f"sources/{path.stem}/"

    def translation(i: int) -> Edit:
        path = claims[(i * 787 + 5) % len(claims)]
        return path, ["translations", "fr", "statement"], f"fr/claims/{path.stem}/"

    def settings(i: int) -> Edit:
        return root / "tracker.yaml", ["title"], f"claims/{claims[0].stem}/"

    kinds: dict[str, Callable[[int], Edit]] = {"claim": claim, "source": source}
    if languages > 1:
        kinds["translation"] = translation
    kinds["tracker.yaml"] = settings
    return kinds


def copy(source: Path, work: Path) -> Path:
    root = work / "tracker"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    shutil.copytree(source, root)
    return root


def in_process(root: Path, kinds: dict[str, Callable[[int], Edit]], count: int) -> None:
    import datetime as dt

    builder = SiteBuilder(
        root, root.parent / "site", dt.date.fromisoformat(TODAY), Cache.disabled(), search=False
    )
    started = time.perf_counter()
    first = builder.build()
    print(f"first build: {time.perf_counter() - started:.2f} s, {first.pages} pages", flush=True)
    for kind, make in kinds.items():
        rows: list[dict[str, float]] = []
        for i in range(count):
            path, keys, _ = make(i)
            text = replace_value(path.read_text(encoding="utf-8"), keys, f"Bench edit {i} {kind}")
            save(path, text)
            t0, c0 = time.perf_counter(), time.process_time()
            result = builder.build(changed=[str(path.relative_to(root))])
            total, cpu = time.perf_counter() - t0, time.process_time() - c0
            row = dict(result.timings)
            row.update({f"cpu {k}": v for k, v in getattr(result, "cpu", {}).items()})
            row.update(total=total, cpu=cpu, rendered=result.rendered, written=result.written)
            row["full"] = float(result.full)
            rows.append(row)
        names = [k for k in rows[0] if k in result.timings]
        shown = ", ".join(
            f"{n} {statistics.median(r.get(n, 0.0) for r in rows) * 1000:.0f}" for n in names
        )
        cpus = [k for k in rows[0] if k.startswith("cpu ")]
        if cpus:
            shown += " | CPU: " + ", ".join(
                f"{n[4:]} {statistics.median(r.get(n, 0.0) for r in rows) * 1000:.0f}" for n in cpus
            )
        rendered = sorted({int(r["rendered"]) for r in rows})
        written = sorted({int(r["written"]) for r in rows})
        print(
            f"{kind:>12}: total {statistics.median(r['total'] for r in rows) * 1000:.0f} ms "
            f"(min {min(r['total'] for r in rows) * 1000:.0f}, "
            f"CPU {statistics.median(r['cpu'] for r in rows) * 1000:.0f}) | {shown} ms | "
            f"rendered {rendered[0]}-{rendered[-1]}, written {written[0]}-{written[-1]}"
            f"{', full' if any(r['full'] for r in rows) else ''}",
            flush=True,
        )


def served(root: Path, kinds: dict[str, Callable[[int], Edit]], count: int) -> None:
    started = time.perf_counter()
    server = Served(root)
    print(f"serve: first build and start {time.perf_counter() - started:.1f} s", flush=True)
    try:
        for kind, make in kinds.items():
            times = []
            for i in range(count):
                path, keys, page = make(i + 100)
                marker = f"Served edit {i} of {kind}"
                text = replace_value(path.read_text(encoding="utf-8"), keys, marker)
                time.sleep(0.3)  # the last edit's log line and reload settle
                saved = time.perf_counter()
                save(path, text)
                times.append(_until_served(server.url + page, marker, saved))
            print(
                f"{kind:>12}: save to served page median {statistics.median(times) * 1000:.0f} ms"
                f" (min {min(times) * 1000:.0f}, max {max(times) * 1000:.0f}) over {count}",
                flush=True,
            )
    finally:
        server.stop()
        print("".join(line for line in server.log if "rebuilt" in line)[-2000:], flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=None, help="default: the shared tracker")
    parser.add_argument("--languages", type=int, choices=(1, 3), default=1)
    parser.add_argument("--edits", type=int, default=6, help="edits of each kind")
    parser.add_argument("--no-serve", action="store_true")
    parser.add_argument("--no-process", action="store_true", help="only through serve")
    parser.add_argument("--kinds", default="", help="only these kinds, e.g. claim,source")
    parser.add_argument("--work", type=Path, default=Path("/dev/shm/serve/edit-stages"))
    args = parser.parse_args()
    source = args.root or SHARED[args.languages]
    root = copy(source.resolve(), args.work)
    chosen = set(filter(None, args.kinds.split(",")))

    def kinds_of(root: Path) -> dict[str, Callable[[int], Edit]]:
        made = edits(root, args.languages)
        return {k: v for k, v in made.items() if not chosen or k in chosen}

    if not args.no_process:
        in_process(root, kinds_of(root), args.edits)
    if not args.no_serve:
        root = copy(source.resolve(), args.work)
        served(root, kinds_of(root), args.edits)
    shutil.rmtree(args.work, ignore_errors=True)


if __name__ == "__main__":
    main()

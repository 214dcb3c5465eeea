"""The benchmarks' trackers and their Hugo and Pelican equivalents, made once and kept.

    .venv/bin/python bench/trackers.py --work /work/bench-out/ct-bench100k --sizes 100000 --languages 3

A tracker (bench/make_tracker.py) and its equivalents (bench/equivalent.py,
bench/equivalent_languages.py) are made again only when the code that makes them
changed: each has its own stamp, the text of the modules it is made from, so that a
change to an equivalent does not regenerate a 100,000-claim tracker.  Layout under
--work: ``n<claims>[-<N>languages]/{tracker,equivalents}`` and a stamp beside each.
Prints how long each generation took.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from equivalent import hugo_legacy_site, hugo_site, pelican_site  # noqa: E402
from equivalent_languages import hugo_languages_site  # noqa: E402
from make_tracker import make  # noqa: E402
from make_translations import FURTHER  # noqa: E402

TRACKER_CODE = (
    "make_tracker.py",
    "corpus.py",
    "sentences.py",
    "articles.py",
    "yamlemit.py",
    "corpus_translated.py",
    "make_translations.py",
    "measured.py",
)
# Hugo's site for a Hugo before 0.146 (Debian's), beside the other equivalents.
LEGACY = "hugo-legacy"
EQUIVALENT_CODE = ("equivalent.py", "equivalent_languages.py")


@dataclass(frozen=True)
class Tracker:
    """A generated tracker and where its runs write."""

    claims: int
    languages: int
    base: Path

    @property
    def root(self) -> Path:
        return self.base / "tracker"

    @property
    def sites(self) -> Path:
        return self.base / "equivalents"

    @property
    def label(self) -> str:
        return f"{self.claims:,}" + (f" × {self.languages} languages" if self.languages > 1 else "")


def stamp(names: tuple[str, ...]) -> str:
    return "\n".join((HERE / name).read_text(encoding="utf-8") for name in names)


def _fresh(path: Path, text: str, make_it: Callable[[], None], what: str) -> float:
    """Make ``path`` again with ``make_it`` unless its stamp says it is current; the
    seconds it took (0 when kept).  The stamp is written last: an interrupted
    generation is made again next time."""
    stamp_file = path.with_name(path.name + ".stamp")
    if stamp_file.is_file() and stamp_file.read_text(encoding="utf-8") == text and path.is_dir():
        return 0.0
    stamp_file.unlink(missing_ok=True)
    shutil.rmtree(path, ignore_errors=True)
    print(f"generating {what} in {path}", flush=True)
    started = time.perf_counter()
    make_it()
    seconds = time.perf_counter() - started
    stamp_file.write_text(text, encoding="utf-8")
    print(f"  {what}: {seconds:.1f} s", flush=True)
    return seconds


def prepare(
    work: Path, claims: int, languages: int = 1, equivalents: bool = True
) -> tuple[Tracker, dict[str, float]]:
    """The tracker of ``claims`` in ``languages`` site languages and, with
    ``equivalents``, Hugo's (and in one language Pelican's) site of it; with the
    seconds each generation took this time."""
    name = f"n{claims}" if languages == 1 else f"n{claims}-{languages}languages"
    t = Tracker(claims, languages, work / name)
    t.base.mkdir(parents=True, exist_ok=True)
    tracker_stamp = stamp(TRACKER_CODE) + f"\n{claims} {languages}"
    further = FURTHER[: languages - 1]
    took = {
        "tracker": _fresh(
            t.root, tracker_stamp, lambda: make(t.root, claims, further), f"{t.label} claims"
        )
    }
    if equivalents:

        def sites() -> None:
            if languages == 1:
                hugo_site(t.root, t.sites / "hugo")
                hugo_legacy_site(t.sites / LEGACY, t.sites / "hugo")
                pelican_site(t.root, t.sites / "pelican")
            else:
                hugo_languages_site(t.root, t.sites / "hugo")
                hugo_legacy_site(t.sites / LEGACY, t.sites / "hugo")

        took["equivalents"] = _fresh(
            t.sites,
            tracker_stamp + stamp(EQUIVALENT_CODE),
            sites,
            f"Hugo's{' and Pelican' if languages == 1 else ''} sites of {t.label} claims",
        )
    return t, took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", type=Path, default=Path("/dev/shm/claimtrack-bench"))
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--languages", type=int, default=1, help="also in this many languages")
    parser.add_argument("--no-equivalents", action="store_true", help="the trackers only")
    args = parser.parse_args()
    for claims in (int(n) for n in args.sizes.split(",")):
        for languages in sorted({1, args.languages}):
            prepare(args.work, claims, languages, not args.no_equivalents)


if __name__ == "__main__":
    main()

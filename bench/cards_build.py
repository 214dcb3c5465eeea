"""What share cards cost a whole build: the same tracker in three languages built cold
with `cards: true` and with `cards: false`, in turn, round after round.

    .venv/bin/python bench/cards_build.py --claims 1000 --rounds 3
    .venv/bin/python bench/cards_build.py --claims 10000 --rounds 1

The tracker is bench/make_tracker.py's (bench/trackers.py keeps it between runs), in
three site languages, so a build draws a card per claim per language.  Each build
starts cold (bench/rows.clear: no output, no cache) and runs `claimtrack build
--no-search`, so the figure is the cards' and not Pagefind's.  The setting is written
into tracker.yaml before each build and taken out after the run.  Prints, per setting,
the median wall time, CPU seconds and peak memory (bench/measure.py), and the cost of
cards as a share of the build without them: the budget issue 27 states (15% at 10,000
claims in three languages).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from measure import Run, Spread, run  # noqa: E402
from rows import TODAY, clear  # noqa: E402
from trackers import prepare  # noqa: E402


def _set_cards(settings: Path, original: str, on: bool) -> None:
    settings.write_text(original.rstrip("\n") + f"\ncards: {'true' if on else 'false'}\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--claims", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--work", type=Path, default=Path("/dev/shm/claimtrack-bench"))
    parser.add_argument("--bin", type=Path, default=Path(sys.executable).parent)
    args = parser.parse_args()
    t, _ = prepare(args.work, args.claims, 3, equivalents=False)
    settings = t.root / "tracker.yaml"
    original = settings.read_text(encoding="utf-8")
    runs: dict[bool, list[Run]] = {True: [], False: []}
    try:
        for n in range(args.rounds):
            for on in (False, True) if n % 2 == 0 else (True, False):
                clear(t)
                _set_cards(settings, original, on)
                command = [args.bin / "claimtrack", "build", "--root", t.root]
                command += ["--out", t.base / "out" / "site", "--today", TODAY, "--no-search"]
                done = run(command)
                if done.returncode != 0:
                    raise SystemExit(f"build failed:\n{done.output}")
                cards = sum(1 for _ in (t.base / "out" / "site").rglob("card.png"))
                print(f"round {n + 1}, cards {on}: {done.seconds:.1f} s, {cards} cards", flush=True)
                runs[on].append(done)
    finally:
        settings.write_text(original, encoding="utf-8")
        clear(t)
    print(f"\n{t.label} claims, cold `build --no-search`, {args.rounds} rounds (median, min–max)")
    for on in (False, True):
        wall = Spread.of([r.seconds for r in runs[on]]).format(1)
        cpu = Spread.of([r.cpu_seconds for r in runs[on]]).format(1)
        peak = max(r.peak_mib for r in runs[on])
        print(f"  cards {'on ' if on else 'off'}: {wall} s, CPU {cpu} s, peak {peak:.0f} MiB")
    off = Spread.of([r.seconds for r in runs[False]]).median
    with_cards = Spread.of([r.seconds for r in runs[True]]).median
    print(f"  cards cost {100 * (with_cards - off) / off:+.0f}% of the build without them")


if __name__ == "__main__":
    main()

"""`claimtrack check` as a person runs it after an edit: cold, again with no change, after
one claim's statement changed, after one source's notes changed; and the floor under them
(Python's start, ``claimtrack --version``, a stat of every file, reading one file).  Each
variant (a ``src`` folder put first on PYTHONPATH) runs in turn in each round, with a cache
folder of its own, so that a machine whose speed drifts slows all of them alike.

    .venv/bin/python bench/check_edits.py ROOT --rounds 3 new=src base=../other/src

ROOT is changed (a claim and a source rewritten, then put back byte for byte): use a copy
made by bench/make_tracker.py.  Prints, per variant and row, the median wall and CPU
(user + sys) seconds and every round's wall, as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rows import statement_edited

_FLOOR_STAT = """
import os, sys
n = 0
for folder in ("claims", "sources"):
    with os.scandir(os.path.join(sys.argv[1], folder)) as entries:
        for entry in entries:
            entry.stat()
            n += 1
"""
_FLOOR_READ = "import sys; open(sys.argv[1], 'rb').read()"


def _run(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    start = time.perf_counter()
    child = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(child.pid, 0)
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime


def _settled(path: Path) -> None:
    # Out of the racy window (fsutil.is_recent, 2 s): an edit saved a while before the run.
    then = time.time_ns() - 10_000_000_000
    os.utime(path, ns=(then, then))


def _notes_edited(text: str, words: str) -> str:
    edited = text.replace("\nnotes: >-\n", f"\nnotes: >-\n  {words}\n", 1)
    assert edited != text, "a source with folded notes"
    return edited


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path)
    parser.add_argument("variants", nargs="+", help="NAME=SRC_FOLDER")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--today", default="2026-11-30")
    args = parser.parse_args()
    root = args.root.resolve()
    claims = sorted((root / "claims").glob("*.yaml"))
    sources = [
        p for p in sorted((root / "sources").glob("*.yaml")) if "\nnotes: >-\n" in p.read_text()
    ]
    caches = Path(tempfile.mkdtemp(prefix="check-edits-", dir="/dev/shm"))
    rows: dict[str, dict[str, list[tuple[float, float]]]] = {}
    for number in range(args.rounds):
        for name, src in (v.split("=", 1) for v in args.variants):
            env = dict(os.environ, PYTHONPATH=str(Path(src).resolve()))
            env["CLAIMTRACK_CACHE_DIR"] = str(caches / name)
            shutil.rmtree(caches / name, ignore_errors=True)
            command = [
                sys.executable,
                "-c",
                "import sys; from claimtrack.cli import main; "
                "sys.argv[0] = 'claimtrack'; sys.exit(main())",
            ]
            check = [*command, "check", "--root", str(root), "--today", args.today]
            row = rows.setdefault(name, {})
            row.setdefault("python -c pass", []).append(_run([sys.executable, "-c", "pass"], env))
            row.setdefault("claimtrack --version", []).append(_run([*command, "--version"], env))
            row.setdefault("stat every file", []).append(
                _run([sys.executable, "-c", _FLOOR_STAT, str(root)], env)
            )
            row.setdefault("check cold", []).append(_run(check, env))
            row.setdefault("check no change", []).append(_run(check, env))
            claim = claims[(number * 7919 + 17) % len(claims)]
            source = sources[(number * 131 + 5) % len(sources)]
            saved = {p: p.read_bytes() for p in (claim, source)}
            try:
                words = f"Edited in round {number} of {name}."
                claim.write_text(statement_edited(saved[claim].decode(), words), "utf-8")
                _settled(claim)
                row.setdefault("read one file", []).append(
                    _run([sys.executable, "-c", _FLOOR_READ, str(claim)], env)
                )
                row.setdefault("check, a claim's statement changed", []).append(_run(check, env))
                source.write_text(_notes_edited(saved[source].decode(), words), "utf-8")
                _settled(source)
                row.setdefault("check, a source's notes changed", []).append(_run(check, env))
            finally:
                for path, raw in saved.items():
                    path.write_bytes(raw)
                    _settled(path)
    shutil.rmtree(caches, ignore_errors=True)
    out: dict[str, dict[str, object]] = {}
    for name, row in rows.items():
        for step, found in row.items():
            walls, cpus = sorted(w for w, _ in found), sorted(c for _, c in found)
            out.setdefault(name, {})[step] = {
                "wall": round(walls[len(walls) // 2], 3),
                "cpu": round(cpus[len(cpus) // 2], 3),
                "walls": [round(w, 3) for w, _ in found],
            }
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()

"""No input, however broken, makes the loader or a rule raise: mutated fixtures, fixed seed."""

from __future__ import annotations

import datetime as dt
import random
import shutil
from pathlib import Path

from claimtrack.check import run_checks
from claimtrack.load import load_tracker

from .conftest import FIXTURES

TOKENS = [
    b":",
    b"-",
    b" ",
    b"\n",
    b"[",
    b"]",
    b"{",
    b"}",
    b"'",
    b'"',
    b"&a ",
    b"*a",
    b"!!str ",
    b"\t",
    b"\xff",
    b"#",
    b"null",
    b"false",
    b"2026-99-99",
    b"1e999",
    b"nan",
    b"? ",
    b"|",
    b">",
    b"%YAML 1.2\n---\n",
    b"\xef\xbb\xbf",
    b"\x00",
]


def test_randomly_mutated_trackers_never_raise(tmp_path: Path) -> None:
    source = FIXTURES / "minimal"
    files = sorted(p.relative_to(source) for p in source.rglob("*") if p.is_file())
    rng = random.Random(20261130)
    for round_ in range(150):
        root = tmp_path / f"r{round_}"
        shutil.copytree(source, root)
        target = root / rng.choice(files)
        data = bytearray(target.read_bytes())
        for _ in range(rng.randint(1, 4)):
            pos = rng.randrange(len(data) + 1)
            roll = rng.random()
            if roll < 0.4:
                data[pos:pos] = rng.choice(TOKENS)
            elif roll < 0.7:
                del data[pos : pos + rng.randint(1, 10)]
            else:
                data[pos : pos + 1] = bytes([rng.randrange(256)])
        target.write_bytes(bytes(data))
        _, problems = run_checks(load_tracker(root), dt.date(2026, 11, 30))
        for problem in problems:
            assert problem.line >= 1 and problem.column >= 1, (target, problem)
        shutil.rmtree(root)

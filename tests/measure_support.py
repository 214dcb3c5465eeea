"""A minimal tracker with a measuring lab: helpers for the tests of measurements."""

from __future__ import annotations

import hashlib
from pathlib import Path

LAB_TEXT = (
    "Bench Lab measured Rocket 2 at 2.9 times the speed of Rocket 1 on our chat workload.\n"
    "At 64 concurrent requests the speed-up fell to 1.2 times.\n"
)


def add_source(
    root: Path,
    sid: str,
    text: str | None,
    *,
    derived_from: tuple[str, ...] = (),
    published: str | None = "2026-10-20",
    language: str = "en",
) -> None:
    """Write sources/SID.yaml (and SID.txt when ``text`` is given)."""
    lines = [
        "# yaml-language-server: $schema=../../../../schema/source.schema.json",
        f"title: {sid}",
        f"language: {language}",
        "kind: report",
    ]
    if published:
        lines.append(f"published: {published}")
    if derived_from:
        lines.append(f"derived_from: [{', '.join(derived_from)}]")
    if text is not None:
        raw = text.encode("utf-8")
        (root / "sources" / f"{sid}.txt").write_bytes(raw)
        digest = hashlib.sha256(raw).hexdigest()
        lines += ["snapshot:", "  retrieved: 2026-11-30", f"  sha256: {digest}"]
    (root / "sources" / f"{sid}.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")


def measurement(
    value: str = "2.9",
    *,
    unit: str = "x",
    source: str = "bench-lab",
    quote: str = "measured Rocket 2 at 2.9 times the speed of Rocket 1",
    date: str = "2026-10-20",
    extra: str = "",
) -> str:
    """One item of a claim's ``measurements:`` list, as YAML lines."""
    return (
        f"  - value: {value}\n"
        f"    unit: {unit}\n"
        f"    conditions:\n"
        f"      text: chat workload\n"
        f"      concurrency: 1\n"
        f"    measured_by: Bench Lab\n"
        f"    date: {date}\n"
        f"{extra}"
        f"    evidence:\n"
        f"      - source: {source}\n"
        f'        quote: "{quote}"\n'
    )


def set_measurements(root: Path, *items: str, status: str | None = None) -> Path:
    """Give rocket-speed (up to 3x, unverified) these measurements, and a status when given."""
    path = root / "claims" / "rocket-speed.yaml"
    text = path.read_text(encoding="utf-8")
    block = "measurements:\n" + "".join(items)
    text = text.replace("status: unverified\n", block + "status: unverified\n", 1)
    if status is not None:
        text = text.replace("status: unverified\n", f"status: {status}\n", 1)
        entry = (
            f"  - date: 2026-11-01\n    status: {status}\n    note: Measured.\n"
            "    evidence: [bench-lab]\n"
        )
        text = text.replace("rationale:", entry + "rationale:", 1)
    path.write_text(text, encoding="utf-8")
    return path

"""Generated trackers, valid and broken: check and build never crash, misplace or destroy."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from hypothesis import given, reject, settings
from hypothesis import strategies as st

from .conftest import examples
from .known_bugs import KNOWN_BUGS
from .mutations import Case, mutate_bytes, mutate_files, mutate_value
from .oracles import (
    TODAY,
    Run,
    assert_clean_exit,
    assert_located,
    check_site,
    json_problems,
    run_cli,
    run_subprocess,
    snapshot,
    text_problems,
    tree,
)
from .trackers import TrackerData, render, tracker_data

# Builds fsync every file; in memory an example takes milliseconds instead of a second.
SCRATCH = "/dev/shm" if os.path.isdir("/dev/shm") else None


def _write(root: Path, files: dict[str, bytes]) -> None:
    for rel, data in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def _layout(tmp: str) -> tuple[Path, Path, Path]:
    """The example's folder: the tracker, the site's parent (with a bystander), a file outside."""
    base = Path(tmp)
    root, work = base / "tracker", base / "work"
    work.mkdir()
    (work / "bystander.txt").write_bytes(b"not part of the site\n")
    (base / "outside.yaml").write_bytes(b"title: outside the tracker\n")
    return root, work / "site", base


@settings(max_examples=examples(20))
@given(st.data())
def test_valid_trackers_check_clean_and_build_well_formed_sites(data: st.DataObject) -> None:
    tracker = data.draw(tracker_data())
    files = render(data.draw, tracker)
    with tempfile.TemporaryDirectory(dir=SCRATCH) as tmp:
        root, out, base = _layout(tmp)
        _write(root, files)
        check = run_cli("check", "--root", root, "--today", TODAY, "--format", "json")
        assert_clean_exit(check, (0,))
        assert_located(root, json_problems(check))
        before = snapshot(base, skip=out)
        build = run_cli("build", "--root", root, "--out", out, "--today", TODAY)
        assert_clean_exit(build, (0,))
        assert snapshot(base, skip=out) == before, "build wrote outside --out"
        check_site(out, tracker.settings.get("base_url"))
        # Without the search bundle: tests/site_support.py's SEARCH_BUNDLE says why.
        first = snapshot(out, skip=out / "pagefind")
        again = run_cli("build", "--root", root, "--out", out, "--today", TODAY)
        assert_clean_exit(again, (0,))
        assert snapshot(out, skip=out / "pagefind") == first, "two builds of the same data differ"


def _broken(
    data: st.DataObject, level: str
) -> tuple[TrackerData, dict[str, bytes], dict[str, bytes], Case]:
    tracker = data.draw(tracker_data())
    good = render(data.draw, tracker)
    case = Case()
    if level == "value":
        for _ in range(data.draw(st.integers(1, 2))):
            mutate_value(data.draw, tracker, case)
        bad = render(data.draw, tracker)
    elif level == "bytes":
        bad = dict(good)
        mutate_bytes(data.draw, bad, case)
    else:
        bad = dict(good)
        mutate_files(data.draw, bad, tracker, case)
    if case.classes & KNOWN_BUGS.keys():
        reject()  # being fixed elsewhere: see known_bugs.py
    return tracker, good, bad, case


def _run(case: Case, *args: str | Path) -> Run:
    return run_subprocess(*args) if case.may_hang else run_cli(*args)


def _mutated(data: st.DataObject, level: str) -> None:
    tracker, good, bad, case = _broken(data, level)
    with tempfile.TemporaryDirectory(dir=SCRATCH) as tmp:
        root, out, base = _layout(tmp)
        if case.out is not None:
            out = base / case.out
        _write(root, good)
        first = run_cli("build", "--root", root, "--out", out, "--today", TODAY)
        site = tree(out)
        for rel in good:
            (root / rel).unlink()
        _write(root, bad)
        for op in case.ops:
            op(root)
        note = f"classes {sorted(case.classes)}"

        check = _run(case, "check", "--root", root, "--today", TODAY, "--format", "json")
        assert_clean_exit(check)
        assert_located(root, json_problems(check))
        text = _run(case, "check", "--root", root, "--today", TODAY)
        assert_clean_exit(text)
        assert_located(root, text_problems(text.out))

        before = snapshot(base, skip=out)
        build = _run(case, "build", "--root", root, "--out", out, "--today", TODAY)
        assert_clean_exit(build)
        assert snapshot(base, skip=out) == before, f"build wrote outside --out ({note})"
        assert_located(root, text_problems(build.err))
        if build.code == 0:
            check_site(out, tracker.settings.get("base_url"))
        elif first.code == 0:
            assert tree(out) == site, f"a failed build changed the old site ({note})"


@settings(max_examples=examples(40))
@given(st.data())
def test_trackers_with_a_broken_value(data: st.DataObject) -> None:
    _mutated(data, "value")


@settings(max_examples=examples(40))
@given(st.data())
def test_trackers_with_damaged_bytes(data: st.DataObject) -> None:
    _mutated(data, "bytes")


@settings(max_examples=examples(15))
@given(st.data())
def test_trackers_with_odd_files(data: st.DataObject) -> None:
    _mutated(data, "files")

"""Only regular files are read: FIFOs, devices, folders and link loops are problems.

A FIFO would block ``open()`` for good and a device would be read until memory
runs out, so a regression here hangs instead of failing.  The ``deadline``
fixture turns a hang into a failure with ``signal.alarm``: in-process, so each
test stays fast (a subprocess would pay an interpreter start), and SIGALRM
interrupts a blocked ``open()`` (PEP 475 retries only when the handler
returns; ours raises).  Only the device test, which no signal can stop, runs
in a child process.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import stat
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType

import pytest

from claimtrack.live.events import FileWatch
from claimtrack.load import Loader

from .conftest import TODAY, Result

Runner = Callable[..., Result]
Problems = list[dict[str, object]]


class Hung(BaseException):
    """Raised by the alarm; a BaseException so that no ``except Exception`` swallows it."""


@pytest.fixture
def deadline() -> Iterator[None]:
    def expire(signum: int, frame: FrameType | None) -> None:
        raise Hung("blocked for 5 s: a FIFO or device was opened or read")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(5)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def problems(run_cli: Runner, root: Path) -> Problems:
    result = run_cli("check", "--root", root, "--today", TODAY, "--format", "json")
    assert result.code == 1, result.err
    found: Problems = json.loads(result.out)
    return found


def only(found: Problems, code: str, root: Path) -> list[tuple[object, object]]:
    """(path, severity) of each ``code`` problem, each checked to name an existing path."""
    matches = [p for p in found if p["code"] == code]
    for p in matches:
        assert os.path.lexists(root / str(p["path"])), p
        assert isinstance(p["line"], int) and p["line"] >= 1 and p["column"] == 1
    return [(p["path"], p["severity"]) for p in matches]


@pytest.mark.usefixtures("deadline")
@pytest.mark.parametrize(
    "links",
    [
        {"claims/x.yaml": "x.yaml"},
        {"claims/a.yaml": "b.yaml", "claims/b.yaml": "a.yaml"},
        {"sources/x.txt": "x.txt"},
        {"tracker.yaml": "tracker.yaml"},
    ],
)
def test_a_symlink_loop_is_a_problem(
    run_cli: Runner, tracker: Callable[[str], Path], links: dict[str, str]
) -> None:
    root = tracker("minimal")
    for name, target in links.items():
        (root / name).unlink(missing_ok=True)
        os.symlink(target, root / name)
    if "sources/x.txt" in links:  # an archive is read only beside its record
        (root / "sources" / "x.yaml").write_text("title: x\n")
    expected = [(name, "error") for name in sorted(links)]
    assert only(problems(run_cli, root), "symlink-loop", root) == expected


@pytest.mark.usefixtures("deadline")
def test_a_fifo_or_device_among_the_records_is_not_a_file(
    run_cli: Runner, tracker: Callable[[str], Path], tmp_path: Path
) -> None:
    root = tracker("minimal")
    os.mkfifo(root / "claims" / "fifo.yaml")
    os.mkfifo(root / "pipe")
    os.symlink("../pipe", root / "claims" / "linked-fifo.yaml")
    os.mkfifo(root / "sources" / "fr-report.txt.fifo")
    os.replace(root / "sources" / "fr-report.txt.fifo", root / "sources" / "fr-report.txt")
    (root / "sources" / "acme-post.txt").unlink()
    (root / "sources" / "acme-post.txt").mkdir()
    found = problems(run_cli, root)
    expected = [
        ("claims/fifo.yaml", "error"),
        ("claims/linked-fifo.yaml", "error"),
        ("sources/acme-post.txt", "error"),
        ("sources/fr-report.txt", "error"),
    ]
    assert only(found, "not-a-file", root) == expected
    # serve loads again through its Loader, told which files changed: no hang either
    loader = Loader(root)
    loader.load()
    cached = loader.load(["claims/fifo.yaml", "sources/acme-post.txt"])
    assert sorted(p.path for p in cached.problems if p.code == "not-a-file") == [
        path for path, _ in expected
    ]


def test_a_device_is_never_read(tracker: Callable[[str], Path]) -> None:
    # A device is read without blocking, so the alarm cannot stop a regression
    # (the read loop runs in C until memory is exhausted): run it in a child
    # process with a timeout and a memory cap, so that it fails fast instead.
    root = tracker("minimal")
    os.symlink("/dev/zero", root / "claims" / "zero.yaml")  # out of the tracker
    try:  # inside the tracker: a device node with /dev/zero's numbers (needs root)
        os.mknod(root / "claims" / "device.yaml", stat.S_IFCHR | 0o600, os.makedev(1, 5))
        inside = [("claims/device.yaml", "error")]
    except PermissionError:
        inside = []
    code = "from claimtrack.cli import main; raise SystemExit(main())"
    args = ["check", "--root", str(root), "--today", TODAY, "--format", "json"]
    cap = 1 << 31
    result = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (cap, cap)),
        check=False,
    )
    assert result.returncode == 1, result.stderr
    found = json.loads(result.stdout)
    assert only(found, "symlink-outside", root) == [("claims/zero.yaml", "error")]
    assert only(found, "not-a-file", root) == inside


@pytest.mark.usefixtures("deadline")
def test_tracker_yaml_that_is_not_a_file_is_a_problem_not_defaults(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    for make in (Path.mkdir, os.mkfifo):
        root = tracker("minimal")
        (root / "tracker.yaml").unlink()
        make(root / "tracker.yaml")
        assert only(problems(run_cli, root), "not-a-file", root) == [("tracker.yaml", "error")]
        os.rename(root, root.with_name(f"done-{make.__name__}"))


def test_a_records_folder_linked_out_of_the_tracker_is_not_read(
    run_cli: Runner, tracker: Callable[[str], Path], tmp_path: Path
) -> None:
    root = tracker("minimal")
    outside = tmp_path / "elsewhere"
    for folder in ("claims", "sources"):
        (root / folder).rename(outside / folder if outside.exists() else _mk(outside) / folder)
        os.symlink(outside / folder, root / folder)
    found = problems(run_cli, root)
    assert only(found, "symlink-outside", root) == [("claims", "error"), ("sources", "error")]
    assert not [p for p in found if str(p["path"]).startswith(("claims/", "sources/"))]


def _mk(folder: Path) -> Path:
    folder.mkdir()
    return folder


def test_a_records_folder_linked_inside_the_tracker_is_read(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    (root / "claims").rename(root / "real-claims")
    os.symlink("real-claims", root / "claims")
    result = run_cli("check", "--root", root, "--today", TODAY)
    assert result.code == 0, result.out
    # Read, not passed over: a claim in it is checked, and reported at its path.
    (root / "real-claims" / "broken.yaml").write_text("statement: [\n")
    found = problems(run_cli, root)
    assert [p["path"] for p in found if p["code"] == "yaml-syntax"] == ["claims/broken.yaml"]
    assert not [p for p in found if p["code"] == "symlink-outside"]


@pytest.mark.parametrize("name", ["x.yml", "x.YAML", "x.Yaml", "x.YML", "x.yaML"])
def test_every_other_spelling_of_yaml_is_a_file_extension_error(
    run_cli: Runner, tracker: Callable[[str], Path], name: str
) -> None:
    root = tracker("minimal")
    (root / "claims" / name).write_text("statement: x\n")
    assert only(problems(run_cli, root), "file-extension", root) == [(f"claims/{name}", "error")]


@pytest.mark.usefixtures("deadline")
def test_the_watcher_never_opens_a_fifo(tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    os.mkfifo(root / "claims" / "fifo.yaml")  # just made: recent, so a hash would be taken
    os.mkfifo(root / "static-fifo")
    (root / "static").mkdir()
    os.symlink("../static-fifo", root / "static" / "style.css")
    # Polling looks again at recent files by their bytes (live/racy.py): never a FIFO's.
    watcher = FileWatch(root, polling=True, poll_ms=20)
    try:
        (root / "claims" / "fifo.yaml").unlink()
        stop = threading.Event()
        assert watcher.next_batch(stop) == ["claims/fifo.yaml"]
    finally:
        watcher.close()


@pytest.mark.usefixtures("deadline")
def test_status_reports_a_claim_that_is_a_fifo(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    os.mkfifo(root / "claims" / "fifo.yaml")
    result = run_cli("status", "fifo", "disputed", "--note", "n", "--root", root)
    assert result.code == 1
    assert "claims/fifo.yaml:1:1: error: not a regular file" in result.err


@pytest.mark.usefixtures("deadline")
def test_new_source_refuses_a_fifo_as_its_text(
    run_cli: Runner, tracker: Callable[[str], Path], tmp_path: Path
) -> None:
    root = tracker("minimal")
    os.mkfifo(tmp_path / "text.fifo")
    os.symlink("loop.txt", tmp_path / "loop.txt")
    for given, said in (("text.fifo", "not a regular file"), ("loop.txt", "symbolic link loop")):
        result = run_cli("new", "source", "piped", "--text", tmp_path / given, "--root", root)
        assert result.code == 1 and said in result.err, result.err
        assert not (root / "sources" / "piped.yaml").exists()

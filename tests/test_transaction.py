"""One write of a command (edit/transaction.py): the copies, then the record, as one.

A write killed at any step leaves a tracker the next command finishes or undoes, so that
`check` accepts it and it is wholly the old one or wholly the new one; a write never goes
through a folder the loader would not read; a record saved by its editor meanwhile is
never written over; nothing is judged while another command's write is under way.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest

from claimtrack.edit import transaction
from claimtrack.edit.apply import Change, apply
from claimtrack.edit.changes.versions import edit_add_revision
from claimtrack.edit.transaction import Transaction, recover, wait_for_writers
from claimtrack.errors import ClaimtrackError
from claimtrack.layout import JOURNAL
from claimtrack.web.copies import Page, revision_copies

from .conftest import Result

Run = Callable[..., Result]
TODAY = dt.date(2026, 12, 2)
SOURCE = "acme-post"
PAGE = Page(b"<html><p>It runs up to 2.5x faster.</p></html>", b"It runs up to 2.5x faster.\n")


def revision_change() -> Change:
    """recheck --save's change for a page that changed: its copies, then its entry."""
    entry: dict[str, str | None] = {
        "retrieved": TODAY.isoformat(),
        "outcome": "changed",
        "sha256": PAGE.sha256,
        "html_sha256": PAGE.html_sha256,
    }
    splice = partial(edit_add_revision, entry=entry)
    copies = revision_copies(SOURCE, TODAY.isoformat(), PAGE)
    return Change(SOURCE, splice, kind="source", copies=copies)


def files(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and ".claimtrack_cache" not in p.parts
    }


# The writes the transaction makes, in order; the kill comes just after the n-th.
_KILLER = """
import datetime as dt, os, signal, sys
from pathlib import Path
sys.path.insert(0, {tests!r})
from claimtrack.edit import transaction
from claimtrack.edit.apply import apply
from tests.test_transaction import revision_change, TODAY
step = int(sys.argv[2])
count = 0
real_write, real_unlink, real_take = transaction.atomic_write_bytes, Path.unlink, transaction._take
def take(*a, **kw):
    real_take(*a, **kw)
    if step == 0:
        os.kill(os.getpid(), signal.SIGKILL)
def counted(path, data, **kw):
    global count
    real_write(path, data, **kw)
    count += 1
    if count == step:
        os.kill(os.getpid(), signal.SIGKILL)
def unlink(self, *a, **kw):
    if self.name == transaction.JOURNAL and count + 1 == step:
        os.kill(os.getpid(), signal.SIGKILL)
    return real_unlink(self, *a, **kw)
transaction.atomic_write_bytes = counted
transaction._take = take
Path.unlink = unlink
apply(Path(sys.argv[1]), revision_change(), TODAY)
"""


@pytest.mark.parametrize("step", [0, 1, 2, 3, 4])
def test_a_write_killed_at_any_step_is_finished_or_undone_by_the_next_command(
    step: int, tracker: Callable[[str], Path], run_cli: Run
) -> None:
    """0: before anything but the journal; 1, 2: after each copy; 3: after the record;
    4: before the journal goes.  The next command (check) repairs it, says so, and the
    tracker is then one that check accepts, wholly old or wholly new."""
    old_root = tracker("minimal")
    new_root = old_root.parent / "new"
    shutil.copytree(old_root, new_root)
    apply(new_root, revision_change(), TODAY)
    old, new = files(old_root), files(new_root)
    code = _KILLER.format(tests=str(Path(__file__).parent.parent))
    killed = subprocess.run(
        [sys.executable, "-c", code, str(old_root), str(step)], capture_output=True, text=True
    )
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert (old_root / JOURNAL).exists()
    result = run_cli("check", "--root", old_root, "--today", TODAY.isoformat())
    assert result.code == 0, result.output
    assert "revision-unrecorded" not in result.output
    assert "the write of a command that was stopped" in result.err
    assert not (old_root / JOURNAL).exists()
    after = files(old_root)
    assert after in (old, new)
    # Copies that were all there with the record still as read: the write is finished.
    assert after == (new if step >= 2 else old)


def test_the_write_is_undone_when_the_editor_saved_the_record_meanwhile(
    tracker: Callable[[str], Path],
) -> None:
    root = tracker("minimal")
    record = root / "sources" / f"{SOURCE}.yaml"
    change = revision_change()
    left = _journal_left_by_a_dead_command(root, change)
    edited = record.read_bytes() + b"# the editor's note\n"
    record.write_bytes(edited)
    assert recover(root) is not None
    assert record.read_bytes() == edited  # never written over
    for rel in change.copies:
        assert not (root / rel).exists(), rel  # the copies no entry names: gone
    assert left == {*change.copies}
    assert not (root / JOURNAL).exists()


def test_a_file_the_journal_names_with_other_bytes_is_never_removed(
    tracker: Callable[[str], Path],
) -> None:
    root = tracker("minimal")
    change = revision_change()
    _journal_left_by_a_dead_command(root, change)
    first = next(iter(change.copies))
    (root / first).write_bytes(b"someone else's")
    (root / "sources" / f"{SOURCE}.yaml").write_bytes(b"# edited\n")
    recover(root)
    assert (root / first).read_bytes() == b"someone else's"


def _journal_left_by_a_dead_command(root: Path, change: Change) -> set[str]:
    """The state a command killed after writing its copies leaves: the copies, the record
    as it was, and a journal whose process is gone."""
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    old = (root / "sources" / f"{SOURCE}.yaml").read_bytes()
    written = Transaction(root.resolve())
    for rel, data in change.copies.items():
        written.create(rel, data)
        (root / rel).parent.mkdir(exist_ok=True)
        (root / rel).write_bytes(data)
    written.replace(f"sources/{SOURCE}.yaml", old, change.splice(old, f"sources/{SOURCE}.yaml"))
    journal = written._journal()
    journal["pid"] = int(dead.stdout)
    (root / JOURNAL).write_text(json.dumps(journal))
    return set(change.copies)


def test_a_living_writer_is_waited_for_and_then_refused(
    tracker: Callable[[str], Path], run_cli: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tracker("minimal")
    other = subprocess.Popen(
        [sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE
    )
    try:
        (root / JOURNAL).write_text(json.dumps({"pid": other.pid, "host": os.uname().nodename}))
        monkeypatch.setattr(transaction, "WAIT_SECONDS", 0.05)
        result = run_cli("check", "--root", root)
        assert result.code == 1 and "another claimtrack command is still writing" in result.err
        assert (root / JOURNAL).exists()  # a living command's journal is its own
    finally:
        other.communicate(b"")
    # Once it has ended, its journal is a killed command's: the next command repairs it.
    assert wait_for_writers(root.resolve()) is not None
    assert not (root / JOURNAL).exists()


@pytest.mark.parametrize("folder", ["claims", "sources"])
def test_a_write_through_a_folder_linked_out_of_the_tracker_is_refused(
    folder: str, tracker: Callable[[str], Path], tmp_path: Path, run_cli: Run
) -> None:
    root = tracker("languages")
    outside = tmp_path / "outside"
    (root / folder).rename(outside)
    (root / folder).symlink_to(outside)
    before = files(outside)
    text = tmp_path / "page.txt"
    text.write_text("A new source.\n")
    if folder == "claims":  # a record rewritten, and a new one with its copy
        result = run_cli("translate", "rocket-engine", "--language", "fr", "--root", root)
    else:
        result = run_cli("new", "source", "fresh", "--text", text, "--root", root)
    assert result.code == 1, result.output
    assert f"{folder}/ is a symbolic link to outside the tracker" in result.err
    assert files(outside) == before


def test_a_revisions_folder_linked_out_or_a_file_refuses_the_save(
    tracker: Callable[[str], Path], tmp_path: Path
) -> None:
    root = tracker("minimal")
    revisions = root / "sources" / f"{SOURCE}.revisions"
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    revisions.symlink_to(outside)
    with pytest.raises(ClaimtrackError, match="is a symbolic link to outside the tracker"):
        apply(root, revision_change(), TODAY)
    assert list(outside.iterdir()) == []
    revisions.unlink()
    revisions.write_bytes(b"")
    with pytest.raises(ClaimtrackError, match=f"sources/{SOURCE}.revisions is not a folder"):
        apply(root, revision_change(), TODAY)


def test_an_editors_save_while_the_command_runs_is_never_written_over(
    tracker: Callable[[str], Path], run_cli: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    """translate --stamp read the file, then the editor saved it: refused, the save kept."""
    from claimtrack.edit import apply as workflow

    root = tracker("languages")
    record = root / "claims" / "rocket-engine.yaml"
    saved = record.read_bytes().replace(b"statement:", b"# saved meanwhile\nstatement:", 1)
    real = workflow.propose

    def propose_then_save(*args: object, **kwargs: object) -> object:
        proposal = real(*args, **kwargs)  # type: ignore[arg-type]
        record.write_bytes(saved)
        return proposal

    monkeypatch.setattr(workflow, "propose", propose_then_save)
    result = run_cli("translate", "rocket-engine", "--language", "fr", "--root", root)
    assert result.code == 1 and "changed while this command ran" in result.err
    assert record.read_bytes() == saved

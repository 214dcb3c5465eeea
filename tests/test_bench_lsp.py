"""bench/lsp.py's harness on a tiny generated tracker: it drives the real server through
every step and writes its section, so that a run on 10,000 claims does not fail an hour
in.  Nothing here asserts a time: only that each figure was taken, from the messages
it names.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .conftest import REPO

CLAIMS = 30
FEATURES = ("completion after `source: `", "hover on a quote", "definition of a source id")


@pytest.fixture(scope="module")
def bench() -> Any:
    monkeypatch = pytest.MonkeyPatch()
    monkeypatch.syspath_prepend(str(REPO / "bench"))
    import compare
    import lsp

    yield {"compare": compare, "lsp": lsp}
    monkeypatch.undo()


@pytest.fixture(scope="module")
def ran(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, str]:
    """One run of bench/lsp.py: its work folder, what it printed and the file it wrote."""
    work = tmp_path_factory.mktemp("bench-lsp")
    results = work / "RESULTS.md"
    results.write_text("# Results\n\n## A run\n\nfigures\n\n## Changelog\n\n- one\n", "utf-8")
    done = subprocess.run(
        [
            sys.executable,
            str(REPO / "bench" / "lsp.py"),
            *("--sizes", str(CLAIMS), "--rounds", "1", "--edits", "4", "--requests", "2"),
            *("--trackers", str(work / "none"), "--work", str(work), "--write", str(results)),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return work, done.stdout, results.read_text(encoding="utf-8")


def test_every_figure_is_taken_from_a_real_server(ran: tuple[Path, str, str]) -> None:
    _, out, _ = ran
    for kind in ("cold", "warm"):
        assert f"server {kind}: ready (`$/progress` end), s" in out
        assert f"server {kind}: first diagnostics of an open claim, s" in out
    assert "`claimtrack check` warm, one claim changed, s" in out
    # Each edit got the publication of its own version, with the codes it should have:
    # the quote edited away is flagged, the restored one is not.
    assert "claim's quote edited: didChange to publishDiagnostics, ms" in out
    assert "source's notes edited: didChange to publishDiagnostics, ms" in out
    assert "a record opened: didOpen to publishDiagnostics, ms" in out
    assert "the source whose notes are edited is cited by" in out
    assert "did not show the expected codes" not in out
    assert "server peak RSS after the edits" in out
    # A feature is timed when the server announces it, and said to be missing otherwise.
    for feature in FEATURES:
        assert (f"{feature}: request to answer, ms" in out) != (
            f"{feature}: not offered by the server" in out
        )
    assert "answers empty" not in out
    assert "the server's children" not in out  # the server forks no worker


def test_the_tracker_is_made_in_the_work_folder_and_checked_in_a_copy(
    ran: tuple[Path, str, str],
) -> None:
    work, _, _ = ran
    made, copy = work / "generated" / f"n{CLAIMS}" / "tracker", work / f"n{CLAIMS}" / "tracker"
    assert (made / "tracker.yaml").is_file() and not (made / ".claimtrack_cache").exists()
    assert (copy / ".claimtrack_cache").is_dir()  # the server's and check's, in the copy


def test_the_section_is_added_before_the_changelog(ran: tuple[Path, str, str]) -> None:
    _, _, text = ran
    assert text.startswith("# Results\n\n## A run\n\nfigures\n\n## Language server")
    assert text.endswith("\n\n## Changelog\n\n- one\n")
    assert "bench/lsp.py --sizes 30" in text and "Load average" in text


def test_the_section_is_replaced_where_it_stands(bench: Any) -> None:
    compare, heading = bench["compare"], bench["lsp"].HEADING
    old = f"# R\n\n{heading}\n\nold\n\n## Other\n\nkept\n"
    new = compare.with_section(old, heading, f"{heading}\n\nnew\n")
    assert new == f"# R\n\n{heading}\n\nnew\n\n## Other\n\nkept\n"
    assert compare.with_section("# R\n", heading, f"{heading}\n\nx\n") == f"# R\n\n{heading}\n\nx\n"


def test_compare_write_keeps_the_language_server_section(bench: Any, tmp_path: Path) -> None:
    compare, heading = bench["compare"], bench["lsp"].HEADING
    results = tmp_path / "RESULTS.md"
    results.write_text(f"# Old\n\n## Old run\n\nold\n\n{heading}\n\nlsp\n\n## Changelog\n\n- one\n")
    compare.write(results, "## Now\n\nnew figures\n")
    text = results.read_text(encoding="utf-8")
    assert "old\n" not in text
    assert text.endswith(f"## Now\n\nnew figures\n\n{heading}\n\nlsp\n\n## Changelog\n\n- one\n")

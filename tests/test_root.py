"""A tracker's root: every command but `init` and `schema` refuses a folder that is not a
tracker (exit 2, saying what to do), whether it is the current folder or --root's, and
writes nothing there; a tracker without tracker.yaml (started before `init` wrote one)
is still one."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from claimtrack.commands import COMMANDS

from .conftest import TODAY, Result

Run = Callable[..., Result]

# Each command that reads or writes a tracker, with what it needs besides --root.
RUNS: dict[str, tuple[str, ...]] = {
    "check": ("check",),
    "review": ("review",),
    "coverage": ("coverage",),
    "translations": ("translations",),
    "new claim": ("new", "claim", "foo"),
    "new source": ("new", "source", "foo"),
    "new measurement": ("new", "measurement", "foo"),
    "status": ("status", "foo", "verified", "--note", "why"),
    "correct": ("correct", "foo", "--note", "why"),
    "translate": ("translate", "foo", "--language", "fr"),
    "recheck": ("recheck",),
    "build": ("build", "--no-search"),
    "serve": ("serve", "--port", "0"),
    "lsp": ("lsp",),
}


def test_every_command_but_init_and_schema_is_listed() -> None:
    assert {name.split()[0] for name in RUNS} == set(COMMANDS) - {"init", "schema"}


def _refused(result: Result, folder: Path) -> None:
    assert result.code == 2, result.output
    assert f"not a tracker: {folder} has no tracker.yaml" in result.err
    assert "claimtrack init DIR" in result.err and "--root DIR" in result.err
    assert "Traceback" not in result.output


@pytest.mark.parametrize("name", sorted(RUNS))
def test_a_folder_that_is_not_a_tracker_is_refused_as_root(
    run_cli: Run, tmp_path: Path, name: str
) -> None:
    folder = tmp_path / "somewhere"
    (folder / "notes").mkdir(parents=True)  # not empty, but no tracker
    result = run_cli(*RUNS[name], "--root", folder, "--today", TODAY)
    _refused(result, folder)
    assert sorted(os.listdir(folder)) == ["notes"]  # nothing written: no claims/, no site/


@pytest.mark.parametrize("name", sorted(set(RUNS) - {"lsp"}))  # lsp: the workspace's folder
def test_the_current_folder_that_is_not_a_tracker_is_refused(
    run_cli: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    monkeypatch.chdir(tmp_path)
    result = run_cli(*RUNS[name], "--today", TODAY)
    _refused(result, tmp_path)
    # The option nobody gave is not blamed: the message is claimtrack's own line.
    assert result.err.startswith("claimtrack: not a tracker"), result.err
    assert os.listdir(tmp_path) == []


def test_a_tracker_is_a_folder_with_tracker_yaml_or_its_record_folders(tmp_path: Path) -> None:
    from claimtrack.load.files import is_tracker

    assert not is_tracker(tmp_path)
    (tmp_path / "claims").write_text("a file, not the folder")
    assert not is_tracker(tmp_path)
    for made in (
        lambda t: (t / "tracker.yaml").write_text("title: T\n"),
        lambda t: (t / "claims").mkdir(),
        lambda t: (t / "sources").mkdir(),
    ):
        folder = tmp_path / str(len(os.listdir(tmp_path)))
        folder.mkdir()
        made(folder)
        assert is_tracker(folder)


def test_a_tracker_without_tracker_yaml_still_checks(run_cli: Run, tmp_path: Path) -> None:
    (tmp_path / "claims").mkdir()
    result = run_cli("check", "--root", tmp_path, "--today", TODAY)
    assert result.code == 0, result.output
    result = run_cli("new", "claim", "first", "--root", tmp_path, "--today", TODAY)
    assert result.code == 0, result.output
    assert (tmp_path / "claims" / "first.yaml").is_file()


def test_init_and_schema_take_a_folder_that_is_not_a_tracker_yet(
    run_cli: Run, tmp_path: Path
) -> None:
    assert run_cli("init", tmp_path / "new").code == 0
    assert run_cli("schema", "--out", tmp_path / "schema").code == 0

"""`claimtrack init`: a new tracker that checks and builds, and refusals that write nothing."""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from claimtrack.cli import build_parser
from claimtrack.commands import COMMANDS
from claimtrack.edit import scaffold, transaction
from claimtrack.layout import JOURNAL
from claimtrack.load.cache import CACHE_DIR

from .conftest import REPO, TODAY, Result

Run = Callable[..., Result]
HEADER = re.compile(r"# yaml-language-server: \$schema=(\S+)")


def snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every path under ``folder`` with its bytes (None for a folder)."""
    return {
        path.relative_to(folder).as_posix(): None if path.is_dir() else path.read_bytes()
        for path in sorted(folder.rglob("*"))
    }


def test_init_then_check_strict_and_build(run_cli: Run, tmp_path: Path) -> None:
    root = tmp_path / "deep" / "gpt6-astra"
    result = run_cli("init", root)
    assert result.code == 0, result.output
    assert (root / "claims").is_dir() and (root / "sources").is_dir()
    settings = yaml.safe_load((root / "tracker.yaml").read_text())
    assert settings == {"title": "Gpt6 astra", "description": "", "language": "en"}
    check = run_cli("check", "--strict", "--root", root, "--today", TODAY)
    assert (check.code, check.output) == (0, "")
    build = run_cli("build", "--root", root, "--today", TODAY)
    assert build.code == 0, build.output
    assert "Gpt6 astra" in (root / "site" / "index.html").read_text()


def test_base_url_option_sets_it_and_build_stops_warning(run_cli: Run, tmp_path: Path) -> None:
    """Without --base-url, tracker.yaml has the setting as a comment and `build` warns
    (base-url-missing), though `check --strict` passes; with it, neither."""
    bare = tmp_path / "bare"
    assert run_cli("init", bare).code == 0
    assert "# base_url: https://OWNER.github.io/REPO/\n" in (bare / "tracker.yaml").read_text()
    built = run_cli("build", "--root", bare, "--today", TODAY, "--no-search")
    assert built.code == 0 and built.err.count("[base-url-missing]") == 1, built.output
    root = tmp_path / "tracker"
    url = "https://owner.github.io/repo/"
    assert run_cli("init", root, "--base-url", url).code == 0
    settings = yaml.safe_load((root / "tracker.yaml").read_text())
    assert settings["base_url"] == url
    assert run_cli("check", "--strict", "--root", root, "--today", TODAY).code == 0
    built = run_cli("build", "--root", root, "--today", TODAY, "--no-search")
    assert (built.code, built.err) == (0, ""), built.output
    assert (root / "site" / "robots.txt").read_text().endswith(f"Sitemap: {url}sitemap.xml\n")


@pytest.mark.parametrize("url", ["owner.github.io/repo", "ftp://example.org/", "https://"])
def test_base_url_must_be_an_http_address(run_cli: Run, tmp_path: Path, url: str) -> None:
    result = run_cli("init", tmp_path / "t", "--base-url", url)
    assert result.code == 2 and "--base-url" in result.err, result.output
    assert not (tmp_path / "t").exists()


def test_new_records_in_a_new_tracker_find_their_schemas(run_cli: Run, tmp_path: Path) -> None:
    root = tmp_path / "tracker"
    assert run_cli("init", root).code == 0
    for kind in ("claim", "source"):
        assert run_cli("new", kind, "first", "--root", root, "--today", TODAY).code == 0
    records = [root / "tracker.yaml", root / "claims/first.yaml", root / "sources/first.yaml"]
    for path in records:
        match = HEADER.fullmatch(path.read_text().split("\n", 1)[0])
        assert match is not None, path
        assert (path.parent / match.group(1)).resolve().is_file(), path
    assert (root / "schema/tracker.schema.json").read_text().startswith("{")
    check = run_cli("check", "--root", root, "--today", TODAY, "--format", "json")
    assert "schema-header" not in check.out


def test_title_and_language_options(run_cli: Run, tmp_path: Path) -> None:
    root = tmp_path / "t"
    title = "Astra: what was claimed # and by whom"
    assert run_cli("init", root, "--title", title, "--language", "zh-Hant").code == 0
    settings = yaml.safe_load((root / "tracker.yaml").read_text())
    assert (settings["title"], settings["language"]) == (title, "zh-Hant")
    assert (root / "README.md").read_text().startswith(f"# {title}\n")
    assert run_cli("check", "--strict", "--root", root, "--today", TODAY).code == 0


@pytest.mark.parametrize("tag", ["english", "en_US", "", "en-"])
def test_language_must_be_a_bcp47_tag(run_cli: Run, tmp_path: Path, tag: str) -> None:
    result = run_cli("init", tmp_path / "t", "--language", tag)
    assert result.code == 2
    assert "BCP 47" in result.err
    assert not (tmp_path / "t").exists()


def test_language_must_have_a_catalog(run_cli: Run, tmp_path: Path) -> None:
    """A tracker in a language the site is not translated into would fail its first check."""
    result = run_cli("init", tmp_path / "t", "--language", "de")
    assert result.code == 2
    assert "not translated into it; use one of: en, fr, zh-Hant" in result.err
    assert not (tmp_path / "t").exists()
    assert run_cli("init", tmp_path / "ca", "--language", "fr-CA").code == 0


@pytest.mark.parametrize("title", ["", " \u200b ", "two\nlines", "bell\x07"])
def test_title_must_be_readable(run_cli: Run, tmp_path: Path, title: str) -> None:
    result = run_cli("init", tmp_path / "t", "--title", title)
    assert result.code == 2 and "--title" in result.err
    assert not (tmp_path / "t").exists()


@pytest.mark.parametrize("present", [["notes.txt"], [".git/"], ["claims/"]])
def test_a_folder_with_anything_in_it_is_refused(
    run_cli: Run, tmp_path: Path, present: list[str]
) -> None:
    root = tmp_path / "t"
    root.mkdir()
    for name in present:
        if name.endswith("/"):
            (root / name).mkdir()
        else:
            (root / name).write_bytes(b"mine\n")
    before = snapshot(root)
    result = run_cli("init", root)
    assert result.code == 1
    assert "not empty" in result.err and "nothing was written" in result.err
    assert snapshot(root) == before


def test_an_empty_folder_is_used_and_a_file_refused(run_cli: Run, tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    assert run_cli("init", tmp_path / "empty").code == 0
    assert (tmp_path / "empty" / "tracker.yaml").is_file()
    (tmp_path / "file").write_bytes(b"x")
    result = run_cli("init", tmp_path / "file")
    assert result.code == 2 and "not a folder" in result.err
    assert (tmp_path / "file").read_bytes() == b"x"


def test_a_failed_write_leaves_nothing_behind(
    run_cli: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = transaction.atomic_write_bytes

    def disk_full(path: Path, data: bytes, **kwargs: bool) -> None:
        if path.parent.name == "schema":  # after the README, the workflows, ...
            raise OSError(28, "No space left on device")  # an atomic write leaves nothing
        real(path, data, **kwargs)

    monkeypatch.setattr(transaction, "atomic_write_bytes", disk_full)
    result = run_cli("init", tmp_path / "a" / "b")
    assert result.code == 2 and "No space left" in result.err
    assert list(tmp_path.iterdir()) == []


def test_gitignore_names_the_site_and_the_cache(run_cli: Run, tmp_path: Path) -> None:
    root = tmp_path / "t"
    assert run_cli("init", root).code == 0
    lines = (root / ".gitignore").read_text().splitlines()
    assert "site/" in lines
    assert f"{CACHE_DIR}/" in lines
    assert JOURNAL in lines  # a killed command's journal is never committed


def _run_in_argv(entry: str) -> list[str]:
    argv = shlex.split(entry)
    assert argv[0] == "claimtrack" and argv[1] in COMMANDS
    build_parser().parse_args(argv[1:])  # exits 2 if the command line is not one claimtrack takes
    return argv


def test_this_repository_provides_a_pre_commit_hook() -> None:
    hooks = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())
    (hook,) = hooks
    assert hook["id"] == "claimtrack-check"
    assert _run_in_argv(hook["entry"]) == ["claimtrack", "check", "--strict"]
    assert (hook["language"], hook["pass_filenames"]) == ("python", False)
    files = re.compile(hook["files"])
    for path in ("claims/x.yaml", "sources/x.txt", "tracker.yaml"):
        assert files.search(path), path
    assert not files.search("README.md") and not files.search("site/index.html")


def test_a_new_tracker_runs_the_same_check_before_each_commit(run_cli: Run, tmp_path: Path) -> None:
    root = tmp_path / "t"
    assert run_cli("init", root).code == 0
    config = yaml.safe_load((root / ".pre-commit-config.yaml").read_text())
    (repo,) = config["repos"]
    (hook,) = repo["hooks"]
    assert (repo["repo"], hook["language"]) == ("local", "system")
    provided = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())[0]
    for key in ("id", "entry", "pass_filenames", "files"):
        assert hook[key] == provided[key], key
    _run_in_argv(hook["entry"])


def test_init_says_when_requirements_txt_needs_claimtrack_s_address(
    run_cli: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(scaffold, "installed_from", lambda: None)  # no record of where from
    result = run_cli("init", tmp_path / "t")
    assert result.code == 0, result.output
    assert "note: claimtrack was not installed from an address a CI runner can reach" in result.out
    record = '{"url": "https://example.org/r.git", "vcs_info": {"vcs": "git", "commit_id": "ab"}}'
    monkeypatch.setattr(scaffold, "installed_from", lambda: record)
    result = run_cli("init", tmp_path / "u")
    assert result.code == 0 and "note:" not in result.out, result.output

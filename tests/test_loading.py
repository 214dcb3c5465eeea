"""Every class of bad input gives a path:line:col problem with a code, never a traceback."""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from claimtrack.errors import UsageError
from claimtrack.load import load_tracker
from claimtrack.load.yamlsource import parse_document
from claimtrack.site import build_site

from .conftest import FIXTURES, TODAY, Result

Runner = Callable[..., Result]


def check(run_cli: Runner, root: Path, *extra: str) -> Result:
    result = run_cli("check", "--root", root, "--today", TODAY, *extra)
    assert "Traceback" not in result.output
    return result


def problems(run_cli: Runner, root: Path) -> list[dict[str, object]]:
    result = check(run_cli, root, "--format", "json")
    data: list[dict[str, object]] = json.loads(result.out)
    return data


def find(found: list[dict[str, object]], code: str) -> dict[str, object]:
    matches = [p for p in found if p["code"] == code]
    assert matches, f"no {code!r} problem in {found}"
    return matches[0]


@pytest.mark.parametrize(
    ("name", "code", "line", "column"),
    [
        ("not-utf8.yaml", "not-utf8", 1, 15),
        ("bom.yaml", "bom", 1, 1),
        ("tab-indent.yaml", "tab-indent", 3, 1),
        ("empty.yaml", "empty-file", 1, 1),
        ("not-mapping.yaml", "not-mapping", 1, 1),
        ("two-documents.yaml", "multiple-documents", 2, 1),
        ("billion-laughs.yaml", "yaml-alias", 1, 4),
        ("syntax.yaml", "yaml-syntax", 1, 12),  # the "[" never closed
        ("tag.yaml", "yaml-tag", 1, 12),
        ("complex-key.yaml", "yaml-key", 1, 1),
        ("merge-key.yaml", "yaml-merge", 1, 1),
        ("merge-key-nested.yaml", "yaml-merge", 3, 3),
        ("merge-key-list.yaml", "yaml-merge", 3, 3),
        ("merge-key-alias.yaml", "yaml-alias", 2, 11),
        # Quoted, "<<" is a key like any other; a key may start with "<" too.
        ("quoted-merge-key.yaml", "unknown-field", 1, 1),
        ("angle-key.yaml", "unknown-field", 2, 1),
    ],
)
def test_bad_file_is_reported_at_its_position(
    run_cli: Runner, tracker: Callable[[str], Path], name: str, code: str, line: int, column: int
) -> None:
    root = tracker("minimal")
    shutil.copy(FIXTURES / "bad" / name, root / "claims" / "bad-input.yaml")
    result = check(run_cli, root)
    assert result.code == 1
    expected = f"claims/bad-input.yaml:{line}:{column}: error: "
    at = [x for x in result.out.splitlines() if x.startswith(expected)]
    assert any(x.endswith(f"[{code}]") for x in at), result.out


def test_billion_laughs_costs_no_time_or_memory() -> None:
    raw = (FIXTURES / "bad" / "billion-laughs.yaml").read_bytes()
    assert len(raw) < 1024
    start = time.perf_counter()
    doc = parse_document(raw, "x.yaml")
    assert time.perf_counter() - start < 0.5
    assert doc.data is None and doc.problems[0].code == "yaml-alias"


def test_file_over_one_mebibyte_is_refused(run_cli: Runner, tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    (root / "claims" / "huge.yaml").write_bytes(b"statement: x\n" + b"#" * (1024 * 1024) + b"\n")
    found = problems(run_cli, root)
    assert find(found, "file-too-large")["path"] == "claims/huge.yaml"


def test_symlink_outside_the_tracker_is_refused(
    run_cli: Runner, tracker: Callable[[str], Path], tmp_path: Path
) -> None:
    root = tracker("minimal")
    outside = tmp_path / "secret.yaml"
    outside.write_text("statement: outside\n")
    os.symlink(outside, root / "claims" / "linked.yaml")
    problem = find(problems(run_cli, root), "symlink-outside")
    assert (problem["path"], problem["line"]) == ("claims/linked.yaml", 1)


def test_symlink_inside_the_tracker_is_followed(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    os.symlink(root / "claims" / "rocket-price.yaml", root / "claims" / "rocket-price-2.yaml")
    assert not [p for p in problems(run_cli, root) if p["code"] == "symlink-outside"]


def test_unknown_field_points_at_the_key_with_a_hint(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    shutil.copy(FIXTURES / "cases" / "unknown-field.yaml", root / "claims" / "typo.yaml")
    problem = find(problems(run_cli, root), "unknown-field")
    assert (problem["path"], problem["line"], problem["column"]) == ("claims/typo.yaml", 15, 1)
    assert problem["hint"] == "did you mean 'rationale'?"


def test_wrong_types_are_all_reported_at_their_values(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    shutil.copy(FIXTURES / "cases" / "wrong-type.yaml", root / "claims" / "types.yaml")
    found = [p for p in problems(run_cli, root) if p["path"] == "claims/types.yaml"]
    where = {(p["code"], p["line"], p["column"]) for p in found}
    assert ("wrong-type", 3, 11) in where  # claimant must be a mapping
    assert ("wrong-type", 5, 9) in where  # topics must be a list
    assert ("invalid-date", 11, 11) in where  # month 13


def test_duplicate_key_is_an_error_not_a_silent_overwrite(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    shutil.copy(FIXTURES / "cases" / "duplicate-key.yaml", root / "claims" / "dup.yaml")
    problem = find(problems(run_cli, root), "duplicate-key")
    assert (problem["path"], problem["line"], problem["column"]) == ("claims/dup.yaml", 15, 1)
    assert "first at line 9" in str(problem["message"])


def test_yaml_1_2_scalars_stay_text() -> None:
    doc = parse_document(b"a: no\nb: 1.10\nc: 12:30\nd: yes\ne: true\nf: ~\ng: on\n", "x.yaml")
    assert doc.data == {
        "a": "no",
        "b": "1.10",
        "c": "12:30",
        "d": "yes",
        "e": True,
        "f": None,
        "g": "on",
    }


def test_norwegian_language_tag_no_is_valid(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    path = root / "sources" / "fr-report.yaml"
    path.write_text(path.read_text().replace("language: fr", "language: no"))
    assert check(run_cli, root).code == 0


def test_invalid_file_name_is_reported(run_cli: Runner, tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    shutil.copy(root / "claims" / "rocket-price.yaml", root / "claims" / "Rocket_Price.yaml")
    problem = find(problems(run_cli, root), "invalid-id")
    assert problem["path"] == "claims/Rocket_Price.yaml"


def test_unknown_tracker_setting_is_an_error(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    with (root / "tracker.yaml").open("a") as handle:
        handle.write("theme: dark\n")
    problem = find(problems(run_cli, root), "unknown-field")
    assert (problem["path"], problem["line"]) == ("tracker.yaml", 5)


def test_all_problems_are_reported_together_sorted(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    for name in ("bom.yaml", "empty.yaml", "tab-indent.yaml"):
        shutil.copy(FIXTURES / "bad" / name, root / "claims" / name)
    shutil.copy(FIXTURES / "cases" / "unknown-field.yaml", root / "claims" / "a-typo.yaml")
    found = problems(run_cli, root)
    paths = [p["path"] for p in found]
    assert paths == sorted(paths)
    for path in (
        "claims/a-typo.yaml",
        "claims/bom.yaml",
        "claims/empty.yaml",
        "claims/tab-indent.yaml",
    ):
        assert path in paths


def test_text_output_format(run_cli: Runner, tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    shutil.copy(FIXTURES / "cases" / "unknown-source.yaml", root / "claims" / "ref.yaml")
    result = check(run_cli, root)
    assert result.code == 1
    assert (
        "claims/ref.yaml:7:13: error: unknown source 'acme-pots'; did you mean 'acme-post'? "
        "[unknown-source]" in result.out.splitlines()
    )
    assert result.out.rstrip().endswith("2 errors, 0 warnings")


def test_json_output_fields(run_cli: Runner, tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    shutil.copy(FIXTURES / "bad" / "empty.yaml", root / "claims" / "empty.yaml")
    (problem,) = problems(run_cli, root)
    assert set(problem) >= {"path", "line", "column", "severity", "code", "message"}
    assert problem["severity"] == "error"


def test_usage_errors_exit_2(run_cli: Runner, tmp_path: Path) -> None:
    assert run_cli("check", "--format", "xml").code == 2
    missing = run_cli("check", "--root", tmp_path / "nope")
    assert missing.code == 2 and "no such folder" in missing.err
    assert run_cli("frobnicate").code == 2


@pytest.mark.parametrize(
    "command",
    [
        ["check"],
        ["coverage"],
        ["build"],
        ["serve"],
        ["status", "rocket-speed", "disputed", "--note", "x"],
        ["new", "claim", "rocket-power"],
        ["new", "measurement", "rocket-speed"],
    ],
)
def test_every_command_refuses_a_root_that_is_not_a_folder(
    command: list[str], run_cli: Runner, tmp_path: Path
) -> None:
    (tmp_path / "file").write_text("")
    for root in (tmp_path / "nope", tmp_path / "file"):
        result = run_cli(*command, "--root", root)
        assert result.code == 2, result.output
        assert f"argument --root: {root}: no such folder" in result.err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


def test_the_library_refuses_a_root_that_is_not_a_folder(tmp_path: Path) -> None:
    # Called directly, without the command line's check of --root.
    with pytest.raises(UsageError, match="nope: no such folder"):
        load_tracker(tmp_path / "nope")
    with pytest.raises(UsageError, match="nope: no such folder"):
        build_site(tmp_path / "nope", tmp_path / "site")
    assert list(tmp_path.iterdir()) == []


def test_internal_bug_exits_3_with_one_line(
    run_cli: Runner, tracker: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    def boom(*_: object) -> None:
        raise RuntimeError("simulated bug")

    # The command imports the loader when it runs (the parser is made without it).
    monkeypatch.setattr("claimtrack.load.load_tracker", boom)
    result = run_cli("check", "--root", tracker("minimal"))
    assert result.code == 3
    assert "Traceback" not in result.output
    assert result.err.count("\n") == 1 and "internal error" in result.err


def test_missing_schema_header_is_a_warning(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    path = root / "claims" / "rocket-price.yaml"
    path.write_text(path.read_text().split("\n", 1)[1])
    problem = find(problems(run_cli, root), "schema-header")
    assert (problem["path"], problem["line"], problem["severity"]) == (
        "claims/rocket-price.yaml",
        1,
        "warning",
    )
    assert check(run_cli, root, "--strict").code == 1


def test_load_cache_reuses_unchanged_files_and_sees_edits(tracker: Callable[[str], Path]) -> None:
    from claimtrack.load import Loader

    root = tracker("minimal")
    loader = Loader(root)
    first = loader.load()
    price = root / "claims" / "rocket-price.yaml"
    price.write_text(price.read_text().replace("did not announce", "never announced"))
    second = loader.load()
    assert second.claims["rocket-speed"].record is first.claims["rocket-speed"].record
    assert second.claims["rocket-price"].record.statement.startswith("Acme never announced")
    price.write_text("statement: [broken\n")
    third = loader.load()
    assert "rocket-price" in third.broken_claims
    assert [p.code for p in third.problems] == ["yaml-syntax"]
    price.unlink()
    assert "rocket-price" not in loader.load().claims


def test_an_edit_loaded_by_name_gives_the_tracker_a_whole_load_gives(
    tracker: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Serve and lsp name the files an edit changed: the last tracker is patched when only
    records changed, each loading without a problem before and after, else assembled
    anew; either way it is the tracker a load of every file gives."""
    import dataclasses

    from claimtrack.load import Loader
    from claimtrack.load import tracker as tracker_module

    root = tracker("minimal")
    loader = Loader(root)
    loader.load()
    assembled: list[int] = []
    whole = tracker_module.assemble

    def counted(*args: Any) -> Any:
        assembled.append(1)
        return whole(*args)

    monkeypatch.setattr(tracker_module, "assemble", counted)
    price, post = "claims/rocket-price.yaml", "sources/acme-post.yaml"
    edits = [
        (price, lambda t: t.replace("did not announce", "never announced"), False),
        (post, lambda t: t.replace("own announcement", "own words"), False),
        (price, lambda t: "statement: [broken\n", True),  # a problem: assembled anew
        (price, lambda t: good, True),  # and back from it
    ]
    good = (root / price).read_text().replace("did not announce", "never announced")
    for rel, edit, anew in edits:
        path = root / rel
        path.write_text(edit(path.read_text()))
        assembled.clear()
        edited = loader.load([rel])
        assert bool(assembled) == anew, rel
        fresh = Loader(root).load()
        for f in dataclasses.fields(edited):
            mine, theirs = getattr(edited, f.name), getattr(fresh, f.name)
            if f.name in ("claims", "sources"):  # a Loaded's positions compare by identity
                mine = [(k, v.path, v.record) for k, v in mine.items()]
                theirs = [(k, v.path, v.record) for k, v in theirs.items()]
            if f.name != "changes":
                assert mine == theirs, (rel, f.name)
        assert list(edited.digests) == list(fresh.digests)


def test_a_reader_that_stops_early_is_not_an_internal_error(
    tracker: Callable[[str], Path],
) -> None:
    import subprocess
    import sys

    root = tracker("minimal")
    for i in range(2000):  # far more output than a pipe buffer holds
        (root / "claims" / f"bad-{i}.yaml").write_text("x: 1\n")
    proc = subprocess.Popen(
        [sys.executable, "-m", "claimtrack.cli", "check", "--root", str(root)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline().startswith(b"claims/bad-")
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 141
    assert "Traceback" not in err and "internal error" not in err


def test_parsing_on_two_cores_gives_what_one_core_gives(
    tracker: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    import datetime as dt

    from claimtrack.check import run_checks
    from claimtrack.load import load_tracker
    from claimtrack.process import batch

    root = tracker("minimal")
    shutil.copy(FIXTURES / "cases" / "unknown-field.yaml", root / "claims" / "typo.yaml")
    shutil.copy(FIXTURES / "bad" / "tab-indent.yaml", root / "claims" / "tabs.yaml")
    day = dt.date(2026, 11, 30)
    monkeypatch.setattr(batch, "SPLIT_MIN_ITEMS", 10**9)
    _, serial = run_checks(load_tracker(root), day)
    one = load_tracker(root)
    monkeypatch.setattr(batch, "SPLIT_MIN_ITEMS", 2)
    monkeypatch.setattr(batch.threading, "active_count", lambda: 1)  # other tests' threads
    forked: list[int] = []
    real_fork = batch.os.fork

    def counting_fork() -> int:
        pid = real_fork()
        if pid:
            forked.append(pid)
        return pid

    monkeypatch.setattr(batch.os, "fork", counting_fork)
    two = load_tracker(root)
    _, parallel = run_checks(two, day)
    assert forked, "the two-core path did not run"
    assert parallel == serial and serial
    assert {k: v.record for k, v in two.claims.items()} == {
        k: v.record for k, v in one.claims.items()
    }
    assert two.claims["rocket-speed"].positions.value(("status",)) == (21, 9)


def test_an_empty_value_is_reported_as_empty(
    run_cli: Runner, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    path = root / "claims" / "rocket-price.yaml"
    path.write_text(path.read_text().replace("kind: omission", "kind:"))
    problem = find(problems(run_cli, root), "empty-value")
    assert (problem["path"], problem["line"], problem["column"]) == (
        "claims/rocket-price.yaml",
        5,
        6,
    )
    assert problem["message"] == "kind is empty: a value is required"
    assert "omission" in str(problem["hint"])


def test_load_cache_never_trusts_a_file_written_just_now(tracker: Callable[[str], Path]) -> None:
    # Two saves within one tick of the file clock, same size: the stat looks unchanged.
    from claimtrack.load import Loader

    root = tracker("minimal")
    loader = Loader(root)
    path = root / "claims" / "rocket-price.yaml"
    path.write_text(path.read_text().replace("did not announce", "did not announce"))
    before = path.stat()
    assert loader.load().claims["rocket-price"].record.statement.startswith("Acme did")
    path.write_text(path.read_text().replace("did not announce", "had not announced"[:16]))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert path.stat().st_size == before.st_size
    statement = loader.load().claims["rocket-price"].record.statement
    assert statement.startswith("Acme had not announce")

"""`claimtrack new`: skeletons that validate once filled in, and refusals that write nothing."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from claimtrack.records import Claim, Claimant, Evidence, HistoryEntry, Quantity, Snapshot, Source

from .conftest import TODAY, Result

Run = Callable[..., Result]
CLAIM_HEADER = "# yaml-language-server: $schema=../schema/claim.schema.json\n"
SOURCE_HEADER = "# yaml-language-server: $schema=../schema/source.schema.json\n"


def fill(text: str, values: list[tuple[str, str]]) -> str:
    """Fill empty ``key:`` lines in order of appearance, keeping their comments."""
    lines = text.split("\n")
    at = 0
    for key, value in values:
        pattern = re.compile(rf"^(\s*(?:- )?){re.escape(key)}:(\s*)(#.*)?$")
        while not pattern.match(lines[at]):
            at += 1
        match = pattern.match(lines[at])
        assert match is not None
        comment = f"  {match.group(3)}" if match.group(3) else ""
        lines[at] = f"{match.group(1)}{key}: {value}{comment}"
    return "\n".join(lines)


def delete_block(text: str, key: str) -> str:
    """Remove ``key:`` with its nested lines and the comment line just above it."""
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{key}:"))
    end = start + 1
    while lines[end].startswith(" "):
        end += 1
    if lines[start - 1].startswith("#"):
        start -= 1
    return "\n".join(lines[:start] + lines[end:])


def as_json(path: Path) -> Any:
    """What a YAML language server validates: the document as JSON values, dates as text."""

    def plain(value: Any) -> Any:
        if isinstance(value, dt.date):
            return value.isoformat()
        if isinstance(value, dict):
            return {k: plain(v) for k, v in value.items()}
        if isinstance(value, list):
            return [plain(v) for v in value]
        return value

    return plain(yaml.safe_load(path.read_text()))


@pytest.fixture
def schemas(run_cli: Run, tmp_path: Path) -> dict[str, Any]:
    out = tmp_path / "schema"
    assert run_cli("schema", "--out", out).code == 0
    return {
        kind: json.loads((out / f"{kind}.schema.json").read_text()) for kind in ("claim", "source")
    }


def _new(run_cli: Run, root: Path, *args: str | Path) -> Result:
    return run_cli("new", *args, "--root", root, "--today", TODAY)


def test_claim_skeleton_carries_header_and_every_field_with_a_comment(
    run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    result = _new(run_cli, root, "claim", "rocket-power")
    assert result.code == 0, result.output
    assert "wrote claims/rocket-power.yaml" in result.out
    text = (root / "claims" / "rocket-power.yaml").read_text()
    assert text.startswith(CLAIM_HEADER)
    lines = text.splitlines()
    models: list[type[Any]] = [Claim, Claimant, Quantity, Evidence, HistoryEntry]
    # Written by the tool only: a correction's was: (claimtrack correct) and the
    # fingerprints of what readers read (read:); the skeleton says so in a comment.
    by_the_tool = {(HistoryEntry, "was"), (HistoryEntry, "read")}
    assert "`claimtrack correct`" in text and "read:" in text
    for model in models:
        for name in model.model_fields:
            if (model, name) in by_the_tool:
                continue
            found = [i for i, line in enumerate(lines) if re.match(rf"^\s*(?:- )?{name}:", line)]
            assert found, f"{model.__name__}.{name} is missing from the skeleton"
            # a comment on the line itself or on the line above
            assert any("#" in lines[i] or lines[i - 1].lstrip().startswith("#") for i in found), (
                name
            )
    data = yaml.safe_load(text)
    assert data["statement"] is None and data["kind"] is None and data["status"] is None
    assert data["history"][0]["date"] == dt.date.fromisoformat(TODAY)


def test_filled_claim_passes_schema_and_check(
    run_cli: Run, tracker: Callable[[str], Path], schemas: dict[str, Any]
) -> None:
    root = tracker("minimal")
    assert _new(run_cli, root, "claim", "rocket-power").code == 0
    path = root / "claims" / "rocket-power.yaml"
    skeleton = path.read_text()
    # Before it is filled in, check says what is missing.
    assert run_cli("check", "--root", root, "--today", TODAY).code == 1
    path.write_text(
        fill(
            skeleton,
            [
                ("statement", "Rocket 2 runs up to 3x faster than Rocket 1."),
                ("name", "Acme"),
                ("kind", "figure"),
                ("value", "3"),
                ("unit", "x"),
                ("bound", "up-to"),
                ("metric", "speed"),
                ("source", "acme-post"),
                ("quote", "It runs up to 3x faster than Rocket 1"),
                ("status", "unverified"),
                ("status", "unverified"),
                ("note", "Recorded from the announcement."),
                ("rationale", "Nobody has measured it."),
            ],
        )
    )
    jsonschema.validate(as_json(path), schemas["claim"])
    result = run_cli("check", "--root", root, "--today", TODAY)
    assert result.code == 0, result.output
    assert "rocket-power" not in result.output


def test_filled_omission_without_quantity_passes(
    run_cli: Run, tracker: Callable[[str], Path], schemas: dict[str, Any]
) -> None:
    root = tracker("minimal")
    assert _new(run_cli, root, "claim", "rocket-weight").code == 0
    path = root / "claims" / "rocket-weight.yaml"
    text = delete_block(path.read_text(), "quantity")
    path.write_text(
        fill(
            text,
            [
                ("statement", "Acme did not give the weight of Rocket 2."),
                ("name", "Acme"),
                ("kind", "omission"),
                ("source", "acme-post"),
                ("quote", "The price was not announced."),
                ("status", "undisclosed"),
                ("status", "undisclosed"),
                ("note", "No weight in the announcement."),
                ("rationale", "The announcement gives no weight."),
            ],
        )
    )
    jsonschema.validate(as_json(path), schemas["claim"])
    result = run_cli("check", "--root", root, "--today", TODAY)
    assert result.code == 0, result.output


def test_source_skeleton_with_archived_text(
    run_cli: Run, tracker: Callable[[str], Path], tmp_path: Path, schemas: dict[str, Any]
) -> None:
    root = tracker("minimal")
    # CRLF, no final newline, CJK, a BOM-free UTF-8 text: copied byte for byte
    raw = "Rocket 2 的速度提升高達 3 倍。\r\nIt runs up to 3x faster.".encode()
    given = tmp_path / "download.txt"
    given.write_bytes(raw)
    result = _new(run_cli, root, "source", "zh-report", "--text", given)
    assert result.code == 0, result.output
    assert (root / "sources" / "zh-report.txt").read_bytes() == raw
    path = root / "sources" / "zh-report.yaml"
    text = path.read_text()
    assert text.startswith(SOURCE_HEADER)
    data = yaml.safe_load(text)
    assert data["snapshot"] == {
        "retrieved": dt.date.fromisoformat(TODAY),
        "sha256": hashlib.sha256(raw).hexdigest(),
    }
    # html_sha256 only with a saved page (--html, --url: tests/test_new_page.py)
    for name in [*Source.model_fields, *Snapshot.model_fields.keys() - {"html_sha256"}]:
        assert re.search(rf"^\s*{name}:", text, re.MULTILINE), name
    assert "html_sha256:" not in text
    path.write_text(
        fill(
            text,
            [
                ("title", "Rocket 2 分析"),
                ("language", "zh-Hant"),
                ("kind", "report"),
            ],
        )
    )
    jsonschema.validate(as_json(path), schemas["source"])
    result = run_cli("check", "--root", root, "--today", TODAY)
    assert result.code == 0, result.output


def test_source_without_text_has_no_snapshot(
    run_cli: Run, tracker: Callable[[str], Path], schemas: dict[str, Any]
) -> None:
    root = tracker("minimal")
    assert _new(run_cli, root, "source", "vendor-guide").code == 0
    assert not (root / "sources" / "vendor-guide.txt").exists()
    path = root / "sources" / "vendor-guide.yaml"
    path.write_text(
        fill(path.read_text(), [("title", "Guide"), ("language", "en"), ("kind", "documentation")])
    )
    assert yaml.safe_load(path.read_text())["snapshot"] is None
    jsonschema.validate(as_json(path), schemas["source"])
    assert run_cli("check", "--root", root, "--today", TODAY).code == 0


def test_source_for_an_archive_already_there_records_its_snapshot(
    run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    archive = root / "sources" / "kept.txt"
    archive.write_bytes(b"kept text\n")
    result = _new(run_cli, root, "source", "kept")
    assert result.code == 0, result.output
    assert "existing sources/kept.txt" in result.out
    snapshot = yaml.safe_load((root / "sources" / "kept.yaml").read_text())["snapshot"]
    assert snapshot["sha256"] == hashlib.sha256(b"kept text\n").hexdigest()


def _files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


@pytest.mark.parametrize(
    "args",
    [
        ["claim", "Rocket"],
        ["claim", "rocket_power"],
        ["claim", "rocket--power"],
        ["claim", "rocket-"],
        ["claim", "../escape"],
        ["claim", "a" * 121],
        ["source", "Bad Id"],
        ["claim", "rocket-speed"],  # exists
        ["source", "acme-post"],  # exists
    ],
)
def test_refusals_write_nothing(
    args: list[str], run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    before = _files(root)
    result = _new(run_cli, root, *args)
    # An id against the rule is a usage error (2); a record that exists, a refusal (1).
    exists = args[1] in ("rocket-speed", "acme-post")
    assert result.code == (1 if exists else 2), result.output
    assert _files(root) == before
    assert "Traceback" not in result.output
    assert ("already exists" if exists else "is not a valid id") in result.err


def test_text_refusals_write_nothing(
    run_cli: Run, tracker: Callable[[str], Path], tmp_path: Path
) -> None:
    root = tracker("minimal")
    before = _files(root)
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes("caf\xe9".encode("latin-1"))
    result = _new(run_cli, root, "source", "cafe", "--text", latin1)
    assert result.code == 1 and "not UTF-8" in result.err
    result = _new(run_cli, root, "source", "cafe", "--text", tmp_path / "missing.txt")
    assert result.code == 1 and "no such file" in result.err
    # an archive already there is never overwritten by another text
    (root / "sources" / "cafe.txt").write_bytes(b"original")
    before["sources/cafe.txt"] = b"original"
    good = tmp_path / "good.txt"
    good.write_bytes(b"other")
    result = _new(run_cli, root, "source", "cafe", "--text", good)
    assert result.code == 1 and "already exists" in result.err
    assert _files(root) == before


def test_text_option_is_only_for_sources(run_cli: Run, tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    result = _new(run_cli, root, "claim", "x", "--text", "file.txt")
    assert result.code == 2
    assert not (root / "claims" / "x.yaml").exists()


def test_new_creates_the_folder_in_an_empty_tracker(run_cli: Run, tmp_path: Path) -> None:
    (tmp_path / "tracker.yaml").write_text("title: Empty\n")  # a tracker without claims/ yet
    result = _new(run_cli, tmp_path, "claim", "first")
    assert result.code == 0, result.output
    assert (tmp_path / "claims" / "first.yaml").is_file()


@pytest.mark.parametrize(
    "command",
    [
        ["new", "claim"],
        ["new", "source"],
        ["new", "measurement"],
        ["status", "--note", "x", "disputed"],
        ["coverage"],
    ],
    ids=lambda c: " ".join(c[:2]) if c[0] == "new" else c[0],
)
def test_an_id_against_the_rule_is_a_usage_error_wherever_it_is_given(
    command: list[str], run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    root = tracker("minimal")
    before = _files(root)
    *words, last = command
    argv = [*words, "X2_Bad", last] if command[0] == "status" else [*command, "X2_Bad"]
    result = run_cli(*argv, "--root", root, "--today", TODAY)
    assert result.code == 2, result.output
    assert "'X2_Bad' is not a valid id: use lowercase letters, digits and single hyphens" in (
        result.err
    )
    assert _files(root) == before


def test_the_claim_skeleton_says_who_the_claimant_of_an_omission_is(
    run_cli: Run, tracker: Callable[[str], Path]
) -> None:
    """Who noted it, not who left it out (issue 25): "Omission · noted by" on its page."""
    root = tracker("minimal")
    assert _new(run_cli, root, "claim", "omission-x").code == 0
    text = (root / "claims" / "omission-x.yaml").read_text()
    head, _ = text.split("\nclaimant:\n", 1)
    comment = " ".join(line.lstrip("# ") for line in head.splitlines()[-3:])
    assert "For an omission, who pointed out what was not disclosed" in comment
    assert "never who left it out" in comment and "in the statement" in comment
    assert "for an omission, who noted it" in text.split("\nclaimant:\n", 1)[1].splitlines()[0]

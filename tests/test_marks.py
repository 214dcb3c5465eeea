"""Positions from the marks parsing noted (load/nodes.Marks) are the positions a second
parse of the text gives, for every key and value of every record the tests hold, for
paths that end early, and for files whose marks cannot be trusted (a duplicate key)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from claimtrack.load.nodes import Path_, Positions
from claimtrack.load.yamlsource import parse_document

ROOT = Path(__file__).resolve().parent.parent


def _paths(value: Any, path: Path_ = ()) -> list[Path_]:
    found = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            found += _paths(v, (*path, k))
        found += [(*path, "no-such-key"), (*path, 0)]
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += _paths(v, (*path, i))
        found += [(*path, len(value)), (*path, "key")]
    else:
        found.append((*path, "below-a-scalar", 1))
    return found


def _files() -> list[Path]:
    folders = [ROOT / "claims", ROOT / "sources", ROOT / "tests" / "fixtures"]
    return sorted(p for folder in folders for p in folder.rglob("*.yaml"))


def test_marks_give_every_position_a_second_parse_gives() -> None:
    compared = 0
    for path in _files():
        raw = path.read_bytes()
        doc = parse_document(raw, "x.yaml")
        if doc.data is None:
            continue
        assert doc.marks is not None or any(p.code == "duplicate-key" for p in doc.problems)
        parsed_again = Positions(raw.decode("utf-8-sig", "replace").lstrip("\ufeff"))
        for data_path in _paths(doc.data):
            for kind in "kv":
                assert doc.positions._lookup(kind, data_path) == parsed_again._lookup(
                    kind, data_path
                ), (path, kind, data_path)
                compared += 1
    assert compared > 10_000


def test_a_duplicate_key_keeps_no_marks_and_positions_come_from_the_text() -> None:
    text = "a: 1\nb:\n  c: 2\n  c: 3\nd: [x, y]\n"
    doc = parse_document(text.encode(), "x.yaml")
    assert doc.marks is None
    assert doc.positions.value(("d", 1)) == (5, 8)
    assert doc.positions.key(("b", "c")) == (3, 3)  # the first of the two


def test_a_flow_and_a_nested_list_are_numbered_as_written() -> None:
    text = "a: {x: 1, y: [p, {q: r}]}\nb:\n- - 1\n  - 2\n- 3\n"
    doc = parse_document(text.encode(), "x.yaml")
    assert doc.marks is not None
    again = Positions(text)
    for data_path in _paths(doc.data):
        for kind in "kv":
            assert doc.positions._lookup(kind, data_path) == again._lookup(kind, data_path)
    assert doc.positions.value(("a", "y", 1, "q")) == (1, 22)


def test_a_short_text_repeated_from_file_to_file_is_one_object() -> None:
    """An id, a tag or a name that many records repeat is held once (a build at 10,000
    claims holds 12 MiB less); an editor's own longer words are not interned."""
    note = "Added from the press coverage on launch day, with the figures the vendor gave."
    first, second = (
        parse_document(f"source: en-primary-{7}\ntopics: [energy]\nnote: {note}\n".encode(), n).data
        for n in ("a.yaml", "b.yaml")
    )
    assert first is not None and second is not None
    assert first["source"] is second["source"]
    assert first["topics"][0] is second["topics"][0]
    assert first["note"] == second["note"] and first["note"] is not second["note"]

"""The one edit workflow (edit/apply.py), called as a library: by the commands, the coming
translate command and the editor server alike."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path

import pytest

from claimtrack.edit.apply import Change, apply, propose
from claimtrack.edit.proof import new_quotes
from claimtrack.errors import ClaimtrackError, DataError, UsageError

TODAY = dt.date(2026, 11, 30)
CLAIM = "block-comments"
# The claim's own evidence quote, and the place a second one goes.
KEPT = "  - source: acme-post\n    quote: It runs up to 3x faster than Rocket 1\n"


def _adding(source: str, quote: str) -> Callable[[bytes, str], bytes]:
    """A splice that adds one evidence quote to the claim (as a translate or editor would)."""

    def splice(raw: bytes, relpath: str) -> bytes:
        added = f"  - source: {source}\n    quote: {quote}\n"
        return raw.replace(KEPT.encode(), (KEPT + added).encode())

    return splice


def _break(root: Path) -> Path:
    """Make the claim fail validation elsewhere: the rules then never look at it."""
    path = root / "claims" / f"{CLAIM}.yaml"
    path.write_text(path.read_text().replace('  conditions: ""', "  conditions: [a]"))
    return path


def test_propose_is_a_dry_run(tracker: Callable[[str], Path]) -> None:
    root = tracker("status")
    path = _break(root)
    before = path.read_bytes()
    proposal = propose(root, Change(CLAIM, _adding("bench-weekly", "Not in it.")), TODAY)
    assert path.read_bytes() == before == proposal.old
    assert b"quote: Not in it." in proposal.new
    # At its line in the proposed text: the quote is the file's 23rd line there.
    assert proposal.new.splitlines()[22] == b"    quote: Not in it."
    assert [(p.code, p.line) for p in proposal.caused] == [("quote-not-found", 23)]
    assert [p.code for p in proposal.remaining] == ["wrong-type"]
    assert proposal.warnings == []


@pytest.mark.parametrize("broken", [False, True])
@pytest.mark.parametrize(
    ("source", "quote", "code"),
    [
        ("bench-weekly", "Bench Weekly measured Rocket 3.", "quote-not-found"),
        ("bench-weeky", "Bench Weekly measured Rocket 2.", "unknown-source"),
    ],
)
def test_every_added_quote_is_proven_whatever_else_is_wrong(
    broken: bool, source: str, quote: str, code: str, tracker: Callable[[str], Path]
) -> None:
    root = tracker("status")
    path = _break(root) if broken else root / "claims" / f"{CLAIM}.yaml"
    before = path.read_bytes()
    with pytest.raises(DataError) as refused:
        apply(root, Change(CLAIM, _adding(source, quote)), TODAY)
    # Reported once, whether the rules saw it too (a claim that loads) or not.
    assert [p.code for p in refused.value.problems] == [code]
    assert "unchanged" in str(refused.value)
    assert path.read_bytes() == before


def test_a_skeleton_is_written_with_its_errors_but_its_quotes_are_proven(
    tracker: Callable[[str], Path],
) -> None:
    root = tracker("status")
    path = root / "claims" / f"{CLAIM}.yaml"
    before = path.read_bytes()
    with pytest.raises(DataError):
        apply(root, Change(CLAIM, _adding("bench-weekly", "Not in it."), judged=False), TODAY)
    assert path.read_bytes() == before
    # Empty values (a skeleton's, for the editor to fill in) are not quotes.
    done = apply(root, Change(CLAIM, _adding("", '""'), judged=False), TODAY)
    assert path.read_bytes() == done.new != before


def test_a_proven_quote_is_written_and_a_kept_one_is_not_proven_again(
    tracker: Callable[[str], Path],
) -> None:
    root = tracker("status")
    path = _break(root)
    done = apply(root, Change(CLAIM, _adding("bench-weekly", "Bench Weekly measured")), TODAY)
    assert path.read_bytes() == done.new and done.caused == [] and done.warnings == []
    quotes = new_quotes(done.old, done.new, done.relpath)
    assert [(path, ev.quote) for path, ev in quotes.items] == [
        (("evidence", 1), "Bench Weekly measured")
    ]
    # A quote kept, even moved, is none added; a second copy of one is a quote more.
    moved = done.new.replace(KEPT.encode(), b"") + b"measurements:\n- evidence:\n" + KEPT.encode()
    assert new_quotes(done.new, moved, "c").items == []
    everywhere = [path for path, _ in new_quotes(b"", moved, "c").items]
    assert everywhere == [("evidence", 0), ("measurements", 0, "evidence", 0)]
    twice = done.new.replace(KEPT.encode(), KEPT.encode() * 2)
    assert [path for path, _ in new_quotes(done.new, twice, "c").items] == [("evidence", 1)]


def test_a_file_changed_while_the_change_ran_is_left_as_the_other_editor_wrote_it(
    tracker: Callable[[str], Path],
) -> None:
    root = tracker("status")
    path = root / "claims" / f"{CLAIM}.yaml"
    theirs = path.read_bytes() + b"# theirs\n"

    def splice(raw: bytes, relpath: str) -> bytes:
        path.write_bytes(theirs)  # another editor saves meanwhile
        return raw.replace(b"status: unverified ", b"status: disputed ")

    with pytest.raises(ClaimtrackError, match="changed while this command ran"):
        apply(root, Change(CLAIM, splice, judged=False), TODAY)
    assert path.read_bytes() == theirs


def test_refused_without_a_claim_or_a_root(tracker: Callable[[str], Path], tmp_path: Path) -> None:
    root = tracker("status")
    with pytest.raises(ClaimtrackError, match="did you mean 'block-comments'"):
        propose(root, Change("block-coments", _adding("acme-post", "x")), TODAY)
    with pytest.raises(UsageError, match="no such folder"):
        propose(tmp_path / "nope", Change(CLAIM, _adding("acme-post", "x")), TODAY)


def test_a_source_and_tracker_yaml_go_through_the_same_workflow(
    tracker: Callable[[str], Path],
) -> None:
    root = tracker("status")
    source = root / "sources" / "acme-post.yaml"
    before = source.read_bytes()
    # Judged against every rule with the new bytes in place: a source of an unknown kind.
    wrong = Change("acme-post", lambda raw, rel: raw.replace(b"kind: primary", b"kind: rumour"))
    with pytest.raises(DataError) as refused:
        apply(root, Change(wrong.record_id, wrong.splice, kind="source"), TODAY)
    assert [p.path for p in refused.value.problems] == ["sources/acme-post.yaml"]
    assert source.read_bytes() == before
    retitled = Change(
        "",
        lambda raw, rel: raw.replace(b"title: Rocket 2 claims", b"title: Rocket claims"),
        kind="settings",
    )
    done = apply(root, retitled, TODAY)
    assert done.relpath == "tracker.yaml" and done.caused == []
    assert b"title: Rocket claims\n" in (root / "tracker.yaml").read_bytes()
    with pytest.raises(ClaimtrackError, match=r"no source 'acme-pots'.*did you mean 'acme-post'"):
        propose(root, Change("acme-pots", wrong.splice, kind="source"), TODAY)


def test_a_splice_that_changes_nothing_writes_nothing(tracker: Callable[[str], Path]) -> None:
    root = tracker("status")
    path = root / "claims" / f"{CLAIM}.yaml"
    stat = path.stat()
    done = apply(root, Change(CLAIM, lambda raw, rel: raw), TODAY)
    assert done.new == done.old == path.read_bytes()
    # An atomic write would have put a new file (a new inode) in its place.
    assert (path.stat().st_ino, path.stat().st_mtime_ns) == (stat.st_ino, stat.st_mtime_ns)

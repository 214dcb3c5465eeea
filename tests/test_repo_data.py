"""The repository's own tracker: clean under --strict, and honest in the ways rules can see."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable

from claimtrack.check import run_checks
from claimtrack.load import load_tracker
from claimtrack.records import ClaimKind, Status

from .conftest import REPO, Result

SEEDS = REPO.parent / "shared" / "seeds"


def test_repository_data_passes_strict_check(run_cli: Callable[..., Result]) -> None:
    result = run_cli("check", "--root", REPO, "--strict")
    assert result.code == 0, result.output
    assert result.out == ""


def test_no_claim_is_corroborated_or_verified_from_one_origin() -> None:
    analysis, problems = run_checks(load_tracker(REPO), dt.date.today())
    assert not [p for p in problems if p.is_error]
    for cid, loaded in analysis.tracker.claims.items():
        assert loaded.record.status not in (Status.CORROBORATED, Status.VERIFIED), cid
        assert len(analysis.claim_origins(cid)) == 1, cid


def test_dataset_covers_the_announcement() -> None:
    tracker = load_tracker(REPO)
    claims = [loaded.record for loaded in tracker.claims.values()]
    assert len(claims) > 20
    kinds = {claim.kind for claim in claims}
    assert kinds == set(ClaimKind)
    headline = tracker.claims["ultrafast-up-to-8x-token-generation"].record
    assert headline.quantity is not None
    assert (headline.quantity.value, headline.quantity.bound.value) == (8, "up-to")
    omissions = [c for c in claims if c.kind is ClaimKind.OMISSION]
    assert all(c.status is Status.UNDISCLOSED for c in omissions)
    speakers = {c.claimant.name for c in claims if c.kind is ClaimKind.QUOTE}
    assert speakers == {"Philippe Tillet", "Uday Ruddarraju"}


def test_archives_are_the_seed_texts_byte_for_byte() -> None:
    tracker = load_tracker(REPO)
    for sid, archive in tracker.archives.items():
        snapshot = tracker.sources[sid].record.snapshot
        assert snapshot is not None and snapshot.sha256 == archive.sha256
    if SEEDS.is_dir():  # beside the checkout on the team's machines and in CI
        seeds = {hashlib.sha256(p.read_bytes()).hexdigest() for p in SEEDS.glob("*.txt")}
        assert {a.sha256 for a in tracker.archives.values()} == seeds


def test_each_source_says_whether_its_text_is_republished_and_why() -> None:
    """Republishing a third party's whole text is a question of rights: every source of
    this repository decides it in so many words, and says where its archived copy is from."""
    tracker = load_tracker(REPO)
    for sid, source in tracker.sources.items():
        text = (REPO / source.path).read_text(encoding="utf-8")
        assert text.count("\narchive_public: false\n") == 1, sid  # written, not left to default
        record = source.record
        assert record.archive_public is False, sid
        assert "(archive_public: false)" in record.notes, sid
        assert "received with this task" not in record.notes, sid
        if sid in tracker.archives:
            assert f"sources/{sid}.txt" in record.notes, sid
            assert "given to this tracker's editors" in record.notes, sid

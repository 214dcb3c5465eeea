"""Property: after any edits, an incremental rebuild equals a clean full build, byte for byte.

A tracker (a copy of tests/fixtures/minimal) is built once by a SiteBuilder.
Then sequences of 1 to 6 random edits are applied to it: claims, sources,
archives, tracker.yaml, template overrides and static files are added, changed,
broken and deleted.  After each sequence the same SiteBuilder builds again,
alternately finding the changes itself (``changed=None``) and being told the
exact paths touched (as the file watcher of ``serve`` would), and build_site
builds the same tracker into a fresh folder.  Either both fail the same way
(DataError with the same problems, or the same template error) and the
incremental build left the previous site exactly as it was, or both succeed
with the same warnings and the two folders hold the same files, folders, modes
and bytes.  Half the examples give the builder a disk cache and restart it
now and then, as ``serve`` would be restarted.

The edits are in tracker_edits.  CLAIMTRACK_PROPERTY_EXAMPLES=300 runs more
examples by hand (same seed, with shrinking).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from functools import partial
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from claimtrack.load import Cache
from claimtrack.site import SiteBuilder, build_site

from .equal_sites import explain, outcome, snapshot
from .site_support import FIXTURE_TODAY, minimal_copy
from .tracker_edits import EDITS, Edit, Tree

# The CI profile: fixed seed, nothing remembered between runs, no per-example deadline (one
# clean build compiles every template: about 0.3 s here), and no shrinking, which can take
# Hypothesis's full five minutes at a second per example; the failure message lists every
# edit anyway.  Runs by hand (CLAIMTRACK_PROPERTY_EXAMPLES=N) shrink to a minimal reproducer.
BY_HAND = os.environ.get("CLAIMTRACK_PROPERTY_EXAMPLES")
PROFILE = settings(
    max_examples=int(BY_HAND or 20),
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=list(Phase) if BY_HAND else [p for p in Phase if p is not Phase.shrink],
)


# -- the property --------------------------------------------------------------------------------
def check_sequences(sequences: list[list[Edit]], disk_cache: bool = False) -> None:
    """Apply each sequence, then compare the incremental build with a clean full build.

    ``disk_cache``: the builder keeps a Cache in the tracker's .claimtrack_cache and is
    replaced by a new one before the 2nd, 5th, 8th... sequence (serve restarted: it knows
    only the disk cache)."""
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        root = minimal_copy(base)
        site = base / "site"

        def new_builder() -> SiteBuilder:
            cache = Cache.open(root) if disk_cache else None
            return SiteBuilder(root, site, FIXTURE_TODAY, cache)

        builder = new_builder()
        builder.build()
        history: list[str] = [f"disk_cache={disk_cache}"]
        for number, sequence in enumerate(sequences):
            before = snapshot(site)
            if disk_cache and number % 3 == 1:
                builder = new_builder()
                history.append("restart: a new SiteBuilder with the disk cache")
            tree = Tree(root)
            for edit in sequence:
                edit.apply(tree)
            changed = None if number % 2 == 0 else sorted(tree.touched)
            history += [*tree.log, f"build(changed={changed})"]
            incremental = outcome(partial(builder.build, changed=changed), site)
            fresh = base / f"fresh-{number}"
            full = outcome(partial(build_site, root, fresh, today=FIXTURE_TODAY), fresh)
            steps = "\n".join(history)
            assert incremental == full, f"after:\n{steps}\n{explain(incremental, full)}"
            if incremental.kind != "built":
                assert snapshot(site) == before, f"a failed build changed the site after:\n{steps}"
                assert not fresh.exists(), f"a failed full build left {fresh.name}"
            shutil.rmtree(fresh, ignore_errors=True)


# Undo edits twice as likely as others: errors pile up, and a build that fails on both sides
# only compares problem lists.
edits = st.builds(
    Edit,
    st.sampled_from([*EDITS, "restore_file", "revert_all"]),
    st.integers(0, 7),
    st.integers(0, 7),
)


@PROFILE
@given(st.lists(st.lists(edits, min_size=1, max_size=6), min_size=1, max_size=3), st.booleans())
def test_incremental_build_equals_full_build(sequences: list[list[Edit]], disk_cache: bool) -> None:
    check_sequences(sequences, disk_cache)


# Every kind of edit at least once, valid and broken, each breakage followed by its repair, so
# that the property is exercised whatever Hypothesis picks.  Sequences alternate between
# changed=None and changed=paths.  E: a sequence after which both builds fail.
FIXED = [
    [Edit("add_claim", 0, 0), Edit("add_claim", 1, 1), Edit("add_claim", 2, 2)],
    [Edit("change_statement", 0, 1), Edit("change_topics", 1, 2), Edit("change_review_by", 2, 0)],
    [Edit("change_status", 3, 0), Edit("change_related", 0, 1), Edit("add_claim", 1, 3)],
    [Edit("change_to_check", 3, 1), Edit("change_to_check", 4, 3)],
    [Edit("add_source", 0, 0), Edit("add_source", 1, 2), Edit("change_source_title", 0, 0)],
    [Edit("change_derived_from", 1, 1), Edit("change_archive", 0, 0)],
    [Edit("add_misnamed_record", 0, 0), Edit("rename_claim", 1, 0)],  # a .yml: a warning
    [Edit("add_misnamed_record", 0, 1)],  # E: invalid-id
    [Edit("delete_claim", 0, 0), Edit("break_file", 0, 4)],  # E: a byte-order mark
    [Edit("delete_claim", 0, 0)],
    [
        Edit("change_site_title", 0, 1),
        Edit("change_base_url", 0, 2),
        Edit("change_description", 0, 2),
    ],
    [Edit("set_template", 0, 1), Edit("set_template", 1, 2), Edit("set_template", 2, 0)],
    [Edit("set_static", 0, 1), Edit("set_static", 1, 0), Edit("set_static", 2, 0)],
    [Edit("change_base_url", 0, 1), Edit("delete_template", 1, 1), Edit("delete_static", 0, 0)],
    [Edit("break_file", 0, 0)],  # E: yaml-syntax
    [Edit("delete_claim", 0, 0)],  # the broken claim goes
    [Edit("change_status", 1, 6)],  # E: disclosed, citing a source without a later date
    [Edit("change_status", 1, 0)],  # E: still
    [Edit("change_source_facts", 0, 1), Edit("change_source_facts", 1, 2)],  # E: translations
    # English again, and the cited source now published after the omission was recorded.
    [
        Edit("change_source_facts", 0, 0),
        Edit("change_source_facts", 1, 0),
        Edit("change_source_facts", 2, 6),
    ],
    [Edit("change_derived_from", 0, 7)],  # E: a derivation cycle
    [Edit("revert_all", 0, 0)],
    [Edit("change_archive", 1, 6), Edit("change_related", 0, 7)],  # E
    [Edit("change_archive", 1, 7), Edit("change_related", 0, 0)],  # E: snapshot-mismatch
    [Edit("restore_file", 4, 0), Edit("restore_file", 5, 0)],
    [Edit("delete_archive", 0, 0)],
    [Edit("delete_archive", 0, 7), Edit("change_topics", 0, 7)],  # E: archive-missing, topic
    [Edit("restore_file", 4, 0), Edit("change_topics", 0, 0)],
    [Edit("break_template", 0, 0)],  # E: a template syntax error
    [Edit("break_template", 0, 1)],  # E: an unknown template variable
    [Edit("delete_template", 0, 0)],
    [Edit("delete_source", 0, 1), Edit("change_base_url", 0, 7)],  # E: unknown-source
    [Edit("revert_all", 0, 0), Edit("delete_settings", 0, 0), Edit("change_base_url", 0, 3)],
    [Edit("break_file", 6, 3)],  # E: empty tracker.yaml
    [Edit("restore_file", 6, 0), Edit("delete_claim", 0, 0), Edit("delete_claim", 0, 0)],
    # Archive pages: one more, a claim quoting into it, one fewer, and a non-boolean (E).
    [Edit("set_archive_public", 1, 0), Edit("add_claim", 1, 4), Edit("change_archive", 1, 0)],
    [Edit("set_archive_public", 0, 1), Edit("change_statement", 0, 2)],
    [Edit("set_archive_public", 2, 7)],  # E: wrong-type
    [Edit("set_archive_public", 2, 0)],
    # Revisions (recheck --save): quotes kept, then removed (claim pages marked, feed entry),
    # a gone and a moved page, a file without its entry (E: revision-unrecorded), then the
    # entry that names it.
    [Edit("recheck_source", 0, 0), Edit("recheck_source", 0, 1)],
    [Edit("recheck_source", 1, 2), Edit("recheck_source", 0, 3)],
    [Edit("recheck_source", 0, 7)],  # E
    [Edit("recheck_source", 0, 0)],
    # A new quote citing a revision (issue 26), on its archive page once public; one unknown;
    # the first copy again.
    [Edit("add_claim", 0, 2), Edit("cite_revision", 0, 0), Edit("set_archive_public", 0, 0)],
    [Edit("cite_revision", 0, 6)],  # E: revision-unknown
    [Edit("cite_revision", 0, 1), Edit("recheck_source", 0, 0)],  # E: not in that one
    [Edit("cite_revision", 0, 7)],
    # Languages: French, its translations current and stale (warnings), Chinese too, then
    # broken translations (E), a language without a catalog (E), French gone (E: its
    # translations name no site language), and the translations gone.
    [
        Edit("set_site_languages", 0, 1),
        Edit("translate_claim", 0, 0),
        Edit("translate_source", 0, 0),
    ],
    [Edit("translate_claim", 1, 1), Edit("translate_source", 1, 1)],
    [
        Edit("translate_claim", 0, 4),
        Edit("set_site_languages", 0, 2),
        Edit("translate_claim", 1, 5),
    ],
    [Edit("translate_claim", 0, 6)],  # E: missing-field
    [Edit("translate_claim", 0, 7)],  # E: empty-value
    [Edit("translate_claim", 0, 2), Edit("set_site_languages", 0, 7)],  # E: missing-catalog
    [Edit("set_site_languages", 0, 0)],  # E: translation-language
    [
        Edit("translate_claim", 0, 3),
        Edit("translate_claim", 1, 3),
        Edit("translate_source", 0, 2),
        Edit("translate_source", 1, 2),
    ],
    # A claim moved between kinds and claimants (their listings), quotes in and out of the
    # archive (E), a source's notes, Chinese beside French, stamps without bytes and bytes
    # without stamps (racy_rewrite twice: an edit reverted within the racy-clean window).
    [Edit("change_kind", 0, 1), Edit("change_claimant", 1, 1), Edit("change_source_notes", 0, 1)],
    [Edit("change_quote", 0, 6)],  # E: quote-not-found
    [Edit("change_quote", 0, 1), Edit("change_kind", 1, 7), Edit("change_claimant", 0, 3)],
    [Edit("touch_file", 2, 0), Edit("touch_file", 3, 1), Edit("change_source_notes", 1, 3)],
    [Edit("set_site_languages", 0, 2), Edit("translate_chinese", 0, 0)],
    [Edit("translate_chinese", 1, 1), Edit("translate_chinese", 0, 6)],  # E: missing-field
    [Edit("translate_chinese", 0, 2), Edit("change_statement", 1, 1)],
    [Edit("racy_rewrite", 1, 0)],
    [Edit("racy_rewrite", 1, 0)],
    # A claim revised by its claimant (issue 26): a chain made, lengthened and left, then a
    # cycle (E), an unknown id (E) and none.
    [Edit("change_revises", 0, 1), Edit("add_claim", 2, 0), Edit("change_revises", 2, 3)],
    [Edit("change_revises", 0, 0), Edit("change_statement", 1, 2)],
    [Edit("change_revises", 1, 6)],  # E: revision-cycle
    [Edit("change_revises", 1, 7), Edit("change_revises", 0, 0)],  # E: unknown-claim
    [Edit("change_revises", 1, 0), Edit("change_revises", 2, 0)],
    # Corrections (issue 26): the corrections page, the claim page's mark, the feed and
    # claims.json; then a correction of another claim, and the two malformed ones (E).
    [Edit("correct_claim", 0, 0), Edit("set_site_languages", 0, 2)],
    [Edit("correct_claim", 1, 1), Edit("change_statement", 0, 2)],
    [Edit("correct_claim", 0, 6)],  # E: correction-entry (the status changed)
    [Edit("correct_claim", 1, 7)],  # E: correction-entry (no field)
]


@pytest.mark.parametrize("disk_cache", [False, True], ids=["memory", "disk-cache"])
def test_every_kind_of_edit_in_a_fixed_sequence(disk_cache: bool) -> None:
    assert {e.name for sequence in FIXED for e in sequence} == set(EDITS)
    check_sequences(FIXED, disk_cache)

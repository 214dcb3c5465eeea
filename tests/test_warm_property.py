"""Property: warm equals cold.  After random edits, `serve`'s next build and a second
`claimtrack build` give exactly the site a cold build gives, byte for byte, and a second
`check` says what `check --no-cache` says.

A tracker in three languages (tests/fixtures/three-languages: English, French, Chinese) is
copied and edited by the edits of tracker_edits (claims, sources, archives, tracker.yaml,
translations, templates, static files, stamps).  Two sites are kept beside it:

- ``serve``: one long-lived SiteBuilder with the tracker's disk cache, told after each edit
  (or each sequence) exactly the paths it touched, as serve's watcher tells it;
- ``site``: built by `claimtrack build` run in this process as a new process would run it
  (every module-level memo cleared first), on the same disk cache.

Between sequences a file of each site may be deleted by hand: the next good build that
looks must put it back (serve watches the tracker, not its site: until a build succeeds, its
builds are told no paths, as after a restart).

After each build both are compared with a cold build (``build_site`` with
``Cache.disabled()``, or `build --no-cache`) into a folder of its own: both succeed with
the same warnings and the same files, folders, modes and bytes, or both fail the same way
and the failed build left its site exactly as it was.  A cold outcome is made once for each
content of the tracker (same input, same site).  Search is off here (Pagefind's
chunks are its own: see test_a_warm_build_with_search_indexes_the_same_pages for the
one exception); test_incremental_property builds with it.

The driver is tests/warm_run.py.  CLAIMTRACK_PROPERTY_EXAMPLES=N runs more examples by hand
(same seed, with shrinking).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimtrack import fsutil

from .test_incremental_property import BY_HAND, PROFILE, edits
from .tracker_edits import Edit, Tree
from .warm_run import FIXTURE, HOUR, Run, Sequence, check_sequences, process

sequences = st.builds(
    Sequence,
    st.lists(edits, min_size=1, max_size=4).map(tuple),
    st.booleans(),
    st.none() | st.integers(0, 200),
)


@settings(PROFILE, max_examples=int(BY_HAND or 5))
@given(st.lists(sequences, min_size=1, max_size=2))
def test_warm_builds_equal_cold_builds(sequences: list[Sequence]) -> None:
    check_sequences(sequences)


def test_a_second_save_within_one_tick_is_read_after_the_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by racy_rewrite: the load cache kept the stamp of a file read within the racy
    window, so a second save in the same tick (same mtime, size and inode) was taken for
    the first once the window had passed, and the next build kept the first save's pages."""
    # The window an hour wide while the tracker is saved and built, then none (passed).
    monkeypatch.setattr(fsutil, "RECENT_NS", HOUR)
    run = Run(tmp_path)
    tree = Tree(run.root, fixture=FIXTURE)
    Edit("change_statement", 0, 0).apply(tree)  # a save: its stamp is recent
    run.warm_build()  # reads it within the window
    Edit("racy_rewrite", 0, 0).apply(tree)  # a second save within the same tick
    assert tree.log[-1] == "racy rewrite claims/rocket-engine.yaml", tree.log
    run.history += tree.log
    monkeypatch.setattr(fsutil, "RECENT_NS", -(1 << 62))
    run.warm_build()
    run.warm_check(0)


# Every kind of edit the issue names, on the three-language tracker (claims, sorted:
# rocket-engine, rocket-price, rocket-speed; sources: acme-post, fr-report), serve building
# after each edit unless each=False.  E: a sequence after which every build fails.
FIXED = [
    Sequence(
        (
            Edit("change_statement", 2, 0),  # its French and Chinese go stale
            Edit("change_status", 0, 1),
            Edit("change_kind", 0, 2),
            Edit("change_topics", 1, 3),
        ),
        delete=0,
    ),
    Sequence(
        (
            Edit("change_claimant", 2, 1),
            Edit("change_claimant", 0, 3),
            Edit("change_quote", 2, 1),
            Edit("change_kind", 1, 0),
        ),
        each=False,
    ),
    Sequence((Edit("change_quote", 0, 6),), delete=5),  # E: quote-not-found
    Sequence(
        (
            Edit("change_quote", 0, 0),
            Edit("change_source_notes", 0, 1),
            Edit("change_archive", 0, 1),
            Edit("change_source_notes", 1, 3),
        )
    ),
    # Revisions (recheck --save): acme-post's quotes kept, then gone from it (the claim pages
    # marked in three languages, the feeds' entries), fr-report's page gone.
    RECHECKED := Sequence(
        (
            Edit("recheck_source", 0, 0),
            Edit("recheck_source", 0, 1),
            Edit("recheck_source", 1, 2),
            Edit("recheck_source", 0, 5),
        )
    ),
    # A quote citing acme-post's first revision (issue 26), on that revision's archive page
    # once public; then one citing fr-report's gone page (E: revision-gone), its first copy
    # again.
    Sequence(
        (
            Edit("cite_revision", 2, 0),
            Edit("set_archive_public", 0, 0),
            Edit("cite_revision", 2, 1),
            Edit("cite_revision", 2, 7),
        )
    ),
    Sequence(
        (
            Edit("add_claim", 0, 0),
            Edit("add_source", 0, 0),
            Edit("change_related", 3, 0),  # rocket-speed relates to nothing now
            Edit("delete_claim", 1, 0),  # rocket-engine
        ),
        each=False,
        delete=40,
    ),
    # A claim revised by its claimant (issue 26): a chain in three languages, left, a cycle.
    Sequence((Edit("change_revises", 0, 1), Edit("change_revises", 1, 3))),
    Sequence((Edit("change_revises", 0, 0), Edit("change_revises", 1, 6)), each=False),  # E
    # E: Chinese translations, and no Chinese site.
    Sequence(
        (
            Edit("change_site_title", 0, 1),
            Edit("translate_chinese", 1, 1),
            Edit("set_site_languages", 0, 1),
        )
    ),
    Sequence(
        (
            Edit("set_site_languages", 0, 2),
            Edit("translate_chinese", 0, 2),
            Edit("translate_claim", 1, 1),
            Edit("translate_source", 0, 0),
        ),
        each=False,
    ),
    # E: an unknown template variable (the site file deleted by hand stays deleted).
    Sequence(
        (Edit("set_template", 1, 1), Edit("set_static", 0, 2), Edit("break_template", 0, 1)),
        delete=3,
    ),
    # Stamps without bytes; a save, then one in the same tick, then one reverting it (the
    # window an hour wide: every save of these two sequences is recent).
    Sequence(
        (
            Edit("delete_template", 0, 0),
            Edit("touch_file", 0, 0),
            Edit("touch_file", 4, 1),
            Edit("change_statement", 1, 1),
            Edit("racy_rewrite", 1, 0),
        ),
        window=HOUR,
    ),
    Sequence((Edit("racy_rewrite", 1, 0),), window=HOUR),
    Sequence((Edit("revert_all", 0, 0), Edit("delete_static", 0, 0))),
]


def test_every_kind_of_edit_warm_and_cold() -> None:
    history = check_sequences(FIXED)
    assert history.count("racy rewrite claims/rocket-price.yaml") == 2, history


def test_a_second_build_in_a_new_process_equals_a_cold_one() -> None:
    """As `claimtrack build` runs twice from a shell (one sequence: a process each run)."""
    check_sequences([FIXED[0]], run_cli=process)


def test_a_recheck_built_in_a_new_process_equals_a_cold_build() -> None:
    """A revision written by `recheck --save`, then `claimtrack build` in a new process: the
    pages it shows on are made again from the disk cache's keys (site/last_build.py)."""
    check_sequences([RECHECKED], run_cli=process)


def test_a_warm_build_with_search_indexes_the_same_pages(tmp_path: Path) -> None:
    """With search on, the pages byte for byte, and each search bundle by its files."""
    run = Run(tmp_path)
    run.warm_build(search=True)
    tree = Tree(run.root, fixture=FIXTURE)
    for edit in (Edit("change_statement", 2, 0), Edit("add_claim", 0, 1)):
        edit.apply(tree)
    run.history += tree.log
    run.warm_build(search=True)

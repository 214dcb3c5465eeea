"""Cross-record rules, each on the minimal fixture with one deliberate fault."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from .conftest import FIXTURES, TODAY, Result

Runner = Callable[..., Result]


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def problems(run_cli: Runner, root: Path, *extra: str) -> list[dict[str, object]]:
    result = run_cli("check", "--root", root, "--today", TODAY, "--format", "json", *extra)
    assert "Traceback" not in result.output
    found: list[dict[str, object]] = json.loads(result.out)
    return found


def only(found: list[dict[str, object]], code: str) -> dict[str, object]:
    matches = [p for p in found if p["code"] == code]
    assert len(matches) == 1, f"expected one {code!r} in {found}"
    return matches[0]


def at(problem: dict[str, object]) -> tuple[object, object, object]:
    return problem["path"], problem["line"], problem["column"]


@pytest.fixture
def root(tracker: Callable[[str], Path]) -> Path:
    return tracker("minimal")


def test_minimal_fixture_is_clean(run_cli: Runner, root: Path) -> None:
    assert problems(run_cli, root) == []
    assert run_cli("check", "--root", root, "--today", TODAY, "--strict").code == 0


def test_unknown_source_and_claim_have_hints(run_cli: Runner, root: Path) -> None:
    shutil.copy(FIXTURES / "cases" / "unknown-source.yaml", root / "claims" / "ref.yaml")
    found = problems(run_cli, root)
    source = only(found, "unknown-source")
    assert at(source) == ("claims/ref.yaml", 7, 13)
    assert source["hint"] == "did you mean 'acme-post'?"
    claim = only(found, "unknown-claim")
    assert (
        at(claim) == ("claims/ref.yaml", 15, 11) and claim["hint"] == "did you mean 'rocket-speed'?"
    )


def test_unknown_derived_from(run_cli: Runner, root: Path) -> None:
    edit(root / "sources/fr-report.yaml", "derived_from: [acme-post]", "derived_from: [acme-blog]")
    assert at(only(problems(run_cli, root), "unknown-source")) == ("sources/fr-report.yaml", 7, 16)


def test_derivation_cycle(run_cli: Runner, root: Path) -> None:
    edit(
        root / "sources/acme-post.yaml", "kind: primary", "kind: primary\nderived_from: [fr-report]"
    )
    problem = only(problems(run_cli, root), "derivation-cycle")
    assert problem["path"] == "sources/acme-post.yaml"
    assert "acme-post -> fr-report -> acme-post" in str(problem["message"])


def test_quote_not_found_says_where_it_differs(run_cli: Runner, root: Path) -> None:
    edit(
        root / "claims/rocket-speed.yaml",
        "quote: It runs up to 3x faster than Rocket 1",
        "quote: It runs up to 4x faster",
    )
    problem = only(problems(run_cli, root), "quote-not-found")
    assert at(problem) == ("claims/rocket-speed.yaml", 16, 12)
    # What the archive says where the quote parts from it, not the quote's own words alone.
    assert problem["hint"] == (
        "the first 14 characters match; then the archived text has '3x faster than Rocke' "
        "where the quote has '4x faster'"
    )


def test_quote_not_found_past_the_end_of_the_archive(run_cli: Runner, root: Path) -> None:
    edit(
        root / "claims/rocket-speed.yaml",
        "quote: It runs up to 3x faster than Rocket 1",
        "quote: The price was not announced. Nor was the date",
    )
    problem = only(problems(run_cli, root), "quote-not-found")
    assert problem["hint"] == (
        "the first 28 characters match, where the archived text ends; "
        "the quote goes on with ' Nor was the date'"
    )


def test_quote_matching_normalises_quotes_space_and_width(run_cli: Runner, root: Path) -> None:
    # Straight quotes for guillemets, a line break and full-width letters are the same words.
    edit(
        root / "claims/rocket-speed.yaml",
        'quote: "« jusqu\'à 3 fois plus rapide »"',
        'quote: "\\"jusqu’à  3\\nfois plus ｒａｐｉｄｅ\\""',
    )
    assert problems(run_cli, root) == []


def test_cjk_quote_ignores_spaces(tmp_path: Path, run_cli: Runner, root: Path) -> None:
    archive = root / "sources/fr-report.txt"
    archive.write_text("NVIDIA 表示：速度最高提升 8 倍。 一、釋出了什麼\n", encoding="utf-8")
    import hashlib

    digest = hashlib.sha256(archive.read_bytes()).hexdigest()
    source = root / "sources/fr-report.yaml"
    text = source.read_text().replace("language: fr", "language: zh-Hant")
    source.write_text(text[: text.index("sha256:")] + f"sha256: {digest}\n")
    edit(
        root / "claims/rocket-speed.yaml",
        '"« jusqu\'à 3 fois plus rapide »"',
        "速度最高提升8倍。一、",
    )
    assert problems(run_cli, root) == []


def test_quote_without_archive_is_a_warning(run_cli: Runner, root: Path) -> None:
    (root / "sources/fr-report.txt").unlink()
    edit(root / "sources/fr-report.yaml", "snapshot:", "old_snapshot:")
    source = root / "sources/fr-report.yaml"
    text = source.read_text()
    source.write_text(text[: text.index("old_snapshot:")])
    found = problems(run_cli, root)
    problem = only(found, "quote-unchecked")
    assert problem["severity"] == "warning" and "not checked against an archived copy" in str(
        problem["message"]
    )
    assert run_cli("check", "--root", root, "--today", TODAY).code == 0
    assert run_cli("check", "--root", root, "--today", TODAY, "--strict").code == 1


def test_edited_archive_fails_integrity(run_cli: Runner, root: Path) -> None:
    with (root / "sources/acme-post.txt").open("a") as handle:
        handle.write("An extra line.\n")
    problem = only(problems(run_cli, root), "snapshot-mismatch")
    assert at(problem) == ("sources/acme-post.yaml", 11, 11)


def test_archive_without_snapshot_and_snapshot_without_archive(run_cli: Runner, root: Path) -> None:
    source = root / "sources/acme-post.yaml"
    text = source.read_text()
    source.write_text(text[: text.index("snapshot:")])
    (root / "sources/fr-report.txt").unlink()
    found = problems(run_cli, root)
    assert only(found, "snapshot-missing")["path"] == "sources/acme-post.yaml"
    assert at(only(found, "archive-missing")) == ("sources/fr-report.yaml", 9, 1)


def test_corroborated_needs_two_independent_origins(run_cli: Runner, root: Path) -> None:
    claim = root / "claims/rocket-speed.yaml"
    claim.write_text(claim.read_text().replace("unverified", "corroborated"))
    # Two sources, but the French report derives from the Acme post: one origin.
    problem = only(problems(run_cli, root), "corroboration-origins")
    assert at(problem) == ("claims/rocket-speed.yaml", 21, 9)
    assert "found 1 (acme-post)" in str(problem["message"])
    edit(root / "sources/fr-report.yaml", "derived_from: [acme-post]", "derived_from: []")
    assert problems(run_cli, root) == []


def test_omission_statuses(run_cli: Runner, root: Path) -> None:
    edit(
        root / "claims/rocket-price.yaml",
        "status: undisclosed\nhistory",
        "status: retracted\nhistory",
    )
    edit(root / "claims/rocket-speed.yaml", "    status: unverified", "    status: undisclosed")
    found = [p for p in problems(run_cli, root) if p["code"] == "omission-status"]
    assert {(p["path"], p["line"]) for p in found} == {
        ("claims/rocket-price.yaml", 10),
        ("claims/rocket-speed.yaml", 24),
    }


def test_status_and_history_cannot_disagree(run_cli: Runner, root: Path) -> None:
    edit(
        root / "claims/rocket-speed.yaml",
        "status: unverified\nhistory",
        "status: misleading\nhistory",
    )
    assert at(only(problems(run_cli, root), "status-history-mismatch")) == (
        "claims/rocket-speed.yaml",
        21,
        9,
    )


def add_history(path: Path, entry: str) -> None:
    text = path.read_text()
    marker = "rationale:"
    path.write_text(text.replace(marker, entry + marker, 1))


def test_disclosed_needs_later_dated_evidence(run_cli: Runner, root: Path) -> None:
    price = root / "claims/rocket-price.yaml"
    edit(price, "status: undisclosed\nhistory", "status: disclosed\nhistory")
    add_history(
        price,
        "  - date: 2026-11-01\n    status: disclosed\n    note: Price published.\n"
        "    evidence: [acme-post]\n",
    )
    # acme-post was published 2026-10-01, before the omission was recorded on 2026-10-02.
    assert at(only(problems(run_cli, root), "disclosed-evidence")) == (
        "claims/rocket-price.yaml",
        16,
        13,
    )
    shutil.copy(root / "sources/acme-post.yaml", root / "sources/acme-pricing.yaml")
    pricing = root / "sources/acme-pricing.yaml"
    edit(pricing, "published: 2026-10-01", "published: 2026-10-30")
    text = pricing.read_text()
    pricing.write_text(text[: text.index("snapshot:")])
    edit(price, "evidence: [acme-post]\nrationale", "evidence: [acme-pricing]\nrationale")
    assert [p["code"] for p in problems(run_cli, root)] == []


def test_history_order_and_future(run_cli: Runner, root: Path) -> None:
    speed = root / "claims/rocket-speed.yaml"
    add_history(
        speed,
        "  - date: 2026-10-01\n    status: unverified\n    note: Earlier.\n"
        "  - date: 2027-01-01\n    status: unverified\n    note: Future.\n",
    )
    found = problems(run_cli, root)
    assert at(only(found, "history-order")) == ("claims/rocket-speed.yaml", 27, 11)
    assert at(only(found, "history-future")) == ("claims/rocket-speed.yaml", 30, 11)


def test_source_dates_in_the_future(run_cli: Runner, root: Path) -> None:
    post = root / "sources/acme-post.yaml"
    edit(post, "published: 2026-10-01", "published: 2026-12-01")
    edit(post, "retrieved: 2026-11-30", "retrieved: 2027-01-01")
    found = problems(run_cli, root)
    published = only(found, "published-future")
    assert at(published) == ("sources/acme-post.yaml", 5, 12)
    assert published["severity"] == "error"
    assert published["message"] == "published date 2026-12-01 is in the future"
    retrieved = only(found, "retrieved-future")
    assert at(retrieved) == ("sources/acme-post.yaml", 10, 14)
    assert retrieved["message"] == "snapshot.retrieved 2027-01-01 is in the future"
    # judged as of --today: on 1 January 2027 both dates are past
    assert [p["code"] for p in problems(run_cli, root, "--today", "2027-01-01")] == []


def test_review_by_in_the_past_is_stale(run_cli: Runner, root: Path) -> None:
    edit(root / "claims/rocket-price.yaml", "review_by: 2027-06-30", "review_by: 2026-11-01")
    problem = only(problems(run_cli, root), "stale")
    assert problem["severity"] == "warning" and at(problem) == ("claims/rocket-price.yaml", 17, 12)


def test_unused_source_is_a_warning(run_cli: Runner, root: Path) -> None:
    shutil.copy(root / "sources/acme-post.yaml", root / "sources/unused.yaml")
    text = (root / "sources/unused.yaml").read_text()
    (root / "sources/unused.yaml").write_text(text[: text.index("snapshot:")])
    problem = only(problems(run_cli, root), "unused-source")
    assert problem["path"] == "sources/unused.yaml" and problem["severity"] == "warning"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("status: unverified\nhistory:", "status: bogus\nhistory:"),
        ("kind: figure", "kind: [figure"),
    ],
    ids=["invalid", "not-yaml"],
)
def test_a_claim_that_fails_to_load_still_uses_the_sources_it_names(
    run_cli: Runner, root: Path, old: str, new: str
) -> None:
    """fr-report is cited by rocket-speed only: while that claim fails to load (a wrong
    value, or a file that is not YAML), the failure is its one problem, with no knock-on
    unused-source; a source that no file names is reported all the same."""
    edit(root / "claims/rocket-speed.yaml", old, new)
    shutil.copy(root / "sources/acme-post.yaml", root / "sources/unused.yaml")
    text = (root / "sources/unused.yaml").read_text()
    (root / "sources/unused.yaml").write_text(text[: text.index("snapshot:")])
    found = problems(run_cli, root)
    assert [p["path"] for p in found if p["code"] == "unused-source"] == ["sources/unused.yaml"]
    assert {p["path"] for p in found if p["severity"] == "error"} == {"claims/rocket-speed.yaml"}


def test_non_english_quote_needs_translation(run_cli: Runner, root: Path) -> None:
    edit(root / "claims/rocket-speed.yaml", "    translation: '\"up to 3 times faster\"'\n", "")
    found = problems(run_cli, root)
    assert at(only(found, "translation-missing")) == ("claims/rocket-speed.yaml", 18, 5)


def test_translation_needs_its_translator(run_cli: Runner, root: Path) -> None:
    edit(root / "claims/rocket-speed.yaml", "    translated_by: person\n", "")
    assert at(only(problems(run_cli, root), "translated-by-missing")) == (
        "claims/rocket-speed.yaml",
        19,
        5,
    )


def test_plain_false_is_the_status_false(run_cli: Runner, root: Path) -> None:
    # YAML 1.2 reads a plain `false` as a boolean; for a status it can only mean "false".
    speed = root / "claims/rocket-speed.yaml"
    speed.write_text(speed.read_text().replace("status: unverified", "status: false"))
    # Read as the status "false": a figure is false only with a measurement against it.
    assert [p["code"] for p in problems(run_cli, root)] == ["false-evidence"]


def test_figure_needs_quantity(run_cli: Runner, root: Path) -> None:
    edit(root / "claims/rocket-price.yaml", "kind: omission", "kind: figure")
    assert only(problems(run_cli, root), "quantity-missing")["path"] == "claims/rocket-price.yaml"


@pytest.mark.parametrize(("kind", "said"), [("assessment", "an assessment"), ("fact", "a fact")])
def test_a_quantity_on_another_kind_names_it_with_its_article(
    run_cli: Runner, root: Path, kind: str, said: str
) -> None:
    edit(root / "claims/rocket-speed.yaml", "kind: figure", f"kind: {kind}")
    problem = only(problems(run_cli, root), "quantity-unexpected")
    assert problem["message"] == f"only figures carry a quantity, this claim is {said}"


def test_a_source_to_check_is_used_and_must_exist(run_cli: Runner, root: Path) -> None:
    shutil.copy(root / "sources/acme-post.yaml", root / "sources/acme-guide.yaml")
    text = (root / "sources/acme-guide.yaml").read_text()
    (root / "sources/acme-guide.yaml").write_text(text[: text.index("snapshot:")])
    assert only(problems(run_cli, root), "unused-source")["path"] == "sources/acme-guide.yaml"
    with (root / "claims/rocket-price.yaml").open("a") as handle:
        handle.write("to_check: [acme-guide, acme-guid]\n")
    found = problems(run_cli, root)
    assert not [p for p in found if p["code"] == "unused-source"]
    assert at(only(found, "unknown-source")) == ("claims/rocket-price.yaml", 18, 24)


def test_derivation_checks_stay_linear_on_a_wide_deep_graph(run_cli: Runner, root: Path) -> None:
    # 30 layers of two sources, each deriving from both below: 2**30 paths, no loop.
    template = (root / "sources/acme-post.yaml").read_text()
    template = template[: template.index("snapshot:")]
    for layer in range(1, 31):
        for side in "ab":
            below = "[acme-post]" if layer == 1 else f"[l{layer - 1}a, l{layer - 1}b]"
            text = template.replace("kind: primary", f"kind: report\nderived_from: {below}")
            (root / f"sources/l{layer}{side}.yaml").write_text(text)
    found = problems(run_cli, root)
    assert not [p for p in found if p["code"] == "derivation-cycle"]
    edit(root / "sources/acme-post.yaml", "kind: primary", "kind: primary\nderived_from: [l30b]")
    problem = only(problems(run_cli, root), "derivation-cycle")
    assert problem["path"] == "sources/acme-post.yaml"
    assert str(problem["message"]).startswith("derived_from forms a cycle: acme-post -> l30b -> ")


def test_origins_of_a_chain_longer_than_the_recursion_limit(root: Path) -> None:
    import datetime as dt

    from claimtrack.check import run_checks
    from claimtrack.load import load_tracker

    template = (root / "sources/acme-post.yaml").read_text()
    template = template[: template.index("snapshot:")]
    count = 3000
    for i in range(1, count):  # d00001 <- d00002 <- ... <- d02999 <- acme-post
        below = "acme-post" if i == 1 else f"d{count - i + 1:05d}"
        text = template.replace("kind: primary", f"kind: report\nderived_from: [{below}]")
        (root / f"sources/d{count - i:05d}.yaml").write_text(text)
    analysis, _ = run_checks(load_tracker(root), dt.date(2026, 11, 30))
    assert analysis.source_origins["d00001"] == frozenset({"acme-post"})
    assert analysis.source_origins["acme-post"] == frozenset({"acme-post"})


def test_archive_public_needs_an_archived_copy(run_cli: Runner, root: Path) -> None:
    source = root / "sources/fr-report.yaml"
    text = source.read_text()
    source.write_text(text[: text.index("snapshot:")] + "archive_public: true\n")
    (root / "sources/fr-report.txt").unlink()
    found = problems(run_cli, root)
    problem = only(found, "archive-public-without-copy")
    assert problem["severity"] == "warning"
    assert at(problem) == ("sources/fr-report.yaml", 9, 17)
    assert run_cli("check", "--root", root, "--today", TODAY, "--strict").code == 1
    # Only a true value asks for a page: YAML's yes is text here, and refused.
    source.write_text(text[: text.index("snapshot:")] + "archive_public: yes\n")
    assert only(problems(run_cli, root), "wrong-type")["line"] == 9


def test_after_an_edit_the_analysis_reads_the_links_the_checker_kept(root: Path) -> None:
    """The Checker keeps who names whom claim by claim and hands those links to the
    analysis it makes: after an edit they are the edited claim's, as a fresh check has them."""
    import datetime as dt

    from claimtrack.check import Checker
    from claimtrack.load import Loader

    loader, checker, today = Loader(root), Checker(), dt.date.fromisoformat(TODAY)
    a, found = checker.run(loader.load(), today)
    assert a.cited_by("fr-report") == ["rocket-speed"] and found == []
    claim = root / "claims/rocket-speed.yaml"
    text = claim.read_text(encoding="utf-8")
    evidence = text[text.index("  - source: fr-report") : text.index("status:")]
    edit(claim, evidence, "")
    edit(claim, "related: [rocket-price]", "related: []")
    edited = loader.load(["claims/rocket-speed.yaml"])
    assert edited.changes is not None and edited.changes.claims == {"rocket-speed"}
    a, found = checker.run(edited, today)
    assert a.links is checker.dependents.links
    assert a.cited_by("fr-report") == [] and a.related_to("rocket-price") == []
    assert [(p.path, p.code) for p in found] == [("sources/fr-report.yaml", "unused-source")]
    assert found == Checker().run(Loader(root).load(), today)[1]

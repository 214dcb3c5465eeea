"""The plan: pages reused while made from the same views, keyed by what their templates get."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from claimtrack.check import run_checks
from claimtrack.i18n import english
from claimtrack.load import load_tracker
from claimtrack.site.html.render import variables
from claimtrack.site.memo import Reuse, kept
from claimtrack.site.model.cache import build_model
from claimtrack.site.model.views import ClaimView, SiteModel, SiteSettings, SourceView
from claimtrack.site.plan import datafiles, pages
from claimtrack.site.plan.contexts import ClaimPage, ListingPage
from claimtrack.site.plan.outputs import Output
from claimtrack.site.plan.pages import Planner

from .conftest import FIXTURES
from .site_support import FIXTURE_TODAY

CLAIM = "claims/rocket-speed/index.html"
CARD = "claims/rocket-speed/card.png"
EMBED = "claims/rocket-speed/embed/index.html"


def model_of(fixture: str = "minimal") -> SiteModel:
    analysis, _ = run_checks(load_tracker(FIXTURES / fixture), FIXTURE_TODAY)
    return build_model(analysis)


def by_path(outputs: list[Output]) -> dict[str, Output]:
    return {o.path: o for o in outputs}


# -- Reuse -------------------------------------------------------------------------------------
def test_reuse_gives_a_value_back_only_for_the_same_objects() -> None:
    reuse: Reuse[str, list[int]] = Reuse()
    made_from, equal_copy = [1], [1]
    reuse.start()
    assert reuse.get("x", (made_from,)) is None
    value = reuse.put("x", (made_from,), [2])
    reuse.start()
    assert reuse.get("x", (made_from,)) is value
    reuse.start()
    assert reuse.get("x", (equal_copy,)) is None  # equal is not enough: the same object


def test_reuse_compares_what_it_is_told_is_equal_by_value() -> None:
    reuse: Reuse[str, str] = Reuse()
    reuse.start()
    reuse.put("s", (), "ref", ("Title", "en"))
    reuse.start()
    assert reuse.get("s", (), ("Title", "en")) == "ref"
    reuse.start()
    assert reuse.get("s", (), ("Other", "en")) is None


def test_reuse_each_says_whether_its_values_are_the_last_rounds() -> None:
    """Views made again with equal values leave ``unchanged``; another value, or a round by
    name (a view came or went), does not."""
    reuse: Reuse[str, str] = Reuse()
    first = (["a"], ["b"])
    assert reuse.each(first, lambda v: v[0], lambda v: v[0].upper(), None) == ["A", "B"]
    assert not reuse.unchanged  # the first round
    same_words = (["a"], ["b"])  # other objects, equal values
    assert reuse.each(same_words, lambda v: v[0], lambda v: v[0].upper(), None) == ["A", "B"]
    assert reuse.unchanged
    other = (same_words[0], ["c"])
    assert reuse.each(other, lambda v: v[0], lambda v: v[0].upper(), None) == ["A", "C"]
    assert not reuse.unchanged
    assert reuse.each(other, lambda v: v[0], lambda v: v[0].upper(), None) == ["A", "C"]
    assert reuse.unchanged  # the very views: nothing made
    assert reuse.each(other[:1], lambda v: v[0], lambda v: v[0].upper(), None) == ["A"]
    assert not reuse.unchanged  # one fewer: by name


def test_reuse_drops_what_a_round_did_not_ask_for() -> None:
    reuse: Reuse[str, str] = Reuse()
    reuse.start()
    reuse.put("a", (), "A")
    reuse.put("b", (), "B")
    reuse.start()
    assert reuse.get("a", ()) == "A"
    reuse.start()
    assert reuse.get("a", ()) == "A"
    assert reuse.get("b", ()) is None  # not asked for in the round before: gone


def test_reuse_gives_again_what_it_was_given_in_the_same_round() -> None:
    reuse: Reuse[str, list[int]] = Reuse()
    made_from = [1]
    reuse.start()
    value = reuse.put("x", (made_from,), [2])
    assert reuse.get("x", (made_from,)) is value  # a claim's texts: its summary, then its view
    assert reuse.get("x", ([1],)) is None
    reuse.start()
    assert reuse.get("x", (made_from,)) is value


def test_kept_keeps_the_old_object_while_equal() -> None:
    old, equal, other = (1, 2), tuple([1, 2]), (3,)
    assert kept(old, equal) is old
    assert kept(old, other) is other
    assert kept(None, other) is other


# -- the Planner -------------------------------------------------------------------------------
def test_planning_the_same_views_again_makes_no_record_page_again() -> None:
    model, planner, ui = model_of(), Planner(), english()
    first = by_path(planner.plan(model, {}, ui))
    second = by_path(planner.plan(model, {}, ui))
    assert first.keys() == second.keys()
    records = [p for p in first if p.startswith(("claims/", "sources/", "status/", "topics/"))]
    remade = [p for p in records if second[p] is not first[p]]
    # The lists of a family's listings are assembled again; the rest is kept, the list of
    # sources too (it shows the same rows).
    assert remade == ["status/index.html", "topics/index.html"]
    assert [p for p in first if first[p].key != second[p].key] == []


def test_a_new_view_object_makes_only_its_own_page_again() -> None:
    model, planner, ui = model_of(), Planner(), english()
    first = by_path(planner.plan(model, {}, ui))
    index = next(i for i, c in enumerate(model.claims) if c.summary.id == "rocket-speed")
    claims = list(model.claims)
    claims[index] = replace(claims[index])  # equal, but another object
    sources = tuple(replace(v) for v in model.sources)  # as an edit to a cited claim makes
    second = by_path(planner.plan(replace(model, claims=tuple(claims), sources=sources), {}, ui))
    assert second["sources/index.html"] is first["sources/index.html"]  # the same rows
    claim_pages = [p for p in first if p.startswith("claims/") and p.count("/") == 2]
    # Its page and its share card, both with what they are made from equal.
    assert [p for p in claim_pages if second[p] is not first[p]] == [CLAIM, CARD]
    assert second[CLAIM].key == first[CLAIM].key  # what its template gets is equal
    assert second[CARD].key == first[CARD].key  # what the card shows: not drawn again


def test_a_claim_page_changes_with_what_its_review_shows_of_a_cited_source() -> None:
    """The ClaimReview shows a cited source's title, publisher, date and address; its list
    of citing claims changes the source's page, not the claim's."""
    model, planner, ui = model_of(), Planner(), english()
    first = by_path(planner.plan(model, {}, ui))
    context = first[CLAIM].planned()[1]
    assert isinstance(context, ClaimPage)
    cited = context.claim.sources[0].id

    def with_source(changed: Callable[[SourceView], SourceView]) -> dict[str, Output]:
        sources = tuple(changed(v) if v.ref.id == cited else v for v in model.sources)
        return by_path(planner.plan(replace(model, sources=sources), {}, ui))

    assert with_source(lambda v: replace(v, cited_by=()))[CLAIM] is first[CLAIM]
    moved = with_source(lambda v: replace(v, publisher="Another publisher"))[CLAIM]
    assert moved is not first[CLAIM] and moved.key != first[CLAIM].key


def test_each_language_is_planned_apart_and_reused_apart() -> None:
    """Every page once per language, under its prefix; a new view of one claim makes its
    page again in each language, and nothing else in any."""
    model, planner, ui = model_of("languages"), Planner(), english()
    first = by_path(planner.plan(model, {}, ui))
    main = [p for p in first if first[p].is_page and not p.startswith("fr/")]
    assert sorted(p for p in first if p.startswith("fr/") and first[p].is_page) == sorted(
        "fr/" + p for p in main
    )
    assert {first[p].lang for p in first if first[p].is_page} == {"en", "fr"}
    info, _ = first["fr/" + CLAIM].planned()
    assert info is not None and info.rel == "../../"
    assert info.root == "../../../"
    index = next(i for i, c in enumerate(model.claims) if c.summary.id == "rocket-speed")
    claims = list(model.claims)
    claims[index] = replace(claims[index])
    second = by_path(planner.plan(replace(model, claims=tuple(claims)), {}, ui))
    records = ("claims/", "sources/", "status/", "topics/", "kinds/", "claimants/")
    remade = [
        p for p in first if p.removeprefix("fr/").startswith(records) and second[p] is not first[p]
    ]
    # The lists of a family's listings are assembled again, in each language (the list of
    # sources shows the same rows: kept).
    lists = [f"{family}/index.html" for family in ("status", "topics", "kinds")]
    lists.append("claimants/index.html")
    # The claim's page, its share card, its embeddable card and (with a base URL) its
    # oEmbed file.
    claim = [CLAIM, CARD, EMBED, "claims/rocket-speed/oembed.json"]
    assert sorted(remade) == sorted([*claim, *lists, *(f"fr/{p}" for p in [*claim, *lists])])


def lines_made(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The ids of the claims whose claims.json line is made, as each is made."""
    made: list[str] = []
    line = datafiles.data.claim_line

    def counted(view: ClaimView, settings: SiteSettings) -> bytes:
        made.append(view.summary.id)
        return line(view, settings)

    monkeypatch.setattr(datafiles.data, "claim_line", counted)
    return made


def test_json_lines_are_made_again_only_for_new_views(monkeypatch: pytest.MonkeyPatch) -> None:
    made = lines_made(monkeypatch)
    model, planner, ui = model_of(), Planner(), english()
    first = by_path(planner.plan(model, {}, ui))["claims.json"]
    assert first.make is not None
    data = first.make()
    assert sorted(made) == sorted(c.summary.id for c in model.claims)
    made.clear()
    claims = (replace(model.claims[0]), *model.claims[1:])
    again = by_path(planner.plan(replace(model, claims=claims), {}, ui))["claims.json"]
    assert again.make is not None
    assert again.make() == data
    assert made == [model.claims[0].summary.id]


def test_a_one_shot_plan_makes_its_data_files_in_parts_and_keeps_no_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A one-shot build's claims.json is made line by line as it is written (never whole in
    memory beside its lines, 22 MB at 10,000 claims), to the same bytes; no line is kept."""
    made = lines_made(monkeypatch)
    model, ui = model_of(), english()
    kept = by_path(Planner().plan(model, {}, ui))
    planner = Planner(keep=False)
    once = by_path(planner.plan(model, {}, ui))
    for name in ("claims.json", "sources.json"):
        make, whole = once[name].make, kept[name].make
        assert make is not None and whole is not None
        expected = whole()
        made.clear()
        parts = make()
        assert not isinstance(parts, bytes)
        assert made == []  # nothing made before it is written
        assert b"".join(parts) == expected
        assert len(made) == (len(model.claims) if name == "claims.json" else 0)
    data = planner._data  # what it keeps: nothing of the lines it made
    assert data._claim_lines._round is None and data._source_lines._round is None


def test_a_template_gets_its_page_context_fields_and_a_lazy_one_made() -> None:
    model = model_of()
    listing = by_path(pages.plan(model, {}))["claims/index.html"]
    context = listing.context
    assert isinstance(context, ListingPage)
    given = variables(listing)
    assert set(given) == {"site", "page", "listing", "claims", "pagination", "facets"}
    assert given["site"] is model.settings and given["page"] is listing.page
    assert given["claims"] is context.claims  # as it is, not a copy
    statuses = given["facets"]["statuses"]
    assert {f.value for f in statuses} == {c.status.value for c in context.claims}
    assert sum(f.count for f in statuses) == len(context.claims)


# -- SourcesPlan ----------------------------------------------------------------------------------
def test_the_sources_plan_is_made_again_only_where_a_view_changed() -> None:
    """After each change of views, the sources by id, what reviews show and the listing are
    what they are made from whole; what reviews show stays the same dict while equal (the
    claim pages' one comparison), and a source whose place moved reorders the listing."""
    from claimtrack.site.model.builders import by_origin
    from claimtrack.site.plan.claim_pages import shown_in_review
    from claimtrack.site.plan.sources import SourcesPlan

    views = model_of("revisions").sources
    assert len(views) >= 4
    plan = SourcesPlan()

    def planned(sources: tuple[SourceView, ...]) -> None:
        plan.plan(sources)
        assert plan.by_id == {v.ref.id: v for v in sources}
        assert plan.shown == {v.ref.id: shown_in_review(v) for v in sources}
        assert plan.listed == by_origin(sources)

    planned(views)
    shown = plan.shown
    noted = replace(views[1], notes=replace(views[1].notes, original="New notes."))
    planned(views := (views[0], noted, *views[2:]))
    assert plan.shown is shown and plan.by_id[noted.ref.id] is noted
    url = replace(views[2], url="https://example.org/moved")
    planned(views := (*views[:2], url, *views[3:]))
    assert plan.shown is not shown
    shown = plan.shown
    # An original source's title that sorts last: it moves to the end of the listing.
    at = next(i for i, v in enumerate(views) if not v.derived_from and not v.derived_by)
    title = replace(views[at].ref.title, original="zzz last")
    moved = replace(views[at], ref=replace(views[at].ref, title=title))
    before = plan.listed
    planned(views := (*views[:at], moved, *views[at + 1 :]))
    assert plan.listed[-1].ref.id == moved.ref.id != before[-1].ref.id
    planned(views[:-1])  # a source gone
    planned(views)  # and back


def test_flattened_puts_in_only_the_claims_that_changed_and_leaves_the_last_list() -> None:
    from array import array

    from claimtrack.site.plan.claim_pages import Flat, flattened

    def made(*paths: str) -> tuple[Output, ...]:
        return tuple(Output(p) for p in paths)

    planned = (made("a1", "a2"), made("b1", "b2"), made("c1", "c2"))
    first = flattened(planned, Flat([], array("q")), None)
    assert [o.path for o in first.outputs] == ["a1", "a2", "b1", "b2", "c1", "c2"]
    assert list(first.starts) == [0, 2, 4, 6]
    kept = list(first.outputs)
    again = (planned[0], made("B1", "B2"), planned[2])
    patched = flattened(again, first, [1])
    assert [o.path for o in patched.outputs] == ["a1", "a2", "B1", "B2", "c1", "c2"]
    assert patched.outputs[0] is first.outputs[0] and first.outputs == kept  # not changed
    # A claim with another number of outputs (an oEmbed file now): the list made whole.
    longer = (planned[0], made("b1", "b2", "b3"), planned[2])
    whole = flattened(longer, first, [1])
    assert [o.path for o in whole.outputs] == ["a1", "a2", "b1", "b2", "b3", "c1", "c2"]
    assert list(whole.starts) == [0, 2, 5, 7]
    # A claim outside ``places`` is taken as the last list has it: places must name each.
    assert [o.path for o in flattened(again, first, []).outputs][2] == "b1"


def test_a_claims_summary_is_recalled_only_by_an_equal_one() -> None:
    """Listing items are recalled by their summary (fragments.index_item's lru_cache),
    which hashes by the claim's id alone: an edited summary of the same claim must not
    be taken for the last one, and an equal copy must."""
    summary = model_of().claims[0].summary
    recalled = {summary: "item"}
    assert recalled.get(replace(summary)) == "item"
    edited = replace(summary, stale=not summary.stale)
    assert hash(edited) == hash(summary) and edited not in recalled

"""A mistake in a tracker's templates/ is a problem at its file and line, never a crash."""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Callable
from importlib import resources
from pathlib import Path

import pytest
from jinja2 import UndefinedError, nodes

from claimtrack.codes import Code
from claimtrack.errors import DataError
from claimtrack.live import LiveServer
from claimtrack.problems import report
from claimtrack.process import batch
from claimtrack.site import SiteBuilder
from claimtrack.site.html.names import unknown_names
from claimtrack.site.html.templating import make_environment, template_problem
from claimtrack.site.html.theme import Theme
from claimtrack.site.plan.contexts import BY_TEMPLATE, COMMON, FIELDS, ClaimPage

from .conftest import TODAY, Result
from .site_support import FIXTURE_TODAY, build, minimal_copy

MAIN = '{% extends "base.html" %}\n{% block main %}\n'
END = "\n{% endblock %}\n"


def themed(tmp_path: Path, files: dict[str, str | bytes]) -> Path:
    root = minimal_copy(tmp_path)
    for name, content in files.items():
        path = root / "templates" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return root


def problems_of(root: Path, out: Path) -> list[str]:
    with pytest.raises(DataError) as caught:
        build(root, out)
    assert not out.exists()
    return [p.format() for p in caught.value.problems]


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        (
            # Found before rendering: a page template reads only what its page gives it.
            {"404.html": MAIN + "<p>\n{{ nope }}</p>" + END},
            "templates/404.html:4:1: error: 'nope' is undefined; the page gives its template "
            "page, site [template-error]",
        ),
        (
            {"404.html": MAIN + "{% if %}" + END},
            "templates/404.html:3:1: error: Expected an expression, got 'end of statement block'"
            " [template-error]",
        ),
        (
            # Found although no page renders it.
            {"unused.html": "<p>\n{% include 'nope.html' %}\n"},
            "templates/unused.html:2:1: error: no template named 'nope.html'; it is neither in "
            "templates/ nor a packaged template [template-error]",
        ),
        (
            {"404.html": b"<p>fine</p>\n<p>caf\xe9</p>\n"},
            "templates/404.html:2:7: error: template is not UTF-8 text; save it as UTF-8 "
            "[template-error]",
        ),
        (
            {
                "404.html": MAIN + "{% include 'part.html' %}" + END,
                "part.html": "x\n{% include 'part.html' %}\n",
            },
            "templates/part.html:2:1: error: the template includes or extends itself without end "
            "[template-error]",
        ),
        (
            # The mistake is in a block of the override, which the packaged base.html renders.
            {"base.html": "<html>\n{% block main %}{% endblock %}\n{{ nope }}\n</html>\n"},
            "templates/base.html:3:1: error: 'nope' is undefined [template-error]",
        ),
        (
            # The error is raised in the packaged claim.html; the override that made it is named.
            {"404.html": '{% extends "claim.html" %}\n'},
            "templates/404.html:1:1: error: 'claim' is undefined [template-error]",
        ),
    ],
    ids=["undefined", "syntax", "missing-include", "not-utf8", "self-include", "base", "packaged"],
)
def test_a_template_mistake_is_a_problem_at_its_line(
    tmp_path: Path, files: dict[str, str | bytes], expected: str
) -> None:
    root = themed(tmp_path, files)
    assert problems_of(root, tmp_path / "site") == [expected]


def test_the_command_line_reports_it_with_exit_1(
    tmp_path: Path, run_cli: Callable[..., Result]
) -> None:
    root = themed(tmp_path, {"404.html": MAIN + "{{ nope }}" + END})
    result = run_cli("build", "--root", root, "--today", TODAY)
    assert result.code == 1, result.output
    assert "templates/404.html:3:1: error: 'nope' is undefined; " in result.err
    assert "Traceback" not in result.output and "internal error" not in result.output


def test_a_mistake_in_the_second_process_is_a_problem_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batch, "SPLIT_MIN_ITEMS", 1)
    monkeypatch.setattr(batch.threading, "active_count", lambda: 1)  # other tests' threads
    problem = report("templates/claim.html", (2, 1), Code.TEMPLATE_ERROR, "'nope' is undefined")

    def work(items: list[int]) -> list[None]:
        if 1 in items:  # only the child's half fails
            raise DataError([problem], "a template has errors")
        return [None] * len(items)

    with pytest.raises(DataError) as caught:
        batch.split([0, 1], work, "rendering")
    assert caught.value.problems == [problem]
    # A mistake only rendering shows (the template check reads names, not what they hold).
    root = themed(tmp_path, {"claim.html": MAIN + "{{ 1 // (claim.rationale|length * 0) }}" + END})
    assert problems_of(root, tmp_path / "site") == [
        "templates/claim.html:3:1: error: ZeroDivisionError: integer division or modulo by zero "
        "[template-error]"
    ]


def test_incremental_and_full_builds_report_it_alike(tmp_path: Path) -> None:
    # Breaks only on a page whose title says BROKEN, so the first build succeeds.
    claim = MAIN + "{{ (1 // 0) if 'BROKEN' in page.title else '' }}" + END
    root = themed(tmp_path, {"claim.html": claim})
    site = SiteBuilder(root, tmp_path / "site", FIXTURE_TODAY)
    site.build()
    path = root / "claims" / "rocket-speed.yaml"
    path.write_text(
        path.read_text(encoding="utf-8").replace("Rocket 2 runs", "BROKEN Rocket 2 runs"),
        encoding="utf-8",
    )
    with pytest.raises(DataError) as incremental:
        site.build()
    with pytest.raises(DataError) as full:
        build(root, tmp_path / "other")
    expected = [
        "templates/claim.html:3:1: error: ZeroDivisionError: integer division or modulo by zero "
        "[template-error]"
    ]
    assert [p.format() for p in incremental.value.problems] == expected
    assert [p.format() for p in full.value.problems] == expected


def test_serve_shows_it_in_its_banner(tmp_path: Path) -> None:
    root = minimal_copy(tmp_path)
    err = io.StringIO()
    server = LiveServer(
        root,
        root / "site",
        port=0,
        today=dt.date.fromisoformat(TODAY),
        stderr=err,
        stdout=io.StringIO(),
    )
    assert server.rebuild([], initial=True).ok
    (root / "templates").mkdir()
    (root / "templates" / "404.html").write_text(MAIN + "{% if %}" + END, encoding="utf-8")
    view = server.rebuild(["templates/404.html"])
    assert not view.ok
    assert [p.format() for p in view.problems] == [
        "templates/404.html:3:1: error: Expected an expression, got 'end of statement block'"
        " [template-error]"
    ]
    assert "internal error" not in err.getvalue()


def test_an_include_missing_only_at_render_time_is_a_problem(tmp_path: Path) -> None:
    root = themed(tmp_path, {"404.html": MAIN + "{% include 'no' ~ 'pe.html' %}" + END})
    assert problems_of(root, tmp_path / "site") == [
        "templates/404.html:3:1: error: no template named 'nope.html' [template-error]"
    ]


def test_without_an_override_on_the_way_the_packaged_template_is_named() -> None:
    env, problems = make_environment(Theme(templates={}, static={}))
    assert problems == []
    with pytest.raises(UndefinedError) as caught:
        env.get_template("claim.html").render({})
    problem = template_problem(caught.value, "page.html")
    assert problem is not None
    assert (problem.path, problem.code) == ("claim.html", "template-error")


# -- the variables a page template reads ---------------------------------------------------------
CLAIM_GIVES = "the page gives its template claim, claimant_slug, embed, jsonld, page, site"


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        (
            # On a branch no page of this site takes: rendering alone would never see it.
            {
                "claim.html": MAIN
                + "{% if page.title == 'never' %}\n{{ claimant_slg }}\n{% endif %}"
                + END
            },
            f"templates/claim.html:4:1: error: 'claimant_slg' is undefined; {CLAIM_GIVES} "
            "[template-error]",
        ),
        (
            # The listing page's filters are made only when rendered: checked all the same.
            {"listing.html": MAIN + "{% for f in facet.statuses %}{{ f }}{% endfor %}" + END},
            "templates/listing.html:3:1: error: 'facet' is undefined; the page gives its template "
            "claims, facets, listing, page, pagination, site [template-error]",
        ),
    ],
    ids=["untaken-branch", "lazy-field"],
)
def test_a_page_template_reading_a_variable_its_page_lacks_is_found_before_rendering(
    tmp_path: Path, files: dict[str, str | bytes], expected: str
) -> None:
    root = themed(tmp_path, files)
    assert problems_of(root, tmp_path / "site") == [expected]


def test_names_a_template_sets_or_asks_about_are_its_own(tmp_path: Path) -> None:
    body = (
        "{% import '_macros.html' as m %}{% from '_macros.html' import shout as yell %}"
        "{% macro local(x) %}{{ x }}{{ caller() if caller is defined }}{% endmacro %}"
        "{% set top = claim.summary %}{% set ns = namespace(n=0) %}"
        "{% for c in [top] %}{{ loop.index }}{{ c.id }}{% set ns.n = ns.n + 1 %}{% endfor %}"
        "{% with w = 1 %}{{ w }}{% endwith %}{% if extra is defined %}{{ extra }}{% endif %}"
        "{{ theme_note|default('') }}{{ m.shout('a') }}{{ yell('b') }}{{ local(1) }}"
        "{% trans n=1 %}{{ n }} claim{% endtrans %}{{ _('x') }}{{ range(2)|list }}"
        "{{ ns.n }}{{ brand }}"
    )
    base = resources.files("claimtrack").joinpath("templates", "base.html").read_text("utf-8")
    root = themed(
        tmp_path,
        {
            "claim.html": MAIN + body + END,
            # What a template it extends sets is its own too.
            "base.html": "{% set brand = 'Acme' %}" + base,
            # The check cannot tell what a parent chosen at render time sets: it says nothing.
            "404.html": '{% extends "ba" ~ "se.html" %}{% block main %}{% if false %}'
            "{{ nope }}{% endif %}{% endblock %}\n",
            "_macros.html": "{% macro shout(s) %}{{ s|upper }}{% endmacro %}\n",
            # A part sees what its page has: left to rendering (this one reads listing.html's).
            "_pagination.html": "{{ p.number }} {{ page.rel }}\n",
        },
    )
    build(root, tmp_path / "site")
    html = (tmp_path / "site" / "claims" / "rocket-speed" / "index.html").read_text("utf-8")
    assert "\n1rocket-speed1AB11 claimx[0, 1]1Acme\n" in html


def test_every_packaged_page_template_reads_only_what_its_page_gives_it() -> None:
    """And a field renamed in its page context would be found at its line."""
    env, _ = make_environment(Theme(templates={}, static={}))
    source = resources.files("claimtrack").joinpath("templates")

    def packaged(name: str) -> nodes.Template:
        return env.parse(source.joinpath(name).read_text("utf-8"))

    for template, kind in BY_TEMPLATE.items():
        tree = env.parse(source.joinpath(template).read_text("utf-8"))
        given = {*COMMON, *FIELDS[kind], *env.globals}
        assert unknown_names(tree, given, packaged) == [], template
    claim = source.joinpath("claim.html").read_text("utf-8")
    line = 1 + claim[: claim.index("claimant_slug")].count("\n")
    given = {*COMMON, *FIELDS[ClaimPage], *env.globals} - {"claimant_slug"}
    assert unknown_names(env.parse(claim), given, packaged) == [("claimant_slug", line)]


def test_the_documentation_names_what_each_page_template_gets() -> None:
    repo = Path(__file__).resolve().parent.parent
    pages = [repo / "README.md", *sorted((repo / "docs").glob("*.md"))]
    text = " ".join(" ".join(p.read_text("utf-8").split()) for p in pages)
    for template, kind in BY_TEMPLATE.items():
        fields = ", ".join(f"`{name}`" for name in FIELDS[kind]) or "nothing more"
        assert f"`{template}` {fields}" in text, template

"""Build qualities: deterministic, atomic, safe with hostile text, overridable templates."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from jinja2 import Environment

from claimtrack.errors import DataError, UsageError
from claimtrack.process import batch
from claimtrack.site import build_site
from claimtrack.site.html.render import Renderer
from claimtrack.site.html.templating import http_url
from claimtrack.site.html.theme import package_files
from claimtrack.site.plan.outputs import Output

from .conftest import FIXTURES, TODAY, Result
from .site_support import build, files_of, minimal_copy, pages_of, parse

HOSTILE = '<script>alert(1)</script> "quoted" & more'


def leftovers(parent: Path) -> list[str]:
    return sorted(p.name for p in parent.iterdir() if p.name.startswith("."))


def test_two_builds_are_byte_identical(tmp_path: Path) -> None:
    build(FIXTURES / "minimal", tmp_path / "a")
    build(FIXTURES / "minimal", tmp_path / "b")
    a, b = pages_of(tmp_path / "a"), pages_of(tmp_path / "b")
    assert a.keys() == b.keys()
    assert [p for p in a if a[p] != b[p]] == []
    # Rebuilding in place gives the same bytes too.
    build(FIXTURES / "minimal", tmp_path / "a")
    assert pages_of(tmp_path / "a") == b


def test_an_error_leaves_the_old_site_byte_identical(
    tmp_path: Path, run_cli: Callable[..., Result]
) -> None:
    root = minimal_copy(tmp_path)
    out = tmp_path / "out" / "site"
    assert run_cli("build", "--root", root, "--out", out, "--today", TODAY).code == 0
    before = files_of(out)
    claim = root / "claims" / "rocket-speed.yaml"
    claim.write_text(
        claim.read_text(encoding="utf-8").replace("status: unverified\n", "status: maybe\n", 1)
    )
    result = run_cli("build", "--root", root, "--out", out, "--today", TODAY)
    assert result.code == 1
    assert "rocket-speed.yaml" in result.err and "error" in result.err
    assert files_of(out) == before
    assert leftovers(out.parent) == []


def test_an_error_without_an_old_site_writes_nothing(
    tmp_path: Path, run_cli: Callable[..., Result]
) -> None:
    root = minimal_copy(tmp_path)
    (root / "claims" / "rocket-price.yaml").write_text("statement: [unclosed\n", encoding="utf-8")
    out = tmp_path / "out" / "site"
    assert run_cli("build", "--root", root, "--out", out, "--today", TODAY).code == 1
    assert not out.exists()


def _fail_on(path: str) -> Callable[[Renderer, Output], bytes]:
    original = Renderer.render

    def render_or_fail(self: Renderer, output: Output) -> bytes:
        if output.path == path:
            raise RuntimeError("disk on fire")
        return original(self, output)

    return render_or_fail


@pytest.mark.parametrize("parallel", [False, True], ids=["one-process", "two-processes"])
@pytest.mark.parametrize("failing", ["index.html", "claims/rocket-speed/index.html", "feed.xml"])
def test_a_failure_while_writing_leaves_the_old_site_untouched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, parallel: bool, failing: str
) -> None:
    out = tmp_path / "site"
    build(FIXTURES / "minimal", out)
    before = files_of(out)
    monkeypatch.setattr(Renderer, "render", _fail_on(failing))
    monkeypatch.setattr(batch, "SPLIT_MIN_ITEMS", 1 if parallel else 10**9)
    with pytest.raises(RuntimeError, match="disk on fire"):
        build(FIXTURES / "minimal", out)
    assert files_of(out) == before
    assert leftovers(tmp_path) == []  # the temporary folder is gone


def test_parallel_and_serial_builds_give_the_same_bytes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cards_drawn_afresh: None
) -> None:
    monkeypatch.setattr(batch, "SPLIT_MIN_ITEMS", 1)
    build(FIXTURES / "minimal", tmp_path / "parallel")
    monkeypatch.setattr(batch, "SPLIT_MIN_ITEMS", 10**9)
    build(FIXTURES / "minimal", tmp_path / "serial")
    assert pages_of(tmp_path / "parallel") == pages_of(tmp_path / "serial")


def test_refuses_to_replace_a_folder_it_did_not_build(
    tmp_path: Path, run_cli: Callable[..., Result]
) -> None:
    out = tmp_path / "precious"
    out.mkdir()
    (out / "thesis.txt").write_text("years of work", encoding="utf-8")
    result = run_cli("build", "--root", FIXTURES / "minimal", "--out", out, "--today", TODAY)
    assert result.code == 2
    assert "did not build" in result.err
    assert (out / "thesis.txt").read_text(encoding="utf-8") == "years of work"
    with pytest.raises(UsageError):
        build_site(FIXTURES / "minimal", FIXTURES / "minimal")
    with pytest.raises(UsageError):
        build_site(FIXTURES / "minimal", FIXTURES)


def test_an_empty_folder_is_fine(tmp_path: Path) -> None:
    (tmp_path / "site").mkdir()
    build(FIXTURES / "minimal", tmp_path / "site")
    assert (tmp_path / "site" / "index.html").is_file()


def test_data_error_carries_the_problems(tmp_path: Path) -> None:
    root = minimal_copy(tmp_path)
    (root / "claims" / "rocket-price.yaml").unlink()  # rocket-speed relates to it
    with pytest.raises(DataError) as caught:
        build(root, tmp_path / "site")
    assert any(p.code == "unknown-claim" for p in caught.value.problems)


def hostile_tracker(tmp_path: Path) -> Path:
    root = minimal_copy(tmp_path)
    claim = root / "claims" / "rocket-speed.yaml"
    text = claim.read_text(encoding="utf-8")
    text = text.replace(
        "statement: Rocket 2 runs up to 3x faster than Rocket 1.",
        "statement: '<script>alert(1)</script> \"quoted\" & more'",
    )
    text = text.replace(
        "rationale: The vendor's own figure; nobody has measured it.",
        "rationale: 'Ends </script><script>alert(2)</script> and <!-- opens a comment'",
    )
    claim.write_text(text, encoding="utf-8")
    return root


def test_text_from_the_records_is_never_markup(tmp_path: Path) -> None:
    out = tmp_path / "site"
    build(hostile_tracker(tmp_path), out)
    for path in sorted(out.rglob("*.html")):
        html = path.read_text(encoding="utf-8")
        assert "<script>alert" not in html, path
        page = parse(path)
        # The only scripts are the site's own file and JSON-LD blocks.
        assert all(
            src.endswith(("static/filters.js", "static/search.js")) for src in page.scripts
        ), path
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &#34;quoted&#34; &amp; more" in index
    assert HOSTILE in parse(out / "index.html").text
    claim = parse(out / "claims" / "rocket-speed" / "index.html")
    assert HOSTILE in claim.text
    assert "alert(2)" in claim.text


def test_json_ld_cannot_close_its_script_element(tmp_path: Path) -> None:
    out = tmp_path / "site"
    build(hostile_tracker(tmp_path), out)
    html = (out / "claims" / "rocket-speed" / "index.html").read_text(encoding="utf-8")
    block = html.split('<script type="application/ld+json">', 1)[1].split("</script>", 1)[0]
    assert "</" not in block and "<!--" not in block
    assert "\\u003cscript>alert(1)<\\/script>" in block
    review = json.loads(block)
    assert review["claimReviewed"] == HOSTILE
    assert "</script><script>alert(2)</script>" in review["reviewRating"]["ratingExplanation"]
    data = json.loads((out / "claims.json").read_text(encoding="utf-8"))
    assert data["claims"][1]["statement"] == HOSTILE


@pytest.mark.parametrize(
    ("url", "link"),
    [
        ("https://example.org/a", True),
        ("http://example.org/a?b=c", True),
        ("javascript:alert(1)", False),
        ("data:text/html,<b>x</b>", False),
        ("//example.org/a", False),
        ("/etc/passwd", False),
        ("", False),
        (None, False),
    ],
)
def test_only_http_urls_become_links(url: str | None, link: bool) -> None:
    assert (http_url(url) is not None) is link


def test_a_root_template_overrides_one_packaged_template(tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    build(FIXTURES / "minimal", plain)
    root = minimal_copy(tmp_path)
    (root / "templates").mkdir()
    (root / "templates" / "404.html").write_text(
        '{% extends "base.html" %}{% block main %}<h1>Lost in {{ site.title }}</h1>{% endblock %}\n',
        encoding="utf-8",
    )
    (root / "static").mkdir()
    (root / "static" / "extra.css").write_text("body { color: black; }\n", encoding="utf-8")
    out = tmp_path / "themed"
    build(root, out)
    assert "<h1>Lost in Rocket 2 claims</h1>" in (out / "404.html").read_text(encoding="utf-8")
    assert (out / "static" / "extra.css").is_file()
    a, b = pages_of(plain), pages_of(out)
    changed = sorted(p for p in a if a[p] != b.get(p))
    assert changed == ["404.html"]


def test_an_overriding_template_is_still_autoescaped_and_strict(tmp_path: Path) -> None:
    root = hostile_tracker(tmp_path)
    (root / "templates").mkdir()
    (root / "templates" / "sources.html").write_text(
        '{% extends "base.html" %}{% block main %}{{ no_such_variable }}{% endblock %}\n',
        encoding="utf-8",
    )
    with pytest.raises(DataError) as caught:
        build(root, tmp_path / "site")
    assert [p.format() for p in caught.value.problems] == [
        "templates/sources.html:1:1: error: 'no_such_variable' is undefined; the page gives "
        "its template count, page, pagination, site, sources [template-error]"
    ]
    assert leftovers(tmp_path) == []


def test_a_missing_root_is_a_usage_error(tmp_path: Path, run_cli: Callable[..., Result]) -> None:
    result = run_cli("build", "--root", tmp_path / "nowhere", "--out", tmp_path / "site")
    assert result.code == 2
    assert "no such folder" in result.err
    assert not (tmp_path / "site").exists()


def test_a_split_build_compiles_each_template_once_per_language_and_none_in_the_worker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batch, "SPLIT_MIN_ITEMS", 1)
    monkeypatch.setattr(batch, "cores", lambda: 2)
    monkeypatch.setattr(batch.threading, "active_count", lambda: 1)  # other tests' threads
    log = tmp_path / "compiled"
    compile_template = Environment.compile

    def counted(env: Environment, source: str, name: str | None = None, *a: Any, **k: Any) -> Any:
        # Appended by whichever process compiles: the forked worker's lines land here too.
        with log.open("a", encoding="utf-8") as f:
            f.write(f"{os.getpid()} {env.ui.tag} {name}\n")  # type: ignore[attr-defined]
        return compile_template(env, source, name, *a, **k)

    monkeypatch.setattr(Environment, "compile", counted)
    build(FIXTURES / "languages", tmp_path / "site")
    lines = [line.split() for line in log.read_text(encoding="utf-8").splitlines()]
    assert {pid for pid, _, _ in lines} == {str(os.getpid())}  # none in the worker
    compiled = [(lang, name) for _, lang, name in lines]
    assert sorted(compiled) == sorted(set(compiled))  # each once
    templates = set(package_files("templates"))
    assert set(compiled) == {(lang, name) for lang in ("en", "fr") for name in templates}


def test_a_split_build_renders_every_page_in_two_children_and_none_in_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The build's own process renders nothing (batch.split, here=False): what rendering
    makes and keeps leaves with the children, and the build's peak memory is theirs."""
    monkeypatch.setattr(batch, "SPLIT_MIN_ITEMS", 1)
    monkeypatch.setattr(batch, "cores", lambda: 2)
    monkeypatch.setattr(batch.threading, "active_count", lambda: 1)  # other tests' threads
    log = tmp_path / "rendered"
    render = Renderer.render

    def noted(renderer: Renderer, output: Output) -> Any:
        with log.open("a", encoding="utf-8") as f:  # each process appends its own lines
            f.write(f"{os.getpid()} {output.path}\n")
        return render(renderer, output)

    monkeypatch.setattr(Renderer, "render", noted)
    build(FIXTURES / "languages", tmp_path / "site")
    lines = [line.split() for line in log.read_text(encoding="utf-8").splitlines()]
    pids = {pid for pid, _ in lines}
    assert len(pids) == 2 and str(os.getpid()) not in pids
    rendered = [path for _, path in lines]
    pages = [path for path in files_of(tmp_path / "site") if path.endswith(".html")]
    assert len(rendered) == len(set(rendered)) and set(pages) <= set(rendered)


def test_a_split_by_two_children_gives_their_results_in_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(batch, "cores", lambda: 2)
    monkeypatch.setattr(batch.threading, "active_count", lambda: 1)  # other tests' threads
    items = list(range(batch.SPLIT_MIN_ITEMS + 1))
    made = batch.split(items, lambda part: [(i, os.getpid()) for i in part], "work", here=False)
    assert [i for i, _ in made] == items
    pids = {pid for _, pid in made}
    assert len(pids) == 2 and os.getpid() not in pids


def test_with_both_halves_in_children_a_failing_half_ends_the_other(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The half read first fails: the other child, which would never end, is killed and
    reaped at once (without that, waiting for it would never return)."""
    monkeypatch.setattr(batch, "cores", lambda: 2)
    monkeypatch.setattr(batch.threading, "active_count", lambda: 1)  # other tests' threads
    never, held = os.pipe()  # nobody writes to it: a read blocks until the reader dies

    def work(part: list[int]) -> list[int]:
        if part[0] == 1:  # the second child's half (every other item, from the second)
            os.read(never, 1)
        raise RuntimeError("this half failed")

    try:
        with pytest.raises(batch.WorkerFailed, match="this half failed"):
            batch.split(list(range(batch.SPLIT_MIN_ITEMS)), work, "the test's work", here=False)
    finally:
        os.close(never)
        os.close(held)


def test_a_builds_warnings_are_its_checks_in_order_once_each_then_its_own(tmp_path: Path) -> None:
    """The check's problems reach a build unsorted (Checker.run's ordered): the build sorts
    them, each once, and its own warnings (a share card's font, a base URL) follow."""
    from claimtrack.check import Checker
    from claimtrack.load import Loader
    from claimtrack.problems import sort_problems

    from .site_support import FIXTURE_TODAY

    root = tmp_path / "languages"  # four warnings in three languages
    shutil.copytree(FIXTURES / "languages", root)
    checked = Checker().run(Loader(root).load(), FIXTURE_TODAY)[1]
    unsorted = Checker().run(Loader(root).load(), FIXTURE_TODAY, ordered=False)[1]
    assert unsorted != checked and sort_problems(unsorted) == checked  # out of order here
    result = build_site(root, tmp_path / "out", today=FIXTURE_TODAY, search=False)
    assert result.warnings[: len(checked)] == checked
    assert all(p.code not in {c.code for c in checked} for p in result.warnings[len(checked) :])

"""The mechanics of bench/compare.py's rows (issue 18's proof), on a tiny tracker.

What its figures rest on: the edit between two runs of a chain changes exactly one
claim file, a different one each round, leaves a tracker that still checks, and is put
back byte for byte; a chain starts from nothing on disk; the largest process's memory
is a single process's, not the tree's; the spread is computed right; the goals and the
growth are read from the right rows; Hugo's equivalent carries the content claimtrack's
pages show.  Nothing here times anything, and neither Hugo nor Pagefind is run.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
import yaml

from claimtrack.check import run_checks
from claimtrack.load import load_tracker

from .conftest import REPO
from .site_support import FIXTURE_TODAY

CLAIMS = 60


@pytest.fixture(scope="module")
def bench() -> Any:
    """bench/ importable, as bench/compare.py imports its neighbours."""
    monkeypatch = pytest.MonkeyPatch()
    monkeypatch.syspath_prepend(str(REPO / "bench"))
    import compare
    import equivalent
    import measure
    import report
    import rows
    import trackers

    yield {
        "compare": compare,
        "rows": rows,
        "measure": measure,
        "report": report,
        "trackers": trackers,
        "equivalent": equivalent,
    }
    monkeypatch.undo()


@pytest.fixture(scope="module")
def made(bench: Any, tmp_path_factory: pytest.TempPathFactory) -> Any:
    """A generated tracker, without its equivalents (they are made where needed)."""
    work = tmp_path_factory.mktemp("bench-compare")
    tracker, took = bench["trackers"].prepare(work, CLAIMS, equivalents=False)
    assert took["tracker"] > 0
    return tracker


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def test_a_tracker_is_made_once_and_kept(bench: Any, made: Any) -> None:
    again, took = bench["trackers"].prepare(made.base.parent, CLAIMS, equivalents=False)
    assert again == made
    assert took == {"tracker": 0.0}


@pytest.mark.parametrize(
    "statement",
    [
        "statement: Plain words.\n",
        'statement: "Quoted: words."\n',
        "statement: >-\n  Folded words that go on\n  over two lines.\n",
    ],
)
def test_the_statement_edit_adds_words_and_keeps_every_other_line(
    bench: Any, statement: str
) -> None:
    before = "claimant:\n  name: A\n"
    after = "kind: fact\ntopics:\n  - x\n"
    text = before + statement + after
    edited = bench["rows"].statement_edited(text, "Edited 3.")
    old, new = yaml.safe_load(text), yaml.safe_load(edited)
    assert new["statement"] == old["statement"] + " Edited 3."
    assert {k: v for k, v in new.items() if k != "statement"} == {
        k: v for k, v in old.items() if k != "statement"
    }
    assert edited.startswith(before) and edited.endswith(after)


def test_the_edit_between_runs_changes_one_claim_a_different_one_each_round_and_is_undone(
    bench: Any, made: Any
) -> None:
    rows = bench["rows"]
    original = _files(made.root)
    changed_per_round = []
    seen: list[dict[str, bytes]] = []

    def runner(t: Any, step: Any) -> None:
        now = _files(t.root)
        seen.append(now)
        changed = {name for name in original if now.get(name) != original[name]}
        if step.edit:
            changed_per_round.append(changed)
            assert len(changed) == 1 and next(iter(changed)).startswith("claims/")
            tracker = load_tracker(t.root)
            _, problems = run_checks(tracker, FIXTURE_TODAY)
            assert [p.format() for p in problems if p.is_error] == []
        else:
            assert changed == set()

    steps = [rows.Step("a", []), rows.Step("b", [], edit=True)]
    for number in range(3):
        rows.run_chain(made, steps, number, runner)
        assert _files(made.root) == original  # put back byte for byte
    assert len({frozenset(c) for c in changed_per_round}) == 3


def test_a_chain_starts_with_nothing_on_disk_from_an_earlier_run(bench: Any, made: Any) -> None:
    rows = bench["rows"]
    (made.root / ".claimtrack_cache").mkdir(exist_ok=True)
    (made.root / ".claimtrack_cache" / "parts").write_text("old", encoding="utf-8")
    (made.base / "out" / "site").mkdir(parents=True, exist_ok=True)
    seen = []
    rows.run_chain(made, [rows.Step("a", [])], 0, lambda t, s: seen.append(_listing(t)))
    assert seen == [({"claims", "sources", "tracker.yaml"}, [], ["xdg"])]


def _listing(t: Any) -> tuple[set[str], list[str], list[str]]:
    return (
        {p.name for p in t.root.iterdir()},
        sorted(p.name for p in (t.base / "out").iterdir()),
        sorted(p.name for p in (t.base / "cache").iterdir()),
    )


def test_every_row_of_the_issue_runs_in_a_round_each_beside_hugo(
    bench: Any, made: Any, tmp_path: Path
) -> None:
    rows = bench["rows"]
    many = bench["trackers"].Tracker(CLAIMS, 3, made.base.parent / "three")
    # A claimtrack whose help names the options a round looks for.
    fake = tmp_path / "claimtrack"
    fake.write_text("#!/bin/sh\necho 'usage: [--version] [--no-cache] [--no-search]'\n")
    fake.chmod(0o755)
    o = rows.Options(tmp_path, Path("hugo"), Path("pagefind"))
    names = [step.name for _, chain in rows.round_chains(made, many, o) for step in chain]
    debian = rows.Options(tmp_path, Path("hugo"), Path("pagefind"), debian_hugo=Path("/d/hugo"))
    with_debian = [s.name for _, c in rows.round_chains(made, many, debian) for s in c]
    # Debian's Hugo runs beside the newest, in one and in three languages.
    assert set(with_debian) - set(names) == {
        rows.HUGO_DEBIAN,
        rows.HUGO_DEBIAN_LANGUAGES.format(n=3),
    }
    assert with_debian.index(rows.HUGO_DEBIAN) == with_debian.index(rows.HUGO) + 1
    assert set(names) == {
        rows.START,
        rows.BUILD_NO_SEARCH,
        rows.HUGO,
        rows.CHECK,
        rows.CHECK_AGAIN,
        rows.CHECK_EDITED,
        rows.HUGO_PAGEFIND,
        rows.BUILD,
        rows.BUILD_AGAIN,
        rows.BUILD_EDITED,
        rows.BUILD_NO_SEARCH_EDITED,
        rows.LANGUAGES.format(n=3),
        rows.HUGO_LANGUAGES.format(n=3),
    }
    assert len(names) == len(set(names))
    # Hugo runs between claimtrack's chains, not all at the end.
    assert names.index(rows.HUGO) < names.index(rows.CHECK) < names.index(rows.HUGO_PAGEFIND)
    assert names.index(rows.HUGO_PAGEFIND) < names.index(rows.BUILD)
    build = next(s for _, c in rows.round_chains(made, many, o) for s in c if s.name == rows.BUILD)
    again = next(
        s for _, c in rows.round_chains(made, many, o) for s in c if s.name == rows.BUILD_AGAIN
    )
    assert build.command == again.command and "--no-cache" not in build.command
    cold = next(
        s for _, c in rows.round_chains(made, many, o) for s in c if s.name == rows.BUILD_NO_SEARCH
    )
    assert cold.command[-1] == "--no-search"


CHILD = "import sys; b = bytearray({mib} * 2**20); sys.stdout.write('ready\\n'); sys.stdout.flush(); sys.stdin.read()"


def test_the_largest_process_is_one_process_and_the_tree_is_their_sum(bench: Any) -> None:
    """A small process with two children of 120 MiB each: the largest is one of them,
    the tree all three."""
    parent = textwrap.dedent(
        f"""
        import subprocess, sys
        children = [
            subprocess.Popen([sys.executable, "-c", {CHILD.format(mib=120)!r}],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            for _ in range(2)
        ]
        for child in children:
            assert child.stdout.readline() == "ready\\n"
        print("ready", flush=True)
        sys.stdin.read()
        for child in children:
            child.communicate("")
        """
    )
    tree = subprocess.Popen(
        [sys.executable, "-c", parent], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert tree.stdout is not None and tree.stdout.readline() == "ready\n"
        sizes = bench["measure"].TreeSampler(tree.pid).sample()
    finally:
        tree.communicate("")
    mib = sorted(size / 2**20 for size in sizes)
    assert len(mib) == 3
    assert 120 <= mib[-1] < 200 and mib[0] < 120
    assert sum(mib) >= 240 + mib[0]


def test_a_run_reads_the_largest_process_from_its_children_too(bench: Any) -> None:
    """The command's own process is small; its child's 150 MiB is the largest."""
    script = textwrap.dedent(
        f"""
        import subprocess, sys
        subprocess.run([sys.executable, "-c", {CHILD.format(mib=150)!r}], input="", text=True,
                       stdout=subprocess.DEVNULL, check=True)
        """
    )
    done = bench["measure"].run([sys.executable, "-c", script])
    assert done.returncode == 0
    assert done.largest_mib >= 150
    assert done.peak_mib >= done.largest_mib


def test_the_spread(bench: Any) -> None:
    spread = bench["measure"].Spread.of([5.0, 1.0, 4.0, 2.0, 3.0])
    assert (spread.median, spread.low, spread.high, spread.q1, spread.q3, spread.n) == (
        3.0,
        1.0,
        5.0,
        2.0,
        4.0,
        5,
    )
    assert spread.format() == "3.00 (1.00–5.00)"
    two = bench["measure"].Spread.of([1.0, 2.0])
    assert (two.median, two.q1, two.q3) == (1.5, 1.25, 1.75)
    one = bench["measure"].Spread.of([0.25])
    assert one.format() == "0.25" and one.q1 == one.q3 == 0.25
    assert bench["measure"].Spread.of([0.1, 0.2, 0.3]).scaled(1000).median == pytest.approx(200)


def test_the_goals_are_read_from_the_rows_they_name(bench: Any, made: Any) -> None:
    rows, report = bench["rows"], bench["report"]
    Run = bench["measure"].Run

    def one(seconds: float, mib: float = 100) -> list[Any]:
        return [Run(seconds, seconds, int(mib * 2**20), 0, "", int(mib * 2**20))]

    sized = report.Sized(made, None)
    sized.runs = {
        rows.HUGO: one(10.0),
        rows.HUGO_PAGEFIND: one(20.0),
        rows.BUILD_NO_SEARCH: one(4.0, 350),
        rows.BUILD: one(12.0),
        rows.BUILD_EDITED: one(0.4),
        rows.CHECK: one(2.0),
        rows.CHECK_EDITED: one(0.6),
        rows.START: one(0.3),
        rows.BUILD_AGAIN: one(0.5),
        rows.CHECK_AGAIN: one(0.7),
    }
    sized.serve = {"claim": [0.05, 0.09, 0.2], "source": [0.3], "tracker.yaml": [5.0]}
    met = {g.what: g.met for g in report.goals(sized)}
    assert met == {
        report.SERVE_KINDS["claim"]: True,  # median 90 ms
        report.SERVE_KINDS["source"]: False,
        report.SERVE_KINDS["tracker.yaml"]: True,  # 5 s: under the build with search (12 s)
        "`build` again after one claim changed (cache on disk)": True,  # 0.04x Hugo
        "`check` again after one claim changed": False,  # 0.06x
        "`check` cold": True,  # 0.2x
        "`build --no-search` cold": True,  # 0.4x
        "`build` cold with search, against Hugo then Pagefind": False,  # 12 / 20 = 0.6x
        "peak memory of `build --no-search` (largest process)": False,  # 350 MiB
        "`build` again with no change": True,  # 0.5 s, within 2x the 0.3 s start-up
        "`check` again with no change": False,  # 0.7 s
    }


def test_a_goal_against_plain_hugo_is_met_only_when_met_against_debians_too(
    bench: Any, made: Any
) -> None:
    rows, report = bench["rows"], bench["report"]
    Run = bench["measure"].Run

    def one(seconds: float) -> list[Any]:
        return [Run(seconds, seconds, 0, 0, "", 0)]

    sized = report.Sized(made, None)
    # Debian's older Hugo is the faster one here: 0.45 s is 0.045x the newest, 0.09x it.
    sized.runs = {
        rows.HUGO: one(10.0),
        rows.HUGO_DEBIAN: one(5.0),
        rows.HUGO_PAGEFIND: one(20.0),
        rows.BUILD_EDITED: one(0.45),
        rows.CHECK: one(1.0),
        rows.BUILD: one(9.0),
    }
    goals = {g.what: g for g in report.goals(sized)}
    edited = goals["`build` again after one claim changed (cache on disk)"]
    assert not edited.met
    assert "0.045x" in edited.measured and f"0.090x {rows.HUGO_DEBIAN}" in edited.measured
    assert goals["`check` cold"].met  # 0.1x and 0.2x, both within 0.3x
    # Hugo then Pagefind is the newest Hugo's row alone.
    cold = goals["`build` cold with search, against Hugo then Pagefind"]
    assert cold.met and rows.HUGO_DEBIAN not in cold.measured
    three = rows.HUGO_LANGUAGES.format(n=3)
    assert report.debians(three) == rows.HUGO_DEBIAN_LANGUAGES.format(n=3)
    assert report.debians(rows.HUGO_PAGEFIND) is None  # Debian's Pagefind: none
    table = "\n".join(report.rows_table([sized]))
    assert f"0.090x {rows.HUGO_DEBIAN}" in table


def test_debians_hugo_reads_the_same_content_with_its_own_templates_and_keys(
    bench: Any, made: Any, tmp_path: Path
) -> None:
    """Hugo 0.111 (Debian's) reads neither the templates at the root of ``layouts/`` nor
    ``[pagination]``: it built 3 pages of the 22,709 the newest builds from the same site."""
    import tomllib

    equivalent = bench["equivalent"]
    equivalent.hugo_site(made.root, tmp_path / "hugo")
    legacy = tmp_path / "hugo-legacy"
    equivalent.hugo_legacy_site(legacy, tmp_path / "hugo")
    config = tomllib.loads((legacy / "hugo.toml").read_text("utf-8"))
    modern = tomllib.loads((tmp_path / "hugo" / "hugo.toml").read_text("utf-8"))
    assert config["paginate"] == modern["pagination"]["pagerSize"] == 100
    assert "pagination" not in config and "paginate" not in config["taxonomies"]
    assert (legacy / config["contentDir"]).resolve() == (tmp_path / "hugo" / "content").resolve()
    rest = {k: v for k, v in config.items() if k not in ("contentDir", "paginate")}
    assert rest == {k: v for k, v in modern.items() if k != "pagination"}
    layouts = {p.relative_to(legacy / "layouts").as_posix() for p in legacy.rglob("layouts/**/*.*")}
    assert layouts == {
        "index.html",
        "404.html",
        *(
            f"_default/{name}"
            for name in equivalent.HUGO_LAYOUTS
            if name not in ("home.html", "404.html")
        ),
    }
    # Debian's runs beside the newest, on that site, into a folder of its own.
    fake = tmp_path / "claimtrack"  # a claimtrack whose help names the options looked for
    fake.write_text("#!/bin/sh\necho 'usage: [--version] [--no-cache] [--no-search]'\n")
    fake.chmod(0o755)
    o = bench["rows"].Options(tmp_path, Path("hugo"), None, debian_hugo=Path("/usr/bin/hugo"))
    steps = [s for _, chain in bench["rows"].round_chains(made, None, o) for s in chain]
    names = [s.name for s in steps]
    assert names.index(bench["rows"].HUGO_DEBIAN) == names.index(bench["rows"].HUGO) + 1
    debian = steps[names.index(bench["rows"].HUGO_DEBIAN)].command
    assert debian[0] == Path("/usr/bin/hugo") and made.sites / "hugo-legacy" in debian
    newest = steps[names.index(bench["rows"].HUGO)].command
    # Its own site, output and cache (the values of --source, --destination, --cacheDir).
    assert not {debian[i] for i in (3, 5, 7)} & {newest[i] for i in (3, 5, 7)}


def test_debians_hugo_reads_a_site_in_several_languages_by_its_own_names(
    bench: Any, tmp_path: Path
) -> None:
    """Hugo 0.111 names a language's tag and name ``languageCode`` and ``languageName``
    (``locale`` and ``label`` since 0.158), and has no ``Language.IsDefault``."""
    import tomllib

    modern = tmp_path / "hugo"
    (modern / "layouts").mkdir(parents=True)
    (modern / "i18n").mkdir()
    (modern / "i18n" / "fr.toml").write_text('sources = "Sources"\n')
    (modern / "hugo.toml").write_text(
        'title = "T"\n'
        + bench["equivalent"].PAGINATION
        + '[languages.en]\ncontentDir = "content/en"\nlocale = "en"\nlabel = "English"\n'
        + '[languages.zh-Hant]\ncontentDir = "content/zh-Hant"\nlocale = "zh-Hant"\n'
        + 'label = "繁體中文"\n',
        encoding="utf-8",
    )
    (modern / "layouts" / "baseof.html").write_text(
        '<html lang="{{ site.Language.Locale }}">{{ range .AllTranslations }}'
        '<a hreflang="{{ .Language.Locale }}">{{ .Language.Label }}</a>'
        "{{ if .Language.IsDefault }}x{{ end }}{{ end }}"
    )
    legacy = tmp_path / "hugo-legacy"
    bench["equivalent"].hugo_legacy_site(legacy, modern)
    config = tomllib.loads((legacy / "hugo.toml").read_text("utf-8"))
    assert config["paginate"] == 100 and "contentDir" not in config
    assert config["languages"]["zh-Hant"] == {
        "contentDir": "../hugo/content/zh-Hant",
        "languageCode": "zh-Hant",
        "languageName": "繁體中文",
    }
    assert (legacy / "layouts" / "_default" / "baseof.html").read_text() == (
        '<html lang="{{ site.LanguageCode }}">{{ range .AllTranslations }}'
        '<a hreflang="{{ .Site.LanguageCode }}">{{ .Language.LanguageName }}</a>'
        "{{ if (eq .Language.Weight 1) }}x{{ end }}{{ end }}"
    )
    assert (legacy / "i18n" / "fr.toml").read_text() == 'sources = "Sources"\n'


def test_the_growth_is_big_over_small_per_row(bench: Any, made: Any) -> None:
    report, rows = bench["report"], bench["rows"]
    Run = bench["measure"].Run
    small, big = report.Sized(made, None), report.Sized(made, None)
    small.runs = {rows.BUILD_NO_SEARCH: [Run(s, s, 0, 0, "", 100 * 2**20) for s in (1.0, 2.0, 9.0)]}
    big.runs = {rows.BUILD_NO_SEARCH: [Run(s, s, 0, 0, "", 900 * 2**20) for s in (20.0, 21.0)]}
    line = report.growth_table(small, big)[-1]
    # Medians: 2.0 s → 20.5 s (10.25x), 100 → 900 MiB (9x: over the 8x memory goal).
    assert "| 10.25x |" in line and "| 9.00x |" in line and line.endswith("| no |")


def test_site_sizes_count_html_pages_their_bytes_and_text_by_kind(
    bench: Any, tmp_path: Path
) -> None:
    page = b"<html><head><title>T</title></head><body><p>Two  words</p>\n<script>x</script></body>"
    for name, content in {
        "index.html": b"x" * 10,
        "404.html": b"abc",
        "claims/a/index.html": page,
        "claims/b/index.html": page,
        "sources/s/index.html": b"<p>seven</p>",
        "claims.json": b"{}",
    }.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(content)
    assert bench["report"].site_sizes(tmp_path) == {
        "404.html": (1, 3, 3),
        "claims": (2, 2 * len(page), 2 * len("Two words")),
        "home": (1, 10, 10),
        "sources": (1, 12, 5),
        "all files": (6, 10 + 3 + 2 * len(page) + 12 + 2, 0),
    }


def test_hugo_pages_carry_quotes_in_context_sources_by_title_and_related_claims(
    bench: Any, made: Any, tmp_path: Path
) -> None:
    equivalent = bench["equivalent"]
    pages = equivalent.hugo_site(made.root, tmp_path / "hugo")
    tracker = load_tracker(made.root)
    assert pages == len(tracker.claims) + len(tracker.sources)
    bodies = {
        p.stem: p.read_text(encoding="utf-8")
        for p in (tmp_path / "hugo" / "content" / "claims").glob("*.md")
        if p.stem != "_index"
    }
    archived = {sid for sid in tracker.sources if (made.root / "sources" / f"{sid}.txt").is_file()}
    in_context = 0
    for cid, loaded in tracker.claims.items():
        body = bodies[cid]
        for ev in loaded.record.evidence:
            title = tracker.sources[ev.source].record.title
            assert equivalent._md(title) in body, (cid, ev.source)
        in_context += any(ev.source in archived for ev in loaded.record.evidence) and (
            "In the archived copy: " in body
        )
        for related in loaded.record.related:
            assert equivalent._md(tracker.claims[related].record.statement) in body
        assert "first recorded" in body and "About this claim" in body
        if loaded.record.quantity is not None:
            assert "Claimed versus measured" in body
    assert in_context > CLAIMS // 2


def test_a_measurement_is_shown_with_its_quote_in_context(bench: Any) -> None:
    equivalent = bench["equivalent"]
    claim = {
        "quantity": {"value": 5, "unit": "x"},
        "measurements": [
            {
                "value": 4.2,
                "unit": "x",
                "conditions": {"text": "batch 1", "hardware": "8x H100"},
                "measured_by": "Lab A",
                "date": "2026-10-01",
                "evidence": [{"source": "s1", "quote": "It ran 4.2 times faster."}],
            }
        ],
    }

    def link(section: str, rid: str, text: str | None = None) -> str:
        return f"[{text or rid}](/{section}/{rid}/)"

    text = "".join(
        equivalent.measurements_markdown(
            claim, link, {"s1": "Lab A's report"}, equivalent.EXTRA_WORDS
        )
    )
    assert "**4.2 x**" in text and "Lab A" in text and "hardware: 8x H100" in text
    assert "> It ran 4.2 times faster." in text and "[Lab A's report](/sources/s1/)" in text


def test_write_replaces_the_section_and_keeps_the_changelog(bench: Any, tmp_path: Path) -> None:
    compare = bench["compare"]
    results = tmp_path / "RESULTS.md"
    results.write_text("# Old head\n\n## Old run\n\nold figures\n\n## Changelog\n\n- one\n")
    compare.writable(results)
    compare.write(results, "## Now\n\nnew figures\n")
    text = results.read_text(encoding="utf-8")
    assert text.startswith(compare.RESULTS_HEAD)
    assert "old figures" not in text and "Old head" not in text
    assert text.endswith("## Now\n\nnew figures\n\n## Changelog\n\n- one\n")
    # Without a changelog the old sections would be lost: refused before any measuring.
    results.write_text("## Old run\n\nold figures\n")
    with pytest.raises(SystemExit, match="Changelog"):
        compare.writable(results)
    compare.writable(tmp_path / "new.md")


def test_a_step_killed_by_a_signal_is_noted_and_the_run_goes_on(
    bench: Any, made: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the out-of-memory killer does to a 100,000-claim Hugo: the rest of that
    chain is skipped, its edits undone, and the other chains are measured."""
    compare, rows, report = bench["compare"], bench["rows"], bench["report"]
    original = _files(made.root)
    chains = [
        (
            made,
            [
                rows.Step("edited", ["true"], edit=True),
                rows.Step("killed", ["sh", "-c", "kill -9 $$"]),
                rows.Step("after", ["true"]),
            ],
        ),
        (made, [rows.Step("next chain", ["true"])]),
    ]
    monkeypatch.setattr(rows, "round_chains", lambda one, many, o: chains)
    sized = report.Sized(made, None)
    compare.measure(sized, None, rounds=1, warmup=0)
    assert list(sized.runs) == ["edited", "next chain"]
    assert sized.killed == ["round 1: killed: killed by signal 9"]
    assert _files(made.root) == original

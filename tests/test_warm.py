"""A second run in a new process: imports only what the command needs, replays a run
that nothing changed for (load/manifest.py)."""

from __future__ import annotations

import subprocess
import sys

HEAVY = ("pydantic", "yaml", "jinja2", "babel", "pint")


def _imported(code: str) -> list[str]:
    probe = f"{code}\nimport sys\nprint('\\n' + ' '.join(m for m in {HEAVY!r} if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return done.stdout.split("\n")[-2].split()  # the last line: what the command printed aside


def test_the_package_face_and_the_command_line_import_nothing_heavy() -> None:
    assert _imported("import claimtrack, claimtrack.cli, claimtrack.load, claimtrack.site") == []


def test_parsing_a_command_imports_that_command_only() -> None:
    code = (
        "from claimtrack.cli import build_parser\n"
        "build_parser(['build']).parse_args(['build', '--today', '2026-11-30', '--no-search'])\n"
        "import sys\n"
        "assert 'claimtrack.commands.build' in sys.modules\n"
        "assert 'claimtrack.commands.edits.new' not in sys.modules\n"
    )
    assert _imported(code) == []


def test_the_version_imports_no_command() -> None:
    code = (
        "from claimtrack.cli import main\n"
        "try:\n"
        "    main(['--version'])\n"
        "except SystemExit as exc:\n"
        "    assert exc.code == 0\n"
        "import sys\n"
        "commands = [m for m in sys.modules if m.startswith('claimtrack.commands.')]\n"
        "assert commands == ['claimtrack.commands.options'], commands\n"
    )
    assert _imported(code) == []


def test_the_face_still_gives_every_name() -> None:
    import claimtrack

    for name in claimtrack.__all__:
        assert getattr(claimtrack, name) is not None
    from claimtrack import build_site
    from claimtrack.site.build import build_site as real

    assert build_site is real


# -- the no-change path (load/manifest.py) ------------------------------------------------

import os  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from .conftest import TODAY, Result  # noqa: E402

Run = Callable[..., Result]
HOUR = 3600 * 10**9


def _age(root: Path, ago_ns: int = HOUR, newer: int = 0) -> None:
    """Date the tracker's files (those written after ``newer``) back: a file written within
    two seconds is never trusted by its stamp (fsutil.is_recent), so a fresh copy would
    never replay."""
    when = time.time_ns() - ago_ns
    for folder, _, names in os.walk(root):
        for name in names:
            path = os.path.join(folder, name)
            if os.stat(path).st_mtime_ns > newer:
                os.utime(path, ns=(when, when))


class _Counted:
    """Counts the normal path's runs: the function the command calls when it does the work."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, target: str) -> None:
        import importlib

        module, _, name = target.rpartition(".")
        self.real = getattr(importlib.import_module(module), name)
        self.calls = 0
        monkeypatch.setattr(target, self)

    def __call__(self, *args: object, **kwargs: object) -> object:
        self.calls += 1
        return self.real(*args, **kwargs)


@pytest.fixture
def aged(tracker: Callable[[str], Path]) -> Path:
    root = tracker("minimal")
    _age(root)
    return root


def _build(run_cli: Run, root: Path, *extra: str) -> Result:
    return run_cli(
        "build",
        "--root",
        root,
        "--out",
        root.parent / "out",
        "--today",
        TODAY,
        "--no-search",
        *extra,
    )


def test_a_build_nothing_changed_for_replays_what_it_printed(
    run_cli: Run, aged: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = _build(run_cli, aged)
    assert first.code == 0, first.output
    site = {p: p.read_bytes() for p in (aged.parent / "out").rglob("*") if p.is_file()}
    counted = _Counted(monkeypatch, "claimtrack.site.build_site")
    again = _build(run_cli, aged)
    assert (again.code, again.err) == (first.code, first.err)
    # What it did, and not the seconds the first build took.
    assert again.out.startswith("Nothing changed since the last build: ")
    assert again.out.splitlines()[1:] == first.out.splitlines()[1:]  # the same "Open ..."
    assert counted.calls == 0
    assert {p: p.read_bytes() for p in (aged.parent / "out").rglob("*") if p.is_file()} == site


def test_a_check_nothing_changed_for_replays_its_bytes_and_exit_code(
    run_cli: Run, aged: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    claim = aged / "claims" / "rocket-price.yaml"
    claim.write_text(claim.read_text().replace("acme-post", "no-such-source", 1))
    _age(aged)
    for options in ((), ("--format", "json")):
        first = run_cli("check", "--root", aged, "--today", TODAY, *options)
        assert first.code == 1 and first.out
        counted = _Counted(monkeypatch, "claimtrack.load.load_tracker")
        again = run_cli("check", "--root", aged, "--today", TODAY, *options)
        assert (again.code, again.out, again.err) == (first.code, first.out, first.err)
        assert counted.calls == 0
        monkeypatch.undo()


def _edit(root: Path) -> None:
    claim = root / "claims" / "rocket-price.yaml"
    claim.write_text(claim.read_text() + "\n")


def _touch(root: Path) -> None:
    when = time.time_ns() - HOUR // 2  # still old enough to trust: only the stamp differs
    os.utime(root / "sources" / "acme-post.txt", ns=(when, when))


def _new_file(root: Path) -> None:
    (root / "claims" / "rocket-new.yaml").write_bytes(
        (root / "claims" / "rocket-price.yaml").read_bytes()
    )


def _misnamed(root: Path) -> None:
    (root / "claims" / "rocket-new.yml").write_text("id: rocket-new\n")


def _deleted(root: Path) -> None:
    (root / "claims" / "rocket-speed.yaml").unlink()


def _revision(root: Path) -> None:
    """A new version of a source, in its revisions folder (read one level deep)."""
    (root / "sources" / "acme-post.revisions").mkdir()
    (root / "sources" / "acme-post.revisions" / "2026-11-20.txt").write_text("New text.\n")


def _template(root: Path) -> None:
    (root / "templates").mkdir()
    (root / "templates" / "extra.html").write_text("<p>x</p>\n")


def _static(root: Path) -> None:
    (root / "static").mkdir()
    (root / "static" / "extra.css").write_text("p {}\n")


CHANGES = {
    "edit": _edit,
    "touch": _touch,
    "new file": _new_file,
    "misnamed file": _misnamed,
    "deleted file": _deleted,
    "revision": _revision,
    "template override": _template,
    "static override": _static,
}


@pytest.mark.parametrize("change", CHANGES)
def test_any_changed_stamp_takes_the_normal_path(
    run_cli: Run, aged: Path, monkeypatch: pytest.MonkeyPatch, change: str
) -> None:
    assert _build(run_cli, aged).code == 0
    assert run_cli("check", "--root", aged, "--today", TODAY).code in (0, 1)
    before = time.time_ns() - 60 * 10**9
    CHANGES[change](aged)
    _age(aged, HOUR // 3, newer=before)
    built = _Counted(monkeypatch, "claimtrack.site.build_site")
    checked = _Counted(monkeypatch, "claimtrack.load.load_tracker")
    _build(run_cli, aged)
    assert built.calls == 1
    run_cli("check", "--root", aged, "--today", TODAY)
    # check reads no theme: only a change to what it reads makes it run again
    assert checked.calls == (0 if change in ("template override", "static override") else 1)


def test_the_manifest_stamps_every_file_the_listing_names(aged: Path) -> None:
    """A replay is sound only if the stamps it compares cover every file the loader lists
    or reports on (tracker_stamps, a superset of list_files): here with a revision, a
    misnamed record, a record named in capitals and a file of no kind beside them."""
    from claimtrack.load.files import list_files, tracker_stamps
    from claimtrack.problems import Problem

    _revision(aged)
    _misnamed(aged)
    (aged / "claims" / "Rocket-Loud.YAML").write_text("statement: x\n")
    (aged / "sources" / "acme-post.revisions" / "notes.md").write_text("x\n")
    stamped, scanned = tracker_stamps(aged)
    problems: list[Problem] = []
    listing, copies = list_files(aged, problems)
    named = {rel for rel, _, _ in listing} | set(copies) | {p.path for p in problems}
    assert named and named <= stamped.keys()
    assert {"claims/rocket-new.yml", "claims/Rocket-Loud.YAML"} <= {p.path for p in problems}
    assert "sources/acme-post.revisions/2026-11-20.txt" in copies
    # Listed from the folders as scanned, the listing is the same.
    again: list[Problem] = []
    assert list_files(aged, again, scanned) == (listing, copies) and again == problems


def test_a_file_the_loader_never_reads_leaves_the_replay(
    run_cli: Run, aged: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An editor's swap file, or notes beside the records, change nothing a run reads: the
    manifest stamps only what the loader looks at (files.tracker_stamps)."""
    first = run_cli("check", "--root", aged, "--today", TODAY)
    (aged / "claims" / ".rocket-price.yaml.swp").write_bytes(b"\0swap")
    (aged / "sources" / "README.md").write_text("Notes for the editors.\n")
    checked = _Counted(monkeypatch, "claimtrack.load.load_tracker")
    again = run_cli("check", "--root", aged, "--today", TODAY)
    assert checked.calls == 0 and (again.code, again.out) == (first.code, first.out)


@pytest.mark.parametrize(
    "options", [("--today", "2026-12-01"), ("--strict",), ("--format", "json")]
)
def test_another_option_takes_the_normal_path(
    run_cli: Run, aged: Path, monkeypatch: pytest.MonkeyPatch, options: tuple[str, ...]
) -> None:
    run_cli("check", "--root", aged, "--today", TODAY)
    checked = _Counted(monkeypatch, "claimtrack.load.load_tracker")
    args = ["check", "--root", aged, *options]
    if "--today" not in options:
        args += ["--today", TODAY]
    run_cli(*args)
    assert checked.calls == 1


def test_a_build_with_other_options_or_a_changed_site_folder_builds(
    run_cli: Run, aged: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _build(run_cli, aged).code == 0
    built = _Counted(monkeypatch, "claimtrack.site.build_site")
    _build(run_cli, aged, "--today", "2026-12-01")  # the last --today wins
    assert built.calls == 1
    (aged.parent / "out" / "index.html").unlink()
    (aged.parent / "out" / "index.html").mkdir()  # the folder's stamp moves
    _build(run_cli, aged, "--today", "2026-12-01")
    assert built.calls == 2
    assert (aged.parent / "out" / "index.html").is_file()
    _build(run_cli, aged, "--today", "2026-12-01", "--no-cache")
    assert built.calls == 3


def test_recently_written_files_are_never_trusted(
    run_cli: Run, tracker: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tracker("minimal")
    _age(root, 0)  # every file written just now
    run_cli("check", "--root", root, "--today", TODAY)
    checked = _Counted(monkeypatch, "claimtrack.load.load_tracker")
    run_cli("check", "--root", root, "--today", TODAY)
    assert checked.calls == 1


def test_a_replay_imports_no_parser_no_model_no_template(aged: Path) -> None:
    args = ["check", "--root", str(aged), "--today", TODAY]
    subprocess.run([sys.executable, "-m", "claimtrack.cli", *args], check=True)
    code = f"from claimtrack.cli import main\nassert main({args!r}) == 0"
    assert _imported(code) == []
    out = aged.parent / "out"
    args = ["build", "--root", str(aged), "--out", str(out), "--today", TODAY, "--no-search"]
    subprocess.run([sys.executable, "-m", "claimtrack.cli", *args], check=True)
    code = f"from claimtrack.cli import main\nassert main({args!r}) == 0"
    assert _imported(code) == []

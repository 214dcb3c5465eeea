"""Publishing never waits on advice: the site workflow `init` writes fails on a check's
errors only, shows its warnings as annotations and in the step's summary, and deploys; a
recheck's commit is published after it, however the recheck ended.

The jobs' steps are run as GitHub's runner takes them (tests/actions_support.py): each
`run:` script in bash with the real claimtrack (python a stand-in, so that nothing is
installed), in a copy of the review fixture (warnings only), pushed to a local remote."""

from __future__ import annotations

import os
import shutil
import sysconfig
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from claimtrack.edit.scaffold import init_tracker

from .actions_support import Step, evaluate, read_annotations, run_job
from .conftest import FIXTURES
from .test_workflows import COMMIT, RECHECK, SITE, SKELETONS, VCS, WORKFLOWS, git, load, step

CHECK = "Check every record (errors fail; warnings are annotations)"
ON_MAIN = {"github": {"ref": "refs/heads/main", "event_name": "push", "event": {}}}
# The site workflow, started by a recheck that ended failed: a source changed that day.
AFTER_RECHECK = {
    "github": {
        "ref": "refs/heads/main",
        "event_name": "workflow_run",
        "event": {"workflow_run": {"conclusion": "failure", "name": "Recheck the sources"}},
    }
}


@pytest.fixture
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """The environment of a step: the real claimtrack on PATH, a stand-in python (the
    install step's pip), the runner's files, and none of this machine's git settings."""
    for name in ("GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM"):
        monkeypatch.setenv(name, os.devnull)
    stand_ins = tmp_path / "stand-ins"
    stand_ins.mkdir()
    python = stand_ins / "python"
    python.write_text("#!/bin/sh\nexit 0\n")
    python.chmod(0o755)
    (tmp_path / "runner").mkdir()
    path = os.pathsep.join([str(stand_ins), sysconfig.get_path("scripts"), os.environ["PATH"]])
    return {
        **os.environ,
        "PATH": path,
        "RUNNER_TEMP": str(tmp_path / "runner"),
        "GITHUB_OUTPUT": str(tmp_path / "output"),
        "GITHUB_STEP_SUMMARY": str(tmp_path / "summary.md"),
        "GITHUB_REF_NAME": "main",
    }


def a_tracker(folder: Path) -> Path:
    """The review fixture as a repository would hold it, with the requirements.txt that
    `init` writes when it knows where claimtrack comes from."""
    shutil.copytree(FIXTURES / "review", folder)
    url = f"git+{VCS['url']}@{COMMIT}"
    (folder / "requirements.txt").write_text(f"claimtrack @ {url}\n")
    return folder


def build_and_deploy(
    root: Path, env: dict[str, str], context: dict[str, Any]
) -> tuple[bool, dict[str, Step]]:
    """The site workflow's build job, then whether its deploy job runs."""
    jobs = load(SITE)["jobs"]
    ok, steps = run_job(jobs["build"], env, root, context)
    deploy = jobs["deploy"]
    assert deploy["needs"] == "build"  # a failed build is no deployment
    return evaluate(deploy["if"], context, failed=not ok), {s.name: s for s in steps}


def test_the_conditions_are_read_as_github_reads_them() -> None:
    """The test runner's reading of `if:` (tests/actions_support.py), on the forms the
    workflows use: success() implied, so that a failed step or job skips what follows."""
    push = ON_MAIN["github"]
    on_main = load(SITE)["jobs"]["deploy"]["if"]
    assert evaluate(on_main, ON_MAIN) and not evaluate(on_main, ON_MAIN, failed=True)
    assert not evaluate(on_main, {"github": {**push, "ref": "refs/heads/draft"}})
    assert not evaluate(on_main, {"github": {**push, "event_name": "pull_request"}})
    assert evaluate("github.ref == 'REFS/heads/MAIN'", ON_MAIN)  # strings ignore case
    assert evaluate("github.ref == 'x' || always()", ON_MAIN, failed=True)
    # success() && (the whole condition), not success() && a || b.
    assert not evaluate("github.ref == 'x' || github.ref == 'refs/heads/main'", ON_MAIN, True)
    assert evaluate("always()", ON_MAIN, failed=True)
    assert evaluate("failure() && !(github.ref != 'refs/heads/main')", ON_MAIN, failed=True)
    report = step(RECHECK, "Report the sources that changed")["if"]
    status = {"steps": {"recheck": {"outputs": {"status": "1"}}}}
    assert evaluate(report, status) and not evaluate(report, status, failed=True)
    assert not evaluate(report, {"steps": {"recheck": {"outputs": {"status": "0"}}}})


def summary(env: dict[str, str]) -> str:
    return Path(env["GITHUB_STEP_SUMMARY"]).read_text("utf-8")


def test_warnings_are_annotations_and_the_site_is_deployed(
    runner: dict[str, str], tmp_path: Path, run_cli: Callable[..., Any]
) -> None:
    root = a_tracker(tmp_path / "tracker")
    text = run_cli("check", "--root", root, "--no-cache").out
    assert "0 errors, " in text and " 0 warnings" not in text  # warnings only

    deployed, steps = build_and_deploy(root, runner, ON_MAIN)
    assert deployed
    check = steps[CHECK]
    assert check.code == 0, check.output
    found = read_annotations(check.output)
    assert {c.name for c in found} == {"warning"}
    assert len(found) == len(text.splitlines()) - 1  # each problem; no count line
    assert steps["Build the site"].code == 0
    upload = steps["Keep the site for the deployment"]
    assert upload.ran
    assert (root / step(SITE, upload.name)["with"]["path"] / "index.html").is_file()
    # The summary lists every problem, each line of the text format in a code block.
    written = summary(runner)
    assert written.startswith("## claimtrack check\n\n")
    assert [f"    {line}" for line in text.splitlines()] == written.splitlines()[2:]


def test_an_error_stops_the_build_and_nothing_is_deployed(
    runner: dict[str, str], tmp_path: Path
) -> None:
    root = a_tracker(tmp_path / "tracker")
    price = root / "claims" / "z1-price.yaml"
    price.write_text(price.read_text("utf-8") + "bogus: 1\n", "utf-8")
    deployed, steps = build_and_deploy(root, runner, ON_MAIN)
    assert not deployed
    assert steps[CHECK].code == 1
    errors = [c for c in read_annotations(steps[CHECK].output) if c.name == "error"]
    assert [(c.properties["file"], c.properties["title"]) for c in errors] == [
        ("claims/z1-price.yaml", "unknown-field")
    ]
    assert not steps["Build the site"].ran
    assert not steps["Keep the site for the deployment"].ran
    assert not (root / "site").exists()
    assert "[unknown-field]" in summary(runner)  # the summary is written all the same


def test_a_pull_request_is_checked_and_built_but_never_deployed(
    runner: dict[str, str], tmp_path: Path
) -> None:
    root = a_tracker(tmp_path / "tracker")
    context = {"github": {"ref": "refs/pull/7/merge", "event_name": "pull_request"}}
    deployed, steps = build_and_deploy(root, runner, context)
    assert not deployed
    assert steps["Build the site"].code == 0
    assert not steps["Keep the site for the deployment"].ran


def test_no_problem_says_so(runner: dict[str, str], tmp_path: Path) -> None:
    root = tmp_path / "tracker"
    init_tracker(root)  # no record, no problem, whatever the day
    ok, _ = run_job({"steps": [step(SITE, CHECK)]}, runner, root, ON_MAIN)
    assert ok
    assert summary(runner) == "## claimtrack check\n\nNo problems.\n"


def test_a_list_over_githubs_limit_is_cut_at_a_line_and_says_so(
    runner: dict[str, str], tmp_path: Path
) -> None:
    """GitHub drops a step's summary over 1 MiB: the list is cut, at a line's end."""
    stand_in = tmp_path / "many"
    stand_in.mkdir()
    line = "claims/c.yaml:1:1: warning: " + "x" * 170 + " [stale]"  # 200 bytes a line
    (stand_in / "claimtrack").write_text(
        "#!/bin/sh\n"
        'case "$*" in *github*) echo "::warning file=claims/c.yaml::x"; exit 0;; esac\n'
        f"i=0; while [ $i -lt 6000 ]; do echo '{line}'; i=$((i + 1)); done\n"
        "echo '0 errors, 6000 warnings'\n"
    )
    (stand_in / "claimtrack").chmod(0o755)
    env = {**runner, "PATH": f"{stand_in}{os.pathsep}{runner['PATH']}"}
    ok, _ = run_job({"steps": [step(SITE, CHECK)]}, env, tmp_path, ON_MAIN)
    assert ok
    written = summary(env)
    assert len(written.encode()) < 1024 * 1024
    lines = written.splitlines()
    assert lines[-1] == "The list is cut here; `claimtrack check` prints it whole."
    listed = lines[2:-2]
    assert 4000 < len(listed) < 6000 and set(listed) == {f"    {line}"}


def test_a_recheck_that_found_changes_commits_and_the_site_publishes_them(
    runner: dict[str, str], tmp_path: Path
) -> None:
    """A source changed: the recheck commits, then fails its run (GitHub's notification).
    The site workflow runs on its completion whatever its conclusion, and deploys the
    commit although the check has warnings."""
    recheck, site = load(RECHECK), load(SITE)
    # "completed" is every conclusion; nothing in the site workflow asks which it was.
    assert site[True]["workflow_run"] == {"workflows": [recheck["name"]], "types": ["completed"]}
    assert "workflow_run.conclusion" not in SKELETONS.joinpath(WORKFLOWS[SITE]).read_text("utf-8")

    origin = tmp_path / "origin.git"
    git("init", "--quiet", "--bare", "-b", "main", origin, cwd=tmp_path)
    start = a_tracker(tmp_path / "start")
    git("init", "--quiet", "-b", "main", start, cwd=tmp_path)
    git("add", ".", cwd=start)
    git("commit", "--quiet", "-m", "start", cwd=start)
    git("push", "--quiet", str(origin), "HEAD:main", cwd=start)

    # The recheck, as actions/checkout leaves it, with a stand-in claimtrack that saves a
    # revision (here a line in the source's record) and exits 1: a source changed.
    work = tmp_path / "work"
    git("clone", "--quiet", "--depth", "1", f"file://{origin}", work, cwd=tmp_path)
    stand_in = tmp_path / "recheck-bin"
    stand_in.mkdir()
    (stand_in / "claimtrack").write_text(
        "#!/bin/sh\necho '# rechecked' >> sources/zephyr-launch.yaml\n"
        "echo 'sources/zephyr-launch.yaml:5:6: changed'\nexit 1\n"
    )
    (stand_in / "claimtrack").chmod(0o755)
    env = {**runner, "PATH": f"{stand_in}{os.pathsep}{runner['PATH']}"}
    ok, steps = run_job(
        recheck["jobs"]["recheck"], env, work, {"github": {"ref": "refs/heads/main"}}
    )
    ran = {s.name: s for s in steps}
    assert not ok  # marked failed, for the notification...
    assert ran["Commit the new revisions"].code == 0  # ...after the commit was pushed
    assert ran["Report the sources that changed"].code == 1
    log = git("log", "--format=%s", "main", cwd=origin).splitlines()
    assert log[0].startswith("recheck: new revisions of the sources (")

    # The site workflow then checks out main as it now is, and publishes it.
    site_root = tmp_path / "site-run"
    git("clone", "--quiet", "--depth", "1", f"file://{origin}", site_root, cwd=tmp_path)
    assert "# rechecked" in (site_root / "sources" / "zephyr-launch.yaml").read_text("utf-8")
    Path(runner["GITHUB_STEP_SUMMARY"]).unlink()
    deployed, built = build_and_deploy(site_root, runner, AFTER_RECHECK)
    assert deployed
    assert {c.name for c in read_annotations(built[CHECK].output)} == {"warning"}
    assert (site_root / "site" / "index.html").is_file()

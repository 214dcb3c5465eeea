"""Child processes end with claimtrack: Pagefind and the forked render worker are never
left running by a build that was killed, nor by a stop.

A child of a process killed with SIGKILL is adopted by init and runs on; each test here
kills the parent and then waits (with a deadline) for the child to be gone from /proc.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from claimtrack.errors import Stopped
from claimtrack.process.children import Children

from .conftest import TODAY
from .proc_support import (
    DEADLINE,
    alive,
    blocking_folder,
    child_env,
    fake_pagefind,
    kill_all,
    pids,
    wait_for,
)

# A command that notes its pid and blocks until killed.
BLOCKED = (
    "import os, sys\n"
    "open(os.path.join(sys.argv[1], 'pids', str(os.getpid())), 'w').close()\n"
    "open(os.path.join(sys.argv[1], 'never'), 'rb').read()\n"
)
# batch.split in a process of its own: this half blocks on stdin (the test never writes to
# it), or with "fail" fails once the worker runs; the worker's half notes its pid, blocks.
SPLIT = """\
import os, sys
import claimtrack.process.children
from claimtrack.process import batch
folder, how = sys.argv[1], sys.argv[2]
if how == "fallback":  # as where the kernel cannot end a child with its parent
    claimtrack.process.children.die_with_parent = lambda: False
batch.cores = lambda: 2  # split even on one core
parent = os.getpid()
started, started_w = os.pipe()

def work(items):
    if os.getpid() != parent:
        open(os.path.join(folder, "pids", str(os.getpid())), "w").close()
        os.write(started_w, b"x")
        open(os.path.join(folder, "never"), "rb").read()
    elif how == "fail":
        os.read(started, 1)  # once the worker runs
        raise RuntimeError("this half failed")
    else:
        sys.stdin.read()
    return items

batch.split(list(range(batch.SPLIT_MIN_ITEMS)), work, "the test's work")
"""


def test_a_killed_build_leaves_no_pagefind_running(
    tracker: Callable[[str], Path], tmp_path: Path
) -> None:
    root = tracker("minimal")
    fake = fake_pagefind(tmp_path / "pagefind")
    (tmp_path / "pagefind" / "hold").touch()
    build = subprocess.Popen(
        [sys.executable, "-m", "claimtrack.cli", "build", "--root", str(root), "--today", TODAY],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=child_env(PAGEFIND_BINARY_PATH=str(fake)),
    )
    try:
        wait_for(lambda: pids(tmp_path / "pagefind"), "Pagefind to start indexing")
        build.kill()
        build.wait()
        # Every run it started (two shards at a time may be indexing) ends with it.
        wait_for(
            lambda: not any(alive(pid) for pid in pids(tmp_path / "pagefind")),
            "Pagefind to end with the killed build",
        )
    finally:
        build.kill()
        build.wait()
        kill_all(pids(tmp_path / "pagefind"))


@pytest.mark.parametrize("how", ["prctl", "fallback"])
def test_a_killed_build_leaves_no_forked_worker_running(how: str, tmp_path: Path) -> None:
    folder = blocking_folder(tmp_path / "split")
    proc = subprocess.Popen(
        [sys.executable, "-c", SPLIT, str(folder), how],
        stdin=subprocess.PIPE,
        env=child_env(),
    )
    try:
        wait_for(lambda: pids(folder), "the forked worker to start")
        proc.kill()
        proc.wait()
        [pid] = pids(folder)
        wait_for(lambda: not alive(pid), "the forked worker to end with its parent")
    finally:
        proc.kill()
        proc.wait()
        kill_all(pids(folder))


def test_a_half_that_fails_ends_the_forked_worker_at_once(tmp_path: Path) -> None:
    """Ctrl-C, or an error, in this process's half: the other half is of no use, and
    waiting for it would hold up the stop for as long as it runs."""
    folder = blocking_folder(tmp_path / "split")
    try:
        done = subprocess.run(
            [sys.executable, "-c", SPLIT, str(folder), "fail"],
            capture_output=True,
            text=True,
            env=child_env(),
            timeout=DEADLINE,
        )
        assert done.returncode == 1
        assert "RuntimeError: this half failed" in done.stderr
        assert len(pids(folder)) == 1 and not any(alive(pid) for pid in pids(folder))
    finally:
        kill_all(pids(folder))


def test_where_the_kernel_cannot_end_it_the_wrapper_does(tmp_path: Path) -> None:
    """ends_with_parent.py --supervise: it stays between the parent and the command, and kills the
    command once the parent is gone (the way it works where prctl is not available)."""
    folder = blocking_folder(tmp_path / "leash")
    starter = (
        "import subprocess, sys\n"
        "from claimtrack.process.children import ended_with_us\n"
        "subprocess.Popen(ended_with_us([sys.executable, '-c', sys.argv[1], sys.argv[2]], "
        "supervise=True))\n"
        "sys.stdin.read()\n"
    )
    parent = subprocess.Popen(
        [sys.executable, "-c", starter, BLOCKED, str(folder)],
        stdin=subprocess.PIPE,
        env=child_env(),
    )
    try:
        wait_for(lambda: pids(folder), "the command to start")
        parent.kill()
        parent.wait()
        [pid] = pids(folder)
        wait_for(lambda: not alive(pid), "the command to end with its parent")
    finally:
        parent.kill()
        parent.wait()
        kill_all(pids(folder))


def test_end_kills_the_running_children_at_once_and_refuses_new_ones(tmp_path: Path) -> None:
    folder = blocking_folder(tmp_path / "children")
    children = Children()
    command = [sys.executable, "-c", BLOCKED, str(folder)]
    outcome: list[BaseException] = []

    def run() -> None:
        try:
            children.run(command, cwd=tmp_path, env=child_env())
        except Stopped as exc:
            outcome.append(exc)

    runner = threading.Thread(target=run)
    runner.start()
    try:
        wait_for(lambda: pids(folder), "the child to start")
        began = time.monotonic()
        children.end()
        runner.join(DEADLINE)
        assert time.monotonic() - began < 1.0
        assert not runner.is_alive() and len(outcome) == 1
        [pid] = pids(folder)
        assert not alive(pid)
        with pytest.raises(Stopped):
            children.run(command, cwd=tmp_path, env=child_env())
        assert len(pids(folder)) == 1  # the refused run started nothing
    finally:
        children.end()
        runner.join(DEADLINE)
        kill_all(pids(folder))


def test_a_child_that_ends_by_itself_gives_its_status_and_output(tmp_path: Path) -> None:
    code = "import sys; print('out'); print('err', file=sys.stderr); sys.exit(3)"
    done = Children().run([sys.executable, "-c", code], cwd=tmp_path, env=child_env())
    assert (done.returncode, done.stdout, done.stderr) == (3, "out\n", "err\n")
    killed = "import os, signal; os.kill(os.getpid(), signal.SIGKILL)"
    done = Children().run([sys.executable, "-c", killed], cwd=tmp_path, env=child_env())
    assert done.returncode == -signal.SIGKILL  # as subprocess says it
    with pytest.raises(FileNotFoundError):
        Children().run([str(tmp_path / "no-such-program")], cwd=tmp_path, env=child_env())


def test_cancel_ends_the_runs_given_a_since_and_refuses_older_ones(tmp_path: Path) -> None:
    """A refresh's Pagefind runs are given ``since``: a build that begins cancels them
    (serve's edits get both cores); a run given none, a build's own, is spared."""
    children = Children()
    folders = {name: blocking_folder(tmp_path / name) for name in ("refresh", "build")}
    since = children.cancels
    outcome: dict[str, object] = {}

    def run(name: str, given: int | None) -> None:
        command = [sys.executable, "-c", BLOCKED, str(folders[name])]
        try:
            outcome[name] = children.run(command, cwd=tmp_path, env=child_env(), since=given)
        except Stopped as exc:
            outcome[name] = exc

    runners = {
        "refresh": threading.Thread(target=run, args=("refresh", since)),
        "build": threading.Thread(target=run, args=("build", None)),
    }
    for runner in runners.values():
        runner.start()
    try:
        for name, folder in folders.items():
            wait_for(lambda folder=folder: pids(folder), f"the {name} run to start")
        children.cancel()
        runners["refresh"].join(DEADLINE)
        assert isinstance(outcome["refresh"], Stopped)
        [refresh_pid], [build_pid] = pids(folders["refresh"]), pids(folders["build"])
        assert not alive(refresh_pid) and alive(build_pid) and "build" not in outcome
        blocked = [sys.executable, "-c", BLOCKED, str(folders["refresh"])]
        with pytest.raises(Stopped):  # begun before the cancel: refused
            children.run(blocked, cwd=tmp_path, env=child_env(), since=since)
        assert pids(folders["refresh"]) == [refresh_pid]  # the refused run started nothing
        done = [sys.executable, "-c", "pass"]
        again = children.run(done, cwd=tmp_path, env=child_env(), since=children.cancels)
        assert again.returncode == 0
        # What a refresh asks between two steps of its own (the linking of its pages).
        assert children.cancelled(since) and not children.cancelled(children.cancels)
        assert not children.cancelled(None)
    finally:
        children.end()
        for runner in runners.values():
            runner.join(DEADLINE)
        for folder in folders.values():
            kill_all(pids(folder))
    assert isinstance(outcome["build"], Stopped)  # ended by end(), not by cancel()
    assert children.cancelled(None) and children.cancelled(children.cancels)


# batch.split with both halves in children and work of its own meanwhile, in a process of its
# own (a pytest worker runs threads, where split never forks); it prints what it saw.
MEANWHILE = """\
import json, os
from claimtrack.process import batch
batch.cores = lambda: 2  # split even on one core
here, seen = os.getpid(), []

def work(items):
    return [(i, os.getpid()) for i in items]

def meanwhile():
    workers = open(f"/proc/{here}/task/{here}/children").read().split()
    seen.append((os.getpid(), len(workers)))

items = list(range(batch.SPLIT_MIN_ITEMS))
done = batch.split(items, work, "the test's work", here=False, meanwhile=meanwhile)
order = []
small = batch.split([1, 2], lambda xs: order.append("work") or xs, "small",
                    meanwhile=lambda: order.append("meanwhile"))
print(json.dumps({"here": here, "done": done, "seen": seen, "order": order, "small": small}))
"""


def test_split_does_its_process_s_own_work_while_both_halves_run_in_children() -> None:
    """A first build's key digests are taken while its workers render (meanwhile): once, in
    the build's own process, with both workers forked; the results as without it, in order.
    Without a split (too few items), after the work."""
    found = json.loads(
        subprocess.run(
            [sys.executable, "-c", MEANWHILE], capture_output=True, text=True, check=True
        ).stdout
    )
    here = found["here"]
    assert [i for i, _ in found["done"]] == list(range(len(found["done"])))
    assert here not in {pid for _, pid in found["done"]}  # both halves in the children
    assert len({pid for _, pid in found["done"]}) == 2
    assert found["seen"] == [[here, 2]]  # once, here, the two workers running
    assert found["order"] == ["work", "meanwhile"] and found["small"] == [1, 2]

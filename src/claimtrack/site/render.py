"""Render outputs to bytes and write a whole site into a fresh folder, on every core.

On a large site rendering pages dominates the build and is independent page
by page, so when the machine has a second core, fork() is available and no
other thread is running (forking a threaded process can deadlock the child),
a child process renders and writes every other output while this process does
the rest.  The child inherits the templates and view models already in memory,
so nothing is pickled; it reports back only digests or its error.  Output is
the same bytes either way.  Deleting the previous site, as many file system
calls as writing it, is shared the same way.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from jinja2 import Environment, Template, TemplateError

from ..errors import DataError
from ..problems import Problem, Severity
from .pages import Output
from .templating import EXPRESSION_ERRORS, TEMPLATE_FAILURE, template_problem

# Below this many outputs a fork costs more than it saves.
PARALLEL_MIN_OUTPUTS = 400


def digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


class Renderer:
    def __init__(self, env: Environment) -> None:
        self.env = env
        self._templates: dict[str, Template] = {}

    def render(self, output: Output) -> bytes:
        if output.template is None:
            assert output.make is not None
            return output.make()
        template = self._templates.get(output.template)
        if template is None:
            template = self._templates[output.template] = self.env.get_template(output.template)
        context = output.context if output.lazy is None else {**output.context, **output.lazy()}
        try:
            return template.render(context).encode("utf-8")
        except (TemplateError, RecursionError, *EXPRESSION_ERRORS) as exc:
            problem = template_problem(exc, output.template)
            if problem is None:
                raise
            raise DataError([problem], TEMPLATE_FAILURE) from None


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def _can_fork(count: int) -> bool:
    return (
        count >= PARALLEL_MIN_OUTPUTS
        and hasattr(os, "fork")
        and _cores() > 1
        and threading.active_count() == 1
    )


def _write(
    renderer: Renderer, outputs: list[Output], folder: Path, digests: bool
) -> dict[str, str]:
    """Plain writes: nobody reads the fresh folder before it is swapped in, so no fsync each."""
    result = {}
    base = str(folder) + os.sep
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for output in outputs:
        data = renderer.render(output)
        # os.open/os.write: a single write needs no buffered file object around it.
        fd = os.open(base + output.path, flags, 0o644)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
        finally:
            os.close(fd)
        if digests:
            result[output.path] = digest(data)
    return result


T = TypeVar("T")


def _child(work: Callable[[list[T]], dict[str, str]], items: list[T], fd: int) -> None:
    code = 0
    payload: dict[str, object]
    try:
        payload = {"ok": work(items)}
    except DataError as exc:  # e.g. a template's mistake: the parent reports it as data
        payload = {"problems": [p.to_json() for p in exc.problems], "message": str(exc)}
        code = 1
    except BaseException as exc:  # everything must reach the parent, which decides
        payload = {"error": f"{type(exc).__name__}: {exc}"}
        code = 1
    try:
        with os.fdopen(fd, "wb") as pipe:
            pipe.write(json.dumps(payload).encode("utf-8"))
    finally:
        os._exit(code)  # never return into the parent's code, never run its atexit handlers


def in_two_processes(
    items: list[T], work: Callable[[list[T]], dict[str, str]], what: str
) -> dict[str, str]:
    """``work(items)``, with every other item done by a forked child when that pays off."""
    if not _can_fork(len(items)):
        return work(items)
    mine, theirs = items[0::2], items[1::2]
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - runs in the child, which coverage does not follow
        os.close(read_fd)
        _child(work, theirs, write_fd)
    os.close(write_fd)
    try:
        result = work(mine)
    finally:
        # Always drain and reap the child, also when this half failed.
        with os.fdopen(read_fd, "rb") as pipe:
            raw = pipe.read()
        _, status = os.waitpid(pid, 0)
    payload = json.loads(raw.decode("utf-8")) if raw else {}
    if "problems" in payload:
        problems = [
            Problem(**{**p, "severity": Severity(p["severity"])}) for p in payload["problems"]
        ]
        raise DataError(problems, payload["message"])
    if "ok" not in payload or os.waitstatus_to_exitcode(status) != 0:
        reason = payload.get("error", f"exit status {os.waitstatus_to_exitcode(status)}")
        raise RuntimeError(f"{what} in a second process failed: {reason}")
    result.update(payload["ok"])
    return result


def write_site(
    renderer: Renderer, outputs: list[Output], folder: Path, *, digests: bool
) -> dict[str, str]:
    """Write every output under ``folder``; returns path -> digest when asked for digests."""
    folders = set()
    for output in outputs:
        parent = output.path.rpartition("/")[0]
        while parent and parent not in folders:
            folders.add(parent)
            parent = parent.rpartition("/")[0]
    # Sorted, so every folder comes after its parent and one mkdir call each suffices.
    for name in sorted(folders):
        os.mkdir(os.path.join(folder, name))
    return in_two_processes(
        outputs, lambda part: _write(renderer, part, folder, digests), "rendering"
    )


def _remove(paths: list[str]) -> dict[str, str]:
    for path in paths:
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path, ignore_errors=True)
        else:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)
    return {}


def remove_tree(folder: Path) -> None:
    """Delete a whole site folder; a large one is split between two processes."""
    entries: list[str] = []
    for top in sorted(os.scandir(folder), key=lambda e: e.name):
        if top.is_dir(follow_symlinks=False):
            entries.extend(sorted(e.path for e in os.scandir(top.path)))
        else:
            entries.append(top.path)
    try:
        in_two_processes(entries, _remove, "deleting the old site")
    finally:
        shutil.rmtree(folder, ignore_errors=True)

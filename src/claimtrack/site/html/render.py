"""Render outputs to bytes and write a whole site into a fresh folder, on every core.

On a large site rendering pages dominates the build and is independent page
by page: batch.split has a forked child render and write every other output
(it inherits the templates and view models, and reports back only digests), and a
one-shot build a second child the rest, so that the build's own process does not
grow by what rendering keeps.
Output is the same bytes either way.  Deleting the previous site, as many
file system calls as writing it, is shared the same way.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Callable, Iterable, Mapping
from functools import partial
from pathlib import Path
from typing import Any

from jinja2 import Environment, Template, TemplateError

from ...errors import DataError
from ...process.batch import can_split, split
from ..plan.contexts import COMMON, FIELDS, Lazy
from ..plan.outputs import Content, Output
from .templating import EXPRESSION_ERRORS, TEMPLATE_FAILURE, template_problem


def hasher(data: bytes = b"") -> hashlib.blake2b:
    """The one hash of an output's bytes (its digest in the record of the last build)."""
    return hashlib.blake2b(data, digest_size=16)


def digest(data: bytes | Iterable[bytes | memoryview]) -> str:
    """The digest of an output's bytes, or of its parts in order."""
    if isinstance(data, bytes):
        return hasher(data).hexdigest()
    hashed = hasher()
    for part in data:
        hashed.update(part)
    return hashed.hexdigest()


def whole(content: Content) -> bytes:
    """An output's bytes, its parts joined (plan/outputs.Content)."""
    return content if isinstance(content, bytes) else b"".join(content)


def variables(output: Output) -> dict[str, Any]:
    """A page's template variables: the site, the page and its context's fields as they are
    (no copies), a Lazy one made now."""
    info, context = output.planned()
    assert context is not None
    site, page = COMMON
    values: dict[str, Any] = {site: output.site, page: info}
    for name in FIELDS[type(context)]:
        value = getattr(context, name)
        values[name] = value.make() if isinstance(value, Lazy) else value
    return values


class Renderer:
    """Renders each page with its language's environment (``envs``: by language tag)."""

    def __init__(self, envs: Mapping[str, Environment]) -> None:
        self.envs = envs
        self._templates: dict[tuple[str | None, str], Template] = {}

    def compile_all(self, outputs: list[Output]) -> None:
        """Compile every template of each language the outputs are in, now.

        Called before batch.split forks: the child inherits the compiled templates
        (each environment keeps them, cache_size=-1, and so do includes, parents and
        the ``shared`` parts, which it serves) instead of compiling each again, as
        the parent does, on its first page.  A large site uses every template.  A
        template that fails to compile is left for its first page to report, as
        without this.
        """
        for lang in sorted({o.lang or "" for o in outputs if o.template is not None}):
            env = self.envs[lang]
            for name in env.list_templates():
                try:
                    env.get_template(name)
                except TemplateError:
                    continue

    def render(self, output: Output) -> Content:
        if output.template is None:
            assert output.make is not None
            return output.make()
        name = (output.lang, output.template)
        template = self._templates.get(name)
        if template is None:
            env = self.envs[output.lang or ""]
            template = self._templates[name] = env.get_template(output.template)
        given = variables(output)
        try:
            return template.render(given).encode("utf-8")
        except (TemplateError, RecursionError, *EXPRESSION_ERRORS) as exc:
            problem = template_problem(exc, output.template)
            if problem is None:
                raise
            raise DataError([problem], TEMPLATE_FAILURE) from None


def _write(renderer: Renderer, outputs: list[Output], folder: Path, digests: bool) -> list[str]:
    """Plain writes: nobody reads the fresh folder before it is swapped in, so no fsync each.
    A file made in parts (plan/outputs.Content) is written and digested part by part."""
    result = []
    base = str(folder) + os.sep
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for output in outputs:
        content = renderer.render(output)
        parts = (content,) if isinstance(content, bytes) else content
        hashed = hasher()
        # os.open/os.write: a single write needs no buffered file object around it.
        fd = os.open(base + output.path, flags, 0o644)
        try:
            for data in parts:
                if digests:
                    hashed.update(data)
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view) :]
        finally:
            os.close(fd)
        result.append(hashed.hexdigest() if digests else "")
    return result


def write_site(
    renderer: Renderer,
    outputs: list[Output],
    folder: Path,
    *,
    digests: bool,
    here: bool = True,
    meanwhile: Callable[[], object] | None = None,
) -> dict[str, str]:
    """Write every output under ``folder``; returns path -> digest when asked for digests.

    ``here``: this process renders half of them, for a builder that builds again (serve's)
    and keeps what making them fills in its plan (claims.json's lines, the feeds' entries);
    else two children render all of them, and this process does not grow by what rendering
    keeps (a one-shot build: its peak memory at 10,000 claims 370 -> 355 MiB); ``meanwhile``:
    what this process does while they render (batch.split)."""
    folders = set()
    for output in outputs:
        parent = output.path.rpartition("/")[0]
        while parent and parent not in folders:
            folders.add(parent)
            parent = parent.rpartition("/")[0]
    # Sorted, so every folder comes after its parent and one mkdir call each suffices; one
    # may be there already (made for the files a build links from the old site).
    for name in sorted(folders):
        with contextlib.suppress(FileExistsError):
            os.mkdir(os.path.join(folder, name))
    if can_split(len(outputs)):
        renderer.compile_all(outputs)
    work = partial(_write, renderer, folder=folder, digests=digests)
    made = split(outputs, work, "rendering", here=here, meanwhile=meanwhile)
    return {o.path: d for o, d in zip(outputs, made, strict=True)} if digests else {}

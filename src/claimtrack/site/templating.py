"""The Jinja environment: packaged templates, overridable one file at a time.

A tracker may ship its own ``templates/`` and ``static/`` folders; a file there
replaces the packaged file of the same name and nothing else, so a site can
restyle one page without copying the whole theme.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableMapping
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from jinja2 import (
    BaseLoader,
    ChoiceLoader,
    Environment,
    FileSystemLoader,
    PackageLoader,
    StrictUndefined,
)
from markupsafe import Markup

from .. import __version__
from .escaping import FastTemplate, markup
from .fragments import HELPERS, human_date


def http_url(value: str | None) -> str | None:
    """The URL when it may become a link (http or https with a host), else None."""
    if not value:
        return None
    parts = urlsplit(value)
    if parts.scheme in ("http", "https") and parts.netloc:
        return value
    return None


class SharedParts:
    """The ``shared`` filter: ``{{ "header.html"|shared(page.nav, site) }}``.

    The site's header and footer are the same on every page with the same
    navigation state and settings, so each is rendered once per distinct
    (template, nav, site) and reused: about twenty escaped values a page fewer.
    The part is rendered with those two variables only, so a part that reads
    anything else fails (strict undefined) instead of being wrongly reused.
    """

    def __init__(self, env: Environment) -> None:
        self.env = env
        self.done: dict[tuple[str, object, object], Markup] = {}

    def __call__(self, name: str, nav: object, site: object) -> Markup:
        key = (name, nav, site)
        part = self.done.get(key)
        if part is None:
            part = markup(self.env.get_template(name).render(nav=nav, site=site))
            self.done[key] = part
        return part


class SiteEnvironment(Environment):
    """Jinja's Environment, with templates' globals in a plain dict.

    Jinja keeps them in a ChainMap over the environment's globals, which every
    render iterates twice in Python (about 8 µs of a claim page's 80).  Here all
    globals are set before the first template loads and never change after.
    """

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        return {**self.globals, **(d or {})}


def make_environment(root: Path) -> Environment:
    """One environment per build: templates compile once and are reused for every page."""
    loaders: list[BaseLoader] = []
    override = root / "templates"
    if override.is_dir():
        loaders.append(FileSystemLoader(str(override)))
    loaders.append(PackageLoader("claimtrack", "templates"))
    env = SiteEnvironment(
        loader=ChoiceLoader(loaders),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,
        cache_size=-1,
    )
    # Escapes each {{ value }} as markupsafe does, several times faster (see escaping.py).
    env.template_class = FastTemplate
    env.filters["human_date"] = human_date
    env.filters["http_url"] = http_url
    # Filters, not globals: Jinja calls a filter directly, a global through Context.call.
    env.filters.update(HELPERS)
    env.filters["shared"] = SharedParts(env)
    return env


def _package_files(folder: str) -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    base = resources.files("claimtrack").joinpath(folder)
    for entry in base.iterdir():
        if entry.is_file() and not entry.name.startswith((".", "__")):
            files[entry.name] = entry.read_bytes()
    return files


def _override_files(folder: Path) -> dict[str, bytes]:
    """Regular files under a root folder, by posix path; links are skipped, never followed."""
    files: dict[str, bytes] = {}
    if not folder.is_dir() or folder.is_symlink():
        return files
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder)
        if any(part.startswith(".") for part in rel.parts) or path.is_symlink():
            continue
        if path.is_file():
            files[rel.as_posix()] = path.read_bytes()
    return files


def static_files(root: Path) -> dict[str, bytes]:
    """Files for the site's static/ folder: the package's, then the root's on top."""
    files = _package_files("static")
    files.update(_override_files(root / "static"))
    return dict(sorted(files.items()))


def theme_fingerprint(root: Path) -> str:
    """Changes whenever any template (packaged or overriding) changes: every page depends on it."""
    digest = hashlib.blake2b(__version__.encode(), digest_size=16)
    for name, data in sorted(_package_files("templates").items()):
        digest.update(b"\0p" + name.encode() + b"\0" + data)
    for name, data in _override_files(root / "templates").items():
        digest.update(b"\0o" + name.encode() + b"\0" + data)
    return digest.hexdigest()

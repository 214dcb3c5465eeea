"""The Jinja environment: packaged templates, overridable one file at a time.

The tracker's ``templates/`` files (read by theme.override_files, so a link
out of the tracker is never read) replace the packaged ones of the same name.
Every override is compiled, and the templates it names checked, before any
page is rendered, so a mistake in one is found, with its file and line, even
when this site renders no page with it; so is a page template's read of a
variable its page does not give it (names.py).  A mistake that shows only
while rendering (an undefined attribute, a template that includes itself) is
reported by ``template_problem`` at the override's line it comes from.
"""

from __future__ import annotations

import os
from collections.abc import Callable, MutableMapping
from types import TracebackType
from typing import Any
from urllib.parse import urlsplit

from jinja2 import (
    BaseLoader,
    ChoiceLoader,
    Environment,
    PackageLoader,
    StrictUndefined,
    TemplateError,
    TemplateNotFound,
    TemplateSyntaxError,
    nodes,
)
from markupsafe import Markup

from ...codes import Code
from ...i18n import Interface, english
from ...layout import line_column
from ...problems import Problem, report
from ..addresses import claim_href, listing_href
from ..plan.contexts import template_variables
from .changes.corrections import HELPERS as CORRECTION_HELPERS
from .changes.diffs import wording_change
from .changes.timeline import timeline_item
from .escaping import FastTemplate, markup, textarea_text
from .fragments import HELPERS, archive_text
from .named import HELPERS as NAME_HELPERS
from .names import unknown_names
from .theme import Theme, package_files
from .translation import ConstantMessages, gettext_functions

# Not TemplateErrors, but a mistake in a template's own expressions raises them
# (``{{ 1 + "a" }}``); they are the user's when an override is on the traceback.
EXPRESSION_ERRORS = (TypeError, ValueError, AttributeError, LookupError, ArithmeticError)
TEMPLATE_FAILURE = "a template has errors; the site was not built"


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
    """Jinja's Environment, with templates' globals in a plain dict, in one language.

    Jinja keeps them in a ChainMap over the environment's globals, which every
    render iterates twice in Python (about 8 µs of a claim page's 80).  Here all
    globals are set before the first template loads and never change after.
    ``ui`` is the language its pages are written in (fragments read it).
    """

    ui: Interface

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        return {**self.globals, **(d or {})}


def override_path(name: str) -> str:
    """Where an overriding template is, relative to the tracker root; also its Jinja filename."""
    return f"templates/{name}"


class _OverrideLoader(BaseLoader):
    """Exactly the override files theme.py accepted, already decoded: nothing else is read."""

    def __init__(self, sources: dict[str, str]) -> None:
        self.sources = sources

    def get_source(
        self, environment: Environment, template: str
    ) -> tuple[str, str, Callable[[], bool]]:
        if template not in self.sources:
            raise TemplateNotFound(template)
        return self.sources[template], override_path(template), lambda: True

    def list_templates(self) -> list[str]:
        return sorted(self.sources)


def _decode(theme: Theme, problems: list[Problem]) -> dict[str, str]:
    sources = {}
    for name, data in theme.templates.items():
        try:
            sources[name] = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            problems.append(
                report(
                    override_path(name),
                    line_column(data, exc.start),
                    Code.TEMPLATE_ERROR,
                    "template is not UTF-8 text",
                    "save it as UTF-8",
                )
            )
    return sources


# Per language: the environment of the theme and words (by their fingerprint), its problems.
Environments = dict[str, tuple[str, Environment, list[Problem]]]


def environments(
    theme: Theme, uis: dict[str, Interface], last: Environments
) -> tuple[Environments, dict[str, Environment], list[Problem]]:
    """One environment per language, made again only when the theme or the language's
    words changed since ``last``; the problems of the templates, each once (every
    environment compiles the same overrides)."""
    kept: Environments = {}
    problems: list[Problem] = []
    for tag, ui in uis.items():
        key = f"{theme.fingerprint}\0{ui.key}"
        made = last.get(tag)
        if made is None or made[0] != key:
            made = (key, *make_environment(theme, ui))
        kept[tag] = made
        problems += (p for p in made[2] if p not in problems)
    return kept, {tag: made[1] for tag, made in kept.items()}, problems


def make_environment(
    theme: Theme, ui: Interface | None = None
) -> tuple[Environment, list[Problem]]:
    """One environment per theme and language (English unless ``ui`` says), and the
    problems of its override templates.

    Templates compile once and are reused for every page.
    """
    ui = ui or english()
    problems: list[Problem] = []
    sources = _decode(theme, problems)
    env = SiteEnvironment(
        loader=ChoiceLoader([_OverrideLoader(sources), PackageLoader("claimtrack", "templates")]),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,
        cache_size=-1,
        extensions=["jinja2.ext.i18n", ConstantMessages],
    )
    # Every interface string goes through gettext (``{{ _("...") }}``, ``{% trans %}``),
    # in the language of the tracker's ``language:`` (i18n.py).
    env.ui = ui
    env.install_gettext_translations(ui.translations, newstyle=True)  # type: ignore[attr-defined]
    env.globals.update(gettext_functions(ui))
    # Escapes each {{ value }} as markupsafe does, several times faster (see escaping.py).
    env.template_class = FastTemplate
    env.filters["http_url"] = http_url
    env.filters["textarea_text"] = textarea_text
    # Filters, not globals: Jinja calls a filter directly, a global through Context.call.
    env.filters.update(HELPERS)
    env.filters.update(CORRECTION_HELPERS)
    env.filters.update(NAME_HELPERS)
    env.filters["shared"] = SharedParts(env)
    env.filters["archive_text"] = archive_text
    env.filters["listing_href"] = listing_href
    env.filters["timeline_item"] = timeline_item
    env.filters["claim_href"] = claim_href
    env.filters["wording_change"] = wording_change
    known = set(sources) | set(package_files("templates"))
    for name, source in sources.items():
        problems.extend(_check_template(env, name, source, known))
    return env, problems


def _check_template(env: Environment, name: str, source: str, known: set[str]) -> list[Problem]:
    path = override_path(name)
    try:
        tree = env.parse(source, name, path)
        env.get_template(name)  # compiled now, and kept for the pages
    except TemplateSyntaxError as exc:
        return [
            report(path, (exc.lineno or 1, 1), Code.TEMPLATE_ERROR, exc.message or "syntax error")
        ]
    problems = []
    kinds = (nodes.Extends, nodes.Include, nodes.Import, nodes.FromImport)
    for node in tree.find_all(kinds):
        assert isinstance(node, kinds)
        if isinstance(node, nodes.Include) and node.ignore_missing:
            continue
        target = node.template
        names = [target.value] if isinstance(target, nodes.Const) else []
        if isinstance(target, (nodes.List, nodes.Tuple)):  # {% include [a, b] %}: the first found
            items = [item.value for item in target.items if isinstance(item, nodes.Const)]
            names = [] if any(n in known for n in items) else items[:1]
        for missing in (n for n in names if isinstance(n, str) and n not in known):
            problems.append(
                report(
                    path,
                    (node.lineno, 1),
                    Code.TEMPLATE_ERROR,
                    f"no template named {missing!r}",
                    "it is neither in templates/ nor a packaged template",
                )
            )
    return problems + _unknown_variables(env, name, path, tree)


def _unknown_variables(
    env: Environment, name: str, path: str, tree: nodes.Template
) -> list[Problem]:
    """A page template's reads of variables its page does not give it (names.py)."""
    given = template_variables(name)
    if given is None:
        return []

    def parse(parent: str) -> nodes.Template | None:
        assert env.loader is not None
        try:
            source, filename, _ = env.loader.get_source(env, parent)
            return env.parse(source, parent, filename)
        except (TemplateNotFound, TemplateSyntaxError):  # reported where it is
            return None

    hint = f"the page gives its template {', '.join(sorted(given))}"
    return [
        # Worded as strict undefined words it when such a line renders.
        report(path, (line, 1), Code.TEMPLATE_ERROR, f"{missing!r} is undefined", hint)
        for missing, line in unknown_names(tree, {*given, *env.globals}, parse)
    ]


def _template_frames(tb: TracebackType | None) -> list[tuple[str, int]]:
    """(filename, line) of every template frame, outermost first (Jinja rewrites them so)."""
    frames = []
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if filename.endswith(".html") or filename.startswith("templates/"):
            frames.append((filename, tb.tb_lineno))
        tb = tb.tb_next
    return frames


def template_problem(exc: BaseException, template: str) -> Problem | None:
    """The problem for an error raised while rendering ``template``; None when it is a bug.

    It is placed at the innermost override line on the traceback, else at the
    packaged template's name (its line being in claimtrack's own file).
    """
    frames = _template_frames(exc.__traceback__)
    overrides = [f for f in frames if f[0].startswith("templates/")]
    if isinstance(exc, TemplateSyntaxError) and exc.filename:
        overrides.append((exc.filename, exc.lineno or 1))
    if not isinstance(exc, (TemplateError, RecursionError)) and not (
        overrides and isinstance(exc, EXPRESSION_ERRORS)
    ):
        return None
    if isinstance(exc, RecursionError):
        message = "the template includes or extends itself without end"
    elif isinstance(exc, TemplateNotFound):
        message = f"no template named {exc.name!r}"
    elif isinstance(exc, TemplateError):
        message = exc.message or type(exc).__name__
    else:
        message = f"{type(exc).__name__}: {exc}"
    if overrides:
        path, line = overrides[-1]
    elif frames:
        path, line = os.path.basename(frames[-1][0]), frames[-1][1]
    else:
        path, line = template, 1
    return report(path, (line, 1), Code.TEMPLATE_ERROR, message)

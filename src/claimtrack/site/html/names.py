"""The variables a page's template reads that the page does not give it.

A page template receives ``site``, ``page`` and its page context's fields
(plan/contexts.py), besides the environment's globals.  Strict undefined
reports any other name only when the line reading it renders: never, on a
site that does not take that branch or has no such page.  Read from the
template's syntax tree, such a name is found before anything renders.

Only page templates are read so: a part that pages include or extend sees
whatever the page it is rendered for has, which strict undefined still checks.
The tree is read generously, so that a template that works is never refused:
a name the template, or a template it extends, sets anywhere (``set``,
``for``, ``with``, macro arguments, imports) counts as its own everywhere,
and a name it asks about (``is defined``, ``|default``) is allowed to be
missing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from jinja2 import nodes

# Names Jinja itself provides inside templates, loops, blocks and macros.
_JINJA = frozenset({"self", "super", "loop", "caller", "varargs", "kwargs"})
_ASKING_TESTS = frozenset({"defined", "undefined"})
_ASKING_FILTERS = frozenset({"default", "d"})


def unknown_names(
    tree: nodes.Template,
    given: Iterable[str],
    parse: Callable[[str], nodes.Template | None],
) -> list[tuple[str, int]]:
    """(name, line of its first read) of each variable read but neither given, a Jinja
    name nor the template's own, in the order of the lines.

    The templates it extends (``parse`` gives each, or None) run first, so what they
    set is its own too; when that cannot be told (a parent chosen at render time),
    nothing is reported.
    """
    inherited = _inherited(tree, parse)
    if inherited is None:
        return []
    known = _JINJA | set(given) | _own(tree) | _asked(tree) | inherited
    first: dict[str, int] = {}
    for node in tree.find_all(nodes.Name):
        if node.ctx == "load" and node.name not in known:
            first[node.name] = min(node.lineno, first.get(node.name, node.lineno))
    return sorted(first.items(), key=lambda item: (item[1], item[0]))


def _inherited(
    tree: nodes.Template, parse: Callable[[str], nodes.Template | None]
) -> set[str] | None:
    """The names the templates ``tree`` extends set, theirs included; None when a parent is
    not a constant name."""
    names: set[str] = set()
    seen: set[str] = set()
    todo = [tree]
    while todo:
        for extends in todo.pop().find_all(nodes.Extends):
            target = extends.template
            if not (isinstance(target, nodes.Const) and isinstance(target.value, str)):
                return None
            if target.value in seen:  # extending itself: rendering reports that
                continue
            seen.add(target.value)
            parent = parse(target.value)
            if parent is not None:
                names |= _own(parent)
                todo.append(parent)
    return names


def _own(tree: nodes.Template) -> set[str]:
    """Every name the template assigns, binds or imports, wherever it does."""
    own = {node.name for node in tree.find_all(nodes.Name) if node.ctx in ("store", "param")}
    for imported in tree.find_all(nodes.Import):
        own.add(imported.target)
    for each in tree.find_all(nodes.FromImport):
        own.update(name if isinstance(name, str) else name[1] for name in each.names)
    own.update(macro.name for macro in tree.find_all(nodes.Macro))
    return own


def _asked(tree: nodes.Template) -> set[str]:
    """Names the template asks about, prepared for their absence."""
    asked = set()
    for test in tree.find_all(nodes.Test):
        if test.name in _ASKING_TESTS and isinstance(test.node, nodes.Name):
            asked.add(test.node.name)
    for applied in tree.find_all(nodes.Filter):
        if applied.name in _ASKING_FILTERS and isinstance(applied.node, nodes.Name):
            asked.add(applied.node.name)
    return asked

"""Code actions: the quick fixes for the problems the editor shows, as edits it applies.

`code_actions` answers for the problems of one file in the range the editor asks about
(Problems as check reports them: 1-based lines and columns in code points) with
``QuickFix`` actions whose text edits are in 0-based code-point ranges; the server
never writes a file.  The fixes of values and lines are in fixes.py; here are the
translation skeletons, each written by edit/translation as `claimtrack translate`
writes it: the original as a comment above an empty value, an error until it is
filled in, on purpose.
"""

from __future__ import annotations

import copy
from functools import partial

from lsprotocol import types

from ...check.rules.quotes import version_holding
from ...codes import Code
from ...edit.splice import Spliced, Text
from ...edit.translation import Request, check_language, plan, translate
from ...edit.translation.fields import QUOTE_ORDER, TRANSLATED_BY_NOTE, quote_skeleton
from ...edit.translation.merge import Branch, Leaf, merge, merged_data
from ...errors import EditError, UsageError
from ...problems import Problem
from ...records import Evidence, TranslatedBy
from ...records.translated import field_name
from ..view import View
from .fixes import FIXES, Document, Fix, of_text, offer

# The keys of a quote item, in the order the tool writes them (edit/yamledit.QuoteItem).
EVIDENCE_ORDER = ("source", "revision", "quote", "translation", "translated_by", "translations")


def code_actions(
    view: View, rel: str, text: str, problems: list[Problem] | tuple[Problem, ...]
) -> list[types.CodeAction]:
    """The quick fixes for these problems of the document ``rel`` whose text is ``text``
    (the text the view was made from)."""
    doc = Document(rel, text)
    out: list[types.CodeAction] = []
    for problem in problems:
        found = ALL_FIXES.get(problem.code)
        if found is not None and problem.path == rel:
            out += found(view, doc, problem)
    return out


def merged(
    view: View,
    doc: Document,
    title: str,
    trees: list[tuple[tuple[str | int, ...], Branch]],
    preferred: bool = True,
) -> list[types.CodeAction]:
    """The fix that merges these trees into the text (edit/translation/merge), offered when
    the new text loads as the old data with exactly those keys set."""

    def splice(text: Text) -> Spliced:
        expected = copy.deepcopy(text.data)
        for path, tree in trees:
            merged_data(expected, path, tree)
        return Spliced(merge(text.text, trees), expected, "the fix")

    return offer(view, doc, title, of_text(splice), preferred)


def missing_field_fix(view: View, doc: Document, problem: Problem) -> list[types.CodeAction]:
    """A translation block without a required field (``translated_by``, a quote's
    ``text``): the block completed as `translate` completes it."""
    for path, span in doc.at(problem):
        if span.kind != "map" or len(path) < 2 or path[-2] != "translations":
            continue
        tag, owner = path[-1], path[:-2]
        if not isinstance(tag, str):
            continue
        if owner:
            return quote_block_fix(view, doc, owner, tag)
        return record_block_fix(view, doc, tag)
    return []


def record_block_fix(view: View, doc: Document, tag: str) -> list[types.CodeAction]:
    """Every field the record's translation into ``tag`` still lacks, written by
    `translate` itself (edit/translation.translate: the same bytes the command writes)."""
    kind = doc.kind
    if kind is None:
        return []
    request = Request(kind, tag)
    try:
        check_language(view.tracker.settings, tag, kind)
        todo = plan(doc.text.encode("utf-8"), doc.rel, request)
    except (UsageError, EditError, UnicodeError):
        return []
    names = ["translated_by", *(field_name(p) for p in todo.fields)]
    title = f"Add the {tag} translation's {', '.join(names)}, as `claimtrack translate` does"
    return offer(view, doc, title, partial(translate, request=request))


def quote_block_fix(
    view: View, doc: Document, item: tuple[str | int, ...], tag: str
) -> list[types.CodeAction]:
    """A quote's translation into ``tag`` completed with the keys of translate's quote
    skeleton that it lacks (its fingerprint only with its text)."""
    quote, english = doc.value((*item, "quote")), doc.value((*item, "translation"))
    block = doc.value((*item, "translations", tag))
    if not isinstance(quote, str) or not isinstance(block, dict):
        return []
    skeleton = quote_skeleton(quote, english if isinstance(english, str) else None)
    items = {k: v for k, v in skeleton.items() if k not in block}
    if "text" not in items:
        items.pop("made_from", None)
    if not items:
        return []
    tree = Branch({"translations": Branch({tag: Branch(items, QUOTE_ORDER)})})
    title = f"Add the {tag} translation's {', '.join(items)}, as `claimtrack translate` does"
    return merged(view, doc, title, [(item, tree)])


def english_fix(view: View, doc: Document, problem: Problem) -> list[types.CodeAction]:
    """A quote in another language without its English translation: ``translation:``
    empty under the quote as a comment, and ``translated_by:`` to say who made it."""
    for path, _ in doc.at(problem, keys=True):
        if path[-1] != "quote":
            continue
        item = path[:-1]
        quote, entry = doc.value(path), doc.value(item)
        if not isinstance(quote, str) or not isinstance(entry, dict):
            continue
        items: dict[str, Leaf | Branch] = {}
        if "translation" not in entry:
            items["translation"] = Leaf("", quote)
        if "translated_by" not in entry:
            items["translated_by"] = Leaf(None, TRANSLATED_BY_NOTE)
        if not items:
            return []
        title = "Add the quote's English translation: " + ", ".join(items)
        return merged(view, doc, title, [(item, Branch(items, EVIDENCE_ORDER))])
    return []


def translated_by_fix(view: View, doc: Document, problem: Problem) -> list[types.CodeAction]:
    """A quote's English translation without ``translated_by``: one fix for each value it
    may take (who made it is for the editor to say; neither is preferred)."""
    for path, _ in doc.at(problem, keys=True):
        item = path[:-1]
        entry = doc.value(item)
        if path[-1] != "translation" or not isinstance(entry, dict) or "translated_by" in entry:
            continue
        out = []
        for by in TranslatedBy:
            tree = Branch({"translated_by": Leaf(by.value)}, EVIDENCE_ORDER)
            title = f"Say who translated the quote: translated_by: {by.value}"
            out += merged(view, doc, title, [(item, tree)], preferred=False)
        return out
    return []


def revision_fix(view: View, doc: Document, problem: Problem) -> list[types.CodeAction]:
    """A quote not in the version of its source it cites but in a later one: ``revision:``
    set to that one (the hint's way out; going back to the first copy is the editor's)."""
    for path, _ in doc.at(problem):
        item = path[:-1]
        quote, entry = doc.value(path), doc.value(item)
        if path[-1] != "quote" or not isinstance(quote, str) or not isinstance(entry, dict):
            continue
        source, revision = entry.get("source"), entry.get("revision")
        if not isinstance(source, str) or source not in view.tracker.sources:
            return []
        ev = Evidence.model_construct(
            source=source, revision=revision if isinstance(revision, str) else None, quote=quote
        )
        holding = version_holding(view.analysis, ev)
        if holding is None or holding[0] is None:
            return []
        key = holding[0]
        tree = Branch({"revision": Leaf(key)}, EVIDENCE_ORDER)
        title = f"Cite the revision of {key}, which holds these words: revision: {key}"
        return merged(view, doc, title, [(item, tree)], preferred=False)
    return []


def quote_fixes(view: View, doc: Document, problem: Problem) -> list[types.CodeAction]:
    """A quote not found: its words as the archive writes them, or the revision that
    holds them."""
    return FIXES[Code.QUOTE_NOT_FOUND](view, doc, problem) + revision_fix(view, doc, problem)


ALL_FIXES: dict[Code, Fix] = {
    **FIXES,
    Code.QUOTE_NOT_FOUND: quote_fixes,
    Code.MISSING_FIELD: missing_field_fix,
    Code.TRANSLATION_MISSING: english_fix,
    Code.TRANSLATED_BY_MISSING: translated_by_fix,
}

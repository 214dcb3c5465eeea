"""Hover: a quote in its archived copy, a source's or a claim's summary, a problem
code's meaning from the registry.

Everything shown comes from the view (records, analysis, problems), in Markdown.  The
archive's words are shown as they stand, escaped so that Markdown takes none of them
for formatting.
"""

from __future__ import annotations

import re
import unicodedata

from lsprotocol import types

from ...check.text.textnorm import normalise
from ...codes import CODES, Code
from ...i18n import own_name
from ...layout import archive_rel, record_rel
from ...load.validation import suggest
from ...problems import Problem
from ...records.vocabulary import STATUS_MEANINGS, Status
from ..convert import problem_range
from ..view import View
from .define import Quoted, closest_in, quote_at
from .fields import Role, role
from .locate import locate

_MARKDOWN = re.compile(r"([\\`*_\[\]<>#|~])")
_RULE = "\n\n---\n\n"


def hover(view: View, rel: str, text: str, position: types.Position) -> types.Hover | None:
    """What to show for the cursor's place; None when there is nothing to say."""
    spot = locate(rel, text, position.line, position.character)
    if spot is None:
        return None
    parts = [_code(problem) for problem in problems_at(view, rel, text, position)]
    if spot.in_comment and spot.text in Code._value2member_map_:
        parts.append(code_summary(Code(spot.text)))
    wanted = role(spot)
    if wanted is Role.SOURCE_ID and spot.text:
        parts.append(source_summary(view, spot.text))
    elif wanted is Role.CLAIM_ID and spot.text:
        parts.append(claim_summary(view, spot.text))
    elif wanted is Role.QUOTE:
        found = quote_at(view, rel, text, spot)
        if found is not None:
            parts.append(quote_summary(view, found))
    elif wanted is Role.CHOICE and spot.text in Status._value2member_map_:
        status = Status(spot.text)  # what the status means, as the site's legend says
        parts.append(f"**{status}**: {escape(STATUS_MEANINGS[status])}")
    if not parts:
        return None
    return types.Hover(
        contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=_RULE.join(parts)),
        range=types.Range(
            types.Position(spot.line, spot.start), types.Position(spot.line, spot.end)
        ),
    )


def escape(text: str) -> str:
    """Text as Markdown shows it, every character as itself."""
    return _MARKDOWN.sub(r"\\\1", text)


def problems_at(view: View, rel: str, text: str, position: types.Position) -> list[Problem]:
    """The problems of this file whose diagnostic's range holds the cursor: the range the
    editor underlines (convert.problem_range), so that hover and underline agree."""
    found = []
    for problem in view.by_path.get(rel, ()):
        r = problem_range(problem, text)
        if r.start.line == position.line and (
            r.start.character <= position.character <= r.end.character
        ):
            found.append(problem)
    return found


def _code(problem: Problem) -> str:
    return f"{code_summary(problem.code)}\n\n{escape(problem.message)}" + (
        f" ({escape(problem.hint)})" if problem.hint else ""
    )


def code_summary(code: Code) -> str:
    info = CODES[code]
    return f"`{code}` ({info.severity}): {escape(info.summary)}"


def source_summary(view: View, sid: str) -> str:
    """A source's title, publisher, date, language and whether it is archived."""
    tracker = view.tracker
    loaded = tracker.sources.get(sid)
    if loaded is None:
        if sid in tracker.broken_sources:
            return f"Source `{sid}`: its file `{record_rel('source', sid)}` does not load."
        hint = suggest(sid, tracker.sources)
        return f"No source `{sid}`." + (f" {escape(hint.capitalize())}" if hint else "")
    source = loaded.record
    facts = [
        f"publisher: {escape(source.publisher or 'not known')}",
        f"published: {source.published or 'date not known'}",
        f"language: {escape(source.language)} ({own_name(source.language)})",
        f"kind: {source.kind}",
    ]
    archive = tracker.archives.get(sid)
    if archive is not None:
        retrieved = f", retrieved {source.snapshot.retrieved}" if source.snapshot else ""
        facts.append(f"archived: `{archive.path}`{retrieved}")
    else:
        facts.append("not archived: its quotes cannot be checked")
    return f"**{escape(source.title)}** (source `{sid}`)\n\n" + "  \n".join(facts)


def claim_summary(view: View, cid: str) -> str:
    tracker = view.tracker
    loaded = tracker.claims.get(cid)
    if loaded is None:
        if cid in tracker.broken_claims:
            return f"Claim `{cid}`: its file `claims/{cid}.yaml` does not load."
        hint = suggest(cid, tracker.claims)
        return f"No claim `{cid}`." + (f" {escape(hint.capitalize())}" if hint else "")
    claim = loaded.record
    meaning = STATUS_MEANINGS[claim.status]
    return (
        f"**{escape(claim.statement)}** (claim `{cid}`)\n\n"
        f"status: **{claim.status}**: {escape(meaning)}"
    )


def quote_summary(view: View, found: Quoted) -> str:
    """Whether the quote was found, and where: the sentence before and after it in the
    archive with the quote marked; for a quote not found, the closest passage."""
    sid = found.source
    tracker = view.tracker
    if sid is None:
        return "This quote names no source."
    if sid not in tracker.sources:
        return f"The quote's source `{sid}` does not exist."
    archive = view.analysis.copy_of(sid, found.revision)
    if archive is None and found.revision is not None:
        return (
            f"**Not checked**: source `{sid}` has no revision `{escape(found.revision)}` with "
            "a text, so the quote cannot be proven."
        )
    if archive is None:
        return (
            f"**Not checked**: source `{sid}` has no archived copy (`{archive_rel(sid)}`), "
            "so the quote cannot be proven."
        )
    context = view.analysis.quote_context(sid, found.quote, found.revision)
    if context is not None:
        times = "" if context.occurrences == 1 else f" {context.occurrences} times; the first"
        return f"**Found** in `{archive.path}`{times}\n\n" + _passage(
            context.before, context.passage, context.after
        )
    closest = closest_in(view, sid, found.quote, found.revision)
    head = f"**Not found** in `{archive.path}`."
    if closest is None:
        return head
    wanted = normalise(found.quote)
    out = head + f"\n\nThe closest passage ({round(closest.ratio * 100)}% alike):\n\n"
    out += _passage("", archive.text[closest.start : closest.end], "")
    if closest.found_prefix:
        held = wanted[: closest.found_prefix]
        tail = held if len(held) <= 60 else "…" + held[-59:]
        out += (
            f"\n\nThe archive holds the quote's first {closest.found_prefix} of {len(wanted)} "
            f"characters; it departs after “{escape(tail)}”."
        )
    else:
        out += "\n\nThe archive holds not even the quote's first character."
    return out


def _shown(text: str) -> str:
    """Archive text on one line of Markdown: its white space runs as single spaces (a
    blank line would end the blockquote)."""
    return escape(" ".join(text.split()))


def _passage(before: str, passage: str, after: str) -> str:
    """A blockquote of the passage between its neighbours, the passage in bold: on one
    line when Markdown's rules let ``**`` open and close there, else on a line of its own
    (beside Chinese punctuation, ``**`` inside a line may not open)."""
    left = _shown(before) + (" " if before[-1:].isspace() and before.strip() else "")
    right = (" " if after[:1].isspace() and after.strip() else "") + _shown(after)
    bold = f"**{_shown(passage)}**"
    if _opens(left[-1:], bold[2]) and _closes(bold[-3], right[:1]):
        return f"> {left}{bold}{right}"
    return "\n".join(f"> {line}" for line in (_shown(before), bold, _shown(after)) if line)


def _punctuation(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "PS"


def _opens(before: str, first: str) -> bool:
    """Whether ``**`` between these characters opens (CommonMark's left-flanking rule)."""
    return not first.isspace() and (
        not _punctuation(first) or not before or before.isspace() or _punctuation(before)
    )


def _closes(last: str, after: str) -> bool:
    return not last.isspace() and (
        not _punctuation(last) or not after or after.isspace() or _punctuation(after)
    )

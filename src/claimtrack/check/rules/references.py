"""Every id a record names must resolve; derivation and revision must not loop; sources
must be used."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from ...codes import Code
from ...layout import record_rel
from ...load import Loaded
from ...load.files import read_data_file
from ...load.nodes import Path_, Positions
from ...load.validation import suggest
from ...problems import Problem, report
from ...records import Claim, Source
from ...textrules import ID_PATTERN
from ..analysis import Analysis, ClaimRule, SourceRule, TrackerRule
from ..graph import walk


def _unknown(kind: str, name: str, known: object) -> tuple[str, str | None]:
    return f"unknown {kind} {name!r}", suggest(name, known)


def derivation_references(a: Analysis, loaded: Loaded[Source]) -> Iterator[Problem]:
    for i, parent in enumerate(loaded.record.derived_from):
        if parent not in a.known_sources:
            msg, hint = _unknown("source", parent, a.known_sources)
            pos = loaded.positions.value(("derived_from", i))
            yield report(loaded.path, pos, Code.UNKNOWN_SOURCE, msg, hint)


def evidence_references(a: Analysis, loaded: Loaded[Claim]) -> Iterator[Problem]:
    claim = loaded.record
    cited: list[tuple[tuple[str | int, ...], str]] = [
        ((*path, "source"), ev.source) for path, ev in claim.quote_items()
    ]
    cited += [
        (("history", i, "evidence", j), sid)
        for i, entry in enumerate(claim.history)
        for j, sid in enumerate(entry.evidence)
        if isinstance(sid, str)
    ]
    cited += [(("to_check", i), sid) for i, sid in enumerate(claim.to_check)]
    return unknown_sources(a, loaded.path, loaded.positions, cited)


def unknown_sources(
    a: Analysis, relpath: str, positions: Positions, cited: Iterable[tuple[Path_, str]]
) -> Iterator[Problem]:
    """The sources named at these paths of ``relpath`` that no source file has."""
    known = a.known_sources
    for path, sid in cited:
        if sid not in known:
            msg, hint = _unknown("source", sid, known)
            yield report(relpath, positions.value(path), Code.UNKNOWN_SOURCE, msg, hint)


def claim_references(a: Analysis, loaded: Loaded[Claim]) -> Iterator[Problem]:
    for i, other in enumerate(loaded.record.related):
        if other == loaded.id:
            yield report(
                loaded.path,
                loaded.positions.value(("related", i)),
                Code.SELF_RELATED,
                "a claim is not related to itself",
            )
        elif other not in a.known_claims:
            msg, hint = _unknown("claim", other, a.known_claims)
            pos = loaded.positions.value(("related", i))
            yield report(loaded.path, pos, Code.UNKNOWN_CLAIM, msg, hint)


def revision_reference(a: Analysis, loaded: Loaded[Claim]) -> Iterator[Problem]:
    """``revises`` names another claim that exists."""
    other = loaded.record.revises
    if other is None:
        return
    pos = loaded.positions.value(("revises",))
    if other == loaded.id:
        yield report(
            loaded.path,
            pos,
            Code.SELF_REVISION,
            "a claim does not revise itself",
            "name the earlier claim this one revises, or remove `revises`",
        )
    elif other not in a.known_claims:
        msg, hint = _unknown("claim", other, a.known_claims - {loaded.id})
        yield report(loaded.path, pos, Code.UNKNOWN_CLAIM, msg, hint)


def revision_cycles(a: Analysis) -> Iterator[Problem]:
    """Loops in ``revises`` (graph.walk, the walk of derived_from), reported at the
    ``revises`` of each claim of the loop: any one of them, changed, ends it.  A claim that
    revises itself is self-revision's alone."""
    claims, links = a.tracker.claims, a.links
    # Only the claims that revise another: no loop passes through one that revises none
    # (walk skips the ids it is not given).  links.revising has them, by the claims they
    # revise: a walk of those, not of every claim.
    parents = {
        cid: [other for other in links.names[cid].revises if other != cid]
        for cid in sorted(set().union(*links.revising.values()))
        if cid in claims
    }
    for cycle in walk(parents).cycles:
        for i, cid in enumerate(cycle):
            loop = [*cycle[i:], *cycle[:i], cid]
            loaded = claims[cid]
            yield report(
                loaded.path,
                loaded.positions.value(("revises",)),
                Code.REVISION_CYCLE,
                "revisions form a cycle: " + " revises ".join(loop),
                "a claim revises an earlier one: remove `revises` from the earliest claim",
            )


def derivation_cycles(a: Analysis) -> Iterator[Problem]:
    """Loops in derived_from (from the one walk of the graph), one problem per derived_from entry."""
    reported: set[tuple[str, int, int]] = set()
    for cycle in a.derivation.cycles:
        problem = _cycle_problem(a, list(cycle))
        if (problem.path, problem.line, problem.column) not in reported:
            reported.add((problem.path, problem.line, problem.column))
            yield problem


def _cycle_problem(a: Analysis, cycle: list[str]) -> Problem:
    first = cycle.index(min(cycle))
    cycle = cycle[first:] + cycle[:first]
    loaded = a.tracker.sources[cycle[0]]
    following = cycle[1] if len(cycle) > 1 else cycle[0]
    index = loaded.record.derived_from.index(following)
    return report(
        loaded.path,
        loaded.positions.value(("derived_from", index)),
        Code.DERIVATION_CYCLE,
        "derived_from forms a cycle: " + " -> ".join([*cycle, cycle[0]]),
    )


# A word that could be a record's id (textrules.ID_PATTERN, unanchored), as a whole word.
_ID_WORD = re.compile(rf"(?<![\w-]){ID_PATTERN.strip('^$')}(?![\w-])")


def named_by_broken_claims(a: Analysis) -> set[str]:
    """The ids a claim that failed to load may cite: every id-shaped word of its file.

    Such a claim has no record to read, yet its evidence may well name a source; without
    this, fixing the claim would be preceded by a false unused-source warning for each
    source only it cites.  Reading the words of these few files again is cheap, and keeps
    the warning for every source that no file names at all (suppressing unused-source
    while any claim is broken would hide those too).  The file on disk is read: a
    language server's unsaved text of a broken claim is not in the tracker.
    """
    named: set[str] = set()
    for cid in a.tracker.broken_claims:
        raw = read_data_file(a.tracker.root, a.tracker.root / record_rel("claim", cid), [])
        if raw is not None:
            named.update(_ID_WORD.findall(raw.decode("utf-8", "replace")))
    return named


def unused_sources(a: Analysis) -> Iterator[Problem]:
    # A source is used when a claim cites it or names it to check, or when a
    # used source derives from it.
    sources, parents = a.tracker.sources, a.parents
    # From the links themselves, unsorted (a.cited_by sorts a source's claims, for pages).
    links = a.links
    used = {sid for sid, cids in links.citing.items() if cids}
    used |= {sid for sid, cids in links.checking.items() if cids}
    used |= named_by_broken_claims(a)
    used &= sources.keys()
    # Walked up from the used sources that derive from any (most derive from none).
    frontier = [sid for sid in used if parents[sid]]
    while frontier:
        for parent in parents[frontier.pop()]:
            if parent in sources and parent not in used:
                used.add(parent)
                frontier.append(parent)
    for sid in sorted(sources.keys() - used):
        yield report(
            sources[sid].path,
            (1, 1),
            Code.UNUSED_SOURCE,
            f"source {sid!r} is not cited by any claim",
        )


CLAIM_RULES: tuple[ClaimRule, ...] = (evidence_references, claim_references, revision_reference)
SOURCE_RULES: tuple[SourceRule, ...] = (derivation_references,)
TRACKER_RULES: tuple[TrackerRule, ...] = (derivation_cycles, revision_cycles, unused_sources)

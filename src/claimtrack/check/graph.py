"""The derivation graph of the sources (``derived_from``), walked once.

One depth-first walk gives both facts that depend on it: the independent
origins of every source (the sources it derives from that derive from
nothing) and the loops (``derivation-cycle``).  It visits every source and
every link once, iteratively: a walk that followed every path would take
exponential time on a wide, deep graph, and recursion would stop at Python's
limit on a long chain.

The graph itself (``parents``) is kept from one check to the next while an edit left every
source's ``derived_from`` as it was (``unchanged``): a source's notes or archive edited
costs that source, not a walk of all of them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..load import Tracker

# Each source id -> the ids it derives from, as its record says.
Parents = dict[str, tuple[str, ...]]


def parents_of(tracker: Tracker) -> Parents:
    """From each source's ``derived_from`` as the cache keeps it: no record rebuilt."""
    return {sid: loaded.source_names.derived_from for sid, loaded in tracker.sources.items()}


def unchanged(before: Tracker, now: Tracker, parents: Parents | None) -> bool:
    """Whether ``parents`` (``before``'s graph) is ``now``'s too: the same records, or the
    same sources after an edit (``now.changes``, since ``before``'s load) that left each
    edited source's ``derived_from`` as it was."""
    if before.sources is now.sources:
        return True
    changes = now.changes
    if parents is None or changes is None or changes.settings:
        return False
    if before.sources.keys() != now.sources.keys():
        return False
    return all(
        parents[sid] == now.sources[sid].source_names.derived_from
        for sid in changes.sources
        if sid in now.sources
    )


@dataclass(frozen=True, slots=True)
class Derivation:
    # Independent origins of each source.  A source in a loop has no origin
    # outside it and counts as its own, so that a broken record cannot inflate
    # a count.
    origins: dict[str, frozenset[str]]
    # Each loop found, as the ids along it (the last one derives from the first).
    cycles: tuple[tuple[str, ...], ...]


def walk(parents: Mapping[str, Sequence[str]]) -> Derivation:
    """Walk ``parents`` (each source id -> the ids it derives from; unknown ids are skipped)."""
    origins: dict[str, frozenset[str]] = {}
    cycles: list[tuple[str, ...]] = []
    for start in sorted(parents):
        if start in origins:
            continue
        path, on_path = [start], {start}
        frames = [iter([p for p in parents[start] if p in parents])]
        found: list[set[str]] = [set()]
        while frames:
            parent = next(frames[-1], None)
            sid = path[-1]
            if parent is None:
                frames.pop()
                path.pop()
                on_path.discard(sid)
                mine = frozenset(found.pop() or {sid})
                origins[sid] = mine
                if found:
                    found[-1] |= mine
            elif parent in on_path:
                cycles.append(tuple(path[path.index(parent) :]))
                found[-1].add(sid)
            elif parent in origins:
                found[-1] |= origins[parent]
            else:
                path.append(parent)
                on_path.add(parent)
                frames.append(iter([p for p in parents[parent] if p in parents]))
                found.append(set())
    return Derivation(origins, tuple(cycles))


def children_of(parents: Mapping[str, Sequence[str]]) -> dict[str, list[str]]:
    """The other way round: each node's children, sorted (a parent that is no node has none)."""
    children: dict[str, list[str]] = {node: [] for node in parents}
    for node, named in sorted(parents.items()):
        for parent in named:
            if parent in children:
                children[parent].append(node)
    return children

"""Stable digests of outputs' keys, the same in every process (``KeyDigests``).

The key digest is as discriminating as comparing the keys in memory (``==``):
dataclasses by their class and compared fields (``field(compare=False)`` is left
out, as ``==`` leaves it), pydantic models by their class and fields, dicts and
sets whatever their order, enums by class and value; orjson writes the leaves.  A
claim's view and its summary, which most keys hold, are written as the digests of
what they are made from (site/inputs.py), and a source's view with its record as the
digest of its file, so nothing large is walked twice.  A
value of any other type makes the key undigestable: that output is always made.
Lists and tuples both digest as arrays, and dict keys as text: no field of a view
or a record holds either a list or a tuple, and their dicts are keyed by text.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import operator
import sys
from collections.abc import Callable, Iterable
from functools import cache as memoise
from importlib import metadata
from typing import Any

import orjson
from pydantic import BaseModel

from .inputs import Inputs
from .model.views import ClaimSummary, ClaimView, SiteSettings, SourceView
from .plan.outputs import Kept

_OPTIONS = orjson.OPT_NON_STR_KEYS | orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS
# How a type is written: its name and the getter of its compared fields.
_Plan = tuple[str, Callable[[Any], Any]]


class KeyDigests:
    """Stable digests of outputs' keys, for one build (``salt``: the theme, which every page
    is rendered with, so that another theme gives other digests).

    With ``inputs`` (the dependency index of the build's analysis), a claim's view or
    summary is written as the digest of what it is made from (site/inputs.py), not walked:
    the same for equal views, and a few bytes where a view is thousands."""

    def __init__(self, salt: str, inputs: Inputs | None = None) -> None:
        self.salt = salt
        self._salt = salt.encode()
        self._inputs = inputs
        self._plans: dict[type, _Plan] = {}
        # The site's settings, which every page's key and every line of claims.json holds,
        # and each source's view, which its pages and sources.json hold: walked once per
        # object (held here, so that its id is not another's), not 30,000 times a build.
        self._walked: dict[int, tuple[object, dict[str, str]]] = {}

    @property
    def inputs(self) -> Inputs | None:
        return self._inputs

    def of(self, key: object) -> str | None:
        """The key's digest; None when it has none (None: always made) or cannot have one."""
        if key is None:
            return None
        if type(key) is Kept:  # digested by the last build (site/carried.py)
            return key.digest
        try:
            body = orjson.dumps(key, default=self._default, option=_OPTIONS)
        except orjson.JSONEncodeError:  # a value of a type _default does not know
            return None
        return hashlib.blake2b(self._salt + b"\0" + body, digest_size=16).hexdigest()

    def _default(self, obj: Any) -> Any:
        kind = type(obj)
        if self._inputs is not None:
            if kind is ClaimView:
                return {"\0c": self._inputs.claim(obj.summary.id)}
            if kind is ClaimSummary:
                return {"\0u": self._inputs.summary(obj.id)}
            if kind is SourceView:
                # Its fields, its record as the digest of the file it was read from: a
                # record is its file's bytes read (4,000 records walked a build, else).
                record = self._inputs.source_file(obj.ref.id)
                return self._once(obj, "\0v", lambda view: [record, _SOURCE_VIEW(view)])
        if kind is SiteSettings:
            return self._once(obj, "\0g", self._walk)
        return self._walk(obj)

    def _once(self, obj: object, tag: str, walk: Callable[[Any], Any]) -> dict[str, str]:
        """What stands for ``obj``: the digest of what ``walk`` gives, taken once per object."""
        known = self._walked.get(id(obj))
        if known is None:
            walked = orjson.dumps(walk(obj), default=self._default, option=_OPTIONS)
            digest = hashlib.blake2b(walked, digest_size=16).hexdigest()
            known = self._walked[id(obj)] = (obj, {tag: digest})
        return known[1]

    def _walk(self, obj: Any) -> Any:
        """What stands for ``obj`` in the JSON digested: its type's name and compared fields."""
        kind = type(obj)
        plan = self._plans.get(kind)
        if plan is None:
            if issubclass(kind, frozenset | set):
                return {"\0s": self._set(obj)}
            plan = self._plans[kind] = _plan(kind)
        name, values = plan
        return {"\0": name, "\1": values(obj)}

    def _set(self, items: Iterable[object]) -> list[str]:
        """A set's members in an order of their own (not the hash's, which varies)."""
        return sorted(
            orjson.dumps(x, default=self._default, option=_OPTIONS).decode() for x in items
        )


@memoise
def renderers() -> str:
    """What, besides the code (the cache's name) and the theme, turns a key into bytes: the
    Python and the libraries that render and format (another version, other bytes)."""
    names = ("jinja2", "markupsafe", "babel", "orjson")
    return " ".join([sys.version, *(f"{n}={metadata.version(n)}" for n in names)])


def _plan(kind: type) -> _Plan:
    name = f"{kind.__module__}.{kind.__qualname__}"
    if issubclass(kind, BaseModel):
        # What pydantic's == compares: every field's value (extra and private attributes
        # too, which the records do not have).
        return name, _getter(tuple(kind.model_fields))
    if dataclasses.is_dataclass(kind):
        if not kind.__dataclass_params__.eq:  # type: ignore[attr-defined]
            # Compared by identity in memory: equal only to itself, never across builds.
            raise TypeError(f"{name} is compared by identity")
        fields = tuple(f.name for f in dataclasses.fields(kind) if f.compare)
        return name, _getter(fields)
    if issubclass(kind, enum.Enum):
        return name, operator.attrgetter("value")
    if issubclass(kind, bytes):
        return name, lambda b: hashlib.blake2b(b, digest_size=16).hexdigest()
    raise TypeError(f"no stable digest for {name}")


def _getter(fields: tuple[str, ...]) -> Callable[[Any], Any]:
    if len(fields) == 1:
        one = operator.attrgetter(fields[0])
        return lambda obj: (one(obj),)
    if not fields:
        return lambda obj: ()
    return operator.attrgetter(*fields)


# What a SourceView's digest walks besides its record (KeyDigests._default).
_SOURCE_VIEW = _getter(
    tuple(f.name for f in dataclasses.fields(SourceView) if f.compare and f.name != "record")
)

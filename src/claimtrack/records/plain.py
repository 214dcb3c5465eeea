"""A validated record as plain JSON data and back, without validating it again.

The disk cache (load/cache/) keeps each record file's validated record by the digest of
the file, so that an unchanged file is never validated again.  ``plain`` gives the record
as pydantic dumps it (JSON types, only the fields its file set); ``rebuild`` makes the same
record from that data: each model's instance is made directly, as pydantic's
``model_construct`` makes one but without its cost per call (ten times validation's), with
each field turned back into its type as the model's annotations say: dates from ISO text,
enums from their values, nested models, lists and mappings of them.

The builder of each model class is Python source written from the class's fields (the
names and types of our own models, never anything of the data), compiled once: the data
is only ever read as values, nothing in it is run or looked up by name.  Data of another
shape raises LookupError, TypeError or ValueError (``UNFIT``), and the caller validates the
file again.

tests/test_plain_records.py proves ``rebuild(model, plain(r)) == r``, field sets and types
included, for every record of the repository's tracker and of the benchmark's.

Every model instance of a record holds the set of the names of the fields its file set
(pydantic's ``__pydantic_fields_set__``, what ``plain`` reads).  Records are frozen, so a
set is never changed after the record is made (``model_copy`` copies it): ``share_sets``
makes the records' sets of the same names one set.  Without it, 67,000 sets were 23 MiB of
a 10,000-claim build's memory; with it, 43.
"""

from __future__ import annotations

import datetime as dt
import types
from collections.abc import Callable, Iterable
from enum import Enum
from functools import cache
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel
from pydantic_core import PydanticUndefined

M = TypeVar("M", bound=BaseModel)
# What rebuilding data of another shape raises (the caller validates the file instead).
UNFIT = (LookupError, TypeError, ValueError, AttributeError)
# Values that JSON gives back as validation left them: no conversion.
_AS_IS = (str, int, float, bool, type(None))


def plain(record: BaseModel) -> bytes:
    """The record as JSON: the fields its file set, in JSON's types (what ``rebuild`` takes
    once loaded)."""
    return record.model_dump_json(exclude_unset=True).encode()


# One set for each distinct set of names that records' fields were set by (see above).
_SETS: dict[frozenset[str], set[str]] = {}


def names_set(names: Iterable[str]) -> set[str]:
    """The one set of these names that records share as their fields set (never changed:
    records are frozen)."""
    key = frozenset(names)
    found = _SETS.get(key)
    if found is None:
        found = _SETS[key] = set(key)
    return found


def share_sets(record: BaseModel) -> None:
    """Make the fields set of each model instance in a validated record the shared one of
    the same names (``names_set``): the instances that validation made hold sets of their
    own.  Only the fields whose type can hold a model are looked into."""
    put = object.__setattr__
    todo: list[Any] = [record]
    pop, push, more = todo.pop, todo.append, todo.extend
    while todo:
        value = pop()
        if isinstance(value, BaseModel):
            put(value, "__pydantic_fields_set__", names_set(value.__pydantic_fields_set__))
            fields = value.__dict__
            for name in _holding_models(type(value)):
                push(fields[name])
        elif type(value) is list:
            more(value)
        elif type(value) is dict:
            more(value.values())


@cache
def _holding_models(model: type[BaseModel]) -> tuple[str, ...]:
    """The fields of ``model`` whose type can hold a model instance."""
    return tuple(
        name for name, info in model.model_fields.items() if _may_hold_model(info.annotation)
    )


def _may_hold_model(annotation: Any) -> bool:
    return _is_model(annotation) or any(_may_hold_model(a) for a in get_args(annotation))


def rebuild(model: type[M], data: Any) -> M:
    """The record of ``model`` that ``plain`` gave ``data`` for, made without validation."""
    found: M = _builder(model)(data)
    return found


class _Source:
    """The source of one builder being written: its names, and a fresh variable each time."""

    def __init__(self, model: type[BaseModel]) -> None:
        self.scope: dict[str, Any] = {
            "M": model,
            "NAMES": frozenset(model.model_fields),
            "new": object.__new__,
            "put": object.__setattr__,
            "names": names_set,
            "unfit": _unfit,
        }
        self._count = 0

    def name(self, value: Any) -> str:
        """A name in the builder's scope for ``value`` (a function, class or constant)."""
        self._count += 1
        found = f"n{self._count}"
        self.scope[found] = value
        return found

    def default(self, info: Any) -> str:
        """An expression for the default of a field or private attribute (``info``)."""
        if info.default_factory is not None:
            return f"{self.name(info.default_factory)}()"
        if not isinstance(info.default, _AS_IS):  # pydantic would copy a mutable one
            raise TypeError(f"{info!r}: a mutable default")
        return self.name(info.default)

    def var(self) -> str:
        self._count += 1
        return f"t{self._count}"

    def expr(self, annotation: Any, value: str) -> str:
        """An expression turning the JSON value ``value`` (an expression that may be
        evaluated once) into what validation left for ``annotation``."""
        origin = get_origin(annotation)
        if origin is Annotated:
            return self.expr(get_args(annotation)[0], value)
        if origin in (Union, types.UnionType):
            return self._union(annotation, value)
        if origin is list:
            item = self.var()
            inner = self.expr(get_args(annotation)[0], item)
            return value if inner == item else f"[{inner} for {item} in {value}]"
        if origin is dict:
            key_type, value_type = get_args(annotation)
            if not _as_is(key_type):
                raise TypeError(f"no rebuild for the keys of {annotation!r}")
            key, item = self.var(), self.var()
            inner = self.expr(value_type, item)
            return (
                value
                if inner == item
                else f"{{{key}: {inner} for {key}, {item} in {value}.items()}}"
            )
        if _as_is(annotation):
            return value
        if annotation is dt.date:
            return f"{self.name(dt.date.fromisoformat)}({value})"
        if isinstance(annotation, type) and issubclass(annotation, Enum):
            # The member by its value: what Enum(value) finds, without EnumMeta.__call__.
            return f"{self.name(annotation._value2member_map_)}[{value}]"
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            return f"{self.name(_builder(annotation))}({value})"
        raise TypeError(f"no rebuild for {annotation!r}")

    def _union(self, annotation: Any, value: str) -> str:
        args = [a for a in get_args(annotation) if a is not type(None)]
        if all(_as_is(a) for a in args):
            return value
        if len(args) == 1:
            held = self.var()
            return f"(None if ({held} := {value}) is None else {self.expr(args[0], held)})"
        # A record id or a quote (records.HistoryEvidence): text as is, a mapping a model.
        kept = [a for a in args if not _as_is(a)]
        if len(kept) == 1 and _is_model(_bare(kept[0])):
            held = self.var()
            model = self.expr(kept[0], held)
            return f"({held} if isinstance({held} := {value}, str) else {model})"
        raise TypeError(f"no rebuild for {annotation!r}")


def _bare(annotation: Any) -> Any:
    while get_origin(annotation) is Annotated:
        annotation = get_args(annotation)[0]
    return annotation


def _as_is(annotation: Any) -> bool:
    """Whether JSON gives a value of ``annotation`` back as validation left it."""
    bare = _bare(annotation)
    if get_origin(bare) is Literal:
        return all(isinstance(a, _AS_IS) for a in get_args(bare))
    if get_origin(bare) in (Union, types.UnionType):
        return all(_as_is(a) for a in get_args(bare))
    return isinstance(bare, type) and not issubclass(bare, Enum) and issubclass(bare, _AS_IS)


def _is_model(found: Any) -> bool:
    return isinstance(found, type) and issubclass(found, BaseModel)


def _has_default(attribute: Any) -> bool:
    return attribute.default is not PydanticUndefined or attribute.default_factory is not None


def _unfit(model: type[BaseModel], data: Any) -> None:
    if not isinstance(data, dict):
        raise TypeError(f"{model.__name__}: not a mapping")
    raise KeyError(f"{model.__name__}: not a field: {sorted(data.keys() - model.model_fields)}")


@cache
def _builder(model: type[M]) -> Callable[[Any], M]:
    """The function that makes an instance of ``model`` from its plain data, its source
    written from the model's fields, so that a field costs its conversion and nothing more."""
    src = _Source(model)
    items = []
    for name, info in model.model_fields.items():
        value = src.expr(info.annotation, f"d[{name!r}]")
        if _has_default(info):
            value = f"({value} if {name!r} in d else {src.default(info)})"
        items.append(f"        {name!r}: {value},")
    # As pydantic's init_private_attributes: each private attribute with a default.
    private = {k: a for k, a in model.__private_attributes__.items() if _has_default(a)}
    privates = (
        "{" + ", ".join(f"{k!r}: {src.default(a)}" for k, a in private.items()) + "}"
        if model.__private_attributes__
        else "None"
    )
    lines = [
        "def build(d):",
        "    if type(d) is not dict or not d.keys() <= NAMES:",
        "        unfit(M, d)",
        "    r = new(M)",
        "    put(r, '__dict__', {",
        *items,
        "    })",
        "    put(r, '__pydantic_fields_set__', names(d))",
        "    put(r, '__pydantic_extra__', None)",
        f"    put(r, '__pydantic_private__', {privates})",
        "    return r",
    ]
    code = compile("\n".join(lines), f"<rebuild {model.__name__}>", "exec")
    exec(code, src.scope)  # our own source, written above from the model's fields
    built: Callable[[Any], M] = src.scope["build"]
    return built

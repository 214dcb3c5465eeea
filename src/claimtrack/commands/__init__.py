"""One small module per command; each has add_parser() and run()."""

from __future__ import annotations

from types import ModuleType

from . import build, check, coverage, init, new, schema, serve, status, translate, translations

COMMANDS: dict[str, ModuleType] = {
    "init": init,
    "check": check,
    "coverage": coverage,
    "translations": translations,
    "schema": schema,
    "new": new,
    "status": status,
    "translate": translate,
    "build": build,
    "serve": serve,
}

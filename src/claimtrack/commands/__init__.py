"""One small module per command; each has add_parser() and run().

The registry names each command's module without importing it: the command line
imports only the command it runs (``command``), so that ``claimtrack check`` never
pays for the site's imports, nor ``build`` for the editor's.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

# In the order `claimtrack --help` lists them.
COMMANDS: tuple[str, ...] = (
    "init",
    "check",
    "review",
    "coverage",
    "translations",
    "schema",
    "new",
    "status",
    "correct",
    "translate",
    "recheck",
    "build",
    "serve",
    "lsp",
)


# The commands that write records live together in edits/.
_EDITS = frozenset({"init", "new", "status", "correct", "translate"})


def command(name: str) -> ModuleType:
    """The module of the command ``name`` (one of COMMANDS), imported on first use."""
    if name not in COMMANDS:
        raise KeyError(name)
    return import_module(f"{__name__}.edits.{name}" if name in _EDITS else f"{__name__}.{name}")

"""claimtrack: track the claims of a product announcement as checked YAML records.

The face is lazy (PEP 562): ``from claimtrack import build_site`` imports the site
stage when it is asked for, so that ``import claimtrack`` (and a command that has
nothing to do, see load/manifest.py) costs no pydantic, PyYAML or Jinja import.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING, Any

from ._version import __version__

if TYPE_CHECKING:
    from .check import run_checks
    from .check.analysis import Analysis, QuoteCheck
    from .codes import Code, Severity
    from .load.assembled import Tracker
    from .load.tracker import load_tracker
    from .problems import Problem
    from .records import Claim, Source, Status, TrackerSettings
    from .site import build_site

# Each name of the face and the module it lives in.
_LAZY = {
    "run_checks": ".check",
    "Analysis": ".check.analysis",
    "QuoteCheck": ".check.analysis",
    "Code": ".codes",
    "Severity": ".codes",
    "Tracker": ".load.assembled",
    "load_tracker": ".load.tracker",
    "Problem": ".problems",
    "Claim": ".records",
    "Source": ".records",
    "Status": ".records",
    "TrackerSettings": ".records",
    "build_site": ".site",
}

__all__ = [
    "Analysis",
    "Claim",
    "Code",
    "Problem",
    "QuoteCheck",
    "Severity",
    "Source",
    "Status",
    "Tracker",
    "TrackerSettings",
    "__version__",
    "build_site",
    "load_tracker",
    "run_checks",
]


def lazy_face(package: str, names: dict[str, str]) -> Callable[[str], Any]:
    """A package's module ``__getattr__`` (PEP 562) that imports each of ``names`` from
    its module (relative to ``package``) when first asked for, and keeps it in the
    package, so that later lookups do not come here.  The one lazy face: this package's,
    load's and site's."""
    space = sys.modules[package].__dict__

    def attribute(name: str) -> Any:
        module = names.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = space[name] = getattr(import_module(module, package), name)
        return value

    return attribute


__getattr__ = lazy_face(__name__, _LAZY)

"""claimtrack: track the claims of a product announcement as checked YAML records."""

from __future__ import annotations

from ._version import __version__
from .check import run_checks
from .check.analysis import Analysis, QuoteCheck
from .codes import Code, Severity
from .load.tracker import Tracker, load_tracker
from .problems import Problem
from .records import Claim, Source, Status, TrackerSettings

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
    "load_tracker",
    "run_checks",
]

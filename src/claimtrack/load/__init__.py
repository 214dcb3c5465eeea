"""Loading: files read safely, parsed as strict YAML, validated into records.

Modules: files (which files, read safely), yamlsource (strict YAML 1.2 with
positions), validation (pydantic errors as problems), parse (one file to one
record), cache (results by content, between builds and runs), tracker (the
Loader that loads a whole tracker and reloads only what changed).
"""

from __future__ import annotations

from .cache import Cache
from .files import Archive
from .tracker import Loaded, Loader, Tracker, load_tracker

__all__ = ["Archive", "Cache", "Loaded", "Loader", "Tracker", "load_tracker"]

"""Loading: files read safely, parsed as strict YAML, validated into records.

Modules: files (which files, read safely), yamlsource (strict YAML 1.2 with
positions), validation (pydantic errors as problems), parse (one file to one
record), cache (results by content, between builds and runs), tracker (the
Loader that loads a whole tracker and reloads only what changed), assembled (the
Tracker it gives, patched after an edit), manifest (a
command's inputs by stamp and what it printed, to replay a run nothing changed for).

The face is lazy (PEP 562), so that ``load.files``, ``load.cache`` and ``load.manifest``
import without pydantic or PyYAML.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import lazy_face

if TYPE_CHECKING:
    from .assembled import Tracker
    from .cache import Cache
    from .files import Archive
    from .parse import Loaded
    from .tracker import Loader, load_tracker

_LAZY = {
    "Cache": ".cache",
    "Archive": ".files",
    "Loaded": ".parse",
    "Loader": ".tracker",
    "Tracker": ".assembled",
    "load_tracker": ".tracker",
}

__all__ = ["Archive", "Cache", "Loaded", "Loader", "Tracker", "load_tracker"]


__getattr__ = lazy_face(__name__, _LAZY)

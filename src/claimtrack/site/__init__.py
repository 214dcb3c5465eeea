"""The static site: ``build_site`` for one build, ``SiteBuilder`` for repeated ones.

The stages, in order, each a subpackage: model (view models from the analysis), plan
(every output and its key), html (templates to bytes), data (claims.json, sources.json,
JSON-LD, feeds) and publish (the atomic swap, the search index).  build.py runs them;
addresses.py is every page path and URL, shared by all stages.

The face is lazy (PEP 562): a module of the stage that needs no Jinja (the theme's file
listing, for a command's manifest) imports without it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import lazy_face

if TYPE_CHECKING:
    from .build import BuildResult, SiteBuilder, build_site
    from .data.jsonfiles import SCHEMA_VERSION

_LAZY = {
    "BuildResult": ".build",
    "SiteBuilder": ".build",
    "build_site": ".build",
    "SCHEMA_VERSION": ".data.jsonfiles",
}

__all__ = ["SCHEMA_VERSION", "BuildResult", "SiteBuilder", "build_site"]


__getattr__ = lazy_face(__name__, _LAZY)

"""The static site: ``build_site`` for one build, ``SiteBuilder`` for repeated ones.

The stages, in order, each a subpackage: model (view models from the analysis), plan
(every output and its key), html (templates to bytes), data (claims.json, sources.json,
JSON-LD, feeds) and publish (the atomic swap, the search index).  build.py runs them;
addresses.py is every page path and URL, shared by all stages.
"""

from __future__ import annotations

from .build import BuildResult, SiteBuilder, build_site
from .data.jsonfiles import SCHEMA_VERSION

__all__ = ["SCHEMA_VERSION", "BuildResult", "SiteBuilder", "build_site"]

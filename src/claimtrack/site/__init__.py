"""The static site: ``build_site`` for one build, ``SiteBuilder`` for repeated ones.

Modules: build (orchestration, incremental updates), swap (putting a new
site folder in place atomically, cleaning up after killed builds), render
(rendering and writing, in two processes on large sites), views (view models)
and context (building them from the records), pages (the list of outputs),
addresses (every page path and URL), theme (reading packaged and overriding templates and static
files), templating (Jinja environment, template problems), escaping
(markupsafe's escaping, faster), fragments (small HTML
pieces as filters), data and dataschema (claims.json, sources.json and their
JSON Schema, made from the view models), jsonld (ClaimReview), feeds (Atom
feed, sitemap).
"""

from __future__ import annotations

from .build import BuildResult, SiteBuilder, build_site
from .data import SCHEMA_VERSION

__all__ = ["SCHEMA_VERSION", "BuildResult", "SiteBuilder", "build_site"]

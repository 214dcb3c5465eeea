"""What `build` warns of itself: what the published site will lack, from its settings.

These are not the check's problems: the records are right, and `check` (and so
`check --strict`, the gate a tracker may choose) says nothing of them.  A site without
``base_url`` is a complete site for readers who reach it; only what is read elsewhere,
from another address, needs its own absolute address.  `build` prints them with the
check's warnings, and `serve` once, at its first build that succeeds.
"""

from __future__ import annotations

from ..codes import Code
from ..layout import SETTINGS_FILE
from ..problems import Problem, report
from ..records import TrackerSettings

# The codes only a build gives (serve tells them apart from the check's warnings by these).
BUILD_CODES = frozenset({Code.BASE_URL_MISSING})
# Where the warning points: tracker.yaml's first line, as the setting has no line of its own.
_TOP = (1, 1)


def build_warnings(settings: TrackerSettings) -> list[Problem]:
    """The build's own warnings, once each per build."""
    if settings.base_url is not None:
        return []
    return [
        report(
            SETTINGS_FILE,
            _TOP,
            Code.BASE_URL_MISSING,
            "no base_url: share cards, canonical links, ClaimReview's url, hreflang "
            "alternates, the sitemap and robots.txt need the site's absolute address, and "
            "are left out",
            "set `base_url:` in tracker.yaml to the address the site is published at "
            "(e.g. https://OWNER.github.io/REPO/); `claimtrack init --base-url URL` sets it "
            "for a new tracker",
        )
    ]

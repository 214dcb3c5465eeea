"""Shared helpers of the browser tests (imported by conftest.py and the test modules)."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml

from claimtrack.records.settings import TrackerSettings
from claimtrack.site.addresses import language_prefix

REPO = Path(__file__).resolve().parents[2]
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost"})


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in {"", "0", "false", "no"}


def require(ok: bool, what: str) -> None:
    """Fail (under CI=true, where .ci/run has installed everything) or skip when `ok` is false."""
    if ok:
        return
    if in_ci():
        pytest.fail(f"{what} (CI=true: .ci/run installs it, so this is a failure)", pytrace=False)
    pytest.skip(f"{what}; run `bash .ci/run` to install it")


def is_local(url: str) -> bool:
    """True for http(s) on 127.0.0.1 or localhost, and for files (a site opened from disk)."""
    parts = urlsplit(url)
    return parts.hostname in LOCAL_HOSTS or (parts.scheme == "file" and not parts.hostname)


def site_languages() -> dict[str, str]:
    """The repository's site languages, main first, each with its folder under the site
    root ("" for the main one), as the build names them (TrackerSettings.site_languages,
    addresses.language_prefix)."""
    settings = TrackerSettings.model_validate(
        yaml.safe_load((REPO / "tracker.yaml").read_text(encoding="utf-8"))
    )
    main = settings.language
    return {tag: language_prefix(tag, main) for tag in settings.site_languages}

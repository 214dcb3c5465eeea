"""HTML: the Nu HTML checker (vnu-jar from npm, run with Java) reports no error for any page
of the site, in every language (test_links.test_every_language_is_checked holds that the
site has them)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from support import REPO, require

VNU_JAR = REPO / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"


def test_every_page_is_valid_html(site_dir: Path) -> None:
    check_folder(site_dir)


def test_the_measured_fixture_with_its_chart_is_valid_html(measured_dir: Path) -> None:
    check_folder(measured_dir)


def test_the_revisions_fixture_is_valid_html(revisions_dir: Path) -> None:
    """Removed passages and their replaced wordings, the sources' version histories, a
    claim revised by its claimant (its chain, the listings' earlier versions), corrections
    and the timeline, in three languages (issue 26)."""
    check_folder(revisions_dir)


def check_folder(site_dir: Path) -> None:
    require(VNU_JAR.is_file(), f"{VNU_JAR.relative_to(REPO)} is missing (npm install)")
    java = shutil.which("java")
    require(java is not None, "Java is not installed (the Nu HTML checker needs it)")
    assert java is not None
    result = subprocess.run(
        [java, "-jar", str(VNU_JAR), "--errors-only", "--skip-non-html", str(site_dir)],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    report = (result.stdout + result.stderr).replace(site_dir.as_uri() + "/", "")
    assert result.returncode == 0, f"the Nu HTML checker reports errors:\n{report}"

"""A second run in a new process: imports only what the command needs, replays a run
that nothing changed for (load/manifest.py)."""

from __future__ import annotations

import subprocess
import sys

HEAVY = ("pydantic", "yaml", "jinja2", "babel", "pint")


def _imported(code: str) -> list[str]:
    probe = f"{code}\nimport sys\nprint(' '.join(m for m in {HEAVY!r} if m in sys.modules))"
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    return done.stdout.split()


def test_the_package_face_and_the_command_line_import_nothing_heavy() -> None:
    assert _imported("import claimtrack, claimtrack.cli, claimtrack.load, claimtrack.site") == []


def test_parsing_a_command_imports_that_command_only() -> None:
    code = (
        "from claimtrack.cli import build_parser\n"
        "build_parser(['build']).parse_args(['build', '--today', '2026-11-30', '--no-search'])\n"
        "import sys\n"
        "assert 'claimtrack.commands.build' in sys.modules\n"
        "assert 'claimtrack.commands.new' not in sys.modules\n"
    )
    assert _imported(code) == []


def test_the_face_still_gives_every_name() -> None:
    import claimtrack

    for name in claimtrack.__all__:
        assert getattr(claimtrack, name) is not None
    from claimtrack import build_site
    from claimtrack.site.build import build_site as real

    assert build_site is real

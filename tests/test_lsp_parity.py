"""One checker, two faces: for every record of the repository and of the test fixtures,
the real `claimtrack lsp` publishes exactly the problems `claimtrack check` reports.

The only files left out are those an editor cannot hand over byte for byte: one that is
not UTF-8, and one that starts with a byte-order mark (editors take it off the text).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from tests.lsp_support import (
    CLAIMTRACK,
    DEADLINE,
    FIXTURES,
    TODAY,
    open_file,
    server_command,
    start,
)

REPO = Path(__file__).resolve().parent.parent
TRACKERS = ("repository", *sorted(
    p.name for p in FIXTURES.iterdir() if (p / "tracker.yaml").is_file() or (p / "claims").is_dir()
), "bad")


def make_tracker(name: str, dest: Path) -> Path:
    if name == "repository":
        dest.mkdir()
        shutil.copy(REPO / "tracker.yaml", dest / "tracker.yaml")
        shutil.copytree(REPO / "claims", dest / "claims")
        shutil.copytree(REPO / "sources", dest / "sources")
    elif name == "bad":  # every broken file of tests/fixtures/bad, as a claim
        shutil.copytree(FIXTURES / "minimal", dest)
        for path in sorted((FIXTURES / "bad").iterdir()):
            shutil.copy(path, dest / "claims" / path.name)
    else:
        shutil.copytree(FIXTURES / name, dest, symlinks=True)
    return dest


def records(root: Path) -> list[Path]:
    found = [root / "tracker.yaml"] if (root / "tracker.yaml").is_file() else []
    for folder in ("sources", "claims"):
        found += sorted((root / folder).glob("*.yaml"))
    editable = []
    for path in found:
        raw = path.read_bytes()
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError:
            continue
        if not raw.startswith(b"\xef\xbb\xbf"):
            editable.append(path)
    return editable


def by_check(root: Path) -> dict[str, list[tuple[int, int, str, str, str]]]:
    done = subprocess.run(
        [CLAIMTRACK, "check", "--root", str(root), "--today", TODAY, "--format", "json"],
        capture_output=True,
        text=True,
        check=False,
    )
    found: dict[str, list[tuple[int, int, str, str, str]]] = {}
    for p in json.loads(done.stdout):
        message = p["message"] if p["hint"] is None else f"{p['message']}; {p['hint']}"
        found.setdefault(p["path"], []).append(
            (p["line"], p["column"], p["severity"], p["code"], message)
        )
    return found


@pytest.fixture(params=TRACKERS)
def root(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    return make_tracker(str(request.param), tmp_path / "tracker")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=server_command("--no-cache")))
async def client(lsp_client: LanguageClient, root: Path):
    await start(lsp_client, root, "visual-studio-code")
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_the_server_reports_what_check_reports(client: LanguageClient, root: Path) -> None:
    import asyncio

    paths = records(root)
    assert paths
    uris = {open_file(client, path): path.relative_to(root).as_posix() for path in paths}

    async def all_published() -> None:
        while not uris.keys() <= client.diagnostics.keys():
            await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)

    await asyncio.wait_for(all_published(), DEADLINE)
    expected = by_check(root)
    severity = {1: "error", 2: "warning", 3: "info"}
    for uri, rel in sorted(uris.items(), key=lambda item: item[1]):
        got = [
            (
                d.range.start.line + 1,
                d.range.start.character + 1,
                severity[int(d.severity or 0)],
                str(d.code),
                d.message,
            )
            for d in client.diagnostics[uri]
        ]
        assert got == expected.get(rel, []), rel

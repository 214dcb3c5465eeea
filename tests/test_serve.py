"""`claimtrack serve`: edits appear in the browser, broken data keeps the last good site.

Every wait here polls with a deadline; nothing sleeps to synchronise.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from claimtrack.live import LiveServer
from claimtrack.live.http import inject
from claimtrack.live.server import said
from claimtrack.live.state import View

from .conftest import REPO, TODAY, Result
from .proc_support import wait_for

DEADLINE = 15.0
STATEMENT = "Rocket 2 runs up to 3x faster than Rocket 1."


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=DEADLINE) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8")


def poll(url: str, pred: Callable[[int, str], bool], what: str) -> str:
    """Fetch ``url`` until ``pred(status, body)`` holds; fail after DEADLINE seconds."""
    deadline = time.monotonic() + DEADLINE
    while True:
        status, body = fetch(url)
        if pred(status, body):
            return body
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}; last {status}:\n{body[:2000]}")
        time.sleep(0.02)


def status_of(server: LiveServer) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(fetch(server.url + "__claimtrack/status")[1])
    return data


def live_server(root: Path, terminal: io.StringIO | None = None, **options: Any) -> LiveServer:
    """A server of ``root``'s tracker as the tests run it: any free port, the tests' day,
    quick polling, what it prints kept in ``terminal``."""
    shown = terminal if terminal is not None else io.StringIO()
    return LiveServer(
        root,
        root / "site",
        port=0,
        today=dt.date.fromisoformat(TODAY),
        interval=0.05,
        stdout=shown,
        stderr=shown,
        **options,
    )


@pytest.fixture(params=["events", "polling"])
def serve(
    tracker: Callable[[str], Path], request: pytest.FixtureRequest
) -> Iterator[tuple[LiveServer, Path, io.StringIO]]:
    root = tracker("minimal")
    terminal = io.StringIO()  # what a user sees: what serve prints, on stdout and stderr
    server = live_server(root, terminal, events=request.param == "events")
    server.start()
    try:
        yield server, root, terminal
    finally:
        server.stop()


def test_edit_break_fix_cycle(serve: tuple[LiveServer, Path, io.StringIO]) -> None:
    server, root, err = serve
    page = server.url + "claims/rocket-speed/"
    status, body = fetch(page)
    assert status == 200
    assert STATEMENT in body
    assert '<script src="/__claimtrack/live.js" data-version="' in body
    # The reload script is added at serve time only, never to the built files.
    built = (root / "site" / "claims" / "rocket-speed" / "index.html").read_text()
    assert "__claimtrack" not in built
    assert server.url.startswith("http://127.0.0.1:")

    # 1. An edit is served.
    claim = root / "claims" / "rocket-speed.yaml"
    good = claim.read_text().replace(STATEMENT, "Rocket 2 runs up to 4x faster, says Acme.")
    claim.write_text(good)
    poll(page, lambda s, b: s == 200 and "up to 4x faster, says Acme" in b, "the edit")
    version = status_of(server)["version"]

    # 2. A broken edit: the last good page stays, with the problems above it.
    claim.write_text(good.replace("kind: figure", "kind: figur"))
    body = poll(page, lambda s, b: "claimtrack-live-errors" in b, "the error banner")
    assert "up to 4x faster, says Acme" in body  # the last good build
    assert "claims/rocket-speed.yaml:5:7: error: kind: &#x27;figur&#x27;" in body
    assert "[invalid-choice]" in body
    state = status_of(server)
    assert state["ok"] is False and state["version"] > version
    assert state["problems"][0]["path"] == "claims/rocket-speed.yaml"
    assert (state["problems"][0]["line"], state["problems"][0]["column"]) == (5, 7)
    errors = fetch(server.url + "__claimtrack/errors")[1]
    assert "claims/rocket-speed.yaml:5:7" in errors
    # every page carries the banner, the index too, and the problem went to the terminal
    assert "claimtrack-live-errors" in fetch(server.url)[1]
    assert "claims/rocket-speed.yaml:5:7: error:" in err.getvalue()
    assert "last good build" in err.getvalue()

    # 3. Fixed: the banner goes, the new text is served.
    claim.write_text(good.replace("4x faster, says Acme", "5x faster, says Acme"))
    # (A page read while the build runs may show the new text under the old banner; its
    # data-version is the old one, so it reloads as soon as the build ends.)
    poll(
        page,
        lambda s, b: "5x faster, says Acme" in b and "claimtrack-live-errors" not in b,
        "the recovery",
    )
    assert status_of(server)["ok"] is True


def test_long_poll_wakes_on_rebuild(serve: tuple[LiveServer, Path, io.StringIO]) -> None:
    server, root, _ = serve
    version = status_of(server)["version"]
    # A poll with an old version answers at once.
    assert (
        json.loads(fetch(f"{server.url}__claimtrack/poll?since={version - 1}")[1])["version"]
        == version
    )
    answer: list[dict[str, Any]] = []
    waiter = threading.Thread(
        target=lambda: answer.append(
            json.loads(fetch(f"{server.url}__claimtrack/poll?since={version}")[1])
        )
    )
    waiter.start()
    claim = root / "claims" / "rocket-price.yaml"
    claim.write_text(claim.read_text().replace("did not announce", "never announced"))
    waiter.join(DEADLINE)
    assert not waiter.is_alive()
    assert answer[0]["version"] > version and answer[0]["ok"] is True


def test_status_says_whether_a_build_runs_and_whether_search_is_current(
    tracker: Callable[[str], Path],
) -> None:
    """What a script waits on before it times the next edit (bench/bench_serve.py)."""
    root = tracker("minimal")
    server = live_server(root, search_delay=3600)  # the refresh is the test's to run
    server.start()
    try:
        state = status_of(server)
        assert (state["building"], state["search"]) == (False, "current")
        claim = root / "claims" / "rocket-speed.yaml"
        with server._lock:  # the edit's build waits for it, and is under way meanwhile
            claim.write_text(claim.read_text().replace(STATEMENT, "Zanzibarish " + STATEMENT))
            wait_for(lambda: status_of(server)["building"], "the build to begin")
        wait_for(lambda: not status_of(server)["building"], "the build to end")
        # The edit's words are not in the index until the edits pause.
        assert status_of(server)["search"] == "stale"
        assert server.builder.index.refresh()
        assert status_of(server)["search"] == "current"
    finally:
        server.stop()


def test_a_rebuild_names_no_temporary_file_an_editor_renamed_away(tmp_path: Path) -> None:
    (tmp_path / "claims").mkdir()
    for name in ("a.yaml", "Notes.txt"):
        (tmp_path / "claims" / name).write_text("x\n")
    # sed -i wrote claims/sedsayel7 and renamed it over a.yaml; gone.yaml was deleted.
    changed = ["claims/a.yaml", "claims/sedsayel7", "claims/gone.yaml", "claims/Notes.txt"]
    assert said(tmp_path, changed) == ["claims/a.yaml", "claims/gone.yaml", "claims/Notes.txt"]
    assert said(tmp_path, ["claims/sedsayel7"]) == []


def test_a_comment_only_edit_does_not_reload_pages(
    serve: tuple[LiveServer, Path, io.StringIO],
) -> None:
    server, root, terminal = serve
    version = status_of(server)["version"]
    claim = root / "claims" / "rocket-price.yaml"
    claim.write_text(claim.read_text() + "# a comment changes no page\n")
    # The terminal says when the edit's build is done.
    line = "rebuilt after claims/rocket-price.yaml changed:"
    wait_for(lambda: line in terminal.getvalue(), "the edit's rebuild")
    assert "0 files written" in terminal.getvalue().splitlines()[-1]
    assert status_of(server)["version"] == version


def test_template_override_triggers_a_rebuild(
    serve: tuple[LiveServer, Path, io.StringIO],
) -> None:
    server, root, _ = serve
    base = resources.files("claimtrack").joinpath("templates", "base.html").read_text()
    (root / "templates").mkdir()
    marked = base.replace("</main>", "<p>Local theme marker</p></main>")
    assert marked != base
    (root / "templates" / "base.html").write_text(marked)
    poll(server.url, lambda s, b: "Local theme marker" in b, "the template change")


def test_missing_page_gets_the_404_page(serve: tuple[LiveServer, Path, io.StringIO]) -> None:
    server, _, _ = serve
    status, body = fetch(server.url + "claims/no-such-claim/")
    assert status == 404
    assert "/__claimtrack/live.js" in body
    css = fetch(server.url + "static/style.css")
    assert css[0] == 200 and "__claimtrack" not in css[1]


def test_stop_closes_the_port(tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    server = LiveServer(root, root / "site", port=0, interval=0.05, stdout=io.StringIO())
    server.start()
    url = server.url
    port = int(url.rsplit(":", 1)[1].strip("/"))
    assert fetch(url)[0] == 200
    server.stop()
    server.stop()  # idempotent
    with pytest.raises(OSError), socket.create_connection(("127.0.0.1", port), timeout=2):
        pass


def test_first_build_broken_then_fixed(tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    claim = root / "claims" / "rocket-price.yaml"
    good = claim.read_text()
    claim.write_text(good.replace("status: undisclosed\nhistory", "status: verified\nhistory"))
    err = io.StringIO()
    server = LiveServer(
        root, root / "site", port=0, interval=0.05, stdout=io.StringIO(), stderr=err
    )
    server.start()
    try:
        status, body = fetch(server.url)
        assert status == 503  # there is no good build to show yet
        assert "claims/rocket-price.yaml:10:9" in body and "claimtrack-live-errors" in body
        claim.write_text(good)
        poll(server.url, lambda s, b: s == 200 and "Rocket 2" in b, "the first good build")
    finally:
        server.stop()


def test_port_in_use_is_a_clear_error(run_cli: Callable[..., Result], tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        (tmp_path / "tracker.yaml").write_text("title: Empty\n")
        result = run_cli("serve", "--root", tmp_path, "--port", str(port))
    assert result.code == 1
    assert f"cannot listen on 127.0.0.1:{port}" in result.err
    assert "Traceback" not in result.output


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_stops_cleanly(signum: int, tracker: Callable[[str], Path]) -> None:
    root = tracker("minimal")
    env = {**os.environ, "PYTHONPATH": str(REPO / "src"), "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "claimtrack.cli", "serve", "--root", str(root), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert proc.stdout is not None
        url = None
        deadline = time.monotonic() + DEADLINE
        while url is None and time.monotonic() < deadline:
            line = proc.stdout.readline()  # blocks until the server prints a line
            if not line:
                break
            match = re.search(r"Serving (http://127\.0\.0\.1:\d+/)", line)
            url = match.group(1) if match else None
        assert url is not None, proc.stderr.read() if proc.stderr else ""
        assert fetch(url)[0] == 200
        proc.send_signal(signum)
        out, err = proc.communicate(timeout=DEADLINE)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "Traceback" not in out
    assert "Stopping." in out


def test_inject_places_banner_and_script() -> None:
    ok = View(3, True)
    page = b"<!doctype html><html><BODY class='x'><p>hi</p></body></html>"
    out = inject(page, ok)
    assert out == (
        b"<!doctype html><html><BODY class='x'><p>hi</p>"
        b'<script src="/__claimtrack/live.js" data-version="3"></script></body></html>'
    )
    from claimtrack.codes import Code
    from claimtrack.problems import report

    bad = View(
        4, False, [report("claims/a.yaml", (2, 3), Code.YAML_SYNTAX, "<b>bad</b>")], "errors"
    )
    out = inject(page, bad)
    assert out.index(b"claimtrack-live-errors") > out.index(b"<BODY")
    assert b"claims/a.yaml:2:3: error: &lt;b&gt;bad&lt;/b&gt; [yaml-syntax]" in out
    assert b"<b>bad</b>" not in out
    assert inject(b"no body here", ok).endswith(b'data-version="3"></script>')


def test_an_out_folder_claimtrack_did_not_build_is_refused(
    run_cli: Callable[..., Result], tracker: Callable[[str], Path], tmp_path: Path
) -> None:
    root = tracker("minimal")
    other = tmp_path / "precious"
    other.mkdir()
    (other / "keep.txt").write_text("mine")
    result = run_cli("serve", "--root", root, "--out", other, "--port", "0")
    assert result.code == 2
    assert "did not build" in result.err
    assert [p.name for p in other.iterdir()] == ["keep.txt"]


def test_a_browser_that_leaves_is_no_error(
    serve: tuple[LiveServer, Path, io.StringIO], capsys: pytest.CaptureFixture[str]
) -> None:
    server, _, _ = serve
    httpd = server._httpd
    assert httpd is not None
    for exc in (BrokenPipeError(32, "Broken pipe"), ConnectionResetError(104, "reset")):
        try:
            raise exc
        except OSError:
            httpd.handle_error(None, ("127.0.0.1", 1))
    assert capsys.readouterr().err == ""
    try:
        raise ValueError("bug")
    except ValueError:
        httpd.handle_error(None, ("127.0.0.1", 1))
    err = capsys.readouterr().err
    assert "internal error answering a request (ValueError: bug)" in err
    assert "Traceback" not in err


def test_every_language_is_served_with_its_own_404(tracker: Callable[[str], Path]) -> None:
    """serve answers each language's pages, a missing address under /fr/ with the French
    404 page, and an edit of one translation reaches the French page."""
    root = tracker("languages")
    server = live_server(root, events=False)
    server.start()
    try:
        status, body = fetch(server.url + "fr/claims/rocket-speed/")
        assert status == 200 and '<html lang="fr">' in body
        status, body = fetch(server.url + "fr/claims/no-such-claim/")
        assert status == 404 and '<html lang="fr">' in body and "Page introuvable" in body
        status, body = fetch(server.url + "claims/no-such-claim/")
        assert status == 404 and '<html lang="en">' in body
        claim = root / "claims" / "rocket-speed.yaml"
        text = claim.read_text(encoding="utf-8")
        claim.write_text(text.replace("plus rapide que Rocket 1.", "plus vite que Rocket 1."))
        poll(
            server.url + "fr/claims/rocket-speed/",
            lambda s, b: "plus vite que Rocket 1." in b,
            "the edit of the French statement",
        )
    finally:
        server.stop()

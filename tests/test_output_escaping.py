"""File names reach the output escaped: no raw control, bidi or undecodable character."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from claimtrack.codes import Code
from claimtrack.problems import printable, report

from .conftest import TODAY, Result

Runner = Callable[..., Result]

# file name (as bytes on disk) -> how it is printed
NAMES = {
    b"\xff.yaml": "\\xff.yaml",  # not UTF-8
    b"a\x1b[2Jb.yaml": "a\\x1b[2Jb.yaml",  # ESC: clears the screen
    b"a\nb.yaml": "a\\x0ab.yaml",  # newline: splits a diagnostic in two
    b"a\x7f\xc2\x9bb.yaml": "a\\x7f\\x9bb.yaml",  # DEL and C1 CSI
    "\u202eevil\u2066.yaml".encode(): "\\u202eevil\\u2066.yaml",  # bidi override, isolate
    "ok-é.yaml".encode(): "ok-é.yaml",  # printable non-ASCII stays as it is
}


def test_printable_escapes_only_what_is_unsafe() -> None:
    assert printable("claims/\udcff\x1b\t\u202a\u2069\x85 é\\n.yaml") == (
        "claims/\\xff\\x1b\\x09\\u202a\\u2069\\x85 é\\n.yaml"
    )


@pytest.mark.parametrize(("raw", "shown"), list(NAMES.items()))
def test_a_file_name_is_printed_escaped_the_same_in_text_and_json(
    run_cli: Runner, tracker: Callable[[str], Path], raw: bytes, shown: str
) -> None:
    root = tracker("minimal")
    fd = os.open(os.path.join(os.fsencode(root / "claims"), raw), os.O_CREAT | os.O_WRONLY)
    os.close(fd)
    text = run_cli("check", "--root", root, "--today", TODAY)
    assert text.code == 1
    lines = text.out.splitlines()
    assert len(lines) == 2, text.out  # the problem and the count: one line each
    assert lines[0].startswith(f"claims/{shown}:1:1: error: ")
    assert lines[0].isprintable() and "\x1b" not in text.out
    data = run_cli("check", "--root", root, "--today", TODAY, "--format", "json")
    [problem] = json.loads(data.out)
    assert problem["path"] == f"claims/{shown}"
    assert f"file name '{shown[: -len('.yaml')]}'" in problem["message"]  # same in the message
    assert "\x1b" not in data.out and "\udcff" not in data.out


def test_serve_banner_and_problem_json_share_the_escaping() -> None:
    problem = report("claims/\udcff\x1b.yaml", (1, 1), Code.INVALID_ID, "bad \x1b name", "hint\n")
    assert problem.format().startswith(
        "claims/\\xff\\x1b.yaml:1:1: error: bad \\x1b name; hint\\x0a"
    )
    assert problem.to_json()["path"] == "claims/\\xff\\x1b.yaml"
    assert problem.to_json()["hint"] == "hint\\x0a"


def test_a_name_that_is_not_utf8_prints_under_a_strict_utf8_stdout(
    tracker: Callable[[str], Path],
) -> None:
    # The real encoder of stdout (capsys would accept any str): a child process.
    root = tracker("minimal")
    os.close(os.open(os.path.join(os.fsencode(root / "claims"), b"\xff.yaml"), os.O_CREAT))
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    code = "from claimtrack.cli import main; raise SystemExit(main())"
    for fmt in ("text", "json"):
        result = subprocess.run(
            [
                sys.executable,
                "-c",
                code,
                "check",
                "--root",
                str(root),
                "--today",
                TODAY,
                "--format",
                fmt,
            ],
            capture_output=True,
            env=env,
            timeout=60,
            check=False,
        )
        assert result.returncode == 1, result.stderr
        out = result.stdout.decode("utf-8")  # raw bytes in it would not decode
        assert (
            "claims/\\xff.yaml:1:1: error" in out
            if fmt == "text"
            else (json.loads(out)[0]["path"] == "claims/\\xff.yaml")
        )


def test_the_characters_no_page_can_carry_are_xml_s_complement_less_del_and_c1() -> None:
    """textrules' set is written as what it leaves out (it compiles faster): every code
    point is judged as XML 1.0's Char production, less DEL and the C1 controls, says."""
    from claimtrack.textrules import first_illegal

    allowed = {0x9, 0xA, 0xD}
    for low, high in ((0x20, 0x7E), (0xA0, 0xD7FF), (0xE000, 0xFFFD), (0x10000, 0x10FFFF)):
        allowed.update(range(low, high + 1))
    found = [c for c in range(0x110000) if first_illegal(chr(c)) is not None]
    assert found == sorted(set(range(0x110000)) - allowed)

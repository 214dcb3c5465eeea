"""A new tracker in one step: settings, empty record folders, schemas, and the files
around them (README, .gitignore, pre-commit config, requirements.txt, the GitHub Actions
workflows), from packaged skeletons."""

from __future__ import annotations

import contextlib
import json
import os
import re
from importlib import metadata, resources
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from .._version import __version__
from ..errors import ClaimtrackError, UsageError
from ..i18n import catalog_for, catalogs
from ..records.values import canonical_tag
from ..textrules import describe_illegal, first_illegal, has_visible
from .scalars import scalar
from .schemas import SCHEMAS, render_schema
from .transaction import Transaction

_PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")
DEFAULT_TITLE = "Claim tracker"

# Written file -> its skeleton under skeletons/tracker/.  Dot-files are packaged
# without their dot: package-data globs skip names starting with one.
FILES = {
    "tracker.yaml": "tracker.yaml",
    "README.md": "README.md",
    ".gitignore": "gitignore",
    ".pre-commit-config.yaml": "pre-commit-config.yaml",
    # git keeps no empty folder; a README (not a .gitkeep) also tells the editor
    # what belongs there (and makes the folder).  The loader reads only .yaml, .txt and
    # .html files here.
    "claims/README.md": "claims-README.md",
    "sources/README.md": "sources-README.md",
    # The claimtrack the workflows install, and the workflows: a daily recheck that
    # commits new revisions, and check, build and publish to GitHub Pages.
    "requirements.txt": "requirements.txt",
    ".github/workflows/recheck.yml": "workflow-recheck.yml",
    ".github/workflows/site.yml": "workflow-site.yml",
}


# The editor set-ups the new tracker's README shows ({{name}} -> skeletons/editors/FILE):
# the one copy of each, which editors/ in claimtrack's repository links to.
EDITORS = {"nvim": "nvim.lua", "helix": "languages.toml"}


def editor_config(name: str) -> str:
    """An editor's set-up (``EDITORS``'s file name) as the README shows it."""
    text = resources.files("claimtrack").joinpath("skeletons", "editors", name)
    return text.read_text("utf-8").rstrip("\n")


# requirements.txt's line when where claimtrack comes from cannot be known: pip refuses it
# ("Invalid requirement"), and the workflows' install step stops before pip, saying what to
# set, when they find it.  Never a bare `claimtrack`: no package index carries claimtrack
# under that name, and a stranger could register it (the daily workflow would then run
# their code with `contents: write`).
UNKNOWN_ADDRESS = "claimtrack @ <the address of claimtrack: see the comment above>"


def installed_from() -> str | None:
    """The PEP 610 record (``direct_url.json``) of how this claimtrack was installed: the
    address it came from, or a local path; None without one (installed from a package
    index, or not installed: run from a source folder)."""
    try:
        return metadata.distribution("claimtrack").read_text("direct_url.json")
    except (metadata.PackageNotFoundError, OSError, UnicodeDecodeError):
        return None


def claimtrack_requirement(record: str | None) -> str:
    """requirements.txt's claimtrack, from ``record`` (installed_from), with a comment
    above it: the repository at the very commit installed, or the archive at its remote
    address held to its hash; else UNKNOWN_ADDRESS, with why and what to set."""
    try:
        found = json.loads(record) if record is not None else None
    except ValueError:
        found = None
    data: dict[str, object] = found if isinstance(found, dict) else {}
    url = data.get("url")
    if isinstance(url, str) and _is_remote(url):
        line = _from_repository(data, url) or _from_archive(data, url)
        if line is not None:
            return line
    return (
        "# `claimtrack init` could not tell where the workflows can install claimtrack from:\n"
        f"# {_why_unknown(data)}.\n"
        "# Replace the next line with claimtrack's address, its repository at a release tag\n"
        "# or a commit, e.g.\n"
        f"#   claimtrack @ git+https://github.com/OWNER/REPO@v{__version__}\n"
        "# Until then pip refuses the line, and the workflows stop at once saying so.  Never\n"
        "# write a bare `claimtrack`: anyone could publish code under that name on an index.\n"
        f"{UNKNOWN_ADDRESS}\n"
    )


def _from_repository(data: dict[str, object], url: str) -> str | None:
    """A VCS install: its repository pinned to the commit installed."""
    vcs = data.get("vcs_info")
    if not isinstance(vcs, dict) or not (
        _is_word(vcs.get("vcs")) and _is_word(vcs.get("commit_id"))
    ):
        return None
    commit, asked = vcs["commit_id"], vcs.get("requested_revision")
    subdirectory = data.get("subdirectory")
    tail = f"#subdirectory={subdirectory}" if _is_word(subdirectory) else ""
    named = f" ({asked})" if _is_word(asked) and asked != commit else ""
    return (
        f"# The repository `claimtrack init` was installed from, at the commit installed{named}:\n"
        "# every run uses the code the tracker was started with.  To upgrade, name a later\n"
        "# commit or release tag.\n"
        f"claimtrack @ {vcs['vcs']}+{_without_credentials(url)}@{commit}{tail}\n"
    )


def _from_archive(data: dict[str, object], url: str) -> str | None:
    """An archive (wheel, sdist) at a remote address, held to its sha256 when recorded."""
    archive = data.get("archive_info")
    if not isinstance(archive, dict):
        return None
    hashes = archive.get("hashes")
    digest = hashes.get("sha256") if isinstance(hashes, dict) else None
    older = archive.get("hash")  # PEP 610's first form: "sha256=<hex>"
    if digest is None and isinstance(older, str) and older.startswith("sha256="):
        digest = older.removeprefix("sha256=")
    pin = f"#sha256={digest}" if _is_word(digest) else ""
    return (
        "# The archive `claimtrack init` was installed from.\n"
        f"claimtrack @ {_without_credentials(url).split('#', 1)[0]}{pin}\n"
    )


def _why_unknown(data: dict[str, object]) -> str:
    url = data.get("url")
    if not data:
        return "it was installed without a record of where it came from (a package index?)"
    if isinstance(url, str) and url.startswith("file:"):
        folder = data.get("dir_info")
        what = (
            ("an editable folder" if folder.get("editable") else "a folder")
            if isinstance(folder, dict)
            else "a repository"
            if "vcs_info" in data
            else "a file"
        )
        return f"it was installed from {what} on this machine, which a CI runner cannot reach"
    return "its record of where it was installed from gives no address pip can install from"


def _is_word(value: object) -> bool:
    """A value that can stand in a requirement line: text without white space or ``#@``."""
    return isinstance(value, str) and re.fullmatch(r"[^\s#@]+", value) is not None


def _is_remote(url: str) -> bool:
    """An address a CI runner may reach: not a local path, one line, nothing invisible."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    return (
        parts.scheme not in ("", "file")
        and bool(parts.hostname)
        and re.fullmatch(r"[!-~]+", url) is not None  # printable ASCII: no space, no newline
    )


def _without_credentials(url: str) -> str:
    """The address without a user's password or token (PEP 610 allows only ``git@`` and
    ``${VARIABLES}`` there): requirements.txt is committed, and often public."""
    parts = urlsplit(url)
    user, at, host = parts.netloc.rpartition("@")
    if not at or user == "git" or re.fullmatch(r"(\$\{\w+\}:?)+", user):
        return url
    return urlunsplit(parts._replace(netloc=host))


def skeleton(*parts: str, values: dict[str, str]) -> str:
    """A packaged skeleton (``claimtrack/skeletons/...``) with its ``{{name}}`` filled."""
    text = resources.files("claimtrack").joinpath("skeletons", *parts).read_text("utf-8")
    return _PLACEHOLDER.sub(lambda m: values[m.group(1)], text)


def default_title(folder: Path) -> str:
    """``gpt6-astra`` -> ``Gpt6 astra``: the folder's name read as words."""
    words = re.sub(r"[-_.\s]+", " ", folder.resolve().name).strip()
    return words[:1].upper() + words[1:] if has_visible(words) else DEFAULT_TITLE


def check_title(title: str) -> None:
    if not has_visible(title):
        raise UsageError("--title: the title must have something to read")
    if "\n" in title or "\r" in title:
        raise UsageError("--title: the title must be one line")
    bad = first_illegal(title)
    if bad is not None:
        raise UsageError(f"--title: character {describe_illegal(title, bad)} is not allowed")


def check_language(language: str) -> str:
    """The tag in BCP 47's case (``zh-hant``: ``zh-Hant``), refused when it is none or
    the interface has no catalog for it."""
    tag = canonical_tag(language)
    if tag is None:
        raise UsageError(
            f"--language {language!r}: not a BCP 47 language tag; use e.g. en, fr, zh-Hant, pt-BR"
        )
    # The new tracker must check clean: its site needs a catalog (missing-catalog).
    if catalog_for(tag) is None:
        raise UsageError(
            f"--language {tag!r}: the site's interface is not translated into it; "
            f"use one of: {', '.join(catalogs())} (a region may follow, as in fr-CA)"
        )
    return tag


def refuse_existing(folder: Path) -> None:
    """Refuse a path that is not a folder, or a folder with anything in it: nothing is overwritten."""
    if not os.path.lexists(folder):
        return
    if not folder.is_dir():
        raise UsageError(f"{folder}: exists and is not a folder; choose a new or empty folder")
    try:
        with os.scandir(folder) as entries:
            occupied = next(entries, None) is not None
    except OSError as exc:
        raise UsageError(f"{folder}: cannot read it ({exc.strerror or exc})") from None
    if occupied:
        raise ClaimtrackError(
            f"{folder}: the folder is not empty; nothing was written. "
            "Choose a new or empty folder (run `git init` after `claimtrack init`)"
        )


def contents(
    folder: Path, title: str | None, language: str, base_url: str | None = None
) -> dict[str, bytes]:
    """Every file but the schemas, by path relative to ``folder``; ``base_url`` as given
    (options.url_arg checked it), else the setting left as a comment to fill in."""
    title = default_title(folder) if title is None else title
    check_title(title)
    language = check_language(language)
    values = {
        "title": scalar(title, "plain", flow=False),
        "heading": title,
        "language": language,
        "base_url": f"base_url: {scalar(base_url, 'plain', flow=False)}"
        if base_url is not None
        else "# base_url: https://OWNER.github.io/REPO/",
        "version": __version__,
        "claimtrack": claimtrack_requirement(installed_from()).rstrip("\n"),
        **{key: editor_config(name) for key, name in EDITORS.items()},
    }
    return {
        rel: skeleton("tracker", name, values=values).encode("utf-8") for rel, name in FILES.items()
    }


def init_tracker(
    folder: Path, title: str | None = None, language: str = "en", base_url: str | None = None
) -> list[str]:
    """Write a new tracker into ``folder`` (created with its parents, or empty).

    Returns the paths written, relative to ``folder``.  The files are one transaction
    (edit/transaction.py); on failure they are removed again, and so are the folders this
    call made: the folder is left as it was.
    """
    files = {**contents(folder, title, language, base_url), **schema_files()}
    refuse_existing(folder)
    created = _missing_ancestors(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        transaction = Transaction(folder.resolve())
        for rel, data in files.items():
            transaction.create(rel, data)
        written = transaction.commit()
    except OSError as exc:
        _undo(created)
        raise UsageError(f"{folder}: cannot write there ({exc.strerror or exc})") from None
    except ClaimtrackError as exc:
        _undo(created)
        raise UsageError(f"{folder}: {exc}") from None
    except BaseException:
        _undo(created)
        raise
    return sorted(written)


def schema_files() -> dict[str, bytes]:
    """The JSON Schema of each record, as ``schema/*.json`` of a new tracker."""
    return {f"schema/{name}": render_schema(model).encode() for name, model in SCHEMAS.items()}


def _missing_ancestors(folder: Path) -> list[Path]:
    """``folder`` and its parents that do not exist yet, outermost first."""
    missing = []
    path = folder.absolute()
    while not os.path.lexists(path) and path.parent != path:
        missing.append(path)
        path = path.parent
    return missing[::-1]


def _undo(created: list[Path]) -> None:
    for folder in reversed(created):
        with contextlib.suppress(OSError):  # rmdir takes only an empty folder: never
            folder.rmdir()  # what someone else put there

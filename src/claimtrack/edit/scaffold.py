"""A new tracker in one step: settings, empty record folders, schemas, and the files
around them (README, .gitignore, pre-commit config, requirements.txt, the GitHub Actions
workflows), from packaged skeletons."""

from __future__ import annotations

import contextlib
import os
import re
from importlib import resources
from pathlib import Path

from .._version import __version__
from ..errors import ClaimtrackError, UsageError
from ..fsutil import atomic_write_bytes
from ..i18n import catalog_for, catalogs
from ..records.values import canonical_tag
from ..textrules import describe_illegal, first_illegal, has_visible
from .scalars import scalar
from .schemas import SCHEMAS, write_schemas

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
    # what belongs there.  The loader reads only .yaml, .txt and .html files here.
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


def contents(folder: Path, title: str | None, language: str) -> dict[str, bytes]:
    """Every file but the schemas, by path relative to ``folder``."""
    title = default_title(folder) if title is None else title
    check_title(title)
    language = check_language(language)
    values = {
        "title": scalar(title, "plain", flow=False),
        "heading": title,
        "language": language,
        "version": __version__,
        **{key: editor_config(name) for key, name in EDITORS.items()},
    }
    return {
        rel: skeleton("tracker", name, values=values).encode("utf-8") for rel, name in FILES.items()
    }


def init_tracker(folder: Path, title: str | None = None, language: str = "en") -> list[str]:
    """Write a new tracker into ``folder`` (created with its parents, or empty).

    Returns the paths written, relative to ``folder``.  On failure, what this
    call created is removed again: the folder is left as it was.
    """
    files = contents(folder, title, language)
    refuse_existing(folder)
    created = _missing_ancestors(folder)
    written: list[Path] = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for sub in ("claims", "sources", "schema"):
            (folder / sub).mkdir()
            created.append(folder / sub)
        for rel, data in files.items():
            for parent in reversed(Path(rel).parents[:-1]):  # .github/, .github/workflows/
                if not (folder / parent).is_dir():
                    (folder / parent).mkdir()
                    created.append(folder / parent)
            atomic_write_bytes(folder / rel, data)
            written.append(folder / rel)
        # Named before writing: a failure half-way through still leaves none behind.
        written.extend(folder / "schema" / name for name in SCHEMAS)
        write_schemas(folder / "schema")
    except OSError as exc:
        _undo(written, created)
        raise UsageError(f"{folder}: cannot write there ({exc.strerror or exc})") from None
    except BaseException:
        _undo(written, created)
        raise
    return sorted(path.relative_to(folder).as_posix() for path in written)


def _missing_ancestors(folder: Path) -> list[Path]:
    """``folder`` and its parents that do not exist yet, outermost first."""
    missing = []
    path = folder.absolute()
    while not os.path.lexists(path) and path.parent != path:
        missing.append(path)
        path = path.parent
    return missing[::-1]


def _undo(written: list[Path], created: list[Path]) -> None:
    for path in written:
        path.unlink(missing_ok=True)
    for folder in reversed(created):
        with contextlib.suppress(OSError):  # rmdir takes only an empty folder: never
            folder.rmdir()  # what someone else put there

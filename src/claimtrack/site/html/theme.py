"""The theme files of a build: packaged templates and static files, and a tracker's overrides.

A tracker may ship its own ``templates/`` and ``static/`` folders; a file there
replaces the packaged file of the same name and nothing else.  Both folders
are read here, once per build and by one rule: hidden names are skipped, and
a symbolic link (a file, a sub-folder, or the folder itself) that leads out
of the tracker is a problem (symlink-outside) and is never read.  Links that
stay inside the tracker are followed, as they are for data files.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from ..._version import __version__
from ...codes import Code
from ...fsutil import link_outside
from ...problems import Problem, report


@dataclass(frozen=True)
class Theme:
    templates: dict[str, bytes]  # the tracker's templates/, by posix path inside it
    static: dict[str, bytes]  # the site's static/: packaged files, overridden by the tracker's
    problems: list[Problem] = field(default_factory=list)

    @property
    def fingerprint(self) -> str:
        """Changes whenever any template (packaged or overriding) changes: every page uses it."""
        digest = hashlib.blake2b(__version__.encode(), digest_size=16)
        for name, data in sorted(package_files("templates").items()):
            digest.update(b"\0p" + name.encode() + b"\0" + data)
        for name, data in sorted(self.templates.items()):
            digest.update(b"\0o" + name.encode() + b"\0" + data)
        return digest.hexdigest()


def package_files(folder: str) -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    base = resources.files("claimtrack").joinpath(folder)
    for entry in base.iterdir():
        if entry.is_file() and not entry.name.startswith((".", "__")):
            files[entry.name] = entry.read_bytes()
    return files


def override_paths(root: Path, name: str, problems: list[Problem]) -> list[tuple[str, Path]]:
    """(shown, path) of each file under ``root/name`` (shown: ``name/...``, posix), by the
    one rule above: the files the build reads, and that a command's manifest stamps."""
    found: list[tuple[str, Path]] = []
    inside = root.resolve()
    seen: set[Path] = set()

    def walk(folder: Path, rel: str) -> None:
        real = folder.resolve()
        if real in seen:  # a link back up the tree: its files are listed already
            return
        seen.add(real)
        with os.scandir(folder) as entries:
            for entry in sorted(entries, key=lambda e: e.name):
                if entry.name.startswith("."):
                    continue
                path, shown = Path(entry.path), f"{rel}/{entry.name}"
                outside = link_outside(inside, path, shown)
                if outside is not None:
                    problems.append(outside)
                elif path.is_dir():
                    walk(path, shown)
                elif path.is_file():
                    found.append((shown, path))

    top = root / name
    outside = link_outside(inside, top, name)
    if outside is not None:
        problems.append(outside)
    elif top.is_dir():
        walk(top, name)
    return found


def override_files(root: Path, name: str, problems: list[Problem]) -> dict[str, bytes]:
    """Files under ``root/name`` by posix path inside it, read by the one rule above."""
    files: dict[str, bytes] = {}
    for shown, path in override_paths(root, name, problems):
        try:
            files[shown.partition("/")[2]] = path.read_bytes()
        except OSError as exc:
            problems.append(
                report(shown, (1, 1), Code.UNREADABLE, f"cannot read file: {exc.strerror}")
            )
    return dict(sorted(files.items()))


def load_theme(root: Path) -> Theme:
    problems: list[Problem] = []
    templates = override_files(root, "templates", problems)
    static = package_files("static")
    static.update(override_files(root, "static", problems))
    return Theme(templates, dict(sorted(static.items())), problems)

"""The tracker folder that the edits of the incremental property test change: it writes as
an editor would and records every path touched, as a file watcher would report them."""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .conftest import FIXTURES

MINIMAL = FIXTURES / "minimal"

HEADERS = {
    "claims": "# yaml-language-server: $schema=../schema/claim.schema.json\n",
    "sources": "# yaml-language-server: $schema=../schema/source.schema.json\n",
    "tracker.yaml": "# yaml-language-server: $schema=schema/tracker.schema.json\n",
}


# -- the tracker being edited ------------------------------------------------------------------
@dataclass
class Tree:
    """The tracker folder; edits go through it so that it knows every path they touched."""

    root: Path
    # The fixture the tracker was copied from: what restore_file and revert_all restore.
    fixture: Path = MINIMAL
    touched: set[str] = field(default_factory=set)
    log: list[str] = field(default_factory=list)
    writes: int = 0

    def exists(self, rel: str) -> bool:
        return (self.root / rel).is_file()

    def ids(self, folder: str, ext: str = ".yaml") -> list[str]:
        base = self.root / folder
        return sorted(p.name[: -len(ext)] for p in base.glob(f"*{ext}")) if base.is_dir() else []

    def files(self, folder: str) -> list[str]:
        base = self.root / folder
        found = base.rglob("*") if base.is_dir() else ()
        return sorted(p.relative_to(self.root).as_posix() for p in found if p.is_file())

    def read(self, rel: str) -> str:
        return (self.root / rel).read_text(encoding="utf-8")

    def record(self, rel: str) -> dict[str, Any] | None:
        """The file's data when it is a readable YAML mapping (a broken file gives None)."""
        try:
            data = yaml.safe_load(self.read(rel))
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            return None
        return data if isinstance(data, dict) else None

    def write(self, rel: str, text: str) -> None:
        """Every other write is an atomic save (a new inode), as many editors do."""
        path = self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        self.writes += 1
        if self.writes % 2:
            path.write_text(text, encoding="utf-8")
        else:
            temporary = path.with_name(f".{path.name}.swp")
            temporary.write_text(text, encoding="utf-8")
            os.replace(temporary, path)
        self.touched.add(rel)
        self.log.append(f"write {rel}")

    def write_record(self, rel: str, data: dict[str, Any]) -> None:
        header = HEADERS[rel if rel == "tracker.yaml" else rel.partition("/")[0]]
        body = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=1000)
        self.write(rel, header + body)

    def delete(self, rel: str) -> None:
        (self.root / rel).unlink()
        self.touched.add(rel)
        self.log.append(f"delete {rel}")

    def rename(self, old: str, new: str) -> None:
        os.replace(self.root / old, self.root / new)
        self.touched |= {old, new}
        self.log.append(f"rename {old} {new}")

    def skip(self, why: str) -> None:
        self.log.append(f"skipped: {why}")


def choose(items: list[str], pick: int) -> str | None:
    return items[pick % len(items)] if items else None


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()

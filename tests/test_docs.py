"""The README and docs/*.md: every relative link between them resolves (the file exists,
and a #fragment names a heading of the target file, by GitHub's anchor rule), the README
links to every page of docs/, and its commands table names every command and option.

External http(s) and mailto links are not fetched.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from claimtrack.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"

FENCE = re.compile(r"^ {0,3}(```|~~~).*?^ {0,3}\1[^\n]*$", re.M | re.S)
CODE_SPAN = re.compile(r"(`+)(?!`).+?(?<!`)\1(?!`)", re.S)
HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$", re.M)
INLINE_LINK = re.compile(
    r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)"
)
AUTOLINK = re.compile(r"<([a-z][a-z0-9+.-]*:[^>\s]*)>", re.I)
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:[ \t]*<?(\S+?)>?(?:[ \t]+.*)?$", re.M)
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)


def markdown_files() -> list[Path]:
    return [README, *sorted(DOCS.glob("*.md"))]


def without_code(text: str) -> str:
    """``text`` without fenced code blocks and code spans, whose brackets are not links."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: its text (no backticks, emphasis or link targets),
    lowercased, every character but letters, digits, spaces, hyphens and underscores
    dropped, and each space a hyphen."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = text.replace("`", "").replace("*", "")
    text = re.sub(r"<[^>]+>", "", text).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(text: str) -> set[str]:
    """Every heading anchor of a markdown text; a repeated slug gets -1, -2, ... as on GitHub."""
    seen: dict[str, int] = {}
    found = set()
    for match in HEADING.finditer(FENCE.sub("", text)):
        base = slug(match.group(1))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def links(text: str) -> list[str]:
    """Every link target of a markdown text (inline, autolink, reference definition)."""
    text = without_code(text)
    targets = [m.group(1) for m in INLINE_LINK.finditer(text)]
    targets += [m.group(1) for m in AUTOLINK.finditer(text)]
    targets += [m.group(1) for m in REFERENCE.finditer(text)]
    return targets


def broken_links(path: Path, root: Path) -> list[str]:
    """The relative links of ``path`` that lead nowhere: a missing file, a file outside
    ``root``, or a fragment that is no heading of the markdown file it names."""
    problems = []
    for target in links(path.read_text(encoding="utf-8")):
        if EXTERNAL.match(target):
            continue  # http(s), mailto: not fetched
        where, _, fragment = target.partition("#")
        linked = (path.parent / where).resolve() if where else path
        name = f"{path.relative_to(root)}: {target}"
        if not linked.is_relative_to(root):
            problems.append(f"{name}: leads out of the repository")
        elif not linked.exists():
            problems.append(f"{name}: no such file")
        elif (
            fragment
            and linked.suffix == ".md"
            and fragment not in anchors(linked.read_text(encoding="utf-8"))
        ):
            problems.append(f"{name}: no heading with the anchor #{fragment}")
    return problems


# The rule itself.


@pytest.mark.parametrize(
    ("heading", "anchor"),
    [
        ("Quick start", "quick-start"),
        ("Dependencies, and why each", "dependencies-and-why-each"),
        ("`check` output", "check-output"),
        ("`tracker.yaml`", "trackeryaml"),
        ("Links and `base_url`", "links-and-base_url"),
        ("The site's language", "the-sites-language"),
        ("The live site: `serve`", "the-live-site-serve"),
        ("1. Add a source with its archived text", "1-add-a-source-with-its-archived-text"),
        ("`claims.json` and `sources.json`", "claimsjson-and-sourcesjson"),
        ("Self-related **claims**", "self-related-claims"),
        ("Glossaire français 繁體中文", "glossaire-français-繁體中文"),
    ],
)
def test_the_anchor_rule_is_githubs(heading: str, anchor: str) -> None:
    assert slug(heading) == anchor


def test_repeated_headings_and_code_blocks() -> None:
    text = "# A\n\n## Notes\n\n```yaml\n# not a heading\n```\n\n## Notes\n"
    assert anchors(text) == {"a", "notes", "notes-1"}


def test_links_are_found_outside_code_only() -> None:
    text = (
        "See [the guide](docs/editing.md#starting-a-tracker), <https://example.org/>,\n"
        "[two\nlines](docs/site.md) and `[not](a-link.md)`.\n\n"
        "```\n[nor](this.md)\n```\n\n[ref]: docs/codes.md\n"
    )
    assert links(text) == [
        "docs/editing.md#starting-a-tracker",
        "docs/site.md",
        "https://example.org/",
        "docs/codes.md",
    ]


def test_a_broken_link_is_reported(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    (root / "docs").mkdir(parents=True)
    (root / "docs" / "a.md").write_text("# A\n\n## The `serve` part\n", encoding="utf-8")
    (tmp_path / "outside.md").write_text("# Outside\n", encoding="utf-8")
    page = root / "README.md"
    page.write_text(
        "[ok](docs/a.md#the-serve-part) [ok](#top) [ok](https://example.invalid/x#y)\n"
        "[gone](docs/b.md) [bad anchor](docs/a.md#the-serve) [self](#nowhere)\n"
        "[out](../outside.md)\n\n# Top\n",
        encoding="utf-8",
    )
    assert broken_links(page, root) == [
        "README.md: docs/b.md: no such file",
        "README.md: docs/a.md#the-serve: no heading with the anchor #the-serve",
        "README.md: #nowhere: no heading with the anchor #nowhere",
        "README.md: ../outside.md: leads out of the repository",
    ]


# The repository's own README and docs.


@pytest.mark.parametrize("path", markdown_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(path: Path) -> None:
    assert broken_links(path, ROOT) == []


def test_the_readme_links_to_every_page_of_docs() -> None:
    linked = {
        (ROOT / target.partition("#")[0]).resolve()
        for target in links(README.read_text(encoding="utf-8"))
        if not EXTERNAL.match(target)
    }
    unlinked = [p.name for p in sorted(DOCS.glob("*.md")) if p.resolve() not in linked]
    assert unlinked == []


def commands() -> dict[str, argparse.ArgumentParser]:
    """Every command of the command line, `new` by its kinds: "new claim", ..."""

    def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                return dict(action.choices)
        return {}

    found = {}
    for name, parser in subcommands(build_parser()).items():
        kinds = subcommands(parser)
        found.update({f"{name} {kind}": sub for kind, sub in kinds.items()} or {name: parser})
    return found


def test_the_commands_table_names_every_command_and_option() -> None:
    """Each command has its row in docs/commands.md; each of its options is in that row,
    but --root and --today, which the sentence under the table gives once for all."""
    text = (DOCS / "commands.md").read_text(encoding="utf-8")
    section = text[text.index("\n## The table\n") :]
    rows = [line for line in section.splitlines() if line.startswith("| `claimtrack ")]
    assert "`--root DIR`" in section and "`--today YYYY-MM-DD`" in section
    missing = []
    for name, parser in commands().items():
        mine = [row for row in rows if re.search(rf"`claimtrack {name}[ `]", row)]
        assert re.search(rf"`claimtrack {name.split()[0]}[ `\\]", README.read_text()), name
        if not mine:
            missing.append(f"claimtrack {name}")
            continue
        options = [
            option
            for action in parser._actions
            for option in action.option_strings
            if option.startswith("--") and option not in ("--help", "--root", "--today")
        ]
        missing += [
            f"claimtrack {name} {option}"
            for option in options
            if not any(re.search(rf"{option}(?![\w-])", row) for row in mine)
        ]
    assert missing == []

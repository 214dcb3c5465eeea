"""Extract the interface's messages and bring every catalog up to date with them.

    .venv/bin/python -m tests.regen_catalogs            # messages.pot, and each .po updated
    .venv/bin/python -m tests.regen_catalogs --init de  # start a catalog for a new language

Messages are read from the packaged templates (``_()``, ``gettext``,
``ngettext``, ``{% trans %}``) and from the package's Python (``N_()``, the
fragments' ``_t(env, ...)``, ``_()`` where ``_ = ui.gettext``).  A message
new in the sources arrives in each ``.po`` with an empty translation (never a
fuzzy guess), one gone from them is dropped.  The English catalog translates
each message to itself.  Then translate the empty entries by hand;
tests/test_i18n_catalogs.py fails until every one is translated.  Catalogs
ship as ``.po`` only: claimtrack compiles them in memory when it builds.
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_python
from babel.messages.pofile import read_po, write_po
from jinja2.ext import babel_extract

from claimtrack.i18n import DOMAIN, SOURCE_LANGUAGE

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "claimtrack"
LOCALE = PACKAGE / "locale"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
# Fixed, so that regenerating unchanged sources changes no byte.
STAMP = dt.datetime(2026, 11, 30, tzinfo=dt.UTC)

# Which argument of each marking function is the message: singular (and plural) ids.
PYTHON_KEYWORDS: dict[str, tuple[int, ...]] = {
    "N_": (0,),
    "_": (0,),
    "gettext": (0,),
    "ngettext": (0, 1),
    "_t": (1,),  # fragments._t(env, message, **values)
}
TEMPLATE_KEYWORDS: dict[str, tuple[int, ...]] = {"_": (0,), "gettext": (0,), "ngettext": (0, 1)}
# The packaged environment's settings: trim_blocks changes a {% trans %} block's text.
TEMPLATE_OPTIONS = {"trim_blocks": "true", "lstrip_blocks": "true", "newstyle_gettext": "true"}

Message = tuple[str, int, str | tuple[str, str]]  # (file, line, id or (singular, plural))


def _pick(args: object, spec: tuple[int, ...]) -> str | tuple[str, str] | None:
    values = args if isinstance(args, tuple) else (args,)
    picked = [values[i] if i < len(values) else None for i in spec]
    if not all(isinstance(v, str) and v for v in picked):
        return None  # a message id that is a variable: marked where it is defined
    if len(picked) == 1:
        return str(picked[0])
    return (str(picked[0]), str(picked[1]))


def messages() -> Iterator[Message]:
    """Every marked message of the package, in file order: templates, then Python."""
    for path in sorted((PACKAGE / "templates").glob("*.html")):
        with path.open("rb") as handle:
            for line, func, args, _comments in babel_extract(
                handle, list(TEMPLATE_KEYWORDS), [], TEMPLATE_OPTIONS
            ):
                found = _pick(args, TEMPLATE_KEYWORDS[func])
                if found is not None:
                    yield f"templates/{path.name}", line, found
    for path in sorted(PACKAGE.rglob("*.py")):
        with path.open("rb") as handle:
            for line, func, args, _comments in extract_python(
                handle, dict.fromkeys(PYTHON_KEYWORDS), [], {}
            ):
                found = _pick(args, PYTHON_KEYWORDS[func])
                if found is not None:
                    yield str(path.relative_to(PACKAGE)), line, found


def template_catalog() -> Catalog:
    """The .pot: every message id, with where it is used."""
    catalog = Catalog(
        project="claimtrack",
        domain=DOMAIN,
        creation_date=STAMP,
        revision_date=STAMP,
        fuzzy=False,
        header_comment="# The interface of claimtrack's site. Made by tests/regen_catalogs.py.",
    )
    for path, line, message in messages():
        catalog.add(message, locations=[(path, line)])
    return catalog


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def _write(path: Path, catalog: Catalog) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, ignore_obsolete=True, include_previous=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


def update(language: str, template: Catalog) -> Catalog:
    """The language's catalog with exactly the template's messages (new ones untranslated)."""
    path = po_path(language)
    if path.is_file():
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=language.replace("-", "_"), domain=DOMAIN)
    else:
        catalog = Catalog(
            locale=language.replace("-", "_"),
            domain=DOMAIN,
            project="claimtrack",
            creation_date=STAMP,
            revision_date=STAMP,
            fuzzy=False,
        )
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    catalog.revision_date = STAMP
    if language == SOURCE_LANGUAGE:
        for entry in catalog:
            if entry.id:
                entry.string = entry.id
                entry.flags.discard("fuzzy")
    return catalog


def languages() -> list[str]:
    return sorted(p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--init", metavar="TAG", help="start the catalog of a new language")
    args = parser.parse_args()
    _write(TEMPLATE, template_catalog())
    wanted = sorted({*languages(), *([args.init] if args.init else [])})
    for language in wanted:
        # A fresh template each time: Catalog.update adopts the template's new entries.
        catalog = update(language, template_catalog())
        _write(po_path(language), catalog)
        missing = sum(1 for e in catalog if e.id and not all(_strings(e.string)))
        print(f"{po_path(language).relative_to(PACKAGE.parent.parent)}: {missing} to translate")


def _strings(value: object) -> tuple[str, ...]:
    return tuple(value) if isinstance(value, (tuple, list)) else (str(value or ""),)


if __name__ == "__main__":
    main()

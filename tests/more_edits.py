"""More edits for the property tests (see tracker_edits): what moves a claim between listings
(kind, claimant), its quotes and the revisions they cite, a source's notes, the Chinese translations, and the edits that
change a file's stamp but not its bytes, or its bytes but not its stamp."""

from __future__ import annotations

import datetime as dt
import os
import re
import time
from typing import Any

from claimtrack.fsutil import is_recent
from claimtrack.records.translations import entry_keys, fingerprint

from .edit_tree import Tree, choose
from .record_edits import FIRST_STATUS, KINDS, _claim, _source, quote_from


def change_kind(t: Tree, pick: int, variant: int) -> None:
    """Another kind, with a status and a one-entry history that fit it (a figure gets a
    quantity, the others lose theirs); 7: the kind alone (its status may no longer fit)."""
    if (found := _claim(t, pick)) is None:
        return
    cid, data = found
    kind = KINDS[variant % len(KINDS)]
    data["kind"] = kind
    if variant != 7:
        history = data.get("history")
        first = history[0] if isinstance(history, list) and history else {}
        day = first.get("date") if isinstance(first, dict) else None
        data["status"] = FIRST_STATUS[kind]
        data["history"] = [
            {
                "date": day if isinstance(day, dt.date) else dt.date(2026, 10, 2),
                "status": FIRST_STATUS[kind],
                "note": f"Now a {kind}.",
            }
        ]
        data.pop("measurements", None)
        if kind != "figure":
            data.pop("quantity", None)
        elif "quantity" not in data:
            data["quantity"] = {"value": 3, "unit": "x", "bound": "up-to", "metric": "speed"}
    t.write_record(f"claims/{cid}.yaml", data)


CLAIMANTS = ["Acme", "Bench Weekly", "Rocket Labs Ltd.", "Ünïcode & Co", "acme"]


def change_claimant(t: Tree, pick: int, variant: int) -> None:
    """Another claimant (its listing pages gain and lose the claim); 7: a blank name."""
    if (found := _claim(t, pick)) is not None:
        cid, data = found
        data["claimant"] = {"name": " " if variant == 7 else CLAIMANTS[variant % len(CLAIMANTS)]}
        t.write_record(f"claims/{cid}.yaml", data)


def change_quote(t: Tree, pick: int, variant: int) -> None:
    """One evidence item's quote: other words of its source's archive; 6 and 7: words the
    archive does not hold (quote-not-found when it has one)."""
    if (found := _claim(t, pick)) is None:
        return
    cid, data = found
    evidence = data.get("evidence")
    items = [e for e in evidence if isinstance(e, dict)] if isinstance(evidence, list) else []
    if not items:
        t.skip(f"{cid} cites nothing")
        return
    item = items[variant % len(items)]
    if variant >= 6:
        item["quote"] = "Words that no archive of this tracker holds."
    else:
        item["quote"] = quote_from(t, str(item.get("source")), variant)
    t.write_record(f"claims/{cid}.yaml", data)


def cite_revision(t: Tree, pick: int, variant: int) -> None:
    """An evidence item whose source has revisions cites one (issue 26): the variant-th
    (a gone one: revision-gone); 6: a key its source has not (revision-unknown); 7: its
    first copy again, revision: taken away."""
    if (found := _claim(t, pick)) is None:
        return
    cid, data = found
    evidence = data.get("evidence")
    keys: dict[int, list[str]] = {}
    items = [e for e in evidence if isinstance(e, dict)] if isinstance(evidence, list) else []
    for n, item in enumerate(items):
        rel = f"sources/{item.get('source')}.yaml"
        source = t.record(rel) if t.exists(rel) else None
        revisions = source.get("revisions") if source is not None else None
        if isinstance(revisions, list) and revisions:
            days = [r.get("retrieved") for r in revisions if isinstance(r, dict)]
            keys[n] = entry_keys(d for d in days if isinstance(d, dt.date))
    if not keys:
        t.skip(f"{cid} cites no source with revisions")
        return
    n = sorted(keys)[variant % len(keys)]
    if variant == 7:
        items[n].pop("revision", None)
    elif variant == 6:
        items[n]["revision"] = "2026-01-01#2"
    else:
        items[n]["revision"] = keys[n][variant % len(keys[n])]
    t.write_record(f"claims/{cid}.yaml", data)


NOTES = ["The vendor's own announcement.", "Notes changed <b>&</b> « again ».", "Short."]


def change_source_notes(t: Tree, pick: int, variant: int) -> None:
    """A source's notes (its translations' fingerprints go stale), or none (variant 3)."""
    if (found := _source(t, pick)) is not None:
        sid, data = found
        data.pop("notes", None)
        if variant % 4 != 3:
            data["notes"] = NOTES[variant % 4]
        t.write_record(f"sources/{sid}.yaml", data)


def translate_chinese(t: Tree, pick: int, variant: int) -> None:
    """A claim's Chinese statement beside its other translations: 0 current, 1 stale, 2 in
    other words, 3 none; 6: without translated_by (missing-field)."""
    if (found := _claim(t, pick)) is None:
        return
    cid, data = found
    translations = data.get("translations")
    translations = dict(translations) if isinstance(translations, dict) else {}
    original = str(data.get("statement", "")) + (" (earlier)" if variant % 4 == 1 else "")
    zh: dict[str, Any] = {
        "translated_by": "machine",
        "statement": "換句話說。" if variant % 4 == 2 else "一個翻譯的說法。",
        "made_from": {"statement": fingerprint(original)},
    }
    if variant == 6:
        del zh["translated_by"]
    translations.pop("zh-Hant", None)
    if variant % 4 != 3:
        translations["zh-Hant"] = zh
    data["translations"] = translations
    t.write_record(f"claims/{cid}.yaml", data)


def _tracked(t: Tree) -> list[str]:
    files = [*t.files("claims"), *t.files("sources"), *t.files("templates"), *t.files("static")]
    return sorted([*files, "tracker.yaml"] if t.exists("tracker.yaml") else files)


def touch_file(t: Tree, pick: int, variant: int) -> None:
    """A file's stamp changed and its bytes not (`touch`, a checkout): now, or long ago."""
    rel = choose(_tracked(t), pick)
    if rel is None:
        t.skip("no file")
        return
    when = time.time_ns() if variant % 2 else 1_600_000_000_000_000_000 + variant
    os.utime(t.root / rel, ns=(when, when))
    t.touched.add(rel)
    t.log.append(f"touch {rel}")


_STATEMENT = re.compile(rb"^statement: ['\"]?([A-Za-z])", re.MULTILINE)


def racy_rewrite(t: Tree, pick: int, variant: int) -> None:
    """A claim's statement changed in place (one letter's case) and its stamp (mtime, size,
    inode) left as it was: a second save within the same tick of a coarse file clock.  Done
    twice, an edit reverted within the racy-clean window (fsutil.is_recent).  A file not
    written in that window is saved plainly: outside it an equal stamp means equal bytes."""
    rel = choose(t.files("claims"), pick)
    if rel is None:
        t.skip("no claim")
        return
    path = t.root / rel
    raw = path.read_bytes()
    found = _STATEMENT.search(raw)
    if found is None:
        t.skip(f"{rel} has no statement to change in place")
        return
    at = found.start(1)
    changed = raw[:at] + raw[at : at + 1].swapcase() + raw[at + 1 :]
    st = path.stat()
    with path.open("r+b") as file:  # the same inode, as an editor saving in place
        file.write(changed)
    t.touched.add(rel)
    if is_recent(st.st_mtime_ns):
        os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
        t.log.append(f"racy rewrite {rel}")
    else:
        t.log.append(f"rewrite {rel} (not written within the window: a plain save)")


def change_revises(t: Tree, pick: int, variant: int) -> None:
    """The claim it revises (issue 26: the pages of the chain it leaves and joins, and the
    listings' earlier versions, change): even variants none, odd ones another claim; 6: a
    cycle with another claim (itself when there is none to read), 7: an unknown id."""
    if (found := _claim(t, pick)) is None:
        return
    cid, data = found
    other = choose([c for c in t.ids("claims") if c != cid], variant // 2)
    data.pop("revises", None)
    if variant == 7:
        data["revises"] = "no-such-claim"
    elif variant == 6:
        back = t.record(f"claims/{other}.yaml") if other is not None else None
        if other is not None and back is not None:
            back["revises"] = cid
            t.write_record(f"claims/{other}.yaml", back)
        data["revises"] = other if back is not None else cid
    elif variant % 2 and other is not None:
        data["revises"] = other
    t.write_record(f"claims/{cid}.yaml", data)


def correct_claim(t: Tree, pick: int, variant: int) -> None:
    """A correction, as `claimtrack correct` writes one: the statement or the rationale
    reworded, the previous wording under ``was:``, the status kept (the corrections page,
    the claim page's mark, the feed and claims.json change); 6: a correction that changes
    the status, 7: one that names no field (correction-entry errors)."""
    if (found := _claim(t, pick)) is None:
        return
    cid, data = found
    history = data.get("history")
    if not isinstance(history, list) or not history or not isinstance(history[-1], dict):
        t.skip(f"claims/{cid}.yaml has no history to correct")
        return
    last = history[-1]
    day = last.get("date") if isinstance(last.get("date"), dt.date) else dt.date(2026, 10, 2)
    field = ("statement", "rationale")[variant % 2]
    was = data.get(field)
    if not isinstance(was, str) or not was.strip():
        t.skip(f"claims/{cid}.yaml has no {field}")
        return
    data[field] = f"{was.rstrip('.')} (corrected {variant})."
    status = "retracted" if variant == 6 else last.get("status")
    entry = {"date": day, "status": status, "note": f"Reworded the {field}.", "was": {}}
    if variant != 7:
        entry["was"] = {field: was}
    history.append(entry)
    t.write_record(f"claims/{cid}.yaml", data)

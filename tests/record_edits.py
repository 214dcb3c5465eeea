"""Edits of claims, sources and archives for the incremental property test (see tracker_edits)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from .edit_tree import Tree, choose, sha256
from .site_support import FIXTURE_TODAY


def quote_from(t: Tree, source: str, variant: int) -> str:
    """A phrase that is in the source's archive (any words when it has none)."""
    rel = f"sources/{source}.txt"
    if not t.exists(rel):
        return "Rocket 2 is fast."
    words = t.read(rel).split()
    start = variant % max(1, len(words) - 4)
    return " ".join(words[start : start + 4]) or "Rocket 2"


def evidence(t: Tree, source: str, variant: int) -> dict[str, Any]:
    item: dict[str, Any] = {"source": source, "quote": quote_from(t, source, variant)}
    language = (t.record(f"sources/{source}.yaml") or {}).get("language", "en")
    if language != "en":
        item["translation"] = "A translation."
        item["translated_by"] = "machine"
    return item


# -- edits: claims -----------------------------------------------------------------------------
KINDS = ["figure", "omission", "fact", "quote", "assessment"]
FIRST_STATUS = {
    "figure": "unverified",
    "omission": "undisclosed",
    "fact": "verified",
    "quote": "retracted",
    "assessment": "misleading",
}


def add_claim(t: Tree, pick: int, variant: int) -> None:
    """A new valid claim of some kind, citing an existing source with a quote from its archive."""
    kind = KINDS[variant % len(KINDS)]
    source = choose(t.ids("sources"), pick) or "acme-post"
    claim: dict[str, Any] = {
        "statement": f"Acme says something about Rocket 2 ({kind} {pick}).",
        "claimant": {"name": "Acme"},
        "kind": kind,
        "topics": ["speed"],
        "evidence": [evidence(t, source, variant)],
        "status": FIRST_STATUS[kind],
        "history": [
            {
                "date": dt.date(2026, 10, 5),
                "status": FIRST_STATUS[kind],
                "note": "Recorded.",
                "evidence": [source],
            }
        ],
        "rationale": "Added by the property test.",
        "related": [],
        "review_by": dt.date(2027, 6, 30),
    }
    if kind == "figure":
        claim["quantity"] = {
            "value": 2 + variant,
            "unit": "x",
            "bound": "up-to",
            "metric": "speed",
            "baseline": "Rocket 1",
            "conditions": "",
        }
    t.write_record(f"claims/added-{pick % 3}.yaml", claim)


def _claim(t: Tree, pick: int) -> tuple[str, dict[str, Any]] | None:
    """An existing claim that can be read (a broken one is replaced by a fresh valid claim)."""
    cid = choose(t.ids("claims"), pick)
    if cid is None:
        t.skip("no claim")
        return None
    data = t.record(f"claims/{cid}.yaml")
    if data is None:
        t.skip(f"claims/{cid}.yaml is broken")
        return None
    return cid, data


STATEMENTS = [
    "Rocket 2 runs up to three times faster than Rocket 1.",
    'Acme\'s <b>"fastest"</b> engine & more.',
    "Rocket 2 は速い — « vraiment ».",
]


def change_statement(t: Tree, pick: int, variant: int) -> None:
    if (found := _claim(t, pick)) is not None:
        cid, data = found
        data["statement"] = STATEMENTS[variant % len(STATEMENTS)]
        t.write_record(f"claims/{cid}.yaml", data)


STATUSES = ["verified", "disputed", "false", "misleading", "retracted", "unverified"]


def change_status(t: Tree, pick: int, variant: int) -> None:
    """A new history entry and the status to match; 6: corroborated or disclosed (errors here),
    7: dated in the future."""
    if (found := _claim(t, pick)) is None:
        return
    cid, data = found
    if data.get("kind") == "omission":
        status = "disclosed" if variant == 6 else "undisclosed"
    else:
        status = "corroborated" if variant == 6 else STATUSES[variant % len(STATUSES)]
    history = data.get("history")
    history = history if isinstance(history, list) else []
    dates = [
        h["date"] for h in history if isinstance(h, dict) and isinstance(h.get("date"), dt.date)
    ]
    day = min(max(dates, default=dt.date(2026, 10, 2)) + dt.timedelta(days=1), FIXTURE_TODAY)
    if variant == 7:
        day = dt.date(2026, 12, 25)  # in the future: history-future
    cited = choose(t.ids("sources"), variant)
    entry = {"date": day, "status": status, "note": f"Now {status}.", "evidence": []}
    if cited is not None:
        entry["evidence"] = [cited]  # disclosed needs a source published after the omission
    history.append(entry)
    data["history"] = history
    data["status"] = status
    t.write_record(f"claims/{cid}.yaml", data)


def change_related(t: Tree, pick: int, variant: int) -> None:
    """Related: nothing, another claim, itself (a warning); 7: an unknown id (an error)."""
    if (found := _claim(t, pick)) is None:
        return
    cid, data = found
    others = [c for c in t.ids("claims") if c != cid]
    choices = [[], [choose(others, variant) or cid], [cid]]
    data["related"] = ["no-such-claim"] if variant == 7 else choices[variant % len(choices)]
    t.write_record(f"claims/{cid}.yaml", data)


def change_to_check(t: Tree, pick: int, variant: int) -> None:
    """Sources still to read (shown on their pages and in sources.json); 7: an unknown one."""
    if (found := _claim(t, pick)) is not None:
        cid, data = found
        source = choose(t.ids("sources"), variant)
        data["to_check"] = ["no-such-source"] if variant == 7 else [source][: variant % 2]
        t.write_record(f"claims/{cid}.yaml", data)


TOPICS = [[], ["speed"], ["pricing", "speed"], ["new-topic"]]


def change_topics(t: Tree, pick: int, variant: int) -> None:
    if (found := _claim(t, pick)) is not None:
        cid, data = found
        data["topics"] = ["Not A Topic"] if variant == 7 else TOPICS[variant % len(TOPICS)]
        t.write_record(f"claims/{cid}.yaml", data)


def change_review_by(t: Tree, pick: int, variant: int) -> None:
    """review_by passed (stale), in the future, or absent."""
    if (found := _claim(t, pick)) is not None:
        cid, data = found
        data.pop("review_by", None)
        if variant % 3 < 2:
            data["review_by"] = [dt.date(2026, 11, 1), dt.date(2027, 12, 31)][variant % 3]
        t.write_record(f"claims/{cid}.yaml", data)


def delete_claim(t: Tree, pick: int, variant: int) -> None:
    cid = choose(t.ids("claims"), pick)
    if cid is None:
        t.skip("no claim")
    else:
        t.delete(f"claims/{cid}.yaml")


def break_file(t: Tree, pick: int, variant: int) -> None:
    """An editor's mistake in a claim, a source or tracker.yaml."""
    files = [*t.files("claims"), *(f for f in t.files("sources") if f.endswith(".yaml"))]
    if t.exists("tracker.yaml"):
        files.append("tracker.yaml")
    rel = choose(sorted(files), pick)
    if rel is None:
        t.skip("no file")
        return
    text = t.read(rel)
    broken = [
        text + "key: [unclosed\n",  # yaml-syntax
        text + "\tindented: with a tab\n",  # tab-indent
        text + "statement: said twice\n",  # duplicate-key (claims), unknown-field (others)
        "",  # empty-file
        "\ufeff" + text,  # bom
    ]
    t.write(rel, broken[variant % len(broken)])


def rename_claim(t: Tree, pick: int, variant: int) -> None:
    """A claim file renamed (its id changes; claims relating to the old id now fail)."""
    cid = choose(t.ids("claims"), pick)
    if cid is None:
        t.skip("no claim")
        return
    new = f"renamed-{variant % 2}"
    t.rename(f"claims/{cid}.yaml", f"claims/{new}.yaml")


def add_misnamed_record(t: Tree, pick: int, variant: int) -> None:
    """A copy of a claim as claims/x.yml (ignored, a warning) or claims/Bad_Id.yaml (an error)."""
    cid = choose(t.ids("claims"), pick)
    text = t.read(f"claims/{cid}.yaml") if cid else "statement: A claim.\n"
    t.write("claims/copied.yml" if variant % 2 == 0 else "claims/Bad_Id.yaml", text)


# -- edits: sources and archives -----------------------------------------------------------------
def _snapshot(text: str) -> dict[str, Any]:
    return {"retrieved": dt.date(2026, 11, 30), "sha256": sha256(text)}


def add_source(t: Tree, pick: int, variant: int) -> None:
    """A new source, with or without archived text, derived from nothing or from acme-post."""
    sid = f"extra-{pick % 2}"
    source: dict[str, Any] = {
        "title": f"Extra report {pick}",
        "publisher": "Bench Weekly",
        "authors": [],
        "language": ["en", "de"][variant % 2],
        "kind": "report",
        "derived_from": ["acme-post"]
        if variant % 4 >= 2 and t.exists("sources/acme-post.yaml")
        else [],
    }
    if variant % 3 != 2:
        text = f"Extra report {pick}: Rocket 2 runs up to 3x faster, says Acme.\n"
        t.write(f"sources/{sid}.txt", text)
        source["snapshot"] = _snapshot(text)
    t.write_record(f"sources/{sid}.yaml", source)


def _source(t: Tree, pick: int) -> tuple[str, dict[str, Any]] | None:
    sid = choose(t.ids("sources"), pick)
    if sid is None:
        t.skip("no source")
        return None
    data = t.record(f"sources/{sid}.yaml")
    if data is None:
        t.skip(f"sources/{sid}.yaml is broken")
        return None
    return sid, data


TITLES = ["Acme announces <Rocket 2> & more", "Rocket 2 : « le plus rapide »", "A plain title"]


def change_source_title(t: Tree, pick: int, variant: int) -> None:
    if (found := _source(t, pick)) is not None:
        sid, data = found
        data["title"] = TITLES[variant % len(TITLES)]
        t.write_record(f"sources/{sid}.yaml", data)


def change_source_facts(t: Tree, pick: int, variant: int) -> None:
    """Facts other records' rules read: the language (quotes need a translation when it is not
    English) and the publication date (disclosed omissions need a later source)."""
    if (found := _source(t, pick)) is not None:
        sid, data = found
        data["language"] = ["en", "fr", "de"][variant % 3]
        data.pop("published", None)
        if variant % 4:
            data["published"] = [dt.date(2026, 9, 1), dt.date(2026, 11, 15), dt.date(2026, 10, 3)][
                variant % 4 - 1
            ]
        t.write_record(f"sources/{sid}.yaml", data)


def _derivers(t: Tree, sid: str) -> set[str]:
    """Sources that derive from ``sid``, directly or not (itself included)."""
    parents = {
        s: set((t.record(f"sources/{s}.yaml") or {}).get("derived_from") or [])
        for s in t.ids("sources")
    }
    found, grew = {sid}, True
    while grew:
        more = {s for s, ps in parents.items() if ps & found} - found
        found |= more
        grew = bool(more)
    return found


def change_derived_from(t: Tree, pick: int, variant: int) -> None:
    """derived_from: nothing or a source that makes no cycle; 7: a two-source cycle on purpose."""
    if (found := _source(t, pick)) is None:
        return
    sid, data = found
    if variant == 7:
        other = choose([s for s in t.ids("sources") if s != sid], variant)
        other_data = t.record(f"sources/{other}.yaml") if other else None
        if other is not None and other_data is not None:
            data["derived_from"] = [other]
            other_data["derived_from"] = [sid]
            t.write_record(f"sources/{other}.yaml", other_data)
    else:
        safe = [s for s in t.ids("sources") if s not in _derivers(t, sid)]
        data["derived_from"] = [choose(safe, variant)] if variant % 2 and safe else []
    t.write_record(f"sources/{sid}.yaml", data)


def delete_source(t: Tree, pick: int, variant: int) -> None:
    """Its record (claims citing it now fail), and its archive too, or not (an orphan)."""
    sid = choose(t.ids("sources"), pick)
    if sid is None:
        t.skip("no source")
        return
    t.delete(f"sources/{sid}.yaml")
    if variant % 2 and t.exists(f"sources/{sid}.txt"):
        t.delete(f"sources/{sid}.txt")


def change_archive(t: Tree, pick: int, variant: int) -> None:
    """Text added, snapshot updated; 6: text replaced (quotes lost); 7: sha256 left stale."""
    if (found := _source(t, pick)) is None:
        return
    sid, data = found
    rel = f"sources/{sid}.txt"
    old = t.read(rel) if t.exists(rel) else ""
    if variant == 6:
        text = "This archive no longer says what the claims quote.\n"
    elif variant == 7:
        text = old + "An edit nobody recorded.\n"
    else:
        text = old + f"Acme later added footnote {variant}.\n"
    t.write(rel, text)
    if variant != 7:
        data["snapshot"] = _snapshot(text)
        t.write_record(f"sources/{sid}.yaml", data)


def delete_archive(t: Tree, pick: int, variant: int) -> None:
    """The .txt and its snapshot (quotes become unchecked); 7: the .txt alone (an error)."""
    sid = choose(t.ids("sources", ".txt"), pick)
    if sid is None:
        t.skip("no archive")
        return
    t.delete(f"sources/{sid}.txt")
    data = t.record(f"sources/{sid}.yaml") if t.exists(f"sources/{sid}.yaml") else None
    if variant != 7 and data is not None:
        data.pop("snapshot", None)
        t.write_record(f"sources/{sid}.yaml", data)


def recheck_source(t: Tree, pick: int, variant: int) -> None:
    """A revision, as `recheck --save` writes it: the text with a sentence added (the quotes
    kept), 1: a text that no longer says what the claims quote, 2: the page gone, 3: moved;
    5: the text with its first sentence reworded (a word changed within it: what the diff of
    issue 26 shows); 7: the file without its entry (an error).  Each a day after the last."""
    if (found := _source(t, pick)) is None:
        return
    sid, data = found
    revisions = data.get("revisions") or []
    day = dt.date(2026, 11, 1) + dt.timedelta(days=len(revisions))
    entry: dict[str, Any] = {"retrieved": day, "outcome": "changed"}
    if variant % 4 == 2:
        entry["outcome"] = "gone"
    else:
        old = t.read(f"sources/{sid}.txt") if t.exists(f"sources/{sid}.txt") else ""
        text = "This page no longer says it.\n" if variant % 4 == 1 else old + "Updated.\n"
        if variant == 5:
            text = old.replace(" ", " reportedly ", 1) if " " in old else "Reworded.\n"
        t.write(f"sources/{sid}.revisions/{day.isoformat()}.txt", text)
        entry["sha256"] = sha256(text)
        if variant % 4 == 3:
            entry["outcome"], entry["url"] = "moved", f"https://moved.example/{sid}"
    if variant != 7:
        data["revisions"] = [*revisions, entry]
        t.write_record(f"sources/{sid}.yaml", data)


def set_archive_public(t: Tree, pick: int, variant: int) -> None:
    """Publish the whole archived text (even variants) or stop (odd); 7: a text, an error."""
    if (found := _source(t, pick)) is not None:
        sid, data = found
        if variant == 7:
            data["archive_public"] = "yes"
        elif variant % 2:
            data.pop("archive_public", None)
        else:
            data["archive_public"] = True
        t.write_record(f"sources/{sid}.yaml", data)

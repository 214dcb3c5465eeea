"""A claim's timeline as its page shows it (model/claim/timeline.py computes it): one list item
per event, newest first, each headed by its date and a visible word for what happened, so
that the kind of an event is never told by colour or an icon alone.

A status change renders as the history always has (fragments.history_item); the other
kinds are here.  The quoted passages stay in their source's language, with its ``lang``.
"""

from __future__ import annotations

from jinja2 import Environment, pass_environment
from markupsafe import Markup

from ....i18n import N_
from ...model.claim.timeline import Event, Kind, SourceVersion
from ..blocks import _t, interface_of, source_link_html
from ..escaping import escape_text, markup
from ..fragments import history_item, statement_link
from .diffs import wording_change

# The visible word heading each kind of event; a status change's is its badge.
KIND_LABELS: dict[Kind, str] = {
    Kind.MADE: N_("Claim made"),
    Kind.SOURCE_VERSION: N_("Source changed"),
    Kind.MEASUREMENT: N_("Measured"),
    Kind.CORRECTION: N_("Correction"),
    Kind.REVISED: N_("Revised by its claimant"),
}


def _head(env: Environment, e: Event) -> str:
    day = escape_text(interface_of(env).date(e.date))
    label = _t(env, KIND_LABELS[e.kind])
    return (
        f'<p class="timeline-head"><time datetime="{e.date.isoformat()}">{day}</time> '
        f'<span class="event-kind">{label}</span></p>\n'
    )


def _made(env: Environment, e: Event, rel: str, omission: bool) -> str:
    assert e.made is not None
    source = source_link_html(env, e.made.source, rel)
    if omission:
        return _t(env, "Left unsaid in %(source)s.", source=source)
    return _t(env, "Made in %(source)s.", source=source)


# What a version did to a passage the claim quotes, by whether the version has it.
_PASSAGE_STATES: dict[bool, str] = {
    False: N_("no longer has this passage:"),
    True: N_("has this passage again:"),
}


def _version(env: Environment, v: SourceVersion, rel: str) -> str:
    source = source_link_html(env, v.source, rel)
    outcome = _t(env, v.revision.outcome_label)
    said = _t(env, "A new version of %(source)s.", source=source)
    lang = escape_text(v.source.language)
    items = []
    for p in v.passages:
        if not p.changed or p.present is None:
            continue
        state = _t(env, _PASSAGE_STATES[p.present])
        items.append(
            f'<li><span class="passage-state">{state}</span> '
            f'<q lang="{lang}">{escape_text(p.quote)}</q></li>'
        )
    passages = f'<ul class="event-passages">\n{"".join(items)}\n</ul>\n' if items else ""
    passages += "".join(wording_change(env, change, v.source.language) for change in v.changes)
    return f'<p>{said} <span class="event-note">{outcome}</span></p>\n{passages}'


def _revised(env: Environment, e: Event, rel: str, root: str) -> str:
    assert e.claim is not None
    other = statement_link(env, e.claim, rel, root)
    if e.replaced:
        return _t(env, "Replaced by its claimant's new claim: %(claim)s", claim=other)
    return _t(env, "Replaces its claimant's earlier claim: %(claim)s", claim=other)


def _measurement(env: Environment, e: Event) -> str:
    m = e.measurement
    assert m is not None
    who = escape_text(m.measured_by)
    amount = escape_text(m.amount)
    said = _t(env, "%(who)s measured %(amount)s.", who=who, amount=amount)
    # Each message whole, where the catalogs' extraction finds it.
    independence = _t(env, "independent") if m.independent else _t(env, "not independent")
    return f'<p>{said} <span class="event-note">({independence})</span></p>\n'


@pass_environment
def timeline_item(
    env: Environment,
    e: Event,
    rel: str,
    root: str,
    original: str | None = None,
    omission: bool = False,
) -> Markup:
    """``{{ e|timeline_item(rel, page.root, page|original_page, c.kind == "omission") }}``:
    ``root`` leads to the site's root, ``original`` to this page in the main language."""
    if e.history is not None:  # a status change or a correction, as the history shows it
        return history_item(env, e.history, rel, original)
    body = ""
    if e.kind is Kind.MADE:
        body = f"<p>{_made(env, e, rel, omission)}</p>\n"
    elif e.kind is Kind.SOURCE_VERSION and e.version is not None:
        body = _version(env, e.version, rel)
    elif e.kind is Kind.MEASUREMENT:
        body = _measurement(env, e)
    elif e.kind is Kind.REVISED and e.claim is not None:
        body = f"<p>{_revised(env, e, rel, root)}</p>\n"
    return markup(f'<li class="event-{e.kind_name}">\n{_head(env, e)}{body}</li>')

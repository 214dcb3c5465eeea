"""The parts every view is made of: a status, the site's settings, a source's reference, a
claim's summary, its claimant and quantity, a quote and a history entry.  Apart from
views.py so that the claim page's own views (claim/) can be made of them too.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from ...check.revisions import Removal
from ...i18n import N_
from ...records import STATUS_MEANINGS, Status
from .. import addresses
from .claim.chains import Revised
from .claim.corrections import CorrectionView
from .localized import Localized, Translated
from .revisions import ReplacementView

# Most newsworthy first: what is wrong, then what is open, then what holds.
STATUS_ORDER: tuple[Status, ...] = (
    Status.FALSE,
    Status.MISLEADING,
    Status.DISPUTED,
    Status.UNVERIFIED,
    Status.CORROBORATED,
    Status.VERIFIED,
    Status.RETRACTED,
    Status.UNDISCLOSED,
    Status.DISCLOSED,
)
_RANK = {status: i for i, status in enumerate(STATUS_ORDER)}


@dataclass(frozen=True)
class StatusView:
    value: str
    label: str
    meaning: str
    rank: int


STATUS_LABELS: dict[Status, str] = {
    Status.UNVERIFIED: N_("Unverified"),
    Status.CORROBORATED: N_("Corroborated"),
    Status.VERIFIED: N_("Verified"),
    Status.MISLEADING: N_("Misleading"),
    Status.DISPUTED: N_("Disputed"),
    Status.FALSE: N_("False"),
    Status.RETRACTED: N_("Retracted"),
    Status.UNDISCLOSED: N_("Undisclosed"),
    Status.DISCLOSED: N_("Disclosed"),
}

# Label and meaning are English message ids: claims.json and the JSON-LD publish them as
# they are; pages translate them where shown (fragments.translated).
STATUSES: dict[Status, StatusView] = {
    s: StatusView(s.value, STATUS_LABELS[s], STATUS_MEANINGS[s], _RANK[s]) for s in Status
}


@dataclass(frozen=True)
class SiteSettings:
    title: Localized
    description: Localized
    language: str
    base_url: str | None  # always ends with "/" when set
    search: bool = True  # built with full-text search: a search page, a box on every page
    # The site's languages, main first (TrackerSettings.site_languages); every page is
    # planned once in each.  Left out, the main language alone.
    languages: tuple[str, ...] = ()
    # Share cards are drawn (tracker.yaml's cards: true, or auto under CARDS_AUTO_LIMIT
    # claims): every page's og:image names one.
    cards: bool = False

    def __post_init__(self) -> None:
        if not self.languages:
            object.__setattr__(self, "languages", (self.language,))

    def absolute(self, path: str) -> str | None:
        """Absolute URL of a site path ("claims/x/"), only when a base URL is configured."""
        return addresses.absolute(self.base_url, path)


@dataclass(frozen=True)
class SourceRef:
    id: str
    title: Localized  # in the source's own language, and where translated in others
    language: str


@dataclass(frozen=True)
class ClaimSummary:
    """What a list shows of a claim: the index, related claims, a source's citing claims."""

    id: str
    statement: Localized
    status: StatusView
    kind: str
    kind_label: str
    claimant: str  # the name as the records write it: its listing's key
    claimant_name: Localized  # the name as each site language reads it
    topics: tuple[str, ...]
    last_changed: dt.date
    recorded: dt.date
    stale: bool
    measured: MeasuredLine | None = None  # a figure with independent measurements
    revised_by: tuple[Revised, ...] = ()  # later claims of its claimant that replace it

    def __hash__(self) -> int:
        # By its id alone, as Loaded is hashed (equal summaries have equal ids): a listing
        # page's items are recalled by their summary (html/fragments.py's lru_caches), and
        # the dataclass's own hash walked every nested text and translation at each
        # lookup, 18% of rendering a claim edit's pages in three languages.
        return hash(self.id)


@dataclass(frozen=True)
class MeasuredLine:
    """What a list shows of a figure's measurements: "measured: 3.1x (best of 2 independent)"."""

    best: str  # the best independent value, in the claim's unit: "3.1x"
    independent: int


@dataclass(frozen=True)
class ClaimantView:
    name: str
    role: str | None
    organisation: str | None
    is_person: bool
    display: str  # in the records' language: 'Jane Doe (Head of inference, Acme)'
    # The name, role and organisation as each site language reads them (localized.ClaimTexts)
    shown: tuple[Localized, Localized | None, Localized | None] | None = None


@dataclass(frozen=True)
class QuantityView:
    figure: str  # "up to 8x"
    value: str
    unit: str
    bound: str
    bound_meaning: str
    metric: str
    baseline: str | None
    conditions: Localized | None
    number: float = 0.0  # the value, for Babel to format in the site's language
    joined: bool = False  # the unit follows the number without a space ("8x")
    pattern: str = ""  # "up to %(amount)s"; empty for an exact figure
    # metric and baseline as each site language reads them (localized.ClaimTexts)
    metric_text: Localized | None = None
    baseline_text: Localized | None = None


@dataclass(frozen=True)
class EvidenceView:
    source: SourceRef
    quote: str
    translation: str | None  # English
    translated_by: str | None
    translator_label: str | None
    check: str
    check_label: str
    lang: str  # the quote's language: its source's
    # Its meaning in the further site languages it is translated into (quote_state).
    translations: tuple[Translated, ...] = ()
    # The quote's first occurrence in the archived copy, in the archive's own characters,
    # and the text around it (None, and 0 occurrences, without a copy or when not found).
    context_before: str | None = None
    passage: str | None = None
    context_after: str | None = None
    occurrences: int = 0
    # The source's own page at the passage (a URL text fragment); None without a url.
    text_fragment_url: str | None = None
    # The passage on the source's archive page (path#id); None when that page is not built.
    archive_passage: str | None = None
    # In the source's latest revision (None: never rechecked); when not, when it went.
    in_latest_revision: bool | None = None
    removal: Removal | None = None
    revision: dt.date | None = None  # the date of the revision it cites (None: the first copy)
    replacement: ReplacementView | None = None  # what took the removed passage's place


@dataclass(frozen=True)
class HistoryView:
    index: int
    date: dt.date
    status: StatusView
    note: Localized
    evidence: tuple[SourceRef, ...]
    current: bool
    quotes: tuple[EvidenceView, ...] = ()  # the sources' own words proving the change
    correction: CorrectionView | None = None  # an entry with was: what it put right


# The claimed-versus-measured chart: a label column, then the axis.
MEASURE_LABEL = 190
MEASURE_AXIS = 380
MEASURE_ROW = 34

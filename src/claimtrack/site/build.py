"""Build orchestration: check, render, then write what changed in place, or a new folder.

A build whose record of the last build (last_build.LastBuild) describes the site in
place writes only the files that changed, in one commit with a journal
(publish/commit.py).  Any other build (the first, a new theme, most pages changed)
writes the whole site into a sibling folder of ``out`` and only then swaps it in.  Either
way a failed or interrupted build leaves the old site exactly as it was, or (killed
during a commit's renames) one that the next command finishes.
"""

from __future__ import annotations

import datetime as dt
import os
import time
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from jinja2 import Environment

from ..check import Checker
from ..check.analysis import Analysis
from ..check.impact import NOTHING, Impact, joined
from ..errors import DataError, UsageError
from ..i18n import english, interface
from ..load import Cache, Loader
from ..problems import Problem, sort_problems, split_errors
from ..process.batch import collector_paused
from ..process.children import Children
from ..process.ending import keep
from . import update
from .addresses import shard_count
from .build_warnings import build_warnings
from .cards.plan import build_setup
from .carried import FromLastBuild
from .html.render import Renderer, digest, write_site
from .html.templating import TEMPLATE_FAILURE, Environments, environments
from .html.theme import load_theme
from .inputs import Inputs
from .key_digests import KeyDigests, renderers
from .languages import of_site
from .last_build import LastBuild, folder_identity, link_unchanged, made_entries
from .model.cache import ModelCache
from .model.views import whole
from .plan.outputs import Kept, Output
from .plan.pages import Planner
from .publish import commit, pagefind_run, swap
from .publish.search import SearchIndex

# Above this share of changed pages (and this many) an in-place update costs more than a
# fresh build (one fsync per file), and a fresh build is atomic as a whole.
FULL_REBUILD_SHARE = 0.25
FULL_REBUILD_MIN = 64
DATA_FAILURE = "the data has errors; the site was not built"
# The marker's output, in every plan (a new folder has it from its first moment, new_folder);
# here, not in publish/swap.py: the swap, and a command's manifest, need no plan.
MARKER_OUTPUT = Output(swap.MARKER, make=lambda: swap.MARKER_TEXT, key=swap.MARKER_TEXT)


@dataclass(frozen=True)
class BuildResult:
    pages: int  # HTML pages in the site
    files: int  # files in the site, pages included
    seconds: float
    out: Path
    warnings: list[Problem]
    written: int = 0  # files written by this build (all of them for a full build)
    rendered: int = 0  # pages rendered by this build
    full: bool = True  # a whole new folder was swapped in
    # Seconds per phase (load, check, model, write, swap or update), for benchmarks and serve.
    timings: dict[str, float] = field(default_factory=dict)
    cpu: dict[str, float] = field(default_factory=dict)  # CPU seconds of this process, likewise


class _Laps:
    def __init__(self) -> None:
        self.times: dict[str, float] = {}
        self.cpu: dict[str, float] = {}  # this process's CPU seconds (not a forked child's)
        self._last = time.perf_counter()
        self._last_cpu = time.process_time()

    def lap(self, name: str) -> None:
        now, cpu = time.perf_counter(), time.process_time()
        self.times[name] = self.times.get(name, 0.0) + now - self._last
        self.cpu[name] = self.cpu.get(name, 0.0) + cpu - self._last_cpu
        self._last, self._last_cpu = now, cpu


class SiteBuilder:
    """Builds the site of the tracker at ``root`` into ``out``; call build() again after edits.

    A build without a record of the last one (the first, or --no-cache in a new process),
    and any build after the theme (templates, static files) changed, after ``out`` was
    replaced or touched by someone else, or when more than a quarter of the pages (and
    more than 64) change, is a full build: a new folder written beside ``out`` and
    swapped in whole.

    Other builds are incremental, in this process (serve) or a new one (the record read
    from the cache).  The records are loaded again through a Loader (only edited files
    are re-read) and checked again (Checker).  Each output has a key, exactly the data it
    is made from (its immutable view models, or a static file's bytes); it is made only
    when its key differs from the last build's, and written only when its bytes differ,
    in one commit (publish/commit.py), the pages before the data files (update.py).  What
    no output has any more is deleted, and a file deleted by hand is written again.  A
    build that finds errors raises DataError and writes nothing.
    """

    def __init__(
        self,
        root: Path,
        out: Path,
        today: dt.date | None = None,
        cache: Cache | None = None,
        *,
        search: bool = True,
        children: Children | None = None,
    ) -> None:
        self.root = Path(root).resolve()
        self.out = Path(out).resolve()
        self.today = today
        self.cache = cache if cache is not None else Cache.disabled()
        # Full builds index the site for search before swapping it in, a command's update in
        # place before its commit; serve's updates leave the index stale until its refresh().
        # ``children``: who runs Pagefind (serve's).
        self.index = SearchIndex(
            self.out,
            enabled=search,
            children=children if children is not None else Children(),
            cache=self.cache,
        )
        # The one record of what the last build wrote (kept in the cache between runs).
        self._record = self.cache.part(LastBuild)
        # Per language: the environment of the theme and words (by fingerprint), its problems.
        self._envs: Environments = {}
        self._loader = Loader(self.root, self.cache)
        self._checker = Checker(self.cache, contexts=True)
        self._model = ModelCache(search=search)
        self._planner = Planner()
        # What edits touched since the views were last made: a build that stops at a
        # problem makes none, and the next one must make them for its edits too.
        self._unmade: Impact | None = NOTHING
        self._pages = 0  # pages in the last plan
        self._full = True  # whether the last build wrote a new folder (not in place)
        # Whom to tell (None: nobody): an update's pages are in place, before the data files
        # (serve's open pages reload); each check's results (serve's review page).
        self.pages_written: Callable[[], None] | None = None
        self.checked: Callable[[Analysis, list[Problem], dt.date], None] | None = None

    def build(self, changed: Collection[str] | None = None) -> BuildResult:
        """Build again; ``changed``: the only paths (relative to the root) edited since the
        last build, when the caller knows them (file-system events), else None."""
        return self._build(track=True, changed=changed)

    def _build(self, *, track: bool, changed: Collection[str] | None = None) -> BuildResult:
        with collector_paused():
            try:
                with self.index.writing():
                    return self._build_now(track=track, changed=changed)
            finally:
                # After a look at every file (serve saves when it stops: megabytes).
                if changed is None:
                    if not track:
                        self._record.sealed()
                        # After a full build all else goes, the save taking its room (7 MiB
                        # at 10,000 claims); an update's save stays under its peak, and a
                        # process ending without teardown frees nothing (process/ending.py).
                        if self._full or not keep(self):
                            self._loader, self._checker = Loader(self.root), Checker()
                            self._model, self._planner = ModelCache(), Planner(keep=False)
                    self.cache.save()

    def _build_now(self, *, track: bool, changed: Collection[str] | None) -> BuildResult:
        started = time.perf_counter()
        laps = _Laps()
        swap.check_out(self.root, self.out)
        # Before anything can fail: a build killed mid-swap must not leave the user without a
        # site, nor one killed mid-commit a site half old and half new.
        commit.settle(self.out)
        tracker = self._loader.load(changed)  # only the files changed since the last build
        laps.lap("load")
        today = self.today or dt.date.today()
        analysis, problems = self._checker.run(tracker, today, ordered=False)  # sorted below
        if self.checked is not None:
            self.checked(analysis, problems, today)
        self._unmade = joined(self._unmade, self._checker.impact) if track else None
        files = load_theme(self.root)
        # A language without a catalog is a problem the checker reported (missing-catalog);
        # English only lets the templates be checked meanwhile.
        uis = {t: interface(t) or english() for t in tracker.settings.site_languages}
        ui = uis[tracker.settings.language]
        # The pages' words change with the languages as with the templates: a new language is
        # a new environment and a full build; so is a new number of search shards (folders).
        shards = shard_count(len(tracker.claims))
        theme = "\0".join(
            (files.fingerprint, *(u.key for u in uis.values()), renderers(), str(shards))
        )
        self._envs, envs, template_problems = environments(files, uis, self._envs)
        theme_problems = files.problems + template_problems
        errors, unsorted = split_errors(problems)
        if errors:
            raise DataError(sort_problems(problems) + theme_problems, DATA_FAILURE)
        if theme_problems:
            raise DataError(theme_problems, TEMPLATE_FAILURE)
        laps.lap("check")
        if not track:  # build_site never loads nor plans again: nothing is kept for it
            self._loader.release()
            self._planner = Planner(keep=False)
        in_place = (track or self.cache.folder is not None) and self._record.describes(
            self.out, theme
        )
        # A command's build in place makes only what changed (site/carried.py).
        model = self._model.build(analysis, self._unmade, defer=(fresh := in_place and not track))
        self._unmade = NOTHING
        # The key digests and their dependency index (each taken when asked), for the record too.
        # A build in a new process takes from the last build's record the input digests of
        # the views its edits since cannot touch; serve's builder compares its views instead.
        last_views = None if track else self._record.views
        keyed = KeyDigests(theme, Inputs(analysis, self._record.records, last_views))
        digests = keyed if self.cache.folder is not None else None
        look = changed is None  # at each file in the site: one edited by hand is made again
        carried = None
        if fresh and digests is not None:
            carried = FromLastBuild(self._record, self.out, digests, look=look)
        laps.lap("model")
        indexes = pagefind_run.bundles(
            ((lang.tag, lang.prefix) for lang in of_site(model.settings)),
            (src.ref.language for src in model.sources),
            shards,
        )
        setup = build_setup(self.root, tracker.settings, model.settings, files.static)
        outputs = [*self._planner.plan(model, files.static, ui, setup, carried), MARKER_OUTPUT]
        laps.lap("plan")

        def warnings() -> list[Problem]:  # made after the pages, which serve waits on
            unfonted = self._planner.unfonted()  # the plan's count of unfonted share cards
            return sort_problems(unsorted) + build_warnings(self.root, tracker.settings, unfonted)

        if in_place:
            result = self._update(envs, outputs, laps, digests, indexes, look=look, track=track)
            if result is not None:
                written, rendered = result
                self._record.settled(keyed, outputs, self._planner.groups(), self._pages)
                self.index.updated(indexes, written)
                self.index.put_ahead()  # a command's shards, indexed before the commit
                return self._result(
                    outputs, started, warnings(), written, rendered, full=False, laps=laps
                )
        if carried is not None:  # a full build after all: every view and output made whole
            whole(model.claims)  # here once, not in each render worker
            if any(type(o.key) is Kept for o in outputs):
                self._planner = Planner(keep=track)
                outputs = [*self._planner.plan(model, files.static, ui, setup), MARKER_OUTPUT]
        self._pages = sum(o.template is not None for o in outputs)  # o.is_page, faster
        made = self._replace(Renderer(envs), outputs, track, laps, indexes, keyed)
        self._record.settled(keyed, outputs, self._planner.groups(), self._pages)
        written, rendered = len(made), sum(o.is_page for o in made)
        return self._result(outputs, started, warnings(), written, rendered, full=True, laps=laps)

    def _result(
        self, outputs: list[Output], started: float, warnings: list[Problem], written: int,
        rendered: int, *, full: bool, laps: _Laps,
    ) -> BuildResult:  # fmt: skip
        self._full = full
        seconds = time.perf_counter() - started
        return BuildResult(
            self._pages, len(outputs), seconds, self.out, warnings, written, rendered, full,
            laps.times, laps.cpu,
        )  # fmt: skip

    def _replace(
        self,
        renderer: Renderer,
        outputs: list[Output],
        track: bool,
        laps: _Laps,
        indexes: tuple[pagefind_run.Bundle, ...],
        keys: KeyDigests,
    ) -> list[Output]:
        """Write the whole site into a sibling folder, then swap it in for the old one.

        An output whose key is the one the last build wrote (site/last_build.py, kept in
        the cache) is hard-linked from the old site; the others are rendered.  The old
        site's files are never written: a failed or killed build leaves it whole.
        Returns the outputs rendered.
        """
        out = self.out
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
            mode = out.stat().st_mode & 0o7777 if out.is_dir() else 0o755
            # Marked before anything else: only a marked folder is a leftover to delete.
            tmp = swap.new_folder(out, "build")
        except OSError as exc:
            raise UsageError(
                f"--out {out}: cannot write there ({exc.strerror or exc}); choose another folder"
            ) from None
        kept = self._record
        # Without a cache on disk (--no-cache) nothing is kept for the next build: no key
        # digests then; serve's builder (track) compares its key objects.
        keep = self.cache.folder is not None
        theme = keys.salt

        def digested() -> None:  # the keys' digests, for the links and the record
            key_digests.update((o.path, keys.of(o.key) if keep else None) for o in outputs)

        # Before rendering when the old site has files to link or this process renders
        # (serve's), else while the workers do, who then need not inherit them.
        early = track or kept.links(out, theme)
        key_digests: dict[str, str | None] = {}
        if early:
            digested()
        try:
            os.chmod(tmp, mode)
            first = [o for o in outputs if o.path == swap.MARKER]  # written by new_folder
            rest = [o for o in outputs if o.path != swap.MARKER]
            linked = link_unchanged(kept, out, tmp, rest, key_digests, theme)
            laps.lap("link")
            made = [o for o in rest if o.path not in linked]
            digests = write_site(
                renderer, made, tmp, digests=keep or track, here=track,
                meanwhile=None if early else digested,
            )  # fmt: skip
            if keep or track:
                digests.update((o.path, digest(swap.MARKER_TEXT)) for o in first)
            laps.lap("write")
            entries = {path: (key_digests[path] or "", *linked[path]) for path in linked}
            if keep or track:
                entries.update(made_entries(tmp, [*first, *made], key_digests, digests))
            carried = False
            if self.index.enabled:
                # A rebuild under serve (every page again: a tracker.yaml edit) does not
                # wait for Pagefind: the last index goes with the new pages, and serve
                # makes a new one once the edits pause, as after an in-place update.
                carried = self.index.fill(tmp, indexes, carry=track and bool(self._record.keys))
                laps.lap("search")
            folder = folder_identity(tmp, out)
            swap.swap(tmp, out, self.pages_written if track else None)
            kept.replace(folder, theme, entries, {o.path: o.key for o in outputs} if track else {})
            self.index.filled(carried=carried)
            laps.lap("swap")
        except BaseException:
            swap.remove_marked(tmp)
            raise
        return [*first, *made]

    def _update(
        self,
        envs: dict[str, Environment],
        outputs: list[Output],
        laps: _Laps,
        digests: KeyDigests | None,
        indexes: tuple[pagefind_run.Bundle, ...],
        *,
        look: bool,
        track: bool,
    ) -> tuple[int, int] | None:
        """Write what changed in place; None when a full build is the better choice.

        ``look``: also write again a file edited or deleted in the site by hand (a stat
        of each file; skipped when the caller said which files changed, as serve does).
        """
        keys = update.Keys(self._record, digests, track=track)
        todo, gone, self._pages = update.changed(self.out, keys, outputs, look=look)
        changed_pages = sum(o.is_page for o in todo)
        laps.lap("compare")
        if changed_pages > max(FULL_REBUILD_MIN, FULL_REBUILD_SHARE * self._pages):
            return None

        def replacing(pages: Mapping[str, bytes], gone: Iterable[str]) -> None:
            if track:  # serve: the index is made again once the edits pause
                self.index.replacing(pages, gone)
            elif self.index.index_ahead(indexes, pages, gone):  # before the site changes
                laps.lap("search")  # (a failing Pagefind changes nothing)

        written = update.write(
            self.out,
            keys,
            Renderer(envs),
            todo,
            laps.lap,
            self.pages_written,
            replacing,
            gone,
            track=track,
        )
        return written, changed_pages


def build_site(
    root: Path,
    out: Path,
    *,
    today: dt.date | None = None,
    cache: Cache | None = None,
    search: bool = True,
) -> BuildResult:
    """Check the tracker at ``root`` and build its site into ``out`` (full, atomic).
    ``cache``: results kept between runs (Cache.open(root)); None keeps nothing.
    ``search``: index the site for full-text search (Pagefind) before putting it in place."""
    return SiteBuilder(root, out, today, cache, search=search)._build(track=False)

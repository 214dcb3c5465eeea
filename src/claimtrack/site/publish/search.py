"""The search index of a built site, kept in proportion to what changed.

Each site language's claim pages are searched in a fixed number of Pagefind indexes,
the shards (pagefind_run.py says how one is made).  A build says which pages it wrote;
``SearchIndex`` makes again only the shards whose pages changed what Pagefind reads
(index_inputs.IndexInputs, one record per shard, kept in the cache), and keeps every
other shard as it is (hard links into a new site folder).
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Collection, Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from ...load.cache import Cache
from ...process.children import Children
from .index_inputs import (
    IndexInputs,
    SearchPart,
    entry_digest,
    indexed_digest,
    keep_index,
    made_config,
    pages_of,
    read_page,
    shard_of,
)
from .pagefind_run import (
    FOLDER,
    Bundle,
    Shard,
    index_site,
    make_index,
    put_index,
    shards,
)
from .swap import remove_marked


class SearchIndex:
    """The search index of the site in ``site``, and the one owner of its state.

    ``bundles``: the site's languages, each with the language forced on its shards
    (``index_language``), as the last build said; ``stale``: a page changed what Pagefind
    reads in it since its shard's index was made (an in-place update, or a rebuild that
    carried the last index over).  A build says what it did (``writing``, ``fill``,
    ``filled``, ``replacing`` or a command's ``index_ahead``, ``updated``, ``put_ahead``);
    ``refresh`` makes the stale shards again from the pages in place.  Each shard is made
    again only when what it holds changed (index_inputs.IndexInputs, kept in ``cache``): a
    build whose pages index as the last ones did keeps the last shard.  The Pagefind runs
    are ``children``'s, which a stop ends.

    Under serve a build and a refresh run in two threads.  A build holds the lock while
    it writes the site; a refresh runs Pagefind without it, so that no build waits for
    Pagefind, and puts its index in place only if no build began meanwhile; a build that
    begins ends the refresh's Pagefind, which would take a core from the edit's build.
    """

    def __init__(
        self, site: Path, *, enabled: bool, children: Children, cache: Cache | None = None
    ) -> None:
        self.site = site
        self.enabled = enabled
        self.children = children
        self._part = (cache if cache is not None else Cache.disabled()).part(SearchPart)
        self._lock = threading.Lock()
        self._bundles: tuple[Bundle, ...] = ()
        self._stale = False
        self._builds = 0  # builds begun: an index made meanwhile may lack their pages
        # Per shard (its folder): what its index in place was made from (None: unknown, or
        # carried over stale), and the indexed digest of each page written in place since
        # (None: deleted).
        self._made: dict[str, IndexInputs | None] = {}
        self._changed: dict[str, dict[str, str | None]] = {}
        self._pending: dict[str, IndexInputs | None] = {}  # fill's, until filled
        self._staged: dict[str, dict[str, str | None]] = {}  # replacing's, until updated
        # replacing's pages not yet digested: per shard, each page's new bytes (None:
        # deleted), and the old bytes of each its record has no digest of.  Digested
        # after the pages are in place (under serve, they do not wait on it).
        self._unread: dict[str, dict[str, bytes | None]] = {}
        self._olds: list[tuple[str, IndexInputs, str, bytes]] = []
        # index_ahead's shards, made beside the site, until put_ahead puts them in place.
        self._ahead: tuple[Path, tuple[Shard, ...]] | None = None
        self.runs = 0  # Pagefind runs, one per shard made: what tests count, serve says
        self.made_shards: list[str] = []  # the folders of the shards made, in order

    @property
    def bundles(self) -> tuple[Bundle, ...]:
        return self._bundles

    @property
    def stale(self) -> bool:
        return self._stale

    @contextmanager
    def writing(self) -> Iterator[None]:
        """Held by a build for as long as it writes the site; a refresh's Pagefind ends."""
        with self._lock:
            self._builds += 1
            self.children.cancel()  # a refresh's runs alone: a build's own begin later
            try:
                yield
            finally:
                if self._ahead is not None:  # the update failed before it was in place
                    remove_marked(self._ahead[0])
                    self._ahead = None

    def _key(self, shard: str) -> str:
        return f"{self.site}\0{shard}"

    def _record(self, shard: str) -> IndexInputs | None:
        """What the shard in place was made from, if known (this run, or the cache)."""
        if shard in self._made:
            return self._made[shard]
        made = self._part.made.get(self._key(shard))
        if made is not None and made.entry != entry_digest(self.site / shard):
            made = None  # another index is in place than the one it describes
        elif made is not None and not self._unchanged(shard, made):
            # Pages written since by a process killed before it indexed them (commit.py).
            made = None
        self._made[shard] = made
        return made

    def _unchanged(self, folder: str, made: IndexInputs) -> bool:
        """Whether the pages of the shard in ``folder`` are still those it was made from."""
        found = [s for s in shards(self._bundles) if s.folder == folder]
        return not found or made.same_pages(self.site, found[0].pages(self.site), None)

    def _remember(self, shard: str, made: IndexInputs | None) -> None:
        self._made[shard] = made
        self._changed.pop(shard, None)
        if made is not None:
            self._part.made.put(self._key(shard), made)

    def _dirty(self, shard: Shard) -> bool:
        made = self._record(shard.folder)
        if made is None:
            return bool(shard.pages(self.site)) or (self.site / shard.folder).is_dir()
        changed = self._changed.get(shard.folder, {})
        return made.config != made_config(shard.bundle.language) or any(
            made.changes_index(path, digest) for path, digest in changed.items()
        )

    def fill(
        self,
        folder: Path,
        indexes: tuple[Bundle, ...],
        *,
        carry: bool,
        linked: Collection[str] = (),
    ) -> bool:
        """Index a new site folder before it is swapped in.  A shard whose pages index as
        those of its index in place keeps that index (hard links).  Otherwise ``carry``:
        copy the current index in instead, if there is one (it lacks the new pages, so it
        is stale once the folder is in place); True if one was carried.  The shards to
        make are made ``pagefind_run.PARALLEL_RUNS`` at a time.

        The pages the caller linked from the old site are known by their stamps (nothing
        to say).  ``linked``: the prefixes whose whole ``pagefind/`` folder the caller
        already hard-linked from the old site into ``folder``: each shard is kept as it is
        when its index is kept, deleted when it is made again.  Any other index found in
        ``folder`` is deleted first."""
        self._bundles = indexes
        self._pending = {}
        carried = False
        todo: list[tuple[Shard, dict[str, tuple[int, int, int]]]] = []
        for bundle in indexes:
            found = folder / bundle.prefix / FOLDER
            if bundle.prefix not in linked:
                shutil.rmtree(found, ignore_errors=True)
        for shard in shards(indexes):
            made, stale, now = self._fill_one(folder, shard, carry, shard.bundle.prefix in linked)
            if now is not None:
                todo.append((shard, now))
            self._pending[shard.folder] = made
            carried = carried or stale
        if todo:
            self._index(folder, [s for s, _ in todo])
        for shard, now in todo:
            config = made_config(shard.bundle.language)
            made = IndexInputs(config, entry_digest(folder / shard.folder), now)
            self._pending[shard.folder] = made
        return carried

    def _fill_one(
        self, folder: Path, shard: Shard, carry: bool, linked: bool
    ) -> tuple[IndexInputs | None, bool, dict[str, tuple[int, int, int]] | None]:
        """``shard``'s index in ``folder``: what it was made from, whether it is a stale one
        carried over, and the pages to index when it is to be made (else None)."""
        old, new = self.site / shard.folder, folder / shard.folder
        now = shard.pages(folder)
        made = self._record(shard.folder) if old.is_dir() else None
        config = made_config(shard.bundle.language)
        keep = (
            bool(now)
            and made is not None
            and made.config == config
            and made.same_pages(folder, now, self.site)
        )
        if keep and made is not None:
            if not (linked and new.is_dir()):
                shutil.rmtree(new, ignore_errors=True)
                new.parent.mkdir(parents=True, exist_ok=True)
                keep_index(old, new)
            return made.moved(now), False, None
        shutil.rmtree(new, ignore_errors=True)  # Pagefind writes only into a new folder
        if not now:
            return None, False, None  # no claim, no index
        if carry and old.is_dir():
            new.parent.mkdir(parents=True, exist_ok=True)
            shutil.copytree(old, new)
            return None, True, None
        return None, False, now

    def filled(self, *, carried: bool) -> None:
        """The folder given to ``fill`` is in place."""
        self._made, self._changed, self._staged = {}, {}, {}
        self._unread, self._olds = {}, []
        for shard, made in self._pending.items():
            self._remember(shard, made)
        self._pending = {}
        self._stale = carried

    def replacing(self, pages: Mapping[str, bytes], gone: Iterable[str]) -> None:
        """A build is about to write ``pages`` in place and delete ``gone``: what each shard
        was made from is taken from the pages still there, before they go."""
        if not self.enabled:
            return
        for shard in self._staged.keys() | self._unread.keys():
            # The last update stopped before ``updated``: some of its pages may be written,
            # some not; what its shard's index lacks is unknown, so it is made again.
            self._made[shard] = None
        self._staged, self._unread, self._olds = {}, {}, []
        for bundle, path, content in pages_of(self._bundles, pages, gone):
            shard = Shard(bundle, shard_of(path, bundle.shards)).folder
            made = self._record(shard)
            if made is not None and path not in made.digests and path in made.stamps:
                old = read_page(self.site / path, made.stamps[path])  # before it goes
                if old is not None:
                    self._olds.append((shard, made, path, old))
            self._unread.setdefault(shard, {})[path] = content

    def _digest(self) -> None:
        """What Pagefind reads in the pages ``replacing`` was told of, digested."""
        for shard, made, path, old in self._olds:
            made.digests[path] = indexed_digest(old)
            self._part.made.put(self._key(shard), made)  # to be saved
        for shard, unread in self._unread.items():
            staged = self._staged.setdefault(shard, {})
            for path, content in unread.items():
                staged[path] = None if content is None else indexed_digest(content)
        self._unread, self._olds = {}, []

    def index_ahead(
        self, indexes: tuple[Bundle, ...], pages: Mapping[str, bytes], gone: Iterable[str]
    ) -> bool:
        """``replacing`` for a command's update: each shard that ``pages`` and ``gone``
        leave stale is made now, beside the site, from its pages as the update will leave
        them, before anything is written (a failing Pagefind leaves the old site whole);
        ``put_ahead`` puts them in place once the update is committed.  Whether any was."""
        self._bundles = indexes
        self.replacing(pages, gone)
        self._digest()
        self._changed = {shard: dict(pages) for shard, pages in self._staged.items()}
        todo = tuple(s for s in shards(indexes) if self.enabled and self._dirty(s))
        if not todo:
            return False
        overlays: dict[str, dict[str, bytes | None]] = {}
        for bundle, path, content in pages_of(indexes, pages, gone):
            shard = Shard(bundle, shard_of(path, bundle.shards)).folder
            overlays.setdefault(shard, {})[path] = content
        made = make_index(self.site, todo, self.children, overlays=overlays)
        self._count(list(todo))
        self._ahead = (made, todo)
        return True

    def put_ahead(self) -> None:
        """The update ``index_ahead`` indexed is in place: so are its shards now, each in
        one step.  (Killed before, the next build finds their pages changed since their
        indexes were made, by their stamps, and makes them again.)"""
        if self._ahead is None:
            return
        made, todo = self._ahead
        self._ahead = None
        put_index(made, self.site, todo)
        for s in todo:
            now = s.pages(self.site)
            config = made_config(s.bundle.language)
            record = IndexInputs(config, entry_digest(self.site / s.folder), now)
            self._remember(s.folder, record if now else None)
        self._stale = any(self._dirty(s) for s in shards(self._bundles))

    def updated(self, indexes: tuple[Bundle, ...], written: int) -> None:
        """A build wrote ``written`` files of the site in place (after ``replacing``)."""
        self._bundles = indexes
        self._digest()
        for shard, pages in self._staged.items():
            self._changed.setdefault(shard, {}).update(pages)
        self._staged = {}
        self._stale = self.enabled and any(self._dirty(s) for s in shards(indexes))

    def refresh(self) -> bool:
        """Index again the pages in place of each stale shard, and put each shard in place
        in one step; False (the new shards thrown away), or Stopped (Pagefind ended), when
        a build began meanwhile."""
        with self._lock:
            builds = self._builds
            todo = tuple(s for s in shards(self._bundles) if self._dirty(s))
            if not todo:
                self._stale = False
                return True
            changed = {s.folder: dict(self._changed.get(s.folder, {})) for s in todo}
            since = self.children.cancels  # a build begun after this ends the runs
        # Stamped before Pagefind reads them: a build that changes them meanwhile is seen.
        stamps = {s.folder: s.pages(self.site) for s in todo}
        made = make_index(self.site, todo, self.children, since, tidy=self._tidy)
        self._count([s for s in todo if stamps[s.folder]])
        with self._lock:
            if self._builds == builds:
                put_index(made, self.site, todo)
                for s in todo:
                    digests = {p: d for p, d in changed[s.folder].items() if d is not None}
                    record = IndexInputs(
                        made_config(s.bundle.language),
                        entry_digest(self.site / s.folder),
                        stamps[s.folder],
                        digests,
                    )
                    self._remember(s.folder, record if stamps[s.folder] else None)
                self._stale = False
                return True
        self._tidy(made)  # a new index for pages no longer there
        return False

    def _tidy(self, folder: Path) -> None:
        """Delete a refresh's folder once no build writes the site: a shard's thousands of
        links, which a build begun meanwhile should not share the interpreter with."""
        with self._lock:
            pass
        remove_marked(folder)

    def _count(self, made: list[Shard]) -> None:
        self.runs += len(made)
        self.made_shards += (s.folder for s in made)

    def _index(self, site: Path, todo: list[Shard]) -> None:
        self._count(todo)
        index_site(site, todo, self.children, beside=self.site)

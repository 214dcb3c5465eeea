"""bench/lsp.py's sessions: `claimtrack lsp` started, timed and stopped, as an editor does.

The client is pytest-lsp's (the one tests/lsp_support.py drives), with two of its
handlers wrapped to note when each message came: every publishDiagnostics with its
version, and the end of the `claimtrack-index` progress.  Every wait is for a message,
with a deadline.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from bench_serve import line_replaced
from lsprotocol import types
from measure import Run, run
from pygls.protocol import default_converter
from pytest_lsp import LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features
from rows import edit_claim

TOKEN = "claimtrack-index"  # lsp/server.py's PROGRESS_TOKEN
EDITOR = "visual-studio-code"
DEADLINE = 600.0  # seconds: far above a cold start of 10,000 claims on a busy machine
CACHE = ".claimtrack_cache"
# The commands timed beside the server, by row.
CHECK_COLD = "`claimtrack check` cold (makes the cache), s"
CHECK_EDITED = "`claimtrack check` warm, one claim changed, s"
VERSION = "`claimtrack --version` (Python's start-up), s"
OPENED = "a record opened: didOpen to publishDiagnostics"
COMPLETION = "completion after `source: `"
HOVER = "hover on a quote"
DEFINITION = "definition of a source id"
COLD_MEMORY = "server peak RSS after the first check (cold)"
IMPORTS = "`python -c 'import claimtrack.lsp.server'` (the server's imports), s"


@dataclass(frozen=True)
class Start:
    """One start of the server, in seconds from the process's start."""

    initialized: float  # the initialize result came
    ready: float  # `$/progress` end
    first_diagnostics: float  # of the claim opened after `initialized`
    cpu: float  # the server's user + system seconds by then
    hwm_mib: float  # its peak RSS by then


@dataclass
class Figures:
    claims: int
    starts: dict[str, list[Start]] = field(default_factory=lambda: {"cold": [], "warm": []})
    commands: dict[str, list[float]] = field(default_factory=dict)  # seconds, by row
    commands_cpu: dict[str, list[float]] = field(default_factory=dict)
    latencies: dict[str, list[float]] = field(default_factory=dict)
    memory: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Target:
    """The claim that is edited and asked about: its first evidence item quotes its
    source on one plain line, and the source is archived."""

    claim: Path
    source: Path
    quote_line: int  # 0-based
    source_line: int  # the evidence item's `- source: ` line

    @property
    def text(self) -> str:
        return self.claim.read_text(encoding="utf-8")


def place(root: Path, path: Path) -> Target | None:
    """``path`` as a Target, or None when its first evidence item does not quote an
    archived source on one plain line."""
    text = path.read_text(encoding="utf-8")
    item = ((yaml.safe_load(text) or {}).get("evidence") or [{}])[0]
    source, quote = item.get("source"), item.get("quote")
    lines = text.split("\n")
    if not (source and isinstance(quote, str)) or f"    quote: {quote}" not in lines:
        return None
    if not (root / "sources" / f"{source}.txt").is_file() or f"  - source: {source}" not in lines:
        return None
    quote_line, source_line = (
        lines.index(f"    quote: {quote}"),
        lines.index(f"  - source: {source}"),
    )
    return Target(path, root / "sources" / f"{source}.yaml", quote_line, source_line)


def targets(root: Path, n: int) -> list[Target]:
    """Up to ``n`` claims spread over the tracker, the first of them the one edited: each
    request asks at another claim's place (a feature that keeps its last answer is
    measured answering, not remembering)."""
    claims = sorted((root / "claims").glob("*.yaml"))
    found: list[Target] = []
    for start in sorted({i * len(claims) // max(n, 1) for i in range(max(n, 1))}):
        for path in claims[start:]:
            if any(t.claim == path for t in found):
                continue
            if (t := place(root, path)) is not None:
                found.append(t)
                break
    if not found:
        raise SystemExit(f"no claim in {root} quotes an archived source on one plain line")
    return found


def proc(pid: int) -> tuple[float, float, float]:
    """The server's CPU seconds, its children's, and its peak RSS in MiB (VmHWM)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    tick = float(os.sysconf("SC_CLK_TCK"))
    # Fields 14-17 of stat (utime, stime, cutime, cstime), after the name's ")".
    cpu = (int(fields[11]) + int(fields[12])) / tick
    children = (int(fields[13]) + int(fields[14])) / tick
    status = Path(f"/proc/{pid}/status").read_text().splitlines()
    hwm = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
    return cpu, children, hwm / 1024


class Timed:
    """A running `claimtrack lsp` and the times its messages came."""

    def __init__(self) -> None:
        self.client = LanguageClient(converter_factory=default_converter)
        self.published: list[tuple[float, types.PublishDiagnosticsParams]] = []
        self.progress_end: float | None = None
        self._news = asyncio.Event()
        features: dict[str, Any] = dict(DEFAULT_CLIENT_FEATURES)
        publish = features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS]
        progress = features[types.PROGRESS]

        def on_publish(client: LanguageClient, params: types.PublishDiagnosticsParams) -> None:
            self.published.append((time.perf_counter(), params))
            publish(client, params)
            self._news.set()

        def on_progress(client: LanguageClient, params: types.ProgressParams) -> None:
            progress(client, params)
            value = params.value if isinstance(params.value, dict) else {}
            if params.token == TOKEN and value.get("kind") == "end":
                self.progress_end = time.perf_counter()
                self._news.set()

        features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = on_publish
        features[types.PROGRESS] = on_progress
        register_lsp_features(self.client, features)
        self.started = 0.0
        self.pid = 0

    async def start(self, command: list[str], root: Path) -> types.InitializeResult:
        self.started = time.perf_counter()
        await self.client.start_io(*command)
        assert self.client._server is not None
        self.pid = self.client._server.pid
        return await self.client.initialize_session(
            types.InitializeParams(
                capabilities=client_capabilities(EDITOR),
                root_uri=root.as_uri(),
                workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name=root.name)],
            )
        )

    async def until(self, done: Callable[[], float | None]) -> float:
        """The time ``done`` gives once it gives one (looked at after each message)."""

        async def wait() -> float:
            while (found := done()) is None:
                self._news.clear()
                await self._news.wait()
            return found

        return await asyncio.wait_for(wait(), DEADLINE)

    def published_at(self, uri: str, version: int | None = None) -> Callable[[], float | None]:
        def found() -> float | None:
            for at, params in self.published:
                if params.uri == uri and (version is None or params.version == version):
                    return at
            return None

        return found

    def diagnostics(self, uri: str, version: int) -> list[str]:
        return next(
            sorted(str(d.code) for d in p.diagnostics)
            for _, p in self.published
            if p.uri == uri and p.version == version
        )

    def open(self, path: Path) -> str:
        uri = path.as_uri()
        self.client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(
                    uri=uri, language_id="yaml", version=1, text=path.read_text(encoding="utf-8")
                )
            )
        )
        return uri

    async def edit(self, uri: str, version: int, text: str) -> tuple[float, list[str]]:
        """Seconds from a didChange to the publishDiagnostics of its version; their codes."""
        sent = time.perf_counter()
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
            )
        )
        at = await self.until(self.published_at(uri, version))
        return at - sent, self.diagnostics(uri, version)

    async def stop(self) -> None:
        server = self.client._server
        try:
            if server is not None and server.returncode is None:  # else: its error stands
                await asyncio.wait_for(self.client.shutdown_session(), 60)
        finally:
            if server is not None and server.returncode is None:
                server.kill()
                await server.wait()
            await self.client.stop()


async def start_up(
    server: Timed, command: list[str], t: Target
) -> tuple[Start, types.ServerCapabilities]:
    """Start the server, open the claim, wait until it is ready and the claim published;
    what the server announced it offers."""
    result = await server.start(command, t.claim.parents[1])
    initialized = time.perf_counter() - server.started
    uri = server.open(t.claim)
    ready = await server.until(lambda: server.progress_end)
    first = await server.until(server.published_at(uri))
    cpu, _, hwm = proc(server.pid)
    start = Start(initialized, ready - server.started, first - server.started, cpu, hwm)
    return start, result.capabilities


async def edits(server: Timed, f: Figures, t: Target, others: list[Target], count: int) -> None:
    """A quote edited away from its archive and restored, in turn; a source's notes."""
    uri = t.claim.as_uri()  # opened by start_up
    original = t.text
    lines = original.split("\n")
    away = lines.copy()
    away[t.quote_line] += " (edited away)"
    unexpected = 0
    for i in range(count):
        flagged = i % 2 == 0
        text = "\n".join(away) if flagged else original
        seconds, codes = await server.edit(uri, i + 2, text)
        unexpected += ("quote-not-found" in codes) != flagged
        f.latencies.setdefault("claim's quote edited: didChange to publishDiagnostics", []).append(
            seconds
        )
    if unexpected:
        f.notes.append(f"{unexpected} of {count} quote edits did not show the expected codes")
    opened = time.perf_counter()
    source_uri = server.open(t.source)
    f.latencies.setdefault(OPENED, []).append(
        await server.until(server.published_at(source_uri, 1)) - opened
    )
    notes = t.source.read_text(encoding="utf-8")
    for i in range(count):
        seconds, _ = await server.edit(
            source_uri, i + 2, line_replaced(notes, "notes", f"Edit {i}.")
        )
        f.latencies.setdefault("source's notes edited: didChange to publishDiagnostics", []).append(
            seconds
        )
    cited = re.compile(rf"(source: |- ){re.escape(t.source.stem)}$", re.M)
    citing = sum(
        bool(cited.search(p.read_text(encoding="utf-8"))) for p in t.claim.parent.glob("*.yaml")
    )
    f.notes.append(f"the source whose notes are edited is cited by {citing} claims")
    # Records opened one after another (kept open, as an editor's tabs): the other claims
    # the requests ask at.
    for other in others:
        opened = time.perf_counter()
        uri = server.open(other.claim)
        f.latencies[OPENED].append(await server.until(server.published_at(uri, 1)) - opened)


async def requests(
    server: Timed, f: Figures, places: list[Target], caps: types.ServerCapabilities, n: int
) -> None:
    """Each feature the server announces, asked ``n`` times, each time in the next open
    claim: completion right after `source: ` in its first evidence item, hover in the
    middle of its quote, definition on the source id."""
    c = server.client
    source = len("  - source: ")

    def ask(name: str, t: Target) -> Any:
        doc = types.TextDocumentIdentifier(uri=t.claim.as_uri())
        if name == COMPLETION:
            where = types.Position(t.source_line, source)
            return c.text_document_completion_async(types.CompletionParams(doc, where))
        if name == HOVER:
            line = t.text.split("\n")[t.quote_line]
            where = types.Position(t.quote_line, (len("    quote: ") + len(line)) // 2)
            return c.text_document_hover_async(types.HoverParams(doc, where))
        where = types.Position(t.source_line, source + 2)
        return c.text_document_definition_async(types.DefinitionParams(doc, where))

    offered = {
        COMPLETION: caps.completion_provider,
        HOVER: caps.hover_provider,
        DEFINITION: caps.definition_provider,
    }
    for name, announced in offered.items():
        if not announced:
            f.notes.append(f"{name}: not offered by the server (not in its capabilities)")
            continue
        sizes = []
        for i in range(n):
            sent = time.perf_counter()
            answer = await asyncio.wait_for(ask(name, places[i % len(places)]), DEADLINE)
            f.latencies.setdefault(f"{name}: request to answer", []).append(
                time.perf_counter() - sent
            )
            sizes.append(size(answer))
        empty = sizes.count(0)
        f.notes.append(
            f"{name}: {min(sizes)}–{max(sizes)} item(s) an answer over {len(places)} claims"
            + (f"; {empty} of {n} answers empty" if empty else "")
        )


def size(answer: object) -> int:
    """Items in an answer: completion items, locations, or 1 for a hover with contents."""
    if isinstance(answer, types.CompletionList):
        return len(answer.items)
    if isinstance(answer, list):
        return len(answer)
    if isinstance(answer, types.Hover):
        return 1 if answer.contents else 0
    return 0 if answer is None else 1


def note(f: Figures, name: str, done: Run) -> None:
    if done.returncode not in (0, 1):  # 1: check found problems, still a whole check
        raise SystemExit(f"{name} failed ({done.returncode}):\n{done.output[-2000:]}")
    f.commands.setdefault(name, []).append(done.seconds)
    f.commands_cpu.setdefault(name, []).append(done.cpu_seconds)


async def measure_size(
    root: Path, claims: int, args: argparse.Namespace, claimtrack: Path
) -> Figures:
    f = Figures(claims)
    places = targets(root, max(args.edits, args.requests))
    t = places[0]
    command = [str(claimtrack), "lsp", "--root", str(root), "--today", args.today]
    check = [claimtrack, "check", "--root", root, "--today", args.today]
    imports = [claimtrack.with_name("python"), "-c", "import claimtrack.lsp.server"]
    for number in range(args.rounds):
        last = number == args.rounds - 1
        shutil.rmtree(root / CACHE, ignore_errors=True)
        server = Timed()
        try:
            f.starts["cold"].append((await start_up(server, command, t))[0])
            f.memory[COLD_MEMORY] = f.starts["cold"][-1].hwm_mib
        finally:
            await server.stop()
        shutil.rmtree(root / CACHE, ignore_errors=True)
        note(f, CHECK_COLD, run(check, cwd=root))  # makes the cache
        server = Timed()
        try:
            warm, caps = await start_up(server, command, t)
            f.starts["warm"].append(warm)
            if last:
                f.memory["server peak RSS after the first check (warm)"] = warm.hwm_mib
                await edits(server, f, t, places[1:], args.edits)
                f.memory["server peak RSS after the edits"] = proc(server.pid)[2]
                await requests(server, f, places, caps, args.requests)
                f.memory["server peak RSS after the requests"] = proc(server.pid)[2]
                children = proc(server.pid)[1]
                if children:
                    f.notes.append(f"the server's children used {children:.2f} CPU s")
        finally:
            await server.stop()
        path, original = edit_claim(root, number)
        try:
            edited = run(check, cwd=root)
        finally:
            path.write_bytes(original)
        note(f, CHECK_EDITED, edited)
        for name, alone in ((VERSION, [claimtrack, "--version"]), (IMPORTS, imports)):
            note(f, name, run(alone))
        print(
            f"  round {number + 1}: cold ready {f.starts['cold'][-1].ready:.2f} s, check cold "
            f"{f.commands[CHECK_COLD][-1]:.2f} s, warm ready {warm.ready:.2f} s, check one claim changed "
            f"{edited.seconds:.2f} s",
            flush=True,
        )
    cold = f.memory.pop(COLD_MEMORY)
    f.memory = {COLD_MEMORY: cold, **f.memory}
    return f

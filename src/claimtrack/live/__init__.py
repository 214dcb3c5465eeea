"""`claimtrack serve`: the site on localhost, rebuilt as the records are edited.

Modules: server (LiveServer: build, serve, watch, stop), http (the request
handler, the reload script and the error banner injected at serve time),
follow (EditFeed: the edits on disk, for serve and lsp), events (watchfiles: events
or its polling), racy (what its polling cannot see), state (the last build's outcome
and a version counter that pages long-poll), hosts (the Host names a request may use).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .server import LiveServer

__all__ = ["LiveServer"]


def __getattr__(name: str) -> Any:
    """LiveServer when it is asked for: the language server imports live.follow, and
    importing the package must not bring the site's builder with it (180 ms)."""
    if name == "LiveServer":
        from .server import LiveServer

        return LiveServer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

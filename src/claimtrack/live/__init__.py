"""`claimtrack serve`: the site on localhost, rebuilt as the records are edited.

Modules: server (LiveServer: build, serve, watch, stop), http (the request
handler, the reload script and the error banner injected at serve time),
follow (EditFeed: the edits on disk, for serve and lsp), events (watchfiles: events
or its polling), racy (what its polling cannot see), state (the last build's outcome
and a version counter that pages long-poll), hosts (the Host names a request may use).
"""

from __future__ import annotations

from .server import LiveServer

__all__ = ["LiveServer"]

"""`claimtrack lsp`: the checker's second face, a language server for the records.

Modules: view (one consistent state of the tracker as the editor has it), workspace
(open documents over the files on disk, checked again with the one incremental
Checker), server (pygls: the protocol's requests and notifications), convert
(problems as diagnostics, positions in the client's units), locate (what the cursor
is on in a record's text), fields (what that place holds: an id, a quote, an
enumeration's value), complete, hover, define, actions (code actions).

Every feature works in code points and 0-based lines, as ``View`` does; the server
turns positions into the client's units at the edge.
"""

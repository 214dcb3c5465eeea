"""`claimtrack lsp`: the checker's second face, a language server for the records.

Modules: view (one consistent state of the tracker as the editor has it), workspace
(open documents over the files on disk, checked again with the one incremental
Checker), server (the server's state over pygls), handlers (every protocol method,
registered in one place), frames (the client's bytes cut into frames), rpc (each
message checked as JSON-RPC before pygls sees it), convert (problems as diagnostics,
positions in the client's units), and features/ (what the editor asks of a record: locate, fields, complete,
hover, define, actions, fixes).

Every feature works in code points and 0-based lines, as ``View`` does; the handlers
turn positions into the client's units at the edge.
"""

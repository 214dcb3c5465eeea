"""What the editor asks of a record, answered as pure functions of a View and the
document's text: locate (what the cursor is on), fields (what that place holds),
complete, hover, define, actions and fixes (quick fixes).

Each works in code points and 0-based lines, reads only the View (never the disk, never
a second check) and writes nothing; lsp/handlers.py turns positions into the client's
units.
"""

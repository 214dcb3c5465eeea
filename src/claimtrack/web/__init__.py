"""Web pages as sources: fetched (fetch.py, for `new source --url` and `recheck`), read
for their main text and metadata (page.py)."""

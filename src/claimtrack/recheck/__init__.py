"""`claimtrack recheck`: each source's page fetched again, compared with its latest archived
version, and with ``--save`` every new version kept (``sources/<id>.revisions/``).

compare (texts and quotes, pure), run (one source fetched and judged), save (the files and
the record's entry, through edit/apply.py), splice (the YAML splices), report (text, JSON).
Only this package and `new source --url` reach the network; check and build never do.
"""

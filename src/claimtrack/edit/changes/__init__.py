"""The changes the commands make to a record, each a splice of its text in the file's own
style through the one checked splice (edit/splice.py): a status change with its history
entry (status.py), a measurement skeleton (measurement.py), a source's versions
(versions.py).  A translation's keys are edit/translation/'s."""

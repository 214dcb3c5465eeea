"""The commands that write records, each through the one edit workflow (edit/apply.py):
``init``, ``new``, ``status``, ``translate``."""

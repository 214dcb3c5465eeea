"""Editing support: in-place YAML edits (splices), the one workflow that judges and writes
them (apply.py), the JSON Schema for editors."""

from __future__ import annotations

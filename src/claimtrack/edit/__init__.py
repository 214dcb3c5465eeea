"""Editing support: in-place YAML edits, the JSON Schema for editors, judging a change."""

from __future__ import annotations

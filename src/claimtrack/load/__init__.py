"""Loading: files read safely, parsed as strict YAML, validated into records."""

from __future__ import annotations

"""How pages show change over time: a wording against the next (diffs.py), the tracker's
own corrections (corrections.py) and a claim's timeline (timeline.py)."""

"""A claim page's own views: its chain of revisions, corrections, measurements and
timeline, and the page's view made of them (page.py)."""

"""Processes: work split over two cores (batch.py), child processes that end with
claimtrack (children.py) and the wrapper they run under (ends_with_parent.py), and what
a command leaves for the end of its process to free (ending.py)."""

"""Property-based tests: generated trackers, mutated every way an editor or a disk can."""

"""The rules: each module holds small functions that yield problems, grouped in
CLAIM_RULES, SOURCE_RULES and TRACKER_RULES tuples that check/__init__.py runs.
"""

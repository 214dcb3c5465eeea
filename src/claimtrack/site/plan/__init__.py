"""The plan stage: every file of the site as an Output, keyed by what it is made from.

outputs (Output, PageInfo and the one page helper), pages (Planner: claims, sources,
archives, aggregates), listings (ListingPlanner: 100 claims a page, family pages).
"""

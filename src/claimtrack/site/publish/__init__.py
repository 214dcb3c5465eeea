"""Putting a built folder in place: swap (atomic exchange, the build marker, clean-up
after kills) and search (the Pagefind index, made before the swap).
"""

"""Text facts shared by the rules, coverage and the site: normalisation with an offset
map (textnorm), sentence boundaries (sentences), a quote in its archive's own
characters with its context (quotecontext).
"""

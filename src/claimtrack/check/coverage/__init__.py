"""Coverage: which sentences of an archived text the claims cite (counts), signals that
an uncited sentence is checkable (signals), and the `coverage` command's report
(report).
"""

"""The model stage: frozen view models of every page, made from the records and the
analysis, and kept between builds (cache.ModelCache) so that an edit remakes only the
views it shows in.

views (the dataclasses), builders (a claim's, a source's and the site's views),
listings (which claims each listing holds), archive (a source's text cut into
cited passages), measured (claimed versus measured), textfragment (deep links into a
source's page), cache (the whole model).  A source's coverage is shown as
check/coverage/counts.py counts it (CoverageCounts).
"""

"""The site's data for machines, made from the view models.

jsonfiles (claims.json and sources.json), schema (their JSON Schema), jsonld
(schema.org ClaimReview), feeds (the Atom feed and the sitemap).
"""

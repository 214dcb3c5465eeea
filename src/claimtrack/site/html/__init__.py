"""The HTML stage: the Jinja environment and what renders an Output to bytes.

theme (packaged and overriding templates and static files), templating (the
environment and template problems), translation (gettext for templates), fragments
(small HTML pieces as filters, the archived text), escaping (markupsafe's output,
faster), render (outputs to bytes, a whole site into a folder on two cores).
"""

"""Share cards: a 1200x630 PNG per claim and language, and per language's index, that
social networks and chats show beside a shared link (plan.py lists them, draw.py draws
them, fonts.py finds the fonts, wrap.py breaks the lines, palette.py reads the colours)."""

"""Pure-Python Texas Hold'em engine: rules, cards, evaluation and hand state (no Django, no I/O)."""

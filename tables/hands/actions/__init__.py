"""The only code that writes hand records (live play writes a hand's own rows as it is
dealt and played, ``tables.play.actions``):

- :mod:`.summary`: each finished hand's rows per player (``HandPlayer``), written by the
  clock soon after the hand, retried when a hand fails;
- :mod:`.log_import`: a game's hand log from another site, replayed and kept for the
  session its ledger became (the club's owner only, ``pokerclub.access``).
"""

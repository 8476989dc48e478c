"""Hand histories, the ledger's sessions and settlement, and stats (issue 6).

Modules: :mod:`.replay` (a finished hand's full event log from its record), :mod:`.summary`
(per-player rows of each finished hand), :mod:`.exports` (PokerStars-style text, PHH, JSON),
:mod:`.settlement` (sessions, nets, fewest transfers), :mod:`.stats` (VPIP, PFR, ...,
leaderboard, the net-over-time chart), :mod:`.views` (thin pages).
"""

"""Tournaments in tests: a host's settings with fast levels (shared by the tournament
test modules, which never import one another)."""

from __future__ import annotations

from tables.services import tournaments

FAST = [
    {"small_blind": 5 * k, "big_blind": 10 * k, "ante": 10 * k if k >= 3 else 0,
     "big_blind_ante": k >= 3, "minutes": 1}
    for k in (1, 2, 3, 4, 6, 8, 10, 15, 20, 30, 40, 60, 80, 100, 150, 200, 300, 400)
]  # fmt: skip
"""One-minute levels: the simulation's clock moves 3 seconds a step."""


def settings_for(**overrides) -> tournaments.Settings:
    values = {
        "name": "Friday freezeout",
        "buy_in": 2000,
        "fee": 200,
        "starting_stack": 1000,
        "levels": FAST,
        "seats_per_table": 9,
        "start_players": 4,
    }
    values.update(overrides)
    return tournaments.Settings(**values)

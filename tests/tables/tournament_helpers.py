"""Tournaments in tests: a host's settings with fast levels (shared by the tournament
test modules, which never import one another)."""

from __future__ import annotations

import random

from engine.legal_actions import default_action, legal_actions
from engine.state import Phase
from engine.tournament import Level
from tables.play import actions as services
from tables.play.actions.hand import running_state
from tables.play.models import Table
from tables.tournaments import actions as tournaments

FAST = [
    Level(5 * k, 10 * k, ante=10 * k if k >= 3 else 0, ante_by_big_blind=k >= 3, minutes=1)
    for k in (1, 2, 3, 4, 6, 8, 10, 15, 20, 30, 40, 60, 80, 100, 150, 200, 300, 400)
]
"""One-minute levels: the simulation's clock moves 3 seconds a step."""


def settings_for(**overrides) -> tournaments.Settings:
    values = {
        "name": "Friday freezeout",
        "buy_in": 2000,
        "fee": 200,
        "starting_stack": 1000,
        "levels": tuple(FAST),
        "seats_per_table": 9,
        "start_players": 4,
    }
    values.update(overrides)
    return tournaments.Settings(**values)


def play_step(table: Table, rng: random.Random, shove: float = 0.07, careful: bool = False) -> bool:
    """One decision at ``table`` by whoever must decide: random, often all-in; when
    ``careful``, a check, else a fold (nobody risks their chips)."""
    state = running_state(table)
    if state is None:
        return False
    legal = legal_actions(state)
    if legal is None:
        return False
    seat = legal.seat if legal.seat is not None else legal.waiting[0]
    user_id = table.hand_players[str(seat)]
    from pokerclub.models import User

    user = User.objects.get(pk=user_id)
    if state.phase is not Phase.BETTING:
        action = default_action(state)
        assert action is not None
        services.act(user, table.pk, str(action.kind), action.amount, None)
        return True
    kinds = {str(k) for k in legal.kinds}
    if careful:
        services.act(user, table.pk, "check" if "check" in kinds else "fold", None, None)
        return True
    roll = rng.random()
    if roll < shove and "all_in" in kinds:
        services.act(user, table.pk, "all_in", None, None)
    elif roll < 0.55 and "call" in kinds:
        services.act(user, table.pk, "call", None, None)
    elif "check" in kinds:
        services.act(user, table.pk, "check", None, None)
    elif "call" in kinds and roll < 0.7:
        services.act(user, table.pk, "call", None, None)
    else:
        services.act(user, table.pk, "fold", None, None)
    return True


FORM = {
    "name": "Sunday special",
    "game": "holdem",
    "structure": "no_limit",
    "buy_in": "20",
    "fee": "2",
    "starting_stack": "10000",
    "seats_per_table": "9",
    "preset": "turbo",
    "levels": "",
    "break_every": "0",
    "break_minutes": "5",
    "late_until_level": "2",
    "entries_per_player": "1",
    "rebuy_until_level": "0",
    "rebuy_limit": "0",
    "add_on_after_level": "0",
    "add_on_price": "",
    "add_on_chips": "0",
    "payout": "",
    "start_mode": "sit_and_go",
    "start_players": "3",
    "starts_at": "",
    "action_seconds": "30",
}
"""The new-tournament page's form as a host fills it: a turbo sit & go of three."""

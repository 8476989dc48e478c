"""Fixtures for live play: a club with players and a table."""

from __future__ import annotations

import random

import pytest

from pokerclub.models import Club
from tables.play import actions as services
from tables.play.forms import TableForm
from tests.tables.play_helpers import deal


def table_form_data(**overrides):
    """What the host's table form posts for a plain 1/2 no-limit table, with ``overrides``."""
    data = {
        "name": "Main",
        "structure": "no_limit",
        "small_blind": 1,
        "big_blind": 2,
        "ante": 0,
        "ante_by_big_blind": False,
        "straddle_allowed": False,
        "min_buy_in": 40,
        "max_buy_in": 200,
        "max_seats": 6,
        "action_seconds": 30,
        "time_bank_seconds": 60,
        "away_seconds": 5,
        "run_it_twice_allowed": False,
        "show_all_called": False,
        "new_player_policy": "wait",
        "rake_percent": "0",
        "rake_cap": 0,
        "approve_seats": False,
    }
    data.update(overrides)
    return data


def form_errors(**overrides) -> dict[str, list[str]]:
    """The table form's errors, by field, for :func:`table_form_data` with ``overrides`` in a
    chip club."""
    from pokerclub.models import Club
    from tables.play.forms import TableForm

    form = TableForm(table_form_data(**overrides), club=Club(amount_format="chips"))
    form.is_valid()
    return {name: [str(e) for e in errors] for name, errors in form.errors.items()}


def table_settings(**overrides):
    """The table's columns from a valid form post (:func:`table_form_data`), its amounts
    read as plain chips: the integers it holds."""
    form = TableForm(table_form_data(**overrides), club=Club(amount_format="chips"))
    assert form.is_valid(), form.errors
    return form.table_values()


@pytest.fixture
def make_table(club_with_roles):
    def make(**overrides):
        return services.create_table(
            club_with_roles["host"], club_with_roles["club"], table_settings(**overrides)
        )

    return make


@pytest.fixture
def seeded_decks(monkeypatch):
    """Deterministic decks: the secrets come from a seeded generator instead of secrets."""
    rng = random.Random(2026)
    monkeypatch.setattr("tables.play.actions.deck.new_secret", lambda: rng.randbytes(32))


@pytest.fixture
def heads_up(table, players):
    """Two players in seats 1 and 4 and their first hand dealt."""
    services.sit(players[0], table.pk, 1, 100)
    services.sit(players[1], table.pk, 4, 100)
    return deal(table)


@pytest.fixture
def table(make_table):
    return make_table()


@pytest.fixture
def players(club_with_roles, make_user):
    """Six members of the club (besides owner/host/member), ready to sit."""
    from pokerclub.models import Membership

    people = [make_user(name) for name in ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")]
    for p in people:
        Membership.objects.create(club=club_with_roles["club"], user=p)
    return people


@pytest.fixture(autouse=True)
def _no_embedded_clock(settings):
    """Tests drive the clock themselves (services.handle_due) unless they ask for it."""
    settings.EMBEDDED_CLOCK = False


@pytest.fixture(autouse=True)
def _fresh_channel_layer():
    """Each async test runs its own event loop; a channel layer (Redis in CI) keeps locks
    and connections bound to the loop that created it, so every test gets a new one."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture(autouse=True)
def _fresh_connection_pool(request):
    """After a socket test, start the next test on a new connection pool. A consumer run by
    channels' WebsocketCommunicator inside pytest-asyncio's context leaves its worker
    thread's connection checked out (a server process gives it back: see
    tests/test_services.py::test_socket_queries_give_their_connection_back_to_the_pool);
    without this, a module of socket tests exhausts the pool of 20."""
    yield
    from django.db import connection

    if request.node.get_closest_marker("asyncio") and getattr(connection, "pool", None) is not None:
        connection.close()
        connection.close_pool()


@pytest.fixture
def setup(club_with_roles, players):
    """A table of the club, its players and the club's people (the socket tests' world)."""
    table = services.create_table(
        club_with_roles["host"], club_with_roles["club"], table_settings()
    )
    return {"table": table, "players": players, **club_with_roles}

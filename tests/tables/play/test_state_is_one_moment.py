"""A table's state, on its page, from ``/state/`` or as a socket's snapshot, is one moment of
the database: its version is the version of its content (issue #41, N2: 15 of 764 page states
carried the next version's between-hands change under the previous version number, so a
client trusting the version could miss an update or apply one twice)."""

from __future__ import annotations

import threading

import pytest
from django.db import close_old_connections, connection

from tables.play import actions as services
from tables.play import projection
from tables.play.models import Table
from tables.play.projection import load_public_state
from tests.conftest import BUSY_BOX_SECONDS, require_service

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _postgresql():
    if connection.vendor != "postgresql":
        require_service("PostgreSQL", "a change committed between two reads needs PostgreSQL")


def seated(state):
    return sorted(s["number"] for s in state["seats"] if s["player"] is not None)


def test_a_change_committed_between_the_tables_read_and_its_seats_is_not_in_the_state(
    table, players, monkeypatch
):
    services.sit(players[0], table.pk, 1, 100)
    before = Table.objects.get(pk=table.pk).version
    original = projection.read_seats

    def seats_after_a_sit_commits(t):
        # another request, in its own connection, seats a player and commits: after this
        # state's table row was read, before its seats are
        def sit():
            try:
                services.sit(players[1], table.pk, 2, 100)
            finally:
                close_old_connections()

        thread = threading.Thread(target=sit)
        thread.start()
        thread.join(BUSY_BOX_SECONDS)
        return original(t)

    monkeypatch.setattr(projection, "read_seats", seats_after_a_sit_commits)
    state = load_public_state(table.pk)
    monkeypatch.setattr(projection, "read_seats", original)
    assert (state["version"], seated(state)) == (before, [1])
    now = load_public_state(table.pk)
    assert now["version"] > before and seated(now) == [1, 2]

"""Requests that race on one table, on PostgreSQL with real threads and connections
(DESIGN: one transaction per change, the table row locked and its version checked).

Each racer is a thread with its own database connection, released by a barrier at the same
moment; the table row's lock must serialise them so that exactly one decision is applied.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.db import close_old_connections, connection, transaction

from tables.hands.models import HandAction
from tables.play import actions as services
from tables.play.actions.common import lock_table, lock_with_seats
from tables.play.error_codes import PlayError
from tables.play.models import Seat, Table
from tables.play.projection import load_public_state
from tests.conftest import BUSY_BOX_SECONDS, eventually, require_service

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _postgresql():
    if connection.vendor != "postgresql":
        require_service("PostgreSQL", "row locks need PostgreSQL")


def race(*calls: Callable[[], Any]) -> list[Any]:
    """Run each call in its own thread at the same moment; each outcome is its return value
    or the ``PlayError`` code it raised."""
    barrier = threading.Barrier(len(calls))
    outcomes: list[Any] = [None] * len(calls)

    def run(i: int, call: Callable[[], Any]) -> None:
        barrier.wait()
        try:
            outcomes[i] = call()
        except PlayError as error:
            outcomes[i] = error.code
        finally:
            close_old_connections()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=BUSY_BOX_SECONDS)
    return outcomes


@pytest.fixture
def hand(table, players):
    services.sit(players[0], table.pk, 1, 100)
    services.sit(players[1], table.pk, 4, 100)
    t = Table.objects.get(pk=table.pk)
    assert services.handle_due(t.pk, t.version, now=t.next_hand_at + timedelta(milliseconds=1))
    t = Table.objects.get(pk=table.pk)
    seat = load_public_state(t.pk)["hand"]["to_act"]
    user = Seat.objects.get(table=t, number=seat).user
    return t, seat, user


def test_the_same_decision_sent_twice_at_once_is_applied_exactly_once(hand):
    """Two tabs (or a double click) send the player's call together: one is applied, the
    other is refused as stale, and the table moves on by exactly one version."""
    table, seat, user = hand
    decision = table.decision_version

    def call() -> str:
        services.act(user, table.pk, "call", None, decision)
        return "applied"

    outcomes = race(call, call)
    assert sorted(outcomes) == ["applied", "stale_version"]
    after = Table.objects.get(pk=table.pk)
    assert after.version == table.version + 1
    assert list(HandAction.objects.values_list("seat", "kind")) == [(seat, "call")]


def test_an_action_racing_its_own_timeout_is_applied_exactly_once_R14(hand):
    """The player calls just as the clock finds the decision overdue with no time bank left
    (R14: fold): exactly one of the two is applied, whichever takes the lock first."""
    table, seat, user = hand
    Seat.objects.filter(table=table, number=seat).update(time_bank=0)
    late = table.deadline + timedelta(seconds=1)

    def act() -> str:
        services.act(user, table.pk, "call", None, table.decision_version)
        return "acted"

    def clock() -> str:
        return (
            "timed out" if services.handle_due(table.pk, table.version, now=late) else "nothing due"
        )

    outcomes = race(act, clock)
    assert Table.objects.get(pk=table.pk).version == table.version + 1
    actions = list(HandAction.objects.values_list("seat", "kind", "timeout"))
    if outcomes[0] == "acted":
        assert outcomes[1] == "nothing due"  # the compare-and-set saw the new version
        assert actions == [(seat, "call", False)]
    else:
        assert outcomes == ["stale_version", "timed out"]
        assert actions == [(seat, "fold", True)]


def test_the_seats_read_with_the_lock_are_the_ones_the_previous_holder_committed(hand):
    """The lock and the seats go to PostgreSQL in one query string (``rows``). A player waiting
    for the lock must then read the seats as the holder left them: in the same statement as
    the lock, the seats would come from the snapshot taken before the wait, and a stack the
    holder just paid out would be read as it was."""
    table, _seat, _user = hand
    holding, waiting_started = threading.Event(), threading.Event()
    release = threading.Event()
    seen: dict[str, Any] = {}

    def holder() -> None:
        try:
            with transaction.atomic():
                lock_table(table.pk)
                Seat.objects.filter(table=table, number=1).update(stack=77)
                holding.set()
                release.wait(timeout=BUSY_BOX_SECONDS)
        finally:
            close_old_connections()

    def waiter() -> None:
        try:
            holding.wait(timeout=BUSY_BOX_SECONDS)
            waiting_started.set()
            with transaction.atomic():
                _table, seats = lock_with_seats(table.pk)
                seen["stacks"] = {s.number: s.stack for s in seats}
        finally:
            close_old_connections()

    threads = [threading.Thread(target=holder), threading.Thread(target=waiter)]
    for t in threads:
        t.start()
    try:
        assert waiting_started.wait(timeout=BUSY_BOX_SECONDS)
        with connection.cursor() as cursor:

            def waiting_for_a_lock() -> int:
                cursor.execute(
                    "SELECT count(*) FROM pg_stat_activity "
                    "WHERE wait_event_type = 'Lock' AND datname = current_database()"
                )
                return cursor.fetchone()[0]

            eventually(waiting_for_a_lock, what="the second transaction waiting for the lock")
    finally:
        release.set()
    for t in threads:
        t.join(timeout=BUSY_BOX_SECONDS)
    assert seen["stacks"][1] == 77

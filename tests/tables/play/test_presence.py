"""Presence survives a crashed server process: sockets are counted per process, every
process says it is alive, and the clock takes a silent process's sockets off the seats
(tables.play.heartbeat), exactly once."""

from __future__ import annotations

import asyncio
import threading
from datetime import timedelta

import pytest
from django.utils import timezone

from tables.play import actions as services
from tables.play import heartbeat as presence
from tables.play.models import Presence, Seat, ServerProcess, Table
from tables.play.projection import load_public_state
from tests.conftest import run_async

pytestmark = pytest.mark.django_db


def connected(table, number):
    state = load_public_state(table.pk)
    return next(s for s in state["seats"] if s["number"] == number)["connected"]


def go_silent(server, seconds=3600):
    ServerProcess.objects.filter(pk=server).update(
        seen_at=timezone.now() - timedelta(seconds=seconds)
    )


@pytest.fixture
def seated(table, players):
    services.sit(players[0], table.pk, 3, 100)
    return table, players[0]


def test_a_crashed_processs_sockets_are_taken_off_the_seats_by_the_clock(seated):
    table, player = seated
    services.set_presence(player, table.pk, 1, "server-a")
    services.set_presence(player, table.pk, 1, "server-a")  # two tabs on one process
    assert connected(table, 3) is True
    version = Table.objects.get(pk=table.pk).version

    go_silent("server-a")
    assert presence.sweep(every=0) == 1

    assert connected(table, 3) is False
    assert Table.objects.get(pk=table.pk).version == version + 1  # everyone is told
    assert not Presence.objects.exists() and not ServerProcess.objects.exists()
    assert not services.drop_server("server-a")  # exactly once


def test_a_player_stays_connected_through_a_live_process_when_another_dies(seated):
    table, player = seated
    services.set_presence(player, table.pk, 1, "server-a")
    services.set_presence(player, table.pk, 1, "server-b")
    go_silent("server-a")
    ServerProcess.objects.filter(pk="server-b").update(seen_at=timezone.now())

    assert presence.sweep(every=0) == 1

    assert connected(table, 3) is True
    assert Seat.objects.get(table=table, number=3).connections == 1
    services.set_presence(player, table.pk, -1, "server-b")
    assert connected(table, 3) is False


def test_a_socket_of_a_dropped_process_closing_late_takes_nothing_more_off_the_seat(seated):
    """Process a was taken for dead (its sockets are off the seat) and one of them closes
    after: the player, still connected through process b, stays shown connected."""
    table, player = seated
    services.set_presence(player, table.pk, 1, "server-a")
    services.set_presence(player, table.pk, 1, "server-b")
    go_silent("server-a")
    assert presence.sweep(every=0) == 1
    assert Seat.objects.get(table=table, number=3).connections == 1

    services.set_presence(player, table.pk, -1, "server-a")

    assert Seat.objects.get(table=table, number=3).connections == 1
    assert connected(table, 3) is True


def test_a_process_seen_since_the_sweep_looked_is_not_dropped(seated):
    """The sweep found the process silent, then its heartbeat came before the drop took
    the process's row: the drop looks again under the lock and keeps it."""
    table, player = seated
    services.set_presence(player, table.pk, 1, "server-a")  # seen now
    looked = timezone.now() - timedelta(seconds=1)  # silent since: before it was seen

    assert services.drop_server("server-a", looked) is False

    assert connected(table, 3) is True
    assert ServerProcess.objects.filter(pk="server-a").exists()


def test_a_process_silent_for_less_than_the_timeout_is_not_dropped(seated, settings):
    table, player = seated
    services.set_presence(player, table.pk, 1, "server-a")
    go_silent("server-a", seconds=settings.PRESENCE_TIMEOUT_S - 5)
    assert presence.sweep(every=0) == 0
    assert connected(table, 3) is True


def test_a_live_process_taken_for_dead_counts_its_sockets_again_at_its_next_heartbeat(
    seated, monkeypatch
):
    table, player = seated
    monkeypatch.setattr(presence, "SERVER_ID", "server-late")
    monkeypatch.setattr(presence, "_sockets", presence.Counter({(table.pk, player.pk): 1}))
    services.set_presence(player, table.pk, 1, "server-late")
    go_silent("server-late")
    presence.sweep(every=0)
    assert connected(table, 3) is False

    assert presence.heartbeat() == 1

    assert connected(table, 3) is True
    assert Presence.objects.get(server_id="server-late").sockets == 1
    assert presence.heartbeat() == 0  # alive: nothing to count again
    assert Seat.objects.get(table=table, number=3).connections == 1


def test_a_disconnect_whose_count_was_lost_is_mended_at_the_next_heartbeat(seated, monkeypatch):
    """The process forgot the socket (its page closed) but the count off the seat never
    reached the database (the disconnect was cut short): the next heartbeat shows the
    player gone, as the others would have seen at once."""
    table, player = seated
    monkeypatch.setattr(presence, "SERVER_ID", "server-a")
    monkeypatch.setattr(presence, "_sockets", presence.Counter())
    services.set_presence(player, table.pk, 1, "server-a")
    version = Table.objects.get(pk=table.pk).version

    assert presence.heartbeat() == 1

    seat = Seat.objects.get(table=table, number=3)
    assert (seat.connections, seat.gone_since is not None) == (0, True)
    assert connected(table, 3) is False
    assert Table.objects.get(pk=table.pk).version == version + 1  # everyone is told
    assert not Presence.objects.exists()


def test_a_dropped_process_back_through_a_new_socket_counts_all_its_sockets_again(
    seated, players, monkeypatch
):
    """Taken for dead, the process's next socket makes its row again before its heartbeat
    does: the heartbeat still counts the sockets it held before (it used to count only a
    process whose row it did not find)."""
    table, first = seated
    second = players[1]
    services.sit(second, table.pk, 5, 100)
    monkeypatch.setattr(presence, "SERVER_ID", "server-late")
    held = presence.Counter({(table.pk, first.pk): 1})
    monkeypatch.setattr(presence, "_sockets", held)
    services.set_presence(first, table.pk, 1, "server-late")
    go_silent("server-late")
    presence.sweep(every=0)
    held[(table.pk, second.pk)] += 1
    services.set_presence(second, table.pk, 1, "server-late")  # the row is back
    assert (connected(table, 3), connected(table, 5)) == (False, True)

    assert presence.heartbeat() == 1

    assert (connected(table, 3), connected(table, 5)) == (True, True)
    assert presence.heartbeat() == 0


@pytest.mark.django_db(transaction=True)
def test_a_socket_closing_during_a_heartbeat_is_counted_off_after_it(seated, monkeypatch):
    """The heartbeat writes back what the process held when it looked; a socket that closes
    meanwhile waits for it. Else the heartbeat's copy counted it on again after its count
    off, and the player was shown connected for ever (a CI run of the Redis restart test)."""
    table, player = seated
    monkeypatch.setattr(presence, "SERVER_ID", "server-a")
    monkeypatch.setattr(presence, "_sockets", presence.Counter({(table.pk, player.pk): 1}))
    services.set_presence(player, table.pk, 1, "server-a")
    looking, write_back = threading.Event(), threading.Event()
    reconcile = services.reconcile_presence

    def held_open(server, sockets):  # the heartbeat has looked; its write is on its way
        looking.set()
        write_back.wait(30)
        return reconcile(server, sockets)

    monkeypatch.setattr(services, "reconcile_presence", held_open)

    async def the_page_closes_during_a_heartbeat():
        beat = asyncio.create_task(presence.beat_once())
        await asyncio.to_thread(looking.wait, 30)
        closing = asyncio.create_task(presence.count(player, table.pk, -1))
        for _ in range(5):
            await asyncio.sleep(0)
        waited = presence._sockets[(table.pk, player.pk)] == 1  # not counted off yet
        write_back.set()
        await beat
        await closing
        return waited

    assert run_async(the_page_closes_during_a_heartbeat) is True
    seat = Seat.objects.get(table=table, number=3)
    assert (seat.connections, seat.gone_since is not None) == (0, True)
    assert not Presence.objects.exists()


def test_a_socket_that_stops_counting_after_its_player_left_clears_its_presence(seated):
    table, player = seated
    services.set_presence(player, table.pk, 1, "server-a")
    services.leave(player, table.pk)
    assert Seat.objects.filter(table=table, user=player).count() == 0
    services.set_presence(player, table.pk, -1, "server-a")
    assert not Presence.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_a_processs_first_count_and_its_first_heartbeat_do_not_deadlock(seated):
    """A process's first heartbeat finds no row of its own when its first socket's count is
    not committed yet, and restores its sockets: the process's row, then each table. The
    count takes them in the same order, so neither waits for what the other holds (they
    deadlocked, and a socket was closed with 1011, when the count locked the table first)."""

    from django.db import connection, transaction

    from tables.play.actions.common import lock
    from tests.conftest import eventually, require_service

    if connection.vendor != "postgresql":
        require_service("PostgreSQL", "two transactions wait on each other's locks")
    table, player = seated
    server = "server-starting"
    restoring, restore_on = threading.Event(), threading.Event()
    failed: list[Exception] = []

    def run(step):
        try:
            step()
        except Exception as error:  # a deadlock, in whichever transaction PostgreSQL picks
            failed.append(error)
        finally:
            connection.close()

    def heartbeat():  # restore_presence's order, held open between its two steps
        with transaction.atomic():
            ServerProcess.objects.get_or_create(pk=server)
            restoring.set()
            restore_on.wait(30)
            lock(table.pk)

    def waiting_on_a_lock():
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity "
                "WHERE datname = current_database() AND wait_event_type = 'Lock'"
            )
            return cursor.fetchone()[0] >= 1

    threads = [threading.Thread(target=run, args=(heartbeat,))]
    threads[0].start()
    restoring.wait(30)
    threads.append(
        threading.Thread(
            target=run, args=(lambda: services.set_presence(player, table.pk, 1, server),)
        )
    )
    threads[1].start()
    eventually(waiting_on_a_lock, timeout=30, what="the count waiting for the heartbeat")
    restore_on.set()
    for thread in threads:
        thread.join(60)
    assert failed == []
    assert Seat.objects.get(table=table, user=player).connections == 1


def test_a_heartbeat_cancelled_while_it_waits_at_the_gate_holds_no_count_back():
    """A heartbeat waits for the counts on their way, and the counts after it wait for it;
    cancelled (its process shutting down), it lets them go on, and the gate is free."""

    async def through(door) -> None:
        async with door:
            pass

    async def cancel_a_waiting_heartbeat():
        gate = presence._Gate()
        async with gate.count():  # a count on its way
            beat = asyncio.create_task(through(gate.alone()))
            await asyncio.sleep(0)
            later = asyncio.create_task(through(gate.count()))
            await asyncio.sleep(0)
            held_back = not later.done()
            beat.cancel()
            await asyncio.wait_for(later, 10)  # goes on though the first count is still on
        async with asyncio.timeout(10):
            await through(gate.alone())
            await through(gate.count())
        return held_back, gate.counting, gate.waiting, gate.reconciling

    assert run_async(cancel_a_waiting_heartbeat) == (True, 0, 0, False)


def test_a_socket_cancelled_while_its_count_is_written_does_not_wait_for_the_database(
    monkeypatch,
):
    """Its write goes on in its thread; the socket's task ends now. Waiting for the write
    hung a cancelled socket for as long as the database held it (the CI's hostile-frames
    test hung on a row its own transaction held)."""
    writing, release = threading.Event(), threading.Event()

    def stuck(*args):
        writing.set()
        release.wait(60)

    monkeypatch.setattr(services, "set_presence", stuck)

    class Someone:
        pk = 1

    async def cancel_during_the_write():
        closing = asyncio.create_task(presence.count(Someone(), 1, -1))
        await asyncio.to_thread(writing.wait, 30)
        closing.cancel()
        done, _ = await asyncio.wait({closing}, timeout=10)
        release.set()
        return bool(done) and closing.cancelled()

    monkeypatch.setattr(presence, "_sockets", presence.Counter({(1, 1): 1}))
    assert run_async(cancel_during_the_write) is True

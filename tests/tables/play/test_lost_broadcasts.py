"""A change whose broadcast the channel layer lost (Redis restarting) still reaches every
socket within seconds: each server process compares the versions its sockets were sent with
the database's and sends a table's state again when they are behind (tables/play/consumers.py,
``resync_forever``). The whole fault, on real servers: tests/faults/test_redis_restart.py."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async as sync_to_async

from tables.play import actions as services
from tests.tables.socket_helpers import connect, receive

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


async def test_a_socket_that_missed_a_change_is_sent_the_table_again(setup, monkeypatch):
    monkeypatch.setattr("tables.play.consumers.RESYNC_SECONDS", 0.1)
    monkeypatch.setattr("tables.play.consumers._resync", None)  # started anew, that often
    table, player = setup["table"], setup["players"][0]
    comm, connected, _ = await connect(setup["member"], table.pk)
    assert connected
    before = await receive(comm, "state")
    lost = []
    monkeypatch.setattr(
        "tables.play.actions.common.send_on_commit", lambda group, message: lost.append(message)
    )
    await sync_to_async(services.sit)(player, table.pk, 2, 100)  # its broadcast is lost
    assert len(lost) == 1
    again = await receive(comm, "state", timeout=30)
    assert again["version"] == before["version"] + 1
    seat = next(s for s in again["seats"] if s["number"] == 2)
    assert seat["player"]["user_id"] == player.pk
    await comm.disconnect()

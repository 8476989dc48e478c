"""A change whose broadcast the channel layer lost (Redis restarting) still reaches every
socket within seconds: each server process compares the versions its sockets were sent with
the database's and sends a table's state again when they are behind (tables/play/consumers.py,
``resync_forever``). The whole fault, on real servers: tests/faults/test_redis_restart.py."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async as sync_to_async

from tables.play import actions as services
from tables.play.models import Table
from tests.tables.socket_helpers import connect, receive, receive_first

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
    again = await receive_first(  # (skipping a resend of the state it already had)
        comm, lambda m: m["type"] == "state" and m["version"] > before["version"], timeout=30
    )
    assert again["version"] == before["version"] + 1
    seat = next(s for s in again["seats"] if s["number"] == 2)
    assert seat["player"]["user_id"] == player.pk
    await comm.disconnect()


async def test_a_state_sent_again_mid_hand_gives_each_viewer_only_their_own_cards_R4_3(
    setup, monkeypatch
):
    """DESIGN invariant 1 on the resend path: the state sent again is the public one, and
    each socket adds its own viewer's cards, never another player's."""
    from tables.play.projection import own_cards_by_user
    from tests.tables.play_helpers import deal, to_act, user_at

    monkeypatch.setattr("tables.play.consumers.RESYNC_SECONDS", 0.1)
    monkeypatch.setattr("tables.play.consumers._resync", None)
    table = setup["table"]
    ann, ben = setup["players"][:2]
    await sync_to_async(services.sit)(ann, table.pk, 1, 100)
    await sync_to_async(services.sit)(ben, table.pk, 2, 100)
    table = await sync_to_async(deal)(table)
    mine, _, _ = await connect(ann, table.pk)
    watcher, _, _ = await connect(setup["member"], table.pk)
    first = await receive(mine, "state")
    await receive(watcher, "state")
    holes = await sync_to_async(own_cards_by_user)(table.pk, table.hand_count)
    lost = []
    monkeypatch.setattr(
        "tables.play.actions.common.send_on_commit", lambda group, message: lost.append(message)
    )
    seat, state = await sync_to_async(to_act)(table)
    actor = await sync_to_async(user_at)(table, seat)
    await sync_to_async(services.act)(actor, table.pk, "call", None, state["version"])
    assert len(lost) == 1
    called = await sync_to_async(lambda: Table.objects.get(pk=table.pk).version)()

    # (the resync may first send a socket a state it already had, or one from before the
    # call that its broadcast did not reach it with, a seat's presence: wait for the call's)
    def changed(message):  # type: ignore[no-untyped-def]
        return message["type"] == "state" and message["version"] >= called

    again = await receive_first(mine, changed, timeout=30)
    seen = await receive_first(watcher, changed, timeout=30)
    assert again["version"] == seen["version"] == called > first["version"]
    assert again["you"]["cards"] == holes[ann.pk]["cards"]
    assert seen["you"]["cards"] == []
    for frame, hidden in (
        (again, holes[ben.pk]["cards"]),
        (seen, holes[ann.pk]["cards"] + holes[ben.pk]["cards"]),
    ):
        text = json.dumps({k: v for k, v in frame.items() if k != "you"})
        assert not any(f'"{card}"' in text for card in hidden)
    await mine.disconnect()
    await watcher.disconnect()

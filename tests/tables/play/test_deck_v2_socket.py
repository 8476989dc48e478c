"""The ``nonce`` message over a real socket (R15.2, docs/protocol.md): taken once with
``nonce_ok``; refused with a code, changing nothing, for a spectator, a second nonce or a
malformed one; each player's frames carry their own openings only."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async as sync_to_async

from tables.play import actions as services
from tables.play.models import Seat
from tests.tables.socket_helpers import connect, drain, receive, receive_first

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


async def test_nonce_messages_are_taken_once_from_seated_players(setup):
    table, players, club_with_roles = setup["table"], setup["players"], setup
    for i, p in enumerate(players[:2]):
        await sync_to_async(services.sit)(p, table.pk, i + 1, 100)
    player, _, _ = await connect(players[0], table.pk)
    spectator, _, _ = await connect(club_with_roles["member"], table.pk)
    state = await receive(player, "state")
    assert state["next_deck"]["hand"] == 1 and len(state["next_deck"]["root"]) == 64
    await drain(player)
    await drain(spectator)

    async def send(comm, message):
        """The answer to ``message`` (a state broadcast still on its way is skipped)."""
        await comm.send_to(text_data=json.dumps(message))
        return await receive_first(comm, lambda m: m["type"] != "state")

    nonce = "5e" * 32
    assert await send(player, {"type": "nonce", "hand": 1, "nonce": nonce}) == {
        "type": "nonce_ok",
        "hand": 1,
    }
    refused = [
        (player, {"type": "nonce", "hand": 1, "nonce": "6f" * 32, "ref": "n2"}, "nonce_sent"),
        (spectator, {"type": "nonce", "hand": 1, "nonce": "6f" * 32}, "not_seated"),
        (player, {"type": "nonce", "hand": 1, "nonce": ["x"]}, "bad_field"),
        (player, {"type": "nonce", "hand": "1", "nonce": "6f" * 32}, "bad_field"),
        (player, {"type": "nonce", "hand": 1, "nonce": "6F" * 32}, "bad_field"),
        (player, {"type": "nonce", "hand": 0, "nonce": "6f" * 32}, "hand_dealt"),
    ]
    for comm, message, code in refused:
        answer = await send(comm, message)
        assert answer["type"] == "error" and answer["code"] == code, (message, answer)
    assert answer["message"]
    sent = await sync_to_async(list)(
        Seat.objects.filter(table=table, nonce_hand=1).values_list("nonce_by", "nonce")
    )
    assert sent == [(players[0].pk, nonce)]  # the first one, kept on the player's chair
    for comm in (player, spectator):
        await comm.disconnect()


async def test_nonces_sent_together_are_taken_in_one_transaction_and_each_answered(
    setup, monkeypatch
):
    """Issue #44: the nonces a server's sockets send for one table within a moment are
    written in one transaction (``NonceBatches``), and each socket is still answered for its
    own: taken, or refused with its code, its ref and in its own language."""
    table, players, spectator = setup["table"], setup["players"], setup["member"]
    for i, p in enumerate(players[:3]):
        await sync_to_async(services.sit)(p, table.pk, i + 1, 100)
    spectator.language = "it"
    await sync_to_async(spectator.save)(update_fields=["language"])
    comms = [(await connect(user, table.pk))[0] for user in [spectator, *players[:3]]]
    for comm in comms:
        await receive(comm, "state")
        await drain(comm)
    batches = []
    send_nonces = services.send_nonces

    def counted(table_id, sent, languages=None):
        batches.append(len(sent))
        return send_nonces(table_id, sent, languages)

    monkeypatch.setattr(services, "send_nonces", counted)
    sent = [
        (spectator, 1, "4a"),
        (players[0], 1, "1d"),
        (players[1], 1, "2e"),
        (players[2], 2, "3f"),
    ]
    for comm, (_user, hand, digits) in zip(comms, sent, strict=True):
        message = {"type": "nonce", "hand": hand, "nonce": digits * 32, "ref": f"n-{digits}"}
        await comm.send_to(text_data=json.dumps(message))
    answers = [await receive_first(comm, lambda m: m["type"] != "state") for comm in comms]
    assert batches == [4]
    assert answers[1:3] == [{"type": "nonce_ok", "hand": 1}] * 2
    refused = [(a["type"], a["code"], a["ref"], a["message"]) for a in (answers[0], answers[3])]
    assert refused == [
        ("error", "not_seated", "n-4a", "Non sei seduto a questo tavolo."),  # in Italian
        ("error", "not_committed", "n-3f", "No deck is committed for hand 2 yet."),
    ]
    again = {"type": "nonce", "hand": 1, "nonce": "5b" * 32, "ref": "again"}
    await comms[1].send_to(text_data=json.dumps(again))
    second = await receive_first(comms[1], lambda m: m["type"] != "state")
    assert (second["type"], second["code"], second["ref"]) == ("error", "nonce_sent", "again")
    taken = await sync_to_async(list)(
        Seat.objects.filter(table=table, nonce_hand=1)
        .order_by("number")
        .values_list("nonce_by", "nonce")
    )
    assert taken == [(players[0].pk, "1d" * 32), (players[1].pk, "2e" * 32)]
    for comm in comms:
        await comm.disconnect()

"""A table's guests and watchers on its socket (issue #39): a guest's cards are theirs alone,
a revoked link or a host lets them out with 4410, a watcher by link sees what any spectator
sees and changes nothing. Channels' WebsocketCommunicator with real transactions."""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async as sync_to_async
from django.contrib.auth.models import AnonymousUser

from engine.cards import card_str
from pokerclub.throttle import Limit
from tables.play import actions as services
from tables.play.consumers import GUEST_SEAT_REQUESTS
from tables.play.guests import WATCHING
from tables.play.models import Seat, Table
from tests.tables.socket_helpers import app, close_code, connect, drain, receive, receive_first

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

CARD = re.compile(r"(?<![A-Za-z0-9])[2-9TJQKA][cdhs](?![A-Za-z0-9])")


def cards_named(text: str) -> set[str]:
    """Every card a frame names, wherever it is (a seat, the log, an opening)."""
    return set(CARD.findall(text))


@pytest.fixture
def guest_table(setup):
    club = setup["club"]
    club.guests_need_approval = False
    club.spectator_links = True
    club.save()
    link = services.table_link(setup["host"], setup["table"].pk)
    return {**setup, "link": link}


async def _join(link, name):
    user, _table = await sync_to_async(services.join)(link.token, name)
    return user


async def _deal(table_id):
    t = await sync_to_async(Table.objects.get)(pk=table_id)
    assert await sync_to_async(services.handle_due)(
        t.pk, t.version, now=t.next_hand_at + timedelta(milliseconds=1)
    )
    return await sync_to_async(Table.objects.get)(pk=table_id)


async def test_a_guests_cards_reach_the_guest_alone(guest_table):
    """DESIGN invariant 1 with a guest at the table: the guest's hole cards are in the
    guest's frames only; the member beside them and a spectating member never see them."""
    table = guest_table["table"]
    gigi = await _join(guest_table["link"], "Gigi")
    ann = guest_table["players"][0]
    await sync_to_async(services.sit)(gigi, table.pk, 1, 100)
    await sync_to_async(services.sit)(ann, table.pk, 2, 100)
    guest_comm, connected, _ = await connect(gigi, table.pk)
    assert connected
    ann_comm, _, _ = await connect(ann, table.pk)
    watcher_comm, _, _ = await connect(guest_table["member"], table.pk)
    for c in (guest_comm, ann_comm, watcher_comm):
        await drain(c)
    dealt = await _deal(table.pk)
    state = dealt.hand_state
    gigi_cards = [card_str(c) for c in state["holes"][state["seats"].index(1)]]

    mine = await receive_first(guest_comm, lambda m: m["type"] == "state" and m["hand"])
    assert mine["you"]["seat"] == 1 and mine["you"]["cards"] == gigi_cards
    assert next(s for s in mine["seats"] if s["number"] == 1)["player"]["guest"] is True
    for other in (ann_comm, watcher_comm):
        frame = await receive_first(other, lambda m: m["type"] == "state" and m["hand"])
        assert not cards_named(json.dumps(frame)) & set(gigi_cards)
    for c in (guest_comm, ann_comm, watcher_comm):
        await c.disconnect()


async def test_a_guest_who_is_not_let_in_is_closed_with_4403(guest_table, make_table):
    gigi = await _join(guest_table["link"], "Gigi")
    other = await sync_to_async(make_table)(name="Other")
    comm, connected, _ = await connect(gigi, other.pk)
    assert connected
    assert await close_code(comm) == 4403


async def test_revoking_the_link_closes_a_watching_guests_socket_with_4410(guest_table):
    table = guest_table["table"]
    watcher = await _join(guest_table["link"], "Watcher")
    player = await _join(guest_table["link"], "Player")
    await sync_to_async(services.sit)(player, table.pk, 1, 100)
    watcher_comm, _, _ = await connect(watcher, table.pk)
    player_comm, _, _ = await connect(player, table.pk)
    await receive(watcher_comm, "state")
    await receive(player_comm, "state")
    await sync_to_async(services.revoke_link)(guest_table["host"], table.pk)
    assert await close_code(watcher_comm) == 4410
    await player_comm.send_to(text_data=json.dumps({"type": "chat", "text": "still here"}))
    said = await receive(player_comm, "chat")  # the seated guest plays on
    assert said["text"] == "still here" and said["guest"] is True
    await player_comm.disconnect()


async def test_a_host_removes_a_guest_from_the_socket_and_their_seat_is_cashed_out(guest_table):
    table = guest_table["table"]
    gigi = await _join(guest_table["link"], "Gigi")
    await sync_to_async(services.sit)(gigi, table.pk, 3, 100)
    guest_comm, _, _ = await connect(gigi, table.pk)
    host_comm, _, _ = await connect(guest_table["host"], table.pk)
    await receive(guest_comm, "state")
    await receive(host_comm, "state")
    await host_comm.send_to(
        text_data=json.dumps({"type": "host", "op": "remove_guest", "user": gigi.pk})
    )
    assert await close_code(guest_comm) == 4410
    assert not await sync_to_async(Seat.objects.filter(user=gigi).exists)()
    await host_comm.send_to(
        text_data=json.dumps({"type": "host", "op": "ban_guest", "user": "x", "ref": "b"})
    )
    error = await receive(host_comm, "error")
    assert error["code"] == "bad_field" and error["ref"] == "b"
    await host_comm.disconnect()


async def test_a_guests_seat_requests_are_limited_per_address(guest_table, monkeypatch):
    # three a minute here (thirty in the product): few enough to stay under the socket's
    # own message rate while the test asks and takes it back
    limits = (Limit("test-seat-by-address", 3, 60), GUEST_SEAT_REQUESTS[1])
    monkeypatch.setattr("tables.play.consumers.GUEST_SEAT_REQUESTS", limits)
    table = guest_table["table"]
    club = guest_table["club"]
    club.guests_need_approval = True
    await sync_to_async(club.save)()
    gigi = await _join(guest_table["link"], "Gigi")
    comm, _, _ = await connect(gigi, table.pk)
    await receive(comm, "state")
    refused = None
    for n in range(limits[0].times + 1):  # asks, takes it back, asks again
        await comm.send_to(
            text_data=json.dumps({"type": "sit", "seat": 1, "amount": 100, "ref": f"s{n}"})
        )
        answer = await receive_first(
            comm,
            lambda m: m["type"] == "error" or (m["type"] == "state" and m["seats"][0]["player"]),
        )
        if answer["type"] == "error":
            refused = answer
            break
        assert answer["seats"][0]["player"]["guest"] is True  # marked from the first frame
        await comm.send_to(text_data=json.dumps({"type": "leave"}))
        await receive_first(comm, lambda m: m["type"] == "state" and not m["seats"][0]["player"])
    assert refused is not None and refused["code"] == "rate_limited", refused
    assert refused["ref"] == f"s{limits[0].times}"
    assert "seat requests" in refused["message"]
    await comm.disconnect()


async def _watch(table, link_id):
    from channels.testing import WebsocketCommunicator

    comm = WebsocketCommunicator(app, f"/ws/tables/{table.pk}/")
    comm.scope["user"] = AnonymousUser()
    comm.scope["session"] = {WATCHING: {str(table.pk): link_id}}
    connected, _ = await comm.connect()
    assert connected
    return comm


async def test_a_watcher_by_link_sees_what_a_spectator_sees_and_changes_nothing(guest_table):
    table = guest_table["table"]
    link = await sync_to_async(services.table_link)(guest_table["host"], table.pk, "watch")
    ann, ben = guest_table["players"][:2]
    await sync_to_async(services.sit)(ann, table.pk, 1, 100)
    await sync_to_async(services.sit)(ben, table.pk, 2, 100)
    comm = await _watch(table, link.pk)
    await drain(comm)
    dealt = await _deal(table.pk)
    frame = await receive_first(comm, lambda m: m["type"] == "state" and m["hand"])
    assert frame["you"]["seat"] is None and frame["you"]["cards"] == []
    holes = {card_str(c) for hole in dealt.hand_state["holes"] for c in hole}
    assert not cards_named(json.dumps(frame)) & holes
    for attempt in (
        {"type": "sit", "seat": 3, "amount": 100},
        {"type": "chat", "text": "hi"},
        {"type": "act", "action": "fold"},
    ):
        await comm.send_to(text_data=json.dumps(attempt))
        error = await receive(comm, "error")
        assert error["code"] == "not_a_member"
    await sync_to_async(services.revoke_link)(guest_table["host"], table.pk, "watch")
    assert await close_code(comm) == 4410


async def test_without_the_clubs_leave_a_watching_link_lets_nobody_in(guest_table):
    table = guest_table["table"]
    link = await sync_to_async(services.table_link)(guest_table["host"], table.pk, "watch")
    club = guest_table["club"]
    club.spectator_links = False
    await sync_to_async(club.save)()
    comm = await _watch(table, link.pk)
    assert await close_code(comm) == 4403
    made_up = await _watch(table, link.pk + 1000)
    assert await close_code(made_up) == 4403


GUEST_MAY = {  # what a guest's socket may send at their table (seated), with what it answers
    "sync": None,
    "chat": None,
    "wait_for_bb": None,
    "sit_out": None,
    "sit_in": None,
}
HOST_OPS = ["pause", "resume", "close", "approve", "reject", "remove", "remove_guest", "ban_guest"]


async def test_the_guests_socket_matrix_plays_but_never_runs_the_table(guest_table):
    """Every message a guest sends at their table: a player's are taken, a host's refused
    (``not_allowed``) and change nothing; the tournament lobby's socket is closed (4403)."""
    from tables.tournaments import actions as tournaments
    from tests.tables.tournament_helpers import settings_for

    table = guest_table["table"]
    gigi = await _join(guest_table["link"], "Gigi")
    await sync_to_async(services.sit)(gigi, table.pk, 1, 100)
    comm, _, _ = await connect(gigi, table.pk)
    await receive(comm, "state")
    extra = {"chat": {"text": "ciao"}, "wait_for_bb": {"wait": True}}
    for kind in GUEST_MAY:
        await comm.send_to(text_data=json.dumps({"type": kind, "ref": kind, **extra.get(kind, {})}))
    # a socket answers in order: once this refusal comes, everything before it was handled
    await comm.send_to(text_data=json.dumps({"type": "no_such_type", "ref": "barrier"}))
    errors = []
    while True:
        message = json.loads(await comm.receive_from(timeout=30))
        if message["type"] == "error":
            errors.append((message["code"], message.get("ref")))
            if message.get("ref") == "barrier":
                break
    assert errors == [("unknown_type", "barrier")]  # the player's messages were all taken
    before = await sync_to_async(lambda: Table.objects.get(pk=table.pk).version)()
    for op in HOST_OPS:
        await comm.send_to(
            text_data=json.dumps({"type": "host", "op": op, "seat": 1, "user": gigi.pk, "ref": op})
        )
        refused = await receive(comm, "error")
        assert (refused["code"], refused["ref"]) == ("not_allowed", op), refused
    after = await sync_to_async(lambda: Table.objects.get(pk=table.pk))()
    assert after.version == before and after.status == "open"
    assert await sync_to_async(Seat.objects.filter(user=gigi).exists)()
    await comm.disconnect()

    tournament = await sync_to_async(tournaments.create_tournament)(
        guest_table["host"], guest_table["club"], settings_for()
    )
    from channels.testing import WebsocketCommunicator

    lobby = WebsocketCommunicator(app, f"/ws/tournaments/{tournament.pk}/")
    lobby.scope["user"] = gigi
    await lobby.connect()
    assert await close_code(lobby) == 4403

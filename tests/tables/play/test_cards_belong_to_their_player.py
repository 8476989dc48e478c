"""Hole cards belong to the user who was dealt them, never to a seat number (DESIGN
invariant 1, R4.3): a player who leaves during a hand frees the seat when it ends, and
whoever sits there before the next deal must not receive the leaver's cards, not on a
socket, not from ``/state/`` and not in the table page."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async as sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.urls import reverse

from engine.cards import card_str
from tables.hands.models import Hand
from tables.play import actions as services
from tables.play.models import Seat, Table
from tables.play.projection import load_public_state
from tables.routing import websocket_urlpatterns
from tests.tables.socket_helpers import receive

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

app = URLRouter(websocket_urlpatterns)


def _deal(table_id: int) -> Table:
    table = Table.objects.get(pk=table_id)
    assert services.handle_due(
        table.pk, table.version, now=table.next_hand_at + timedelta(milliseconds=1)
    )
    return Table.objects.get(pk=table_id)


def _leave_and_fold_until_the_hand_ends(table_id: int, leaver) -> None:
    """``leaver`` asks to leave and folds to a raise; the others check or call it down."""
    services.leave(leaver, table_id)
    raised = False  # one raise, so that the leaver faces a bet and folds
    while True:
        public = load_public_state(table_id)
        hand = public["hand"]
        if hand["finished"]:
            return
        legal, pending = hand["legal"], hand["pending"]
        if legal is None:  # the showdown: show or muck (R11.3)
            user = Seat.objects.get(table_id=table_id, number=pending["seat"]).user
            services.act(user, table_id, "muck" if pending["may_muck"] else "show", None, None)
            continue
        user = Seat.objects.get(table_id=table_id, number=legal["seat"]).user
        if user == leaver:
            services.act(user, table_id, "fold" if legal["call"] else "check", None, None)
        elif legal["bet_or_raise"] and not raised:
            services.act(user, table_id, legal["bet_or_raise"], legal["min_to"], None)
            raised = True
        else:
            services.act(user, table_id, "check" if legal["check"] else "call", None, None)


def _cards_of(hand: Hand, user) -> list[str]:
    seat = next(p["seat"] for p in hand.players if p["user_id"] == user.pk)
    state = hand.final_state
    return [card_str(c) for c in state["holes"][state["seats"].index(seat)]]


async def _connect(user, table_id):
    comm = WebsocketCommunicator(app, f"/ws/tables/{table_id}/")
    comm.scope["user"] = user
    connected, _ = await comm.connect()
    assert connected
    return comm


async def _states(comm, table_id: int) -> list[dict]:
    """The states the socket receives until it has the table's version of now: every
    change so far has reached it."""
    version = await sync_to_async(lambda: Table.objects.get(pk=table_id).version)()
    out = [await receive(comm, "state")]
    while out[-1]["version"] < version:
        out.append(await receive(comm, "state"))
    return out


async def test_whoever_takes_a_vacated_seat_never_gets_the_leavers_cards(table, players, client):
    ann, ben, cat, dan = players[:4]
    for number, user in ((1, ann), (2, ben), (3, cat)):
        await sync_to_async(services.sit)(user, table.pk, number, 100)
    dealt = await sync_to_async(_deal)(table.pk)
    hand = await sync_to_async(Hand.objects.get)(pk=dealt.current_hand_id)

    dan_socket = await _connect(dan, table.pk)  # watching before he sits down
    await _states(dan_socket, table.pk)
    await sync_to_async(_leave_and_fold_until_the_hand_ends)(table.pk, cat)
    hand = await sync_to_async(Hand.objects.get)(pk=hand.pk)
    cat_cards = _cards_of(hand, cat)
    assert len(cat_cards) == 2
    cat_index = hand.final_state["seats"].index(3)
    assert hand.final_state["folded"][cat_index] and not hand.final_state["shown"][cat_index]

    finished = await sync_to_async(Table.objects.get)(pk=table.pk)
    assert finished.hand_state["phase"] == "finished" and finished.hand_count == 1
    assert await sync_to_async(lambda: Seat.objects.get(table=table, number=3).user)() is None
    await sync_to_async(services.sit)(dan, table.pk, 3, 100)  # before the next deal

    # the socket he had open, and a new one
    seen = await _states(dan_socket, table.pk)
    fresh_socket = await _connect(dan, table.pk)
    seen += await _states(fresh_socket, table.pk)
    seated = [m for m in seen if m["you"]["seat"] == 3]
    assert seated, "Dan never saw himself in seat 3"
    for message in seen:
        assert message["hand"]["number"] == 1
        assert message["you"]["cards"] == []
        seat3 = next(s for s in message["seats"] if s["number"] == 3)
        if seat3["player"] and seat3["player"]["user_id"] == dan.pk:
            # the hand's view of seat 3 was Cat's: Dan is not in that hand
            assert seat3["in_hand"] is False and seat3["folded"] is False
        text = json.dumps(message)
        assert all(f'"{card}"' not in text for card in cat_cards)

    # /state/ and the page's embedded state
    await sync_to_async(client.force_login)(dan)
    club = table.club.slug
    state = (await sync_to_async(client.get)(reverse("tables:state", args=[club, table.pk]))).json()
    assert state["you"]["seat"] == 3 and state["you"]["cards"] == []
    page = await sync_to_async(client.get)(reverse("tables:detail", args=[club, table.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert all(f'"{card}"' not in html and f"&quot;{card}&quot;" not in html for card in cat_cards)

    # the players who were dealt in still see their own cards of the finished hand
    await sync_to_async(client.force_login)(ann)
    state = (await sync_to_async(client.get)(reverse("tables:state", args=[club, table.pk]))).json()
    assert state["you"]["cards"] == _cards_of(hand, ann)

    for comm in (dan_socket, fresh_socket):
        await comm.disconnect()

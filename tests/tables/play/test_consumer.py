"""The table socket: who may connect, what every message gets back, flood control, and
full hands played over sockets (channels' WebsocketCommunicator, real transactions)."""

from __future__ import annotations

import asyncio
import json
import random
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async as sync_to_async
from channels.testing import WebsocketCommunicator

from tables.hands.models import HandAction
from tables.play import actions as services
from tables.play.hand_state import cards
from tables.play.models import Seat, Table
from tables.play.phrases import render
from tables.play.projection import load_public_state, own_cards_by_user
from tests.conftest import eventually_async
from tests.tables.conftest import table_settings
from tests.tables.play_helpers import deal, user_at
from tests.tables.socket_helpers import connect, drain, receive, receive_first

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]


def hole_cards_of(state, hand_number, seat):
    """The oracle: the cards the stored state dealt to ``seat``."""
    return cards(state["holes"][state["seats"].index(seat)])


async def test_non_member_anonymous_and_no_such_table_are_closed_with_4403(setup):
    """Accepted, then closed with 4403: a browser sees a close code, never the HTTP status of
    a refused handshake (docs/protocol.md, Close codes)."""
    from django.contrib.auth.models import AnonymousUser

    for user, table_id in (
        (setup["outsider"], setup["table"].pk),
        (AnonymousUser(), setup["table"].pk),
        (setup["member"], 999999),
    ):
        comm, connected, _ = await connect(user, table_id)
        assert connected
        assert await comm.receive_output(timeout=3) == {"type": "websocket.close", "code": 4403}
        await comm.send_to(text_data='{"type": "sync"}')  # on its way as the server closed
        assert await comm.receive_nothing(timeout=0.2)
        await comm.disconnect()


async def test_member_gets_a_full_state_and_chat_history_on_connect(setup):
    await sync_to_async(services.post_chat)(
        setup["member"], setup["table"].pk, "<script>hi</script>"
    )
    comm, connected, _ = await connect(setup["member"], setup["table"].pk)
    assert connected
    state = await receive(comm, "state")
    assert state["version"] == 0 and state["you"]["seat"] is None
    assert [s["number"] for s in state["seats"]] == [1, 2, 3, 4, 5, 6]
    history = await receive(comm, "chat_history")
    assert history["messages"][0]["text"] == "<script>hi</script>"  # escaped by the page
    await comm.disconnect()


async def test_frames_carry_text_beyond_ascii_intact(setup):
    """Frames are UTF-8 JSON text (``projection.frame_json``): accents, symbols and a
    character outside the Basic Multilingual Plane arrive as they were written."""
    text = "Niccolò puntò 5 € 🂡"
    await sync_to_async(services.post_chat)(setup["member"], setup["table"].pk, text)
    comm, connected, _ = await connect(setup["member"], setup["table"].pk)
    assert connected
    await receive(comm, "state")
    frame = await comm.receive_from(timeout=5)
    assert "Niccolò" in frame  # sent as UTF-8, not as \\u escapes
    history = json.loads(frame)
    assert history["type"] == "chat_history" and history["messages"][0]["text"] == text
    await comm.disconnect()


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ("not json", "bad_json"),
        ("[1, 2]", "bad_json"),
        ('{"no": "type"}', "unknown_type"),
        ('{"type": "explode"}', "unknown_type"),
        ('{"type": "sit", "seat": "1", "amount": 100}', "bad_field"),
        ('{"type": "sit", "seat": 1, "amount": 100.5}', "bad_field"),
        ('{"type": "sit", "seat": 1, "amount": 5}', "amount_out_of_range"),
        ('{"type": "sit", "seat": 99, "amount": 100}', "no_such_seat"),
        ('{"type": "act", "action": "call"}', "not_seated"),
        ('{"type": "act", "action": "raise"}', "bad_field"),
        ('{"type": "chat", "text": 5}', "bad_field"),
        ('{"type": "host", "op": "pause"}', "not_allowed"),
        ('{"type": "sit", "seat": 1, "amount": 100, "pad": "' + "x" * 5000 + '"}', "too_big"),
        ('{"type": "chat", "text": "' + "é" * 2100 + '"}', "too_big"),  # 4 KiB are bytes
        ('{"type":' + "[" * 2000 + "]" * 2000 + "}", "bad_json"),  # deeper than the parser goes
        ("[" * 4000, "bad_json"),
        ('{"type": "sit", "seat": 1, "amount": NaN}', "bad_field"),
        ('{"type": "sit", "seat": 1, "amount": 1e400}', "bad_field"),
        ('{"type": "sit", "seat": true, "amount": 100}', "bad_field"),
        ('{"type": "sit", "seat": 1, "amount": 9007199254740992}', "bad_field"),
        ('{"type": "sit", "seat": -9223372036854775809, "amount": 100}', "bad_field"),
        ('{"type": "act", "action": "call", "version": 18446744073709551616}', "bad_field"),
        ('{"type": "act", "action": ["call"]}', "bad_field"),
        ('{"type": "run_twice", "agree": 1}', "bad_field"),
        ('{"type": "draw", "cards": "7h"}', "bad_field"),  # R42.2: a list of cards
        ('{"type": "draw"}', "bad_field"),
        ('{"type": "draw", "cards": [1, 2]}', "bad_field"),
        ('{"type": "draw", "cards": ["7h", "7h"]}', "bad_field"),
        ('{"type": "draw", "cards": ["7h"]}', "not_seated"),
        ('{"type": "show_cards", "hand": 1, "cards": "0"}', "bad_field"),
        ('{"type": "show_cards", "hand": 1, "cards": [99999999999999999999]}', "bad_field"),
        ('{"type": "show_cards", "hand": 1, "cards": [0]}', "hand_over"),  # no hand yet
        ('{"type": "host", "op": "remove", "seat": 99999999999999999999}', "bad_field"),
        ('{"type": ["chat"]}', "unknown_type"),
        ('{"type": "chat", "text": "a\\u0000b"}', "bad_text"),  # PostgreSQL stores no NUL
        ('{"type": "chat", "text": "hi \\ud800"}', "bad_text"),  # a lone surrogate
        ('{"type": "chat", "text": "\\u001b[31mred"}', "bad_text"),
        ('{"type": "chat", "text": " \\u0000 "}', "bad_text"),
    ],
)
async def test_bad_messages_get_an_error_code_and_change_nothing(setup, frame, code):
    table = setup["table"]
    comm, _, _ = await connect(setup["member"], table.pk)
    await receive(comm, "state")
    before = await sync_to_async(lambda: Table.objects.get(pk=table.pk).version)()
    await comm.send_to(text_data=frame.replace('"type": "sit"', '"type": "sit", "ref": "r1"'))
    error = await receive(comm, "error")
    assert error["code"] == code and error["message"]
    if '"type": "sit"' in frame and code != "too_big":
        assert error["ref"] == "r1"
    after = await sync_to_async(lambda: Table.objects.get(pk=table.pk).version)()
    assert after == before
    await comm.disconnect()


async def test_a_binary_frame_gets_bad_json(setup):
    comm, _, _ = await connect(setup["member"], setup["table"].pk)
    await receive(comm, "state")
    await comm.send_to(bytes_data=b'{"type": "sync"}')
    assert (await receive(comm, "error"))["code"] == "bad_json"
    await comm.disconnect()


async def test_a_flooding_socket_is_rate_limited_then_closed(setup):
    comm, _, _ = await connect(setup["member"], setup["table"].pk)
    await receive(comm, "state")
    for _ in range(80):  # refused on the event loop, so they come faster than the refill
        await comm.send_to(text_data='{"type": "explode"}')
    codes = []
    closed = False
    for _ in range(200):
        try:
            output = await comm.receive_output(timeout=2)
        except TimeoutError:
            break
        if output["type"] == "websocket.close":
            closed = output.get("code") == 4429
            break
        codes.append(json.loads(output["text"]).get("code"))
    assert "rate_limited" in codes
    assert closed
    assert await comm.receive_nothing(timeout=0.3)  # the frames still queued are dropped


async def test_a_message_refused_for_coming_too_fast_names_its_ref_so_it_can_be_sent_again(
    setup,
):
    """A nonce sent in a burst beside other messages is refused with ``rate_limited``: the
    refusal carries the message's ``ref``, which is how a page (and a bot) knows to send
    that nonce again while the deal waits for it (R15.2, docs/protocol.md)."""
    comm, _, _ = await connect(setup["member"], setup["table"].pk)
    await receive(comm, "state")
    for n in range(40):  # faster than the refill: the last ones are refused
        await comm.send_to(text_data=json.dumps({"type": "explode", "ref": f"burst:{n}"}))
    refusals = []
    while len(refusals) < 40:
        message = json.loads((await comm.receive_output(timeout=5))["text"])
        if message["type"] == "error":
            refusals.append(message)
    limited = [m for m in refusals if m["code"] == "rate_limited"]
    assert limited, refusals
    assert all(m["ref"].startswith("burst:") for m in limited)
    assert len({m["ref"] for m in refusals}) == 40  # each refusal names its own message
    await comm.disconnect()


async def play_over_sockets(setup, comms, users, rng, hands):
    """Random legal play: each socket acts when its own state says it is its turn."""
    table = setup["table"]
    seen_versions = {u.pk: [] for u in users}
    latest = {}
    played = 0

    async def caught_up(version):
        for user, comm in zip(users, comms, strict=True):
            for message in await drain(comm):
                if message["type"] == "state":
                    seen_versions[user.pk].append(message["version"])
                    latest[user.pk] = message
        return all(user.pk in latest and latest[user.pk]["version"] >= version for user in users)

    for _ in range(hands * 60):
        t = await sync_to_async(Table.objects.get)(pk=table.pk)
        # decide on what every socket has seen of the table's latest version, however slow
        # the box: the broadcast of a committed change may still be on its way
        await eventually_async(
            lambda t=t: caught_up(t.version), what=f"every socket at version {t.version}"
        )
        if not t.in_hand:
            if played >= hands:
                break
            for user, comm in zip(users, comms, strict=True):
                mine = latest[user.pk]["you"]["seat"]
                if next(s for s in latest[user.pk]["seats"] if s["number"] == mine)["stack"] == 0:
                    await comm.send_json_to({"type": "top_up", "amount": 100})
            if t.next_hand_at is None:
                await asyncio.sleep(0.05)
                continue
            await sync_to_async(services.handle_due)(
                t.pk, t.version, now=t.next_hand_at + timedelta(seconds=1)
            )
            played += 1
            continue
        if t.hand_state["phase"] == "runout":  # the clock deals the all-in board's next street
            await sync_to_async(services.handle_due)(t.pk, t.version, now=t.deadline)
            continue
        state = max(latest.values(), key=lambda m: m["version"])
        hand = state["hand"]
        pending = hand["pending"]
        # whose decision: the player to act, or one still to answer a run-it-twice question
        seat = hand["to_act"] or (pending and (pending.get("seat") or pending["seats"][0]))
        if seat is None:  # nobody's decision: the clock's (caught up on the next turn)
            await asyncio.sleep(0.05)
            continue
        index = next(i for i, u in enumerate(users) if latest[u.pk]["you"]["seat"] == seat)
        comm = comms[index]
        if hand["pending"]:
            if hand["pending"]["kind"] == "run_twice":
                await comm.send_json_to({"type": "run_twice", "agree": rng.random() < 0.5})
            else:
                await comm.send_json_to(
                    {
                        "type": rng.choice(["show", "muck"])
                        if hand["pending"]["may_muck"]
                        else "show"
                    }
                )
        else:
            legal = hand["legal"]
            options = (["fold"] if legal["fold"] else []) + (
                ["check"] if legal["check"] else ["call"]
            )
            if legal["bet_or_raise"]:
                options += ["raise", "all_in"]
            choice = rng.choice(options)
            msg = {"type": "act", "action": choice, "version": state["version"]}
            if choice == "raise":
                msg = {
                    "type": "act",
                    "action": legal["bet_or_raise"],
                    "version": state["version"],
                    "amount": rng.randint(legal["min_to"], legal["max_to"]),
                }
            await comm.send_json_to(msg)
        await asyncio.sleep(0.02)
    return played, seen_versions, latest


async def test_full_hands_over_sockets_keep_secrets_and_agree_on_versions(setup, monkeypatch):
    """Three players and a spectator: every message any of them receives shows only the
    hole cards that viewer may see (DESIGN invariant 1); all see the same versions."""
    rng = random.Random(11)
    monkeypatch.setattr("tables.play.actions.deck.new_secret", lambda: rng.randbytes(32))
    table = setup["table"]
    await sync_to_async(services.update_settings)(
        setup["host"], table.pk, {"run_it_twice_allowed": True}
    )
    users = setup["players"][:3]
    for i, u in enumerate(users):
        await sync_to_async(services.sit)(u, table.pk, i + 1, 60 + 40 * i)
    comms = [(await connect(u, table.pk))[0] for u in users]
    spectator, _, _ = await connect(setup["member"], table.pk)
    recorded = []

    original = WebsocketCommunicator.receive_from

    async def recording(self, timeout=1):
        text = await original(self, timeout)
        recorded.append((self, json.loads(text)))
        return text

    monkeypatch.setattr(WebsocketCommunicator, "receive_from", recording)
    played, seen, latest = await play_over_sockets(setup, comms, users, rng, hands=8)
    recorded += [(spectator, m) for m in await drain(spectator)]
    assert played >= 5
    finals = await sync_to_async(
        lambda: list(HandAction.objects.values_list("hand__number", flat=True))
    )()
    assert finals

    hands = await sync_to_async(lambda: {h.number: h for h in setup["table"].hands.all()})()
    owner_of = {c: u for c, u in zip(comms, users, strict=True)}
    checked = own_checked = 0
    for comm, message in recorded:
        if message["type"] != "state" or not message["hand"]:
            continue
        hand = hands[message["hand"]["number"]]
        viewer = owner_of.get(comm)
        for s in message["seats"]:
            if s["cards"] and s["cards"] != ["??", "??"]:
                assert s["shown"], f"face-up cards of seat {s['number']} were never shown"
        if viewer is None:
            assert message["you"]["cards"] == []
        elif message["you"]["cards"] and hand.final_state:
            # a player's own cards are their seat's, never another's
            assert message["you"]["cards"] == hole_cards_of(
                hand.final_state, hand.number, message["you"]["seat"]
            )
            own_checked += 1
        # R15: no seed, and never the deck's secret
        assert "seed" not in message["hand"]
        assert hand.deck_secret not in json.dumps(message)
        checked += 1
    assert checked > 20 and own_checked > 10
    # every player saw increasing versions
    for versions in seen.values():
        assert versions == sorted(versions)
    for c in [*comms, spectator]:
        await c.disconnect()


async def test_embedded_clock_deals_hands_in_the_server_process(setup, settings):
    """make run: with the in-memory layer the clock runs on the server's own loop, so a
    hand it deals reaches the sockets of that process (R16.3)."""
    from tables import clock

    settings.EMBEDDED_CLOCK = True
    settings.NEXT_HAND_DELAY_MS = 0
    table = setup["table"]
    users = setup["players"][:2]
    comms = [(await connect(u, table.pk))[0] for u in users]
    for i, comm in enumerate(comms):
        await comm.send_json_to({"type": "sit", "seat": i + 1, "amount": 100})
    try:
        for _ in range(100):
            state = await receive(comms[0], "state")
            if state["hand"] and state["hand"]["number"] == 1:
                break
        assert state["hand"]["number"] == 1 and not state["hand"]["finished"]
        assert len(state["you"]["cards"]) == 2
    finally:
        if clock._embedded is not None:
            clock._embedded.cancel()
        for c in comms:
            await c.disconnect()


async def test_a_timeout_reaches_every_socket_R14(setup):
    """The clock's timeout goes through the same service as an action and every socket
    sees its result: the time bank first, then a fold (facing the big blind)."""
    table = setup["table"]
    users = setup["players"][:2]
    for i, u in enumerate(users):
        await sync_to_async(services.sit)(u, table.pk, i + 1, 100)
    comms = [(await connect(u, table.pk))[0] for u in users]
    for comm in comms:
        await receive(comm, "state")

    @sync_to_async
    def both_connected():
        return all(s.connections > 0 for s in Seat.objects.filter(table=table, number__in=(1, 2)))

    # the sockets' own presence updates land first (each bumps the table's version)
    await eventually_async(both_connected, what="both sockets counted as connected")

    async def due(when):
        """What the clock does; retried when the version moved (compare-and-set)."""

        async def once():
            t = await sync_to_async(Table.objects.get)(pk=table.pk)
            return await sync_to_async(services.handle_due)(t.pk, t.version, now=when(t))

        await eventually_async(once, what="the clock's due work")

    await due(lambda t: t.next_hand_at + timedelta(seconds=1))
    for _ in range(2):  # the action clock, then the time bank
        await due(lambda t: t.deadline + timedelta(seconds=1))
    for comm in comms:
        final = await receive_first(
            comm, lambda m: m["type"] == "state" and m["hand"] and m["hand"]["finished"]
        )
        assert any("ran out of time" in render(line, str) for line in final["hand"]["log"])
        assert any(s["won"] for s in final["seats"])
        await comm.disconnect()


async def test_others_see_whether_a_seated_player_is_connected(setup):
    table = setup["table"]
    player, watcher = setup["players"][0], setup["member"]
    await sync_to_async(services.sit)(player, table.pk, 3, 100)
    spectator, _, _ = await connect(watcher, table.pk)
    state = await receive(spectator, "state")
    assert next(s for s in state["seats"] if s["number"] == 3)["connected"] is False
    comm, _, _ = await connect(player, table.pk)
    await receive(comm, "state")
    seen = []
    for _ in range(5):
        state = await receive(spectator, "state")
        seen.append(next(s for s in state["seats"] if s["number"] == 3)["connected"])
        if seen[-1]:
            break
    assert seen[-1] is True
    await comm.disconnect()
    state = await receive(spectator, "state")
    assert next(s for s in state["seats"] if s["number"] == 3)["connected"] is False
    await spectator.disconnect()


async def test_each_player_gets_their_own_hole_cards_from_one_query_per_hand(setup, monkeypatch):
    """At a deal every socket of a server process needs its player's cards: one query serves
    them all (consumers.HoleCards), and each player still gets exactly their own two cards."""
    from tables.play import consumers

    queried = []
    original = consumers.own_cards_by_user

    def counting(table_id, hand_number):
        queried.append(hand_number)
        return original(table_id, hand_number)

    monkeypatch.setattr(consumers, "own_cards_by_user", counting)
    table = setup["table"]
    users = setup["players"][:3]
    for i, u in enumerate(users):
        await sync_to_async(services.sit)(u, table.pk, i + 1, 100)
    comms = [(await connect(u, table.pk))[0] for u in users]
    spectator, _, _ = await connect(setup["member"], table.pk)
    for c in [*comms, spectator]:
        await drain(c)
    t = await sync_to_async(Table.objects.get)(pk=table.pk)
    assert await sync_to_async(services.handle_due)(
        t.pk, t.version, now=t.next_hand_at + timedelta(milliseconds=1)
    )
    dealt = await sync_to_async(Table.objects.get)(pk=table.pk)
    got = {}
    for seat, c in enumerate(comms, start=1):
        state = await receive_first(c, lambda m: m["type"] == "state" and m["hand"])
        assert state["hand"]["number"] == 1 and state["you"]["seat"] == seat
        got[seat] = state["you"]["cards"]
        assert got[seat] == hole_cards_of(dealt.hand_state, 1, seat)
    assert len({tuple(cards) for cards in got.values()}) == 3
    assert all(len(cards) == 2 for cards in got.values())
    dealt_state = await receive_first(spectator, lambda m: m["type"] == "state" and m["hand"])
    assert dealt_state["you"]["cards"] == []
    assert queried == [1]
    for c in [*comms, spectator]:
        await c.disconnect()


async def test_after_a_draw_the_players_frames_carry_their_new_cards_R42_2(
    club_with_roles, players
):
    """A draw game changes a player's cards within the hand: the socket's next state shows
    the new ones (the server process's cache of hole cards is per draw, not per hand), and
    another player's frames still show only their own."""
    settings = await sync_to_async(table_settings)(game="draw5", structure="no_limit")
    table = await sync_to_async(services.create_table)(
        club_with_roles["host"], club_with_roles["club"], settings
    )
    first, second = players[:2]
    for number, user in enumerate((first, second), start=1):
        await sync_to_async(services.sit)(user, table.pk, number, 100)
    await sync_to_async(lambda: deal(Table.objects.get(pk=table.pk)))()

    def to_the_draw():  # everyone calls or checks (R42.1)
        while (hand := load_public_state(table.pk)["hand"])["phase"] != "draw":
            user = user_at(table, hand["to_act"])
            action = "check" if hand["legal"]["check"] else "call"
            services.act(user, table.pk, action, None, None)
        return hand

    hand = await sync_to_async(to_the_draw)()
    drawer = await sync_to_async(user_at)(table, hand["to_act"])
    other = second if drawer == first else first
    comms = {}
    for user in (first, second):  # (connected after the deal: it waits for no nonce)
        comms[user.pk], connected, _ = await connect(user, table.pk)
        assert connected
        await receive(comms[user.pk], "state")
    own = await sync_to_async(own_cards_by_user)(table.pk, hand["number"])
    before = own[drawer.pk]["cards"]
    await sync_to_async(services.draw)(drawer, table.pk, before[:3], None)
    after = (await sync_to_async(own_cards_by_user)(table.pk, hand["number"]))[drawer.pk]["cards"]
    assert after[3:] == before[3:] and not set(after[:3]) & set(before)

    def drew(message):
        return message["type"] == "state" and any(s.get("drawn") == [3] for s in message["seats"])

    mine = await receive_first(comms[drawer.pk], drew)
    assert mine["you"]["cards"] == after and len(mine["you"]["openings"]) == 8
    theirs = await receive_first(comms[other.pk], drew)
    assert theirs["you"]["cards"] == own[other.pk]["cards"]
    assert not set(after) & set(json.dumps(theirs).split('"'))  # nothing of the drawer's
    for comm in comms.values():
        await comm.disconnect()

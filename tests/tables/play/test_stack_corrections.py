"""A host corrects a stack between hands (issue #40): a miscount, a chip given back. It is a
ledger line with its reason whose other side is the house, a line in the table's log that
everyone reads, and part of the session's nets; every refusal changes nothing."""

from __future__ import annotations

import json

import pytest

from tables.money.actions.sessions import record_nets
from tables.money.models import LedgerEntry, SessionNet
from tables.money.settlement import HOUSE, session, user_key
from tables.play import actions as services
from tables.play.error_codes import PlayError, PlayErrorCode
from tables.play.models import Seat
from tables.play.phrases import render
from tests.tables.play_helpers import assert_chips_accounted, deal, fold_out, fresh

pytestmark = pytest.mark.django_db


@pytest.fixture
def two(table, players, club_with_roles):
    services.sit(players[0], table.pk, 1, 100)
    services.sit(players[1], table.pk, 2, 100)
    return {"table": table, "ann": players[0], "ben": players[1], "host": club_with_roles["host"]}


def test_a_host_adds_chips_with_a_reason_and_everyone_reads_it(two):
    table = two["table"]
    seat = services.adjust_stack(two["host"], table.pk, 1, 112, "  a pot of 12 was  miscounted ")
    assert seat.stack == 112
    line = LedgerEntry.objects.get(kind=LedgerEntry.Kind.ADJUST_ADD)
    assert (line.user, line.amount, line.note) == (two["ann"], 12, "a pot of 12 was miscounted")
    log = fresh(table).hand_log[-1]
    assert (
        render(log, str) == "The host sets Ann's stack to 112 (was 100): a pot of 12 was miscounted"
    )
    assert_chips_accounted(table)


def test_a_correction_is_part_of_the_sessions_nets_with_the_house_on_the_other_side(two):
    table = two["table"]
    services.adjust_stack(two["host"], table.pk, 1, 112, "miscount")  # +12 from the house
    services.adjust_stack(two["host"], table.pk, 2, 95, "chip given back")  # -5 to the house
    services.close_table(two["host"], table.pk)
    nets = {line.key: line.net for line in session(fresh(table)).lines}
    assert nets == {user_key(two["ann"].pk): 12, user_key(two["ben"].pk): -5, HOUSE: -7}
    assert sum(nets.values()) == 0
    record_nets(fresh(table))
    stored = {(n.user_id, n.net) for n in SessionNet.objects.filter(table=table)}
    assert stored == {(two["ann"].pk, 12), (two["ben"].pk, -5), (None, -7)}
    assert_chips_accounted(table)


def test_a_stack_is_not_corrected_during_its_players_hand(two):
    table = deal(two["table"])
    with pytest.raises(PlayError) as refused:
        services.adjust_stack(two["host"], table.pk, 1, 150, "too early")
    assert refused.value.code == PlayErrorCode.IN_HAND
    assert not LedgerEntry.objects.filter(kind__startswith="adjust").exists()
    fold_out(table)
    services.adjust_stack(two["host"], table.pk, 1, 150, "between hands")
    assert Seat.objects.get(table=table, number=1).stack == 150
    assert_chips_accounted(table)


@pytest.mark.parametrize(
    ("who", "seat", "stack", "reason", "code"),
    [
        ("ann", 1, 150, "mine", PlayErrorCode.NOT_ALLOWED),  # a player, not a host
        ("host", 3, 150, "nobody", PlayErrorCode.NO_SUCH_SEAT),
        ("host", 1, -1, "below zero", PlayErrorCode.AMOUNT_OUT_OF_RANGE),
        ("host", 1, 10**13, "too much", PlayErrorCode.AMOUNT_OUT_OF_RANGE),
        ("host", 1, "150", "a string", PlayErrorCode.AMOUNT_OUT_OF_RANGE),
        ("host", 1, True, "a boolean", PlayErrorCode.AMOUNT_OUT_OF_RANGE),
        ("host", True, 150, "a boolean seat", PlayErrorCode.BAD_FIELD),
        ("host", 1, 100, "unchanged", PlayErrorCode.BAD_FIELD),
        ("host", 1, 150, "   ", PlayErrorCode.BAD_FIELD),
        ("host", 1, 150, None, PlayErrorCode.BAD_FIELD),
        ("host", 1, 150, "x" * 121, PlayErrorCode.BAD_FIELD),
        ("host", 1, 150, "bad\x00", PlayErrorCode.BAD_TEXT),
        ("host", 1, 150, "\u202eevil", PlayErrorCode.BAD_TEXT),
    ],
)
def test_a_correction_that_cannot_be_made_is_refused_and_changes_nothing(
    two, who, seat, stack, reason, code
):
    table = two["table"]
    version = fresh(table).version
    with pytest.raises(PlayError) as refused:
        services.adjust_stack(two[who], table.pk, seat, stack, reason)
    assert refused.value.code == code
    assert fresh(table).version == version
    assert not LedgerEntry.objects.filter(kind__startswith="adjust").exists()
    assert Seat.objects.get(table=table, number=1).stack == 100


def test_the_ledger_csv_keeps_the_reason(two, client):
    table = two["table"]
    services.adjust_stack(two["host"], table.pk, 1, 90, "a chip given back")
    client.force_login(two["host"])
    club = table.club
    csv = b"".join(
        client.get(f"/clubs/{club.slug}/history/sessions/{table.pk}/ledger.csv").streaming_content
    ).decode()
    assert csv.splitlines()[0].endswith(",hand,note")
    assert "adjust_remove" in csv and "a chip given back" in csv
    page = client.get(f"/clubs/{club.slug}/history/sessions/{table.pk}/").content.decode()
    assert 'id="corrections"' in page and "a chip given back" in page


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_the_host_corrects_a_stack_over_the_socket_and_every_seat_sees_the_line(
    table, players, club_with_roles
):
    from channels.db import database_sync_to_async as sync_to_async

    from tests.tables.socket_helpers import connect, drain, receive, receive_first

    ann = players[0]
    await sync_to_async(services.sit)(ann, table.pk, 1, 100)
    host, _, _ = await connect(club_with_roles["host"], table.pk)
    player, _, _ = await connect(ann, table.pk)
    for c in (host, player):
        await receive(c, "state")
        await drain(c)
    await host.send_to(
        text_data=json.dumps(
            {"type": "host", "op": "adjust", "seat": 1, "stack": 130, "reason": "recount"}
        )
    )
    seen = await receive_first(
        player, lambda m: m["type"] == "state" and m["seats"][0]["stack"] == 130
    )
    assert seen["log"][-1]["say"] == "stack_adjusted"  # (no hand yet: the table's own log)
    await player.send_to(
        text_data=json.dumps(
            {"type": "host", "op": "adjust", "seat": 1, "stack": 999, "reason": "me", "ref": "x"}
        )
    )
    refused = await receive(player, "error")
    assert (refused["code"], refused["ref"]) == ("not_allowed", "x")
    for c in (host, player):
        await c.disconnect()

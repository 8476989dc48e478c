"""Sitting down, buying in, topping up, sitting out, leaving, and the host's controls.

Every chip that enters or leaves a table is a ledger row (R16); bad requests change nothing.
"""

from __future__ import annotations

import pytest

from tables.money.models import LedgerEntry
from tables.play import actions as services
from tables.play.error_codes import PlayError, PlayErrorCode
from tables.play.models import Seat, Table

pytestmark = pytest.mark.django_db


def seat_row(table, number):
    return Seat.objects.get(table=table, number=number)


def ledger(table):
    return list(
        LedgerEntry.objects.filter(table=table).values_list("user__display_name", "kind", "amount")
    )


def refused(code, func, *args):
    with pytest.raises(PlayError) as err:
        func(*args)
    assert err.value.code == code, err.value.message
    return err.value


def test_host_opens_a_table_with_its_seats(table):
    assert table.status == Table.Status.OPEN
    assert list(table.seats.values_list("number", flat=True)) == [1, 2, 3, 4, 5, 6]


def test_member_cannot_open_a_table(club_with_roles):
    from tests.tables.conftest import table_settings

    refused(
        PlayErrorCode.NOT_ALLOWED,
        services.create_table,
        club_with_roles["member"],
        club_with_roles["club"],
        table_settings(),
    )
    assert not Table.objects.exists()


def test_sitting_down_buys_in_and_writes_a_ledger_row(table, players):
    services.sit(players[0], table.pk, 3, 100)
    seat = seat_row(table, 3)
    assert (seat.user, seat.stack, seat.status) == (players[0], 100, Seat.Status.SEATED)
    assert ledger(table) == [("Ann", "buy_in", 100)]


def test_a_request_for_a_table_that_does_not_exist_says_so_not_that_a_seat_is_missing(
    table, players
):
    missing = Table.objects.order_by("-pk").first().pk + 1000
    for call in (
        lambda: services.sit(players[0], missing, 1, 100),
        lambda: services.leave(players[0], missing),
        lambda: services.pause(players[0], missing),
        lambda: services.post_chat(players[0], missing, "hi"),
    ):
        with pytest.raises(PlayError) as caught:
            call()
        assert caught.value.code == PlayErrorCode.NO_SUCH_TABLE


@pytest.mark.parametrize("amount", [39, 201, 0, -5])
def test_buy_in_outside_the_limits_is_refused_and_changes_nothing(table, players, amount):
    code = PlayErrorCode.AMOUNT_OUT_OF_RANGE
    refused(code, services.sit, players[0], table.pk, 1, amount)
    assert seat_row(table, 1).user is None
    assert ledger(table) == []


@pytest.mark.parametrize("amount", ["100", 100.0, True, None])
def test_buy_in_of_the_wrong_type_is_refused(table, players, amount):
    refused(PlayErrorCode.BAD_FIELD, services.sit, players[0], table.pk, 1, amount)
    assert ledger(table) == []


def test_a_taken_seat_a_missing_seat_and_a_second_seat_are_refused(table, players):
    services.sit(players[0], table.pk, 1, 100)
    refused(PlayErrorCode.SEAT_TAKEN, services.sit, players[1], table.pk, 1, 100)
    refused(PlayErrorCode.NO_SUCH_SEAT, services.sit, players[1], table.pk, 7, 100)
    refused(PlayErrorCode.ALREADY_SEATED, services.sit, players[0], table.pk, 2, 100)
    assert ledger(table) == [("Ann", "buy_in", 100)]


def test_non_member_cannot_sit(table, club_with_roles):
    refused(PlayErrorCode.NOT_A_MEMBER, services.sit, club_with_roles["outsider"], table.pk, 1, 100)


def test_top_up_between_hands_up_to_the_maximum(table, players):
    services.sit(players[0], table.pk, 1, 100)
    services.top_up(players[0], table.pk, 100)
    assert seat_row(table, 1).stack == 200
    err = refused(PlayErrorCode.AMOUNT_OUT_OF_RANGE, services.top_up, players[0], table.pk, 1)
    assert "maximum" in err.message
    assert ledger(table) == [("Ann", "buy_in", 100), ("Ann", "top_up", 100)]


def test_leaving_between_hands_cashes_out_the_stack(table, players):
    services.sit(players[0], table.pk, 1, 150)
    services.leave(players[0], table.pk)
    assert seat_row(table, 1).user is None
    assert ledger(table) == [("Ann", "buy_in", 150), ("Ann", "cash_out", 150)]


def test_sit_out_and_back_in(table, players):
    services.sit(players[0], table.pk, 1, 100)
    services.sit_out(players[0], table.pk)
    assert seat_row(table, 1).status == Seat.Status.SITTING_OUT
    services.sit_in(players[0], table.pk)
    assert seat_row(table, 1).status == Seat.Status.SEATED


def test_two_ready_players_schedule_the_next_hand(table, players):
    services.sit(players[0], table.pk, 1, 100)
    table.refresh_from_db()
    assert table.next_hand_at is None
    services.sit(players[1], table.pk, 2, 100)
    table.refresh_from_db()
    assert table.next_hand_at is not None
    services.sit_out(players[1], table.pk)
    table.refresh_from_db()
    assert table.next_hand_at is None


def test_seat_requests_wait_for_the_host_when_the_table_approves_seats(
    make_table, players, club_with_roles
):
    table = make_table(approve_seats=True)
    services.sit(players[0], table.pk, 1, 100)
    seat = seat_row(table, 1)
    assert seat.status == Seat.Status.REQUESTED and seat.stack == 0
    assert ledger(table) == []
    refused(PlayErrorCode.NOT_ALLOWED, services.approve_seat, players[1], table.pk, 1)
    services.approve_seat(club_with_roles["host"], table.pk, 1)
    seat = seat_row(table, 1)
    assert (seat.status, seat.stack) == (Seat.Status.SEATED, 100)
    assert ledger(table) == [("Ann", "buy_in", 100)]
    services.sit(players[1], table.pk, 2, 50)
    services.reject_seat(club_with_roles["host"], table.pk, 2)
    assert seat_row(table, 2).user is None
    assert ledger(table) == [("Ann", "buy_in", 100)]


def test_host_pauses_resumes_and_closes_the_table(table, players, club_with_roles):
    host = club_with_roles["host"]
    services.sit(players[0], table.pk, 1, 100)
    services.sit(players[1], table.pk, 2, 120)
    services.pause(host, table.pk)
    table.refresh_from_db()
    assert table.status == Table.Status.PAUSED and table.next_hand_at is None
    services.resume(host, table.pk)
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN and table.next_hand_at is not None
    services.close_table(host, table.pk)
    table.refresh_from_db()
    assert table.status == Table.Status.CLOSED
    assert not Seat.objects.filter(table=table).exclude(user=None).exists()
    assert sorted(ledger(table)) == sorted(
        [
            ("Ann", "buy_in", 100),
            ("Ben", "buy_in", 120),
            ("Ann", "cash_out", 100),
            ("Ben", "cash_out", 120),
        ]
    )
    refused(PlayErrorCode.TABLE_CLOSED, services.sit, players[2], table.pk, 3, 100)


def test_host_removes_a_player_between_hands(table, players, club_with_roles):
    services.sit(players[0], table.pk, 1, 100)
    refused(PlayErrorCode.NOT_ALLOWED, services.remove_player, players[1], table.pk, 1)
    services.remove_player(club_with_roles["host"], table.pk, 1)
    assert seat_row(table, 1).user is None
    assert ledger(table)[-1] == ("Ann", "cash_out", 100)


def test_every_change_bumps_the_version(table, players):
    versions = [Table.objects.get(pk=table.pk).version]
    services.sit(players[0], table.pk, 1, 100)
    versions.append(Table.objects.get(pk=table.pk).version)
    services.top_up(players[0], table.pk, 10)
    versions.append(Table.objects.get(pk=table.pk).version)
    assert versions == sorted(set(versions))


def test_settings_between_hands_apply_at_once_and_resize_seats(table, club_with_roles):
    applied = services.update_settings(
        club_with_roles["host"], table.pk, {"max_seats": 9, "big_blind": 4}
    )
    assert applied
    table.refresh_from_db()
    assert table.big_blind == 4
    assert table.seats.count() == 9


def test_chat_is_stored_trimmed_and_limited(table, players, club_with_roles):
    msg = services.post_chat(players[0], table.pk, "  nice   hand <b>!</b> ")
    assert msg.text == "nice hand <b>!</b>"
    refused(PlayErrorCode.BAD_FIELD, services.post_chat, players[0], table.pk, "x" * 301)
    refused(PlayErrorCode.BAD_FIELD, services.post_chat, players[0], table.pk, "   ")
    refused(
        PlayErrorCode.NOT_A_MEMBER, services.post_chat, club_with_roles["outsider"], table.pk, "hi"
    )


def test_club_page_lists_open_tables_and_its_live_json_counts_seats(
    client, table, players, club_with_roles
):
    from django.urls import reverse

    services.sit(players[0], table.pk, 2, 100)
    client.force_login(club_with_roles["member"])
    page = client.get(club_with_roles["club"].get_absolute_url()).content.decode()
    assert "Main" in page and table.get_absolute_url() in page
    data = client.get(reverse("tables:live", args=[club_with_roles["club"].slug])).json()
    assert data["tables"][0]["taken"] == 1 and data["tables"][0]["seats"] == 6
    client.force_login(club_with_roles["outsider"])
    assert (
        client.get(reverse("tables:live", args=[club_with_roles["club"].slug])).status_code == 404
    )


def test_the_clubs_table_list_names_the_format_not_the_game_of_the_moment(
    client, make_table, club_with_roles
):
    """Issue #40: a dealer's-choice table was listed as today's game, a bomb-pot or
    double-board table as its plain game."""
    from django.urls import reverse

    make_table(name="Plain")
    make_table(name="Choice", mixed_games=["NLH", "PLO"], mixed_mode="dealers_choice")
    make_table(name="Bombs", bomb_pot_ante=4, bomb_pot_every=10, double_board="bomb_pots")
    make_table(name="Deuces", seven_deuce_bounty=5)
    client.force_login(club_with_roles["member"])
    data = client.get(reverse("tables:live", args=[club_with_roles["club"].slug])).json()
    games = {t["name"]: t["game"] for t in data["tables"]}
    assert games["Plain"] == "No-limit Hold'em"
    assert games["Choice"] == "Dealer's choice: NLH, PLO"
    assert games["Bombs"] == "No-limit Hold'em · bomb pots · double board"
    assert games["Deuces"] == "No-limit Hold'em · 7-2 game"
    page = client.get(club_with_roles["club"].get_absolute_url()).content.decode()
    assert "Dealer&#x27;s choice: NLH, PLO" in page or "Dealer's choice: NLH, PLO" in page

"""Friends play from a table's link (issue #39): a nickname, no sign-up; what a guest may
see and do, every refusal, the host's controls, keeping the account. HTTP through Django's
client; the sockets in test_guest_sockets.py."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import SESSION_KEY
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from pokerclub import actions as club_actions
from pokerclub.error_codes import ClubError
from pokerclub.models import Membership, Role, User
from tables.hands.actions.summary import record_due
from tables.money.models import LedgerEntry, SessionNet
from tables.play import actions as services
from tables.play.error_codes import PlayError, PlayErrorCode
from tables.play.models import Seat, Table, TableGuest, TableLink
from tables.play.views import JOINS
from tests.tables.play_helpers import deal, fold_out

pytestmark = pytest.mark.django_db


@pytest.fixture
def link(club_with_roles, table):
    return services.table_link(club_with_roles["host"], table.pk)


def join(client: Client, link: TableLink, nickname: str, **extra):
    return client.post(link.get_absolute_url(), {"nickname": nickname}, **extra)


def guest_named(name: str) -> User:
    return User.objects.get(display_name=name, is_guest=True)


# --------------------------------------------------------------------------- joining


def test_a_friend_joins_from_the_link_with_a_nickname_and_no_account(client, link, table):
    page = client.get(link.get_absolute_url())
    assert page.status_code == 200 and b'name="nickname"' in page.content

    response = join(client, link, "  Gigi  ")

    assert response.status_code == 302 and response["Location"] == table.get_absolute_url()
    gigi = guest_named("Gigi")  # trimmed
    assert gigi.email is None and not gigi.has_usable_password()
    assert int(client.session[SESSION_KEY]) == gigi.pk  # the session holds the guest
    m = Membership.objects.get(user=gigi, club=table.club)
    assert m.role == Role.GUEST
    assert TableGuest.objects.filter(user=gigi, table=table, link=link).exists()
    assert client.get(table.get_absolute_url()).status_code == 200


def test_the_session_cookie_holding_a_guest_is_http_only_and_same_site(client, link):
    response = join(client, link, "Gigi")
    cookie = response.cookies["sessionid"]
    assert cookie["httponly"] is True
    assert cookie["samesite"] == "Lax"


def test_a_member_opening_the_link_just_goes_to_the_table(client, club_with_roles, link, table):
    client.force_login(club_with_roles["member"])
    response = client.get(link.get_absolute_url())
    assert response.status_code == 302 and response["Location"] == table.get_absolute_url()
    assert not TableGuest.objects.exists()


def test_a_signed_in_outsider_joins_under_their_own_name(client, club_with_roles, link, table):
    otto = club_with_roles["outsider"]
    client.force_login(otto)
    response = join(client, link, "Whatever")
    assert response.status_code == 302
    otto.refresh_from_db()
    assert otto.display_name == "Otto" and not otto.is_guest  # keeps their name and account
    assert Membership.objects.get(user=otto, club=table.club).role == Role.GUEST


@pytest.mark.parametrize(
    ("nickname", "says"),
    [
        ("", "Type a nickname"),
        ("   ", "Type a nickname"),
        ("x" * 25, "at most 24 characters"),
        ("Bob\x00", "control character (U+0000)"),
        ("Bob\x07", "control character (U+0007)"),
        ("\u202eboB", "reorders the text (U+202E)"),
        ("B\u200bob", "U+200B"),
    ],
)
def test_a_bad_nickname_is_refused_and_nothing_is_made(client, link, nickname, says):
    response = join(client, link, nickname)
    assert response.status_code == 400
    assert says in response.content.decode()
    assert not User.objects.filter(is_guest=True).exists()
    assert SESSION_KEY not in client.session


def test_a_nickname_with_a_lone_surrogate_is_refused(link):
    """A socket or a script may send what a browser's form cannot: a lone surrogate."""
    with pytest.raises(PlayError) as refused:
        services.join(link.token, "Bob\ud800")
    assert refused.value.code == PlayErrorCode.BAD_NICKNAME
    assert "broken character" in refused.value.message
    assert not User.objects.filter(is_guest=True).exists()


def test_the_longest_nickname_is_24_characters(client, link):
    assert join(client, link, "x" * 24).status_code == 302


@pytest.mark.parametrize("taken", ["Mia", "mia", "MIA ", "Ｍｉａ"])
def test_a_guest_never_takes_a_members_name(client, link, taken):
    response = join(client, link, taken)
    assert response.status_code == 400
    assert "choose another nickname" in response.content.decode()
    assert not User.objects.filter(is_guest=True).exists()


def test_a_nickname_is_unique_among_the_tables_guests(link):
    services.join(link.token, "Gigi")
    with pytest.raises(PlayError) as refused:
        services.join(link.token, "gigi")
    assert refused.value.code == PlayErrorCode.NICKNAME_TAKEN


def test_a_revoked_link_says_so_and_a_made_up_one_is_not_found(client, club_with_roles, link):
    services.revoke_link(club_with_roles["host"], link.table_id)
    response = client.get(link.get_absolute_url())
    assert response.status_code == 410
    assert "closed this link" in response.content.decode()
    assert join(client, link, "Gigi").status_code == 410
    assert client.get(reverse("table_link", args=["made-up"])).status_code == 404
    assert not User.objects.filter(is_guest=True).exists()


def test_a_closed_tables_link_says_the_table_is_closed(client, club_with_roles, link, table):
    services.close_table(club_with_roles["host"], table.pk)
    response = client.get(link.get_absolute_url())
    assert response.status_code == 410 and "closed" in response.content.decode()


def test_a_link_admits_only_as_many_guests_as_the_host_allows(club_with_roles, link):
    services.set_link_limit(club_with_roles["host"], link.table_id, 2)
    services.join(link.token, "One")
    services.join(link.token, "Two")
    with pytest.raises(PlayError) as refused:
        services.join(link.token, "Three")
    assert refused.value.code == PlayErrorCode.LINK_FULL
    assert not User.objects.filter(display_name="Three").exists()


@pytest.mark.parametrize("limit", [0, 51, -1, "5", True, None])
def test_a_link_limit_out_of_range_is_refused(club_with_roles, link, limit):
    with pytest.raises(PlayError):
        services.set_link_limit(club_with_roles["host"], link.table_id, limit)
    assert TableLink.objects.get(pk=link.pk).max_guests == TableLink.DEFAULT_MAX_GUESTS


def test_nicknames_are_rate_limited_per_address(client, club_with_roles, link):
    services.set_link_limit(club_with_roles["host"], link.table_id, TableLink.MOST_GUESTS)
    for n in range(JOINS[0].times):
        assert join(client, link, f"Guest {n}").status_code == 302
        client.logout()
    response = join(client, link, "One too many")
    assert response.status_code == 429
    assert "Too many nicknames" in response.content.decode()
    assert not User.objects.filter(display_name="One too many").exists()
    other = Client(REMOTE_ADDR="10.1.2.3")  # another address is not held back
    assert join(other, link, "From elsewhere").status_code == 302


# --------------------------------------------------------------------------- who shares links


def test_only_hosts_share_the_link_unless_the_club_lets_members(club_with_roles, table):
    with pytest.raises(PlayError) as refused:
        services.table_link(club_with_roles["member"], table.pk)
    assert refused.value.code == PlayErrorCode.NOT_ALLOWED
    club = club_with_roles["club"]
    club.members_share_links = True
    club.save()
    assert services.table_link(club_with_roles["member"], table.pk).kind == "play"
    with pytest.raises(PlayError):  # revoking stays the hosts'
        services.revoke_link(club_with_roles["member"], table.pk)
    with pytest.raises(PlayError) as refused:
        services.table_link(club_with_roles["outsider"], table.pk)
    assert refused.value.code == PlayErrorCode.NOT_A_MEMBER


def test_a_guest_cannot_make_links_or_run_the_table(club_with_roles, link, table):
    gigi, _table = services.join(link.token, "Gigi")
    for attempt in (
        lambda: services.table_link(gigi, table.pk),
        lambda: services.revoke_link(gigi, table.pk),
        lambda: services.set_link_limit(gigi, table.pk, 3),
        lambda: services.pause(gigi, table.pk),
        lambda: services.remove_guest(gigi, table.pk, gigi.pk),
    ):
        with pytest.raises(PlayError) as refused:
            attempt()
        assert refused.value.code in (PlayErrorCode.NOT_A_MEMBER, PlayErrorCode.NOT_ALLOWED)


def test_the_host_gets_one_live_link_and_revoking_makes_a_new_one(club_with_roles, table):
    host = club_with_roles["host"]
    first = services.table_link(host, table.pk)
    assert services.table_link(host, table.pk) == first
    services.set_link_limit(host, table.pk, 4)
    new = services.revoke_link(host, table.pk)
    assert new.token != first.token and new.max_guests == 4
    assert TableLink.objects.get(pk=first.pk).revoked_at is not None


def test_a_game_at_a_real_table_has_no_link(club_with_roles, table):
    Table.objects.filter(pk=table.pk).update(in_person=True)  # its bank, not a felt
    with pytest.raises(PlayError) as refused:
        services.table_link(club_with_roles["host"], table.pk)
    assert refused.value.code == PlayErrorCode.NOT_ALLOWED
    assert not TableLink.objects.exists()


# --------------------------------------------------------------------------- seats


def test_a_guest_asks_for_a_seat_and_the_host_approves(club_with_roles, link, table):
    gigi, _ = services.join(link.token, "Gigi")
    seat = services.sit(gigi, table.pk, 2, 100)
    assert seat.status == Seat.Status.REQUESTED and seat.pending_chips == 100
    assert not LedgerEntry.objects.filter(user=gigi).exists()  # nothing bought until approved
    services.approve_seat(club_with_roles["host"], table.pk, 2)
    seat.refresh_from_db()
    assert seat.status == Seat.Status.SEATED and seat.stack == 100
    assert LedgerEntry.objects.get(user=gigi).amount == 100


def test_where_guests_need_no_approval_they_sit_at_once(club_with_roles, link, table):
    club = club_with_roles["club"]
    club.guests_need_approval = False
    club.save()
    gigi, _ = services.join(link.token, "Gigi")
    assert services.sit(gigi, table.pk, 2, 100).status == Seat.Status.SEATED


def test_a_guests_buy_in_is_held_to_the_tables_limits(link, table):
    gigi, _ = services.join(link.token, "Gigi")
    for amount in (39, 201, 0, -5):
        with pytest.raises(PlayError):
            services.sit(gigi, table.pk, 2, amount)
    assert not Seat.objects.filter(user=gigi).exists()


def test_a_flood_of_guests_cannot_take_every_chair(link, table):
    guests = [services.join(link.token, f"G{n}")[0] for n in range(6)]
    for n, guest in enumerate(guests[:4]):
        services.sit(guest, table.pk, n + 1, 100)
    with pytest.raises(PlayError) as refused:
        services.sit(guests[4], table.pk, 5, 100)
    assert refused.value.code == PlayErrorCode.RATE_LIMITED
    assert Seat.objects.filter(table=table, user__isnull=True).count() == 2


def test_a_guest_sees_only_their_table(client, club_with_roles, link, table, make_table):
    join(client, link, "Gigi")
    other = make_table(name="Other")
    club = club_with_roles["club"]
    assert client.get(table.get_absolute_url()).status_code == 200
    assert client.get(reverse("tables:state", args=[club.slug, table.pk])).status_code == 200
    for url in (
        other.get_absolute_url(),
        reverse("tables:state", args=[club.slug, other.pk]),
        reverse("clubs:detail", args=[club.slug]),
        reverse("history:list", args=[club.slug]),
        reverse("history:money", args=[club.slug]),
    ):
        assert client.get(url).status_code == 404, url
    gigi = guest_named("Gigi")
    with pytest.raises(PlayError) as refused:
        services.sit(gigi, other.pk, 1, 100)
    assert refused.value.code == PlayErrorCode.NOT_A_MEMBER


# --------------------------------------------------------------------------- the host's controls


def test_a_removed_guest_loses_the_table_and_cannot_come_back(client, club_with_roles, link, table):
    join(client, link, "Gigi")
    gigi = guest_named("Gigi")
    club = club_with_roles["club"]
    club.guests_need_approval = False
    club.save()
    services.sit(gigi, table.pk, 2, 100)
    services.remove_guest(club_with_roles["host"], table.pk, gigi.pk)
    assert not Seat.objects.filter(user=gigi).exists()
    cash_out = LedgerEntry.objects.get(user=gigi, kind=LedgerEntry.Kind.CASH_OUT)
    assert cash_out.amount == 100  # their chips are written down, not lost
    assert client.get(table.get_absolute_url()).status_code == 404
    with pytest.raises(PlayError) as refused:
        services.join(link.token, "Gigi", gigi)
    assert refused.value.code == PlayErrorCode.NOT_ALLOWED


def test_a_banned_guest_cannot_come_back_by_any_link_of_the_club(
    client, club_with_roles, link, table, make_table
):
    join(client, link, "Gigi")
    gigi = guest_named("Gigi")
    services.remove_guest(club_with_roles["host"], table.pk, gigi.pk, ban=True)
    other_link = services.table_link(club_with_roles["host"], make_table(name="Two").pk)
    response = join(client, other_link, "Gigi")
    assert response.status_code == 410
    assert "closed its tables to you" in response.content.decode()
    assert not TableGuest.objects.filter(user=gigi, left_at__isnull=True).exists()
    club_actions.lift_ban(club_with_roles["host"], club_with_roles["club"], _m(gigi).pk)
    assert join(client, other_link, "Gigi").status_code == 302


def test_revoking_the_link_lets_out_watching_guests_but_seated_guests_play_on(
    club_with_roles, link, table
):
    club = club_with_roles["club"]
    club.guests_need_approval = False
    club.save()
    watcher, _ = services.join(link.token, "Watcher")
    player, _ = services.join(link.token, "Player")
    services.sit(player, table.pk, 1, 100)
    services.revoke_link(club_with_roles["host"], table.pk)
    with pytest.raises(PlayError) as refused:
        services.post_chat(watcher, table.pk, "still here?")
    assert refused.value.code == PlayErrorCode.NOT_A_MEMBER
    services.post_chat(player, table.pk, "playing on")  # a seated guest keeps the table
    services.leave(player, table.pk)
    with pytest.raises(PlayError):  # once they leave their seat, the revoked link is shut
        services.post_chat(player, table.pk, "gone")


def test_the_hosts_see_who_is_waiting(client, club_with_roles, link, table):
    gigi, _ = services.join(link.token, "Gigi")
    services.join(link.token, "Lia")
    services.sit(gigi, table.pk, 3, 80)
    club = club_with_roles["club"]
    url = reverse("tables:guests", args=[club.slug, table.pk])
    client.force_login(club_with_roles["host"])
    guests = {g["name"]: g for g in client.get(url).json()["guests"]}
    assert guests["Gigi"]["asking"] and guests["Gigi"]["seat"] == 3
    assert guests["Lia"]["seat"] is None and not guests["Lia"]["asking"]
    client.force_login(club_with_roles["member"])
    assert client.get(url).status_code == 403
    client.force_login(gigi)
    assert client.get(url).status_code == 404


# --------------------------------------------------------------------------- keeping it


def _m(user):
    return Membership.objects.get(user=user)


def _play_a_hand_and_close(club_with_roles, link, table, players):
    club = club_with_roles["club"]
    club.guests_need_approval = False
    club.save()
    gigi, _ = services.join(link.token, "Gigi")
    services.sit(gigi, table.pk, 1, 100)
    services.sit(players[0], table.pk, 4, 100)
    deal(table)
    fold_out(table)
    services.close_table(club_with_roles["host"], table.pk)
    record_due(now=timezone.now() + timedelta(days=1))  # the clock writes each hand's rows
    return gigi


def test_saving_an_account_keeps_the_guests_hands_and_nets(
    client, club_with_roles, link, table, players
):
    gigi = _play_a_hand_and_close(club_with_roles, link, table, players)
    client.force_login(gigi)
    before = client.get(reverse("guest_home")).content.decode()
    net = SessionNet.objects.get(user=gigi)
    assert "Hand #1" in before

    response = client.post(
        reverse("guest_save"),
        {"email": "gigi@example.com", "password1": "a-long-pass-92", "password2": "a-long-pass-92"},
    )

    assert response.status_code == 302
    saved = User.objects.get(pk=gigi.pk)  # the same row: nothing moves
    assert saved.email == "gigi@example.com" and not saved.is_guest
    assert saved.check_password("a-long-pass-92")
    assert SessionNet.objects.get(user=saved) == net
    fresh = Client()
    assert fresh.login(email="gigi@example.com", password="a-long-pass-92")
    after = fresh.get(reverse("guest_home")).content.decode()
    assert "Hand #1" in after and club_with_roles["club"].format_amount(net.net) in after


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ({"email": "mia@example.com"}, "exists"),
        ({"password2": "different-pass-1"}, "differ"),
        ({"password1": "123", "password2": "123"}, "too short"),
        ({"email": "not-an-address"}, "valid email"),
    ],
)
def test_saving_an_account_refuses_bad_input_and_changes_nothing(client, link, data, says):
    gigi, _ = services.join(link.token, "Gigi")
    User.objects.filter(display_name="Mia").update(email="mia@example.com")
    client.force_login(gigi)
    post = {
        "email": "gigi@example.com",
        "password1": "a-long-pass-92",
        "password2": "a-long-pass-92",
    }
    response = client.post(reverse("guest_save"), {**post, **data})
    assert response.status_code == 200 and says in response.content.decode()
    gigi.refresh_from_db()
    assert gigi.is_guest and gigi.email is None


def test_a_guest_who_lost_their_session_comes_back_by_a_one_time_reclaim_link(
    client, club_with_roles, link
):
    gigi, _ = services.join(link.token, "Gigi")
    host = club_with_roles["host"]
    reclaim = club_actions.create_reclaim(host, club_with_roles["club"], _m(gigi).pk)
    assert client.get(reclaim.get_absolute_url()).status_code == 200
    assert SESSION_KEY not in client.session  # a GET changes nothing
    assert client.post(reclaim.get_absolute_url()).status_code == 302
    assert int(client.session[SESSION_KEY]) == gigi.pk
    again = Client()
    response = again.post(reclaim.get_absolute_url())
    assert response.status_code == 410 and SESSION_KEY not in again.session


def test_only_hosts_make_reclaim_links_and_only_for_guests(club_with_roles, link):
    gigi, _ = services.join(link.token, "Gigi")
    club = club_with_roles["club"]
    with pytest.raises(ClubError):
        club_actions.create_reclaim(club_with_roles["member"], club, _m(gigi).pk)
    with pytest.raises(ClubError):
        club_actions.create_reclaim(gigi, club, _m(gigi).pk)
    mia = Membership.objects.get(club=club, user=club_with_roles["member"])
    with pytest.raises(ClubError):
        club_actions.create_reclaim(club_with_roles["host"], club, mia.pk)


def test_a_host_makes_a_guest_a_member(client, club_with_roles, link):
    gigi, _ = services.join(link.token, "Gigi")
    club = club_with_roles["club"]
    with pytest.raises(ClubError):
        club_actions.make_member(club_with_roles["member"], club, _m(gigi).pk)
    club_actions.make_member(club_with_roles["host"], club, _m(gigi).pk)
    assert _m(gigi).role == Role.MEMBER
    client.force_login(gigi)
    assert client.get(reverse("clubs:detail", args=[club.slug])).status_code == 200


def test_the_club_page_lists_guests_apart_with_their_mark(client, club_with_roles, link):
    services.join(link.token, "Gigi")
    client.force_login(club_with_roles["member"])
    page = client.get(reverse("clubs:detail", args=[club_with_roles["club"].slug])).content.decode()
    assert "Guests (1)" in page and "Members (3)" in page
    assert 'Gigi <span class="guest-mark">' in page


def test_a_guest_cannot_be_made_a_host_or_handed_the_club(club_with_roles, link):
    gigi, _ = services.join(link.token, "Gigi")
    club = club_with_roles["club"]
    with pytest.raises(ClubError):
        club_actions.set_role(club_with_roles["owner"], club, _m(gigi).pk, Role.HOST)
    with pytest.raises(ClubError):
        club_actions.transfer_ownership(club_with_roles["owner"], club, _m(gigi).pk)
    assert _m(gigi).role == Role.GUEST


def test_behind_the_proxy_each_client_address_counts_on_its_own(
    client, club_with_roles, link, settings, monkeypatch
):
    """Behind nginx every request comes from 127.0.0.1: the limit reads the address the
    proxy adds to X-Forwarded-For (ALLAUTH_TRUSTED_PROXY_COUNT, as allauth's login limits)."""
    from pokerclub.throttle import Limit

    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    monkeypatch.setattr(
        "tables.play.views.JOINS", (Limit("test-join", 2, 600), Limit("test-link", 60, 600))
    )
    services.set_link_limit(club_with_roles["host"], link.table_id, TableLink.MOST_GUESTS)

    def from_address(address, name):
        return Client(HTTP_X_FORWARDED_FOR=address).post(
            link.get_absolute_url(), {"nickname": name}
        )

    assert from_address("203.0.113.7", "A1").status_code == 302
    assert from_address("203.0.113.7", "A2").status_code == 302
    assert from_address("203.0.113.7", "A3").status_code == 429
    assert from_address("198.51.100.4", "B1").status_code == 302  # another household

"""One person under two names (issue #39): an imported game's guest and a guest the banker
wrote down by name are matched later, by the owner, to the person they are; their lines
and nets move, the book adds up, and nothing a guest played at a table moves with them."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from pokerclub.models import Membership, Role
from tables.hands.actions.summary import record_due
from tables.money import balances
from tables.money.actions import bank, ledger_import
from tables.money.actions import guests as matching
from tables.money.error_codes import MoneyError
from tables.money.models import ClubPayment, LedgerEntry, SessionNet
from tables.money.settlement import guest_key, user_key
from tables.play import actions as services
from tests.tables.history_helpers import URLS
from tests.tables.play_helpers import deal, fold_out

pytestmark = [pytest.mark.django_db, pytest.mark.urls(URLS)]

GAME = "\n".join(
    [
        "player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net",
        "Ann,aZ1,2026-11-27T20:01:02.123Z,2026-11-28T01:10:00.000Z,2000,4500,0,2500",
        "Lucky Luca,lL2,2026-11-27T20:05:00.000Z,2026-11-28T01:10:00.000Z,3000,500,0,-2500",
    ]
).encode()


@pytest.fixture
def world(club_with_roles, players):
    club, owner, host = club_with_roles["club"], club_with_roles["owner"], club_with_roles["host"]
    ann = players[0]
    batch = ledger_import.start(owner, club, GAME, "ledger.csv", whole_units=False)
    ledger_import.apply(owner, club, batch.pk, {"aZ1": user_key(ann.pk), "lL2": "guest"})
    at_home = bank.open_session(host, club, "At Ann's")
    bank.record(host, club, at_home.pk, 0, "buy_in", 2000, friend="Luca")
    bank.record(host, club, at_home.pk, ann.pk, "buy_in", 2000)
    luca = LedgerEntry.objects.get(table=at_home, user__display_name="Luca").user
    bank.record(host, club, at_home.pk, luca.pk, "cash_out", 3000)
    bank.record(host, club, at_home.pk, ann.pk, "cash_out", 1000)
    bank.close(host, club, at_home.pk)
    return {"club": club, "owner": owner, "host": host, "ann": ann, "luca": luca,
            "member": club_with_roles["member"]}  # fmt: skip


def opens(club):
    return {m.key: m.open for m in balances.book(club).members if m.open}


def test_an_imported_name_and_the_banks_friend_become_one_person(world):
    club, owner, luca = world["club"], world["owner"], world["luca"]
    assert dict(matching.matchable(club)) == {guest_key("Lucky Luca"): "Lucky Luca",
                                              user_key(luca.pk): "Luca"}  # fmt: skip
    before = sum(opens(club).values())
    assert opens(club)[guest_key("Lucky Luca")] == -2500
    assert opens(club)[user_key(luca.pk)] == 1000

    moved = matching.match(owner, club, guest_key("Lucky Luca"), luca.pk)

    assert moved == 2  # the imported buy-in and cash-out
    book = opens(club)
    assert guest_key("Lucky Luca") not in book
    assert book[user_key(luca.pk)] == -1500  # -2500 there, +1000 at Ann's
    assert sum(book.values()) == before == 0
    assert not SessionNet.objects.filter(guest="Lucky Luca").exists()


def test_the_banks_friend_matched_to_a_member_leaves_the_list(world):
    club, owner, luca, member = world["club"], world["owner"], world["luca"], world["member"]
    matching.match(owner, club, user_key(luca.pk), member.pk)
    assert opens(club)[user_key(member.pk)] == 1000
    assert not Membership.objects.filter(club=club, user=luca).exists()
    assert not LedgerEntry.objects.filter(user=luca).exists()


def test_two_names_in_one_session_make_one_net(world):
    club, owner, ann = world["club"], world["owner"], world["ann"]
    matching.match(owner, club, guest_key("Lucky Luca"), ann.pk)  # Ann played both seats
    imported = SessionNet.objects.filter(club=club, user=ann, table__imported="pokernow")
    assert [n.net for n in imported] == [0]  # +2500 and -2500: one line, not two


@pytest.mark.parametrize("who", ["host", "member"])
def test_only_the_owner_matches(world, who):
    with pytest.raises(MoneyError, match="owner"):
        matching.match(world[who], world["club"], guest_key("Lucky Luca"), world["ann"].pk)
    assert SessionNet.objects.filter(guest="Lucky Luca").exists()


@pytest.mark.parametrize(
    ("source", "into"),
    [("guest:Nobody", "ann"), ("user:999999", "ann"), (None, "ann"), ("guest:Lucky Luca", None),
     ("guest:Lucky Luca", "outsider")],
)  # fmt: skip
def test_a_match_that_cannot_be_made_is_refused_and_moves_nothing(
    world, club_with_roles, source, into
):
    people = {**world, "outsider": club_with_roles["outsider"], None: None}
    target = people[into].pk if people[into] is not None else "x"
    with pytest.raises(MoneyError):
        matching.match(world["owner"], world["club"], source, target)
    assert SessionNet.objects.filter(guest="Lucky Luca").exists()


def test_a_guest_with_payments_marked_is_not_matched(world):
    club = world["club"]
    ClubPayment.objects.create(club=club, payer=guest_key("Lucky Luca"),
                               payee=user_key(world["ann"].pk), amount=100)  # fmt: skip
    with pytest.raises(MoneyError, match="payments marked"):
        matching.match(world["owner"], club, guest_key("Lucky Luca"), world["ann"].pk)


def test_a_guest_who_played_hands_is_never_matched_away(world, make_table):
    """Their cards stay theirs: a friend from a table's link who played is not offered."""
    club = world["club"]
    table = make_table()
    club.guests_need_approval = False
    club.save()
    link = services.table_link(world["host"], table.pk)
    gigi, _ = services.join(link.token, "Gigi")
    services.sit(gigi, table.pk, 1, 100)
    services.sit(world["ann"], table.pk, 2, 100)
    deal(table)
    fold_out(table)
    services.close_table(world["host"], table.pk)
    record_due(now=timezone.now() + timedelta(days=1))  # the clock writes the hand's rows
    assert user_key(gigi.pk) not in dict(matching.matchable(club))
    with pytest.raises(MoneyError):
        matching.match(world["owner"], club, user_key(gigi.pk), world["ann"].pk)
    assert Membership.objects.get(club=club, user=gigi).role == Role.GUEST


def test_the_owner_matches_from_the_money_page(world, client):
    club = world["club"]
    client.force_login(world["owner"])
    page = client.get(f"/clubs/{club.slug}/history/money/").content.decode()
    assert 'id="match-guest"' in page and "Lucky Luca" in page
    response = client.post(f"/clubs/{club.slug}/history/money/match/",
                           {"source": guest_key("Lucky Luca"), "into": world["luca"].pk})  # fmt: skip
    assert response.status_code == 302
    assert not SessionNet.objects.filter(guest="Lucky Luca").exists()
    client.force_login(world["member"])
    assert (
        'id="match-guest"' not in client.get(f"/clubs/{club.slug}/history/money/").content.decode()
    )
    response = client.post(f"/clubs/{club.slug}/history/money/match/",
                           {"source": user_key(world["luca"].pk), "into": world["ann"].pk})  # fmt: skip
    assert response.status_code == 403
    assert LedgerEntry.objects.filter(user=world["luca"]).exists()

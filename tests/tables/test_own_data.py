"""A member's own data (GDPR, #41): they download everything the site keeps about them as
one archive, which holds no card they could not see at the table; they erase their account,
and their personal data goes while every hand and money line stays whole under a stable
pseudonym, whose open balance still settles; an erasure that cannot be done yet is refused
with a code and changes nothing."""

from __future__ import annotations

import contextlib
import io
import json
import zipfile

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse

from pokerclub import actions as club_actions
from pokerclub.models import Membership, Role
from tables.hands.models import Hand, HandPlayer
from tables.hands.replay import replay
from tables.money import balances
from tables.money.actions.payments import pay
from tables.money.error_codes import MoneyError
from tables.money.models import ClubPayment, LedgerEntry, PaymentReminder, SessionNet
from tables.money.settlement import user_key
from tables.own_data.erase import erase_account
from tables.own_data.error_codes import OwnDataError, OwnDataErrorCode
from tables.play import actions as services
from tables.play.models import ChatMessage, Seat
from tables.tournaments import actions as tournaments
from tests.tables.history_helpers import URLS, hidden, mentions_card, play, record_history
from tests.tables.play_helpers import deal, fold_out
from tests.tables.tournament_helpers import settings_for

pytestmark = [pytest.mark.django_db, pytest.mark.urls(URLS)]

PASSWORD = "s3cret-pass!"


@pytest.fixture
def played(club_with_roles, players, make_table, seeded_decks):
    """Ann, Ben and Cat played 12 hands; the table closed, so the session's nets are in the
    club's money book; Ann chatted and sent Ben a payment."""
    table = make_table()
    ann, ben, cat = players[:3]
    services.post_chat(ann, table.pk, "gg all, Ann here")
    services.post_chat(ben, table.pk, "nh")
    play(table, [ann, ben, cat], hands=12, seed=7)
    services.close_table(club_with_roles["host"], table.pk)
    club = club_with_roles["club"]
    net = next(m.net for m in balances.book(club).members if m.user_id == ann.pk)
    # Ann "paid" Ben more than her result, so that she is left owed something whatever the
    # cards (the nonces that shuffle them are random)
    ClubPayment.objects.create(
        club=club,
        payer=user_key(ann.pk),
        payee=user_key(ben.pk),
        amount=abs(net) + 7,
        marked_by=ann,
    )
    return {"table": table, "ann": ann, "ben": ben, "cat": cat, **club_with_roles}


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def download(user) -> zipfile.ZipFile:
    response = logged_in(user).get(reverse("own_data:download"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    assert "attachment" in response["Content-Disposition"]
    return zipfile.ZipFile(io.BytesIO(b"".join(response.streaming_content)))


def read(archive: zipfile.ZipFile, name: str):
    return json.loads(archive.read(name).decode("utf-8"))


def test_a_member_downloads_everything_about_them_as_one_archive(played):
    ann = played["ann"]
    archive = download(ann)
    assert sorted(archive.namelist()) == sorted(
        [
            "README.txt",
            "profile.json",
            "clubs.json",
            "ledger.json",
            "sessions.json",
            "payments.json",
            "tournaments.json",
            "chat.json",
            "nights.json",
            "hands.json",
            "hands.phhs",
            "hands.txt",
        ]
    )
    profile = read(archive, "profile.json")
    assert profile["email"] == ann.email and profile["display_name"] == "Ann"
    ledger = read(archive, "ledger.json")
    assert len(ledger) == LedgerEntry.objects.filter(user=ann).count() >= 1
    assert ledger[0]["kind"] == "buy_in" and ledger[0]["table"] == played["table"].name
    sessions = read(archive, "sessions.json")
    assert [s["net"] for s in sessions] == list(
        SessionNet.objects.filter(user=ann).values_list("net", flat=True)
    )
    (club,) = read(archive, "clubs.json")
    mine = next(m for m in balances.book(played["club"]).members if m.user_id == ann.pk)
    assert club["slug"] == played["club"].slug and club["role"] == "member"
    assert club["balance"]["open"] == mine.open
    (payment,) = read(archive, "payments.json")
    assert (payment["payer"], payment["payee"]) == ("Ann", "Ben")
    assert payment["amount"] == ClubPayment.objects.get().amount
    assert [c["text"] for c in read(archive, "chat.json")] == ["gg all, Ann here"]
    hands = read(archive, "hands.json")
    played_hands = HandPlayer.objects.filter(user=ann).count()
    assert len(hands) == played_hands == 12
    assert archive.read("hands.phhs").decode().count("\n[") + 1 >= played_hands
    assert archive.read("hands.txt").decode().count("PokerStars Hand #") == played_hands
    assert "12" in archive.read("README.txt").decode()


def test_the_archive_holds_no_card_its_owner_could_not_see_R4_3_R11(played):
    ann = played["ann"]
    archive = download(ann)
    records = {r["id"]: r for r in read(archive, "hands.json")}
    texts = archive.read("hands.txt").decode().split("\n\n\n")
    hands = list(Hand.objects.filter(participants__user=ann).order_by("table_id", "number"))
    assert len(texts) == len(hands) == len(records)
    hidden_somewhere = 0
    for hand, text in zip(hands, texts, strict=True):
        replayed = replay(hand)
        secret = hidden(replayed, replayed.seat_of(ann))
        hidden_somewhere += len(secret)
        blob = json.dumps(
            {k: v for k, v in records[hand.pk].items() if k not in ("seed", "commitment")}
        )
        assert not any(mentions_card(blob, c) for c in secret), hand.pk
        assert not any(mentions_card(text, c) for c in secret), hand.pk
    assert hidden_somewhere > 0  # some hands had cards Ann never saw: the check had teeth


def test_only_the_signed_in_person_gets_their_archive(played, client):
    response = client.get(reverse("own_data:download"))
    assert response.status_code == 302 and "login" in response["Location"]
    ben = download(played["ben"])
    assert read(ben, "profile.json")["display_name"] == "Ben"
    assert [c["text"] for c in read(ben, "chat.json")] == ["nh"]


def test_the_archive_is_limited_to_a_few_an_hour(played):
    client = logged_in(played["cat"])
    codes = [client.get(reverse("own_data:download")).status_code for _ in range(7)]
    assert codes == [200] * 6 + [429]


def erase_through_the_page(user, password=PASSWORD, understood=True):
    client = logged_in(user)
    data = {"password": password}
    if understood:
        data["understood"] = "on"
    return client, client.post(reverse("own_data:erase"), data)


def test_erasing_removes_the_person_and_keeps_their_hands_and_money_under_a_pseudonym(played):
    ann, ben, club = played["ann"], played["ben"], played["club"]
    EmailAddress.objects.create(user=ann, email=ann.email, verified=True, primary=True)
    PaymentReminder.objects.create(club=club, user=ann)
    before_book = balances.book(club)
    before_open = {m.key: m.open for m in before_book.members}
    hands_before = {h.pk: h.final_state for h in Hand.objects.filter(participants__user=ann)}
    ledger_before = list(
        LedgerEntry.objects.filter(user=ann).values_list("kind", "amount", "table_id")
    )
    address = ann.email

    client, response = erase_through_the_page(ann)

    assert response.status_code == 302
    User = get_user_model()
    erased = User.objects.get(pk=ann.pk)
    pseudonym = f"Former member {ann.pk}"
    assert erased.display_name == pseudonym
    assert erased.email is None and erased.erased_at is not None
    assert not erased.is_active and not erased.has_usable_password()
    assert erased.payment_methods == [] and erased.time_zone == "" and erased.language == ""
    assert not EmailAddress.objects.filter(user=erased).exists()
    assert not Membership.objects.filter(user=erased).exists()
    assert not ChatMessage.objects.filter(user=erased).exists()
    assert ChatMessage.objects.filter(user=ben).count() == 1
    assert not PaymentReminder.objects.filter(user=erased).exists()
    # the same session is logged out, and the password no longer logs in anywhere
    assert client.get(reverse("clubs:list")).status_code == 302
    assert not Client().login(email=address, password=PASSWORD)
    # hands and money: whole, under the pseudonym
    assert {h.pk: h.final_state for h in Hand.objects.filter(participants__user=ann)} == (
        hands_before
    )
    assert set(HandPlayer.objects.filter(user=ann).values_list("name", flat=True)) == {pseudonym}
    for hand in Hand.objects.filter(participants__user=ann):
        (mine,) = [p for p in hand.players if p["user_id"] == ann.pk]
        assert mine["name"] == pseudonym
        assert "Ann" not in json.dumps(hand.players)
    assert (
        list(LedgerEntry.objects.filter(user=ann).values_list("kind", "amount", "table_id"))
        == ledger_before
    )
    after = balances.book(club)
    assert {m.key: m.open for m in after.members} == before_open
    erased_member = next(m for m in after.members if m.user_id == ann.pk)
    assert erased_member.name == pseudonym and not erased_member.member
    # a last mail says so, to the address that is gone
    assert [m.to for m in mail.outbox] == [[address]]
    assert pseudonym in mail.outbox[0].body


def test_the_club_still_sees_and_settles_the_erased_members_balance(played):
    ann, club, host = played["ann"], played["club"], played["host"]
    erase_account(ann.pk)
    page = logged_in(host).get(reverse("history:money", args=[club.slug]))
    assert page.status_code == 200
    text = (
        page.content.decode()
        .split("<main", 1)[1]
        .replace("e.g. Ann &amp; Ben", "")
        .replace("e.g. Ann & Ben", "")
    )
    assert f"Former member {ann.pk}" in text and "Ann" not in text
    key = user_key(ann.pk)
    mine = [t for t in balances.book(club).transfers if key in (t.payer, t.payee)]
    assert mine  # Ann is owed: she paid Ben more than she lost
    for _ in range(5):  # the plan may be searched further between two reads: pay what is left
        mine = [t for t in balances.book(club).transfers if key in (t.payer, t.payee)]
        if not mine:
            break
        with contextlib.suppress(MoneyError):  # the plan moved on meanwhile: read it again
            pay(club, mine[0], host, "paid")
    assert next(m for m in balances.book(club).members if m.user_id == ann.pk).open == 0


def test_the_erased_members_exports_name_only_the_pseudonym(played):
    ann, ben = played["ann"], played["ben"]
    erase_account(ann.pk)
    archive = download(ben)
    for name in ("hands.json", "hands.phhs", "hands.txt", "payments.json"):
        text = archive.read(name).decode()
        assert f"Former member {ann.pk}" in text, name
        assert "Ann" not in text, name


@pytest.mark.parametrize(
    ("password", "understood", "says"),
    [
        ("wrong-password", True, "not your password"),
        (PASSWORD, False, "This field is required"),
        ("", True, "This field is required"),
    ],
)
def test_an_erasure_not_confirmed_is_refused_and_changes_nothing(
    played, password, understood, says
):
    ann = played["ann"]
    _client, response = erase_through_the_page(ann, password, understood)
    assert response.status_code == 400
    assert says in response.content.decode()
    fresh = get_user_model().objects.get(pk=ann.pk)
    assert fresh.erased_at is None and fresh.display_name == "Ann" and fresh.is_active
    assert Membership.objects.filter(user=ann).exists()


def everything_of(user):
    return (
        get_user_model().objects.filter(pk=user.pk).values().get(),
        list(Membership.objects.filter(user=user).values()),
        list(Seat.objects.filter(user=user).values()),
        list(ChatMessage.objects.filter(user=user).values()),
        list(HandPlayer.objects.filter(user=user).values_list("name", flat=True)),
    )


def test_an_owner_must_hand_over_the_club_before_erasing(played):
    owner = played["owner"]
    before = everything_of(owner)
    with pytest.raises(OwnDataError) as refused:
        erase_account(owner.pk)
    assert refused.value.code == OwnDataErrorCode.OWNS_A_CLUB
    assert "Friday Game" in refused.value.message
    assert everything_of(owner) == before
    _client, response = erase_through_the_page(owner)
    assert response.status_code == 409 and "owns_a_club" in response.content.decode()
    membership = Membership.objects.get(club=played["club"], user=played["host"])
    club_actions.transfer_ownership(owner, played["club"], membership.pk)
    assert erase_account(owner.pk) == f"Former member {owner.pk}"


def test_a_player_in_a_hand_is_refused_until_the_hand_ends_and_nothing_changes(
    club_with_roles, players, make_table
):
    table = make_table()
    ann, ben = players[:2]
    services.sit(ann, table.pk, 1, 100)
    services.sit(ben, table.pk, 2, 100)
    deal(table)
    before = everything_of(ann)
    with pytest.raises(OwnDataError) as refused:
        erase_account(ann.pk)
    assert refused.value.code == OwnDataErrorCode.STILL_PLAYING
    assert table.name in refused.value.message
    assert everything_of(ann) == before
    assert Seat.objects.get(table=table, user=ann).leave_after_hand is False


def test_a_seated_player_between_hands_is_cashed_out_by_the_erasure(
    club_with_roles, players, make_table
):
    table = make_table()
    ann = players[0]
    services.sit(ann, table.pk, 1, 100)
    erase_account(ann.pk)
    assert not Seat.objects.filter(user=ann).exists()
    assert list(LedgerEntry.objects.filter(user=ann).values_list("kind", "amount")) == [
        ("buy_in", 100),
        ("cash_out", 100),
    ]


def test_a_registered_tournament_player_is_refused_until_they_unregister(club_with_roles, players):
    ann = players[0]
    tournament = tournaments.create_tournament(
        club_with_roles["host"], club_with_roles["club"], settings_for(name="Sunday cup")
    )
    tournaments.register(ann, tournament.pk)
    with pytest.raises(OwnDataError) as refused:
        erase_account(ann.pk)
    assert refused.value.code == OwnDataErrorCode.STILL_PLAYING
    assert "Sunday cup" in refused.value.message
    tournaments.unregister(ann, tournament.pk)
    erase_account(ann.pk)


def test_an_erased_account_cannot_be_erased_twice_and_a_guest_asks_the_host(
    club_with_roles, make_user
):
    member = club_with_roles["member"]
    erase_account(member.pk)
    with pytest.raises(OwnDataError) as again:
        erase_account(member.pk)
    assert again.value.code == OwnDataErrorCode.ALREADY_ERASED
    guest = club_actions.add_guest(club_with_roles["host"], club_with_roles["club"], "Gigi").user
    with pytest.raises(OwnDataError) as refused:
        erase_account(guest.pk)
    assert refused.value.code == OwnDataErrorCode.NOT_ALLOWED


def test_the_pseudonym_is_in_the_erased_members_own_language(club_with_roles):
    member = club_with_roles["member"]
    member.language = "it"
    member.save(update_fields=["language"])
    assert erase_account(member.pk) == f"Ex membro {member.pk}"


def test_without_a_language_of_their_own_the_pseudonym_is_in_the_page_they_erased_from(
    club_with_roles,
):
    member = club_with_roles["member"]
    client = logged_in(member)
    response = client.post(
        reverse("own_data:erase"),
        {"password": PASSWORD, "understood": "on"},
        HTTP_ACCEPT_LANGUAGE="it",
    )
    assert response.status_code == 302
    assert get_user_model().objects.get(pk=member.pk).display_name == f"Ex membro {member.pk}"


def test_the_privacy_page_is_linked_from_every_page_and_links_the_tools(played, client):
    home = client.get(reverse("home")).content.decode()
    assert reverse("privacy") in home
    page = logged_in(played["ben"]).get(reverse("privacy")).content.decode()
    assert reverse("own_data:page") in page
    profile = logged_in(played["ben"]).get(reverse("profile")).content.decode()
    assert reverse("own_data:page") in profile
    data = logged_in(played["ben"]).get(reverse("own_data:page")).content.decode()
    assert reverse("own_data:download") in data and reverse("own_data:erase") in data
    assert f"Former member {played['ben'].pk}" in data


def test_a_guest_has_no_data_page_until_they_save_an_account(club_with_roles):
    guest = club_actions.add_guest(club_with_roles["host"], club_with_roles["club"], "Gigi").user
    client = logged_in(guest)
    for name in ("own_data:page", "own_data:download"):
        response = client.get(reverse(name))
        assert response.status_code == 302 and response["Location"] == reverse("guest_save")
    assert client.post(reverse("own_data:erase"), {"password": "x"}).status_code == 302
    assert get_user_model().objects.get(pk=guest.pk).erased_at is None
    assert Membership.objects.filter(user=guest, role=Role.GUEST).exists()


def test_a_hand_whose_history_is_written_after_the_erasure_names_the_pseudonym(
    club_with_roles, players, make_table
):
    table = make_table()
    ann, ben = players[:2]
    services.sit(ann, table.pk, 1, 100)
    services.sit(ben, table.pk, 2, 100)
    deal(table)
    fold_out(table)
    hand = Hand.objects.get(table=table)
    assert not hand.history_recorded  # the clock has not written its rows yet
    pseudonym = erase_account(ann.pk)
    record_history()
    assert HandPlayer.objects.get(hand=hand, user=ann).name == pseudonym
    assert "Ann" not in json.dumps(Hand.objects.get(pk=hand.pk).players)


def test_erasing_frees_a_seat_at_a_coming_night_and_the_waitlist_moves_up(club_with_roles, players):
    from datetime import timedelta

    from django.utils import timezone

    from tables.nights import actions as nights
    from tables.nights.models import Answer, CalendarFeed

    ann, ben = players[:2]
    start = timezone.now() + timedelta(days=2)
    (night,) = nights.plan_nights(
        club_with_roles["host"],
        club_with_roles["club"],
        nights.NightPlan("Friday", "table", start, start - timedelta(hours=5), seat_cap=2),
    )
    nights.answer(ann, night.pk, "yes")
    nights.answer(club_with_roles["member"], night.pk, "yes")
    assert nights.answer(ben, night.pk, "yes").waitlisted
    nights.feed_of(ann)
    assert [n["night"] for n in read(download(ann), "nights.json")] == ["Friday"]
    erase_account(ann.pk)
    assert not Answer.objects.filter(user=ann).exists()
    assert not Answer.objects.get(user=ben).waitlisted
    assert not CalendarFeed.objects.filter(user=ann).exists()

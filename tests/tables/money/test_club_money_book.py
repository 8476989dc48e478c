"""The club's money book (tables/money/balances.py): balances across every session, one
settlement of all open balances, payments marked by either side and confirmed or disputed,
members who settle together, members who left, and the CSV downloads."""

from __future__ import annotations

import csv
import io

import pytest

from pokerclub.models import Membership
from tables.money import balances
from tables.money.actions import payments
from tables.money.actions.sessions import mark_paid, record_nets
from tables.money.error_codes import MoneyError, MoneyErrorCode
from tables.money.fewest_transfers import Transfer
from tables.money.models import ClubPayment, LedgerEntry, SettleGroup
from tables.money.settlement import HOUSE, session, user_key
from tables.play import actions as services
from tables.play.models import Table
from tests.tables.conftest import table_settings
from tests.tables.history_helpers import URLS

pytestmark = [pytest.mark.django_db, pytest.mark.urls(URLS)]


def closed_session(club, host, name: str, moves: dict, rake: int = 0) -> Table:
    """A closed table whose ledger has ``moves``: {user: (bought in, cashed out)}."""
    table = services.create_table(host, club, table_settings(name=name))
    for user, (bought, cashed) in moves.items():
        LedgerEntry.objects.create(table=table, user=user, kind="buy_in", amount=bought)
        if cashed:
            LedgerEntry.objects.create(table=table, user=user, kind="cash_out", amount=cashed)
    if rake:
        LedgerEntry.objects.create(table=table, kind="rake", amount=rake)
    Table.objects.filter(pk=table.pk).update(status=Table.Status.CLOSED)
    record_nets(table)  # as closing a table does
    return table


def age(table: Table, days: int) -> None:
    """Move a closed session ``days`` back in time (its ledger and its summary)."""
    from datetime import timedelta

    from django.utils import timezone

    LedgerEntry.objects.filter(table=table).update(created_at=timezone.now() - timedelta(days=days))
    record_nets(table)


@pytest.fixture
def money(club_with_roles, players):
    """Ann, Ben and Cat over two sessions: Friday Ann +50, Ben -40, Cat -15 and a rake of 5;
    Saturday Ann -20, Ben +20. In all: Ann +30, Ben -20, Cat -15, the house +5."""
    club, host = club_with_roles["club"], club_with_roles["host"]
    ann, ben, cat = players[:3]
    friday = closed_session(
        club, host, "Friday", {ann: (100, 150), ben: (100, 60), cat: (50, 35)}, rake=5
    )
    saturday = closed_session(club, host, "Saturday", {ann: (100, 80), ben: (100, 120)})
    return {"club": club, "host": host, "ann": ann, "ben": ben, "cat": cat,
            "friday": friday, "saturday": saturday}  # fmt: skip


def opens(book) -> dict[str, int]:
    return {p.key: p.open for p in book.parties if p.open}


def test_balances_add_up_every_sessions_nets_and_sum_to_zero(money):
    book = balances.book(money["club"])
    ann, ben, cat = (user_key(money[n].pk) for n in ("ann", "ben", "cat"))
    assert {m.key: m.net for m in book.members} == {ann: 30, ben: -20, cat: -15, HOUSE: 5}
    assert sum(opens(book).values()) == 0
    left = dict(opens(book))
    for t in book.transfers:  # the settlement settles everything
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    assert set(left.values()) == {0}
    assert len(book.transfers) == 3  # four parties, no two of them settle apart


def test_a_player_still_at_an_open_table_counts_their_stack(money, club_with_roles):
    table = services.create_table(money["host"], money["club"], table_settings(name="Now"))
    services.sit(money["cat"], table.pk, 1, 40)  # bought in 40, 40 on the table: net 0
    book = balances.book(money["club"])
    assert next(m for m in book.members if m.user_id == money["cat"].pk).net == -15


def test_session_payments_and_club_payments_both_settle_the_book(money):
    club, ann, ben, cat = money["club"], money["ann"], money["ben"], money["cat"]
    friday = session(money["friday"])
    cat_pays = next(t for t in friday.transfers if t.payer == user_key(cat.pk))
    mark_paid(money["friday"], cat_pays, money["host"], "paid")  # on Friday's page
    book = balances.book(club)
    assert opens(book).get(user_key(cat.pk), 0) == -15 + cat_pays.amount
    ben_pays = next(t for t in book.transfers if t.payer == user_key(ben.pk))
    payments.pay(club, ben_pays, ben, "sent")
    book = balances.book(club)
    assert ben_pays not in book.transfers  # counted while it waits for Ann
    ben_line = next(m for m in book.members if m.user_id == ben.pk)
    assert ben_line.open == 0 and ben_line.pending == ben_pays.amount
    waiting = book.waiting[0]
    assert balances.payment_ops(book, waiting, ann.pk, False) == {"received", "dispute"}
    assert balances.payment_ops(book, waiting, ben.pk, False) == {"withdraw"}
    assert balances.payment_ops(book, waiting, cat.pk, False) == set()
    payments.update_payment(club, waiting.pk, ann, "dispute")
    assert ben_pays in balances.book(club).transfers  # disputed: owed again
    payments.update_payment(club, waiting.pk, ann, "received")
    book = balances.book(club)
    assert ben_pays not in book.transfers and not book.waiting
    assert ClubPayment.objects.get(pk=waiting.pk).status == "confirmed"


def test_only_a_party_or_a_host_marks_and_a_stale_payment_is_refused(money):
    club, ann, ben, cat = money["club"], money["ann"], money["ben"], money["cat"]
    book = balances.book(club)
    ben_pays = next(t for t in book.transfers if t.payer == user_key(ben.pk))
    for who, op in ((cat, "sent"), (cat, "received"), (ann, "sent"), (ben, "received"),
                    (ben, "paid"), (ben, "nonsense")):  # fmt: skip
        with pytest.raises(MoneyError):
            payments.pay(club, ben_pays, who, op)
    stale = Transfer(ben_pays.payer, ben_pays.payee, ben_pays.amount + 1)
    with pytest.raises(MoneyError, match="no longer part"):
        payments.pay(club, stale, ben, "sent")
    assert not ClubPayment.objects.exists()
    payments.pay(club, ben_pays, money["host"], "paid")  # a host: paid, confirmed
    assert ClubPayment.objects.get().status == "confirmed"
    with pytest.raises(MoneyError):  # a member may not remove a confirmed payment
        payments.update_payment(club, ClubPayment.objects.get().pk, ben, "clear")


def test_members_who_settle_together_pay_and_are_paid_as_one(money, club_with_roles):
    club, ann, ben, cat = money["club"], money["ann"], money["ben"], money["cat"]
    group = payments.make_group(club, money["host"], "", [ann.pk, ben.pk])
    assert group.name == "Ann & Ben"
    book = balances.book(club)
    key = balances.group_key(group.pk)
    assert opens(book)[key] == 30 - 20  # Ann's +30 and Ben's -20 are one party's +10
    assert sorted((t.payer, t.payee, t.amount) for t in book.transfers) == sorted(
        [(user_key(cat.pk), key, 10), (user_key(cat.pk), HOUSE, 5)]
    )
    cat_pays = next(t for t in book.transfers if t.payer == user_key(cat.pk))
    payments.pay(club, cat_pays, cat, "sent")
    payment = balances.book(club).waiting[0]
    payments.update_payment(club, payment.pk, ben, "received")  # Ben acts for the group
    assert ClubPayment.objects.get().status == "confirmed"
    with pytest.raises(MoneyError, match="paid or was paid"):
        payments.dissolve_group(club, ann, group.pk)


@pytest.mark.parametrize(
    "who,ids,message",
    [
        ("ann", ["ann", "ben"], "Only the club's owner or a host"),
        ("host", ["ann"], "two or more"),
        ("host", ["ann", "outsider"], "Only members"),
    ],
)
def test_a_group_that_cannot_be_made_is_refused(money, club_with_roles, who, ids, message):
    people = {**money, "outsider": club_with_roles["outsider"]}
    with pytest.raises(MoneyError, match=message):
        payments.make_group(money["club"], people[who], "x", [people[i].pk for i in ids])
    assert not balances.book(money["club"]).parties[0].key.startswith("group:")


def test_only_the_groups_members_or_a_host_end_a_group_the_role_read_by_the_action(money):
    """The action reads the role itself (pokerclub.access), whatever a page would say."""
    club = money["club"]
    group = payments.make_group(club, money["host"], "", [money["ann"].pk, money["ben"].pk])
    with pytest.raises(MoneyError) as refused:
        payments.dissolve_group(club, money["cat"], group.pk)  # a member, not in the group
    assert refused.value.code == MoneyErrorCode.NOT_ALLOWED
    assert SettleGroup.objects.filter(pk=group.pk).exists()
    payments.dissolve_group(club, money["host"], group.pk)  # a host, not in the group
    assert not SettleGroup.objects.filter(pk=group.pk).exists()


def test_a_member_is_in_one_group_at_most(money):
    club = money["club"]
    payments.make_group(club, money["host"], "", [money["ann"].pk, money["ben"].pk])
    with pytest.raises(MoneyError, match="one group only"):
        payments.make_group(club, money["host"], "", [money["ben"].pk, money["cat"].pk])


def test_a_member_who_left_keeps_their_open_balance_until_settled(money, client):
    club, cat = money["club"], money["cat"]
    Membership.objects.filter(club=club, user=cat).delete()
    book = balances.book(club)
    line = next(m for m in book.members if m.user_id == cat.pk)
    assert not line.member and line.open == -15
    assert any(t.payer == user_key(cat.pk) for t in book.transfers)
    client.force_login(club.memberships.get(role="owner").user)
    page = client.get(f"/clubs/{club.slug}/history/money/").content.decode()
    assert "(left the club)" in page


def test_the_page_shows_the_settlement_and_how_the_payee_likes_to_be_paid(money, client):
    club, ann, ben = money["club"], money["ann"], money["ben"]
    ann.payment_methods = [{"label": "Bank", "details": "IBAN NL00 TEST 0123"}]
    ann.save()
    client.force_login(ben)
    page = client.get(f"/clubs/{club.slug}/history/money/").content.decode()
    assert "Ben pays Ann 20" in page and "IBAN NL00 TEST 0123" in page
    assert 'value="sent"' in page  # Ben may say he paid
    client.force_login(money["cat"])
    response = client.post(
        f"/clubs/{club.slug}/history/money/pay/",
        {"payer": user_key(ben.pk), "payee": user_key(ann.pk), "amount": 20, "op": "sent"},
    )
    assert response.status_code == 302 and not ClubPayment.objects.exists()  # not Cat's to mark


def test_a_non_member_sees_no_money_book(money, client, club_with_roles):
    client.force_login(club_with_roles["outsider"])
    assert client.get(f"/clubs/{money['club'].slug}/history/money/").status_code == 404
    assert client.get(f"/clubs/{money['club'].slug}/history/money/balances.csv").status_code == 404


def test_the_csv_downloads_escape_formulas_and_balance(money, client):
    ben = money["ben"]
    ben.display_name = '=HYPERLINK("http://evil")'
    ben.save()
    client.force_login(money["ann"])
    body = b"".join(
        client.get(f"/clubs/{money['club'].slug}/history/money/balances.csv").streaming_content
    ).decode()
    rows = list(csv.reader(io.StringIO(body)))
    assert rows[0][0] == "member"
    names = [r[0] for r in rows[1:]]
    assert '\'=HYPERLINK("http://evil")' in names
    assert sum(int(r[-1]) for r in rows[1:]) == 0
    payments = b"".join(
        client.get(f"/clubs/{money['club'].slug}/history/money/payments.csv").streaming_content
    ).decode()
    assert payments.splitlines()[0] == "status,payer,payee,amount,amount_units,since"
    assert payments.count("to pay") == 3


def test_the_book_takes_the_same_number_of_queries_for_two_sessions_or_twenty(
    money, django_assert_max_num_queries
):
    club = money["club"]
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as two:
        balances.book(club)
    for i in range(18):
        closed_session(club, money["host"], f"Night {i}",
                       {money["ann"]: (100, 90 + i), money["cat"]: (100, 110 - i)})  # fmt: skip
    with CaptureQueriesContext(connection) as twenty:
        balances.book(club)
    assert len(twenty) == len(two) <= 11  # (one for the pots of poker all'italiana waiting)


def test_a_debt_older_than_the_grace_period_is_overdue(money):
    from datetime import timedelta

    from django.utils import timezone

    club, ben, cat = money["club"], money["ben"], money["cat"]
    now = timezone.now()
    # Friday was twelve days ago; Saturday (where Ben won 20 back) two
    age(money["friday"], 12)
    age(money["saturday"], 2)
    book = balances.book(club)
    # Ben owes 20: Saturday's +20 does not cover it, Friday's -40 does: owed since Friday
    assert book.owed_since[user_key(ben.pk)].date() == (now - timedelta(days=12)).date()
    by_payer = {t.payer: t for t in book.transfers}
    assert book.overdue(by_payer[user_key(ben.pk)], now)
    assert book.overdue(by_payer[user_key(cat.pk)], now)  # Cat's -15 is from Friday too
    assert not book.overdue(by_payer[user_key(ben.pk)], now - timedelta(days=10))  # 2 < 3 days
    club.payment_grace_days = 0  # never overdue
    club.save()
    assert not balances.book(club).overdue(by_payer[user_key(ben.pk)], now)


def test_a_newer_loss_dates_the_debt_from_itself(money):

    from django.utils import timezone

    club, ann = money["club"], money["ann"]
    now = timezone.now()
    age(money["friday"], 12)
    closed_session(club, money["host"], "Sunday", {ann: (100, 0), money["cat"]: (100, 200)})
    book = balances.book(club)  # Ann: +30 - 100 = -70, all of it lost on Sunday (today)
    assert book.owed_since[user_key(ann.pk)].date() == now.date()
    transfer = next(t for t in book.transfers if t.payer == user_key(ann.pk))
    assert not book.overdue(transfer, now)


def walked_since(club, debtors: dict[str, int], members_of) -> dict:
    """The debt ages by the definition, walked in Python over every session: going back
    from the newest, the session whose net added to the newer ones' first covers the debt,
    else the first session."""
    from tables.money.models import SessionNet

    since = {}
    for key, owed in debtors.items():
        per_table: dict[int, list] = {}
        for row in SessionNet.objects.filter(club=club, user__in=members_of(key)):
            entry = per_table.setdefault(row.table_id, [0, row.ended_at])
            entry[0] += row.net
            entry[1] = max(entry[1], row.ended_at)
        ordered = sorted(per_table.items(), key=lambda kv: (kv[1][1], kv[0]), reverse=True)
        if not ordered:
            continue
        covered, found = 0, None
        for _, (net, ended) in ordered:
            covered -= net
            if covered >= owed:
                found = ended
                break
        since[key] = found or ordered[-1][1][1]
    return since


def test_a_session_brought_in_from_the_past_dates_an_older_debt(money):
    """The running totals behind the debt age (SessionNet.earlier) follow a session that
    lands before the others: Ben owed 20 since Friday; a loss of 10 thirty days ago, brought
    in now, makes him owe 30, and Friday's loss no longer covers it all."""
    from datetime import timedelta

    from django.utils import timezone

    club, ben, cat = money["club"], money["ben"], money["cat"]
    now = timezone.now()
    age(money["friday"], 12)
    age(money["saturday"], 2)
    old = closed_session(club, money["host"], "Last month", {ben: (50, 40), cat: (50, 60)})
    # played today, the -10 is the newest: with Saturday's +20 back, Friday covers the 30
    twelve_days = (now - timedelta(days=12)).date()
    assert balances.book(club).owed_since[user_key(ben.pk)].date() == twelve_days
    age(old, 30)
    book = balances.book(club)
    assert opens(book)[user_key(ben.pk)] == -30
    assert book.owed_since[user_key(ben.pk)].date() == (now - timedelta(days=30)).date()


@pytest.mark.parametrize("seed", range(4))
def test_debt_ages_agree_with_walking_every_session(money, seed):
    """Random histories of four members (one pair settling together), sessions on random
    days, payments in between: the indexed lookup and the group walk give the date the
    definition gives."""
    import random

    from tables.money.models import ClubPayment

    rng = random.Random(seed)
    club, host = money["club"], money["host"]
    ann, ben, cat = money["ann"], money["ben"], money["cat"]
    dan = Membership.objects.filter(club=club, user__display_name="Dan").get().user
    group = payments.make_group(club, host, "Cat & Dan", [cat.pk, dan.pk])
    people = [ann, ben, cat, dan]
    for night in range(12):
        seated = rng.sample(people, rng.randint(2, 4))
        pot = 100 * len(seated)
        cuts = sorted(rng.randint(0, pot) for _ in seated[1:])
        shares = [b - a for a, b in zip([0, *cuts], [*cuts, pot], strict=True)]
        table = closed_session(club, host, f"Night {night}",
                               {p: (100, share) for p, share in zip(seated, shares, strict=True)})  # fmt: skip
        age(table, rng.randint(0, 60))
        if night % 4 == 3:  # a payment between two parties, confirmed
            payer, payee = rng.sample([user_key(ann.pk), user_key(ben.pk), f"group:{group.pk}"], 2)
            ClubPayment.objects.create(club=club, payer=payer, payee=payee,
                                       amount=rng.randint(1, 60), status="confirmed")  # fmt: skip
    book = balances.book(club)
    debtors = {p.key: -p.open for p in book.parties if p.open < 0 and p.key != HOUSE}
    parties = {p.key: p for p in book.parties}
    expected = walked_since(club, debtors, lambda key: [m.user_id for m in parties[key].members])
    assert debtors and book.owed_since == expected


def test_overdue_payers_who_asked_for_it_get_one_mail_per_grace_period(money, mailoutbox):
    from datetime import timedelta

    from django.core.management import call_command
    from django.utils import timezone

    from tables.money.actions.reminders import send_reminders

    club, ben, cat = money["club"], money["ben"], money["cat"]
    now = timezone.now()
    for table in (money["friday"], money["saturday"]):
        age(table, 12)
    ben.payment_reminders = True
    ben.payment_methods = []
    ben.save()  # Cat owes too, but did not ask for mails
    assert send_reminders(now) == 1
    (mail,) = mailoutbox
    assert mail.to == [ben.email] and "overdue" in mail.subject
    assert "Ben pays" in mail.body and f"/clubs/{club.slug}/history/money/" in mail.body
    assert send_reminders(now + timedelta(days=1)) == 0  # not again within the grace period
    call_command("send_payment_reminders", stdout=io.StringIO())
    assert len(mailoutbox) == 1
    assert send_reminders(now + timedelta(days=4)) == 1  # the next period: once more
    assert cat.email not in {m.to[0] for m in mailoutbox}


def test_closing_a_played_table_writes_its_result_as_the_ledger_has_it(
    make_table, players, club_with_roles
):
    """The book reads a closed session's summary: it must be the session's own nets."""
    import random

    from tables.money.models import SessionNet
    from tests.tables.play_helpers import play_randomly

    club = club_with_roles["club"]
    table = make_table(rake_percent="5", rake_cap=3)
    for i, p in enumerate(players[:4]):
        services.sit(p, table.pk, i + 1, 100)
    play_randomly(table, random.Random(4), hands=12)
    live = balances.book(club)  # while it is open: from the ledger and the stacks
    services.close_table(club_with_roles["host"], table.pk)
    closed = Table.objects.get(pk=table.pk)
    expected = {line.key: line.net for line in session(closed).lines}
    stored = {
        (user_key(n.user_id) if n.user_id else HOUSE): n.net
        for n in SessionNet.objects.filter(table=table)
    }
    assert stored == {k: v for k, v in expected.items() if v or k != HOUSE}
    after = balances.book(club)
    assert {m.key: m.net for m in after.members} == {m.key: m.net for m in live.members}


def test_a_members_own_payments_come_first_and_a_group_pays_in_the_plural(money, client):
    """Ben and Cat settle together (-35): they pay Ann 30 and the house 5; Ann sees her
    payment first, marked as hers."""
    club, ann, ben, cat = money["club"], money["ann"], money["ben"], money["cat"]
    payments.make_group(club, money["host"], "Ben & Cat", [ben.pk, cat.pk])
    client.force_login(ann)
    page = client.get(f"/clubs/{club.slug}/history/money/").content.decode()
    settlement = page[page.index('id="club-settlement"') :]
    first = settlement[settlement.index("<li") : settlement.index("</li>")]
    assert "yours" in first and "Ben &amp; Cat pay Ann 30" in first
    assert "Ben &amp; Cat pay The house 5" in settlement

"""Marking a settlement's transfers (issue #17, 3): the payer says they paid, the payee
confirms or disputes, a host marks paid or clears; nobody else can, and nothing a refused
request asks changes anything."""

from __future__ import annotations

import pytest

from tables.money.models import TransferPaid
from tables.money.settlement import session
from tests.tables.history_helpers import URLS, played_club

pytestmark = [pytest.mark.django_db, pytest.mark.urls(URLS)]

club = played_club(hands=20, seed=5, muck=False)


def a_transfer(club):  # type: ignore[no-untyped-def]
    """A transfer between two players of the session, its payer and its payee."""
    result = session(club.table)
    users = {line.key: line.user_id for line in result.lines}
    transfer = next(t for t in result.transfers if users.get(t.payer) and users.get(t.payee))
    by_id = {p.pk: p for p in club.players}
    return transfer, by_id[users[transfer.payer]], by_id[users[transfer.payee]]


def post(client, club, transfer, op):  # type: ignore[no-untyped-def]
    url = f"/clubs/{club.club.slug}/history/sessions/{club.table.pk}/paid/"
    data = {"payer": transfer.payer, "payee": transfer.payee, "amount": transfer.amount, "op": op}
    return client.post(url, data).status_code


def mark(club, transfer):  # type: ignore[no-untyped-def]
    return session(club.table).mark(transfer)


def test_the_payer_says_paid_and_the_payee_confirms(club, client):
    transfer, payer, payee = a_transfer(club)
    client.force_login(payer)
    assert post(client, club, transfer, "sent") == 302
    assert mark(club, transfer) == "marked" and not session(club.table).is_paid(transfer)
    page = client.get(f"/clubs/{club.club.slug}/history/sessions/{club.table.pk}/").content
    assert b"waiting for" in page
    assert post(client, club, transfer, "received") == 403  # only the payee confirms
    client.force_login(payee)
    assert post(client, club, transfer, "received") == 302
    assert session(club.table).is_paid(transfer)
    client.force_login(payer)
    assert post(client, club, transfer, "unpaid") == 403  # confirmed: only a host can clear


def test_the_payee_disputes_and_the_payer_can_say_paid_again(club, client):
    transfer, payer, payee = a_transfer(club)
    client.force_login(payer)
    post(client, club, transfer, "sent")
    client.force_login(payee)
    assert post(client, club, transfer, "dispute") == 302
    assert mark(club, transfer) == "disputed"
    client.force_login(payer)
    assert post(client, club, transfer, "sent") == 302
    assert mark(club, transfer) == "marked"
    assert post(client, club, transfer, "unpaid") == 302  # taken back before it was confirmed
    assert mark(club, transfer) is None


@pytest.mark.parametrize("op", ["paid", "sent", "received", "dispute", "unpaid", "bogus"])
def test_someone_who_is_neither_party_nor_host_changes_nothing(club, client, op):
    transfer, _, _ = a_transfer(club)
    client.force_login(club.member)  # a member of the club, not in this transfer
    assert post(client, club, transfer, op) == 403
    assert not TransferPaid.objects.exists()
    client.force_login(club.outsider)
    assert post(client, club, transfer, op) == 404


def test_a_host_marks_paid_and_clears_whatever_the_parties_said(club, client):
    transfer, payer, _ = a_transfer(club)
    client.force_login(payer)
    post(client, club, transfer, "sent")
    client.force_login(club.host)
    assert post(client, club, transfer, "paid") == 302
    assert session(club.table).is_paid(transfer)
    assert post(client, club, transfer, "unpaid") == 302
    assert mark(club, transfer) is None

"""How a player likes to be paid (issue #17, 2): up to three ways on the profile, never
required; a settlement shows the payee's to the club's members, with a Copy button, and to
nobody else."""

from __future__ import annotations

import pytest

from pokerclub.forms import ProfileForm
from tables.money.settlement import session
from tests.tables.history_helpers import URLS, played_club

pytestmark = [pytest.mark.django_db, pytest.mark.urls(URLS)]

club = played_club(hands=20, seed=5, muck=False)

IBAN = "DE89 3704 0044 0532 0130 00"


def owed(club):  # type: ignore[no-untyped-def]
    """A transfer of the session to a player, and that player."""
    result = session(club.table)
    by_key = {line.key: line.user_id for line in result.lines}
    transfer = next(t for t in result.transfers if by_key.get(t.payee))
    payee = next(p for p in club.players if p.pk == by_key[transfer.payee])
    payer = next(p for p in club.players if p.pk == by_key.get(transfer.payer))
    return transfer, payee, payer


def test_a_player_saves_up_to_three_ways_to_be_paid_and_none_is_required(club, client):
    ann = club.players[0]
    client.force_login(ann)
    data = {"display_name": "Ann", "pay_label_1": " Bank  transfer ", "pay_details_1": IBAN,
            "pay_label_2": "Venmo", "pay_details_2": "@ann-p"}  # fmt: skip
    assert client.post("/accounts/profile/", data).status_code == 302
    ann.refresh_from_db()
    assert ann.payment_methods == [
        {"label": "Bank transfer", "details": IBAN},
        {"label": "Venmo", "details": "@ann-p"},
    ]
    assert client.post("/accounts/profile/", {"display_name": "Ann"}).status_code == 302
    ann.refresh_from_db()
    assert ann.payment_methods == []  # removed again: never required


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"pay_label_1": "Bank"}, "pay_details_1"),
        ({"pay_details_2": IBAN}, "pay_label_2"),
        ({"pay_label_1": "Bank", "pay_details_1": "IBAN\x00 1"}, "pay_details_1"),
        ({"pay_label_3": "x" * 41, "pay_details_3": "y"}, "pay_label_3"),
    ],
)
def test_half_or_unprintable_payment_details_are_refused_and_nothing_changes(club, data, field):
    ann = club.players[0]
    form = ProfileForm({"display_name": "Ann", **data}, instance=ann)
    assert not form.is_valid() and field in form.errors
    ann.refresh_from_db()
    assert ann.payment_methods == []


def test_a_members_settlement_shows_the_payees_details_with_copy_and_an_outsider_sees_nothing(
    club, client
):
    transfer, payee, payer = owed(club)
    payee.payment_methods = [{"label": "Bank transfer", "details": IBAN}]
    payee.save()
    url = f"/clubs/{club.club.slug}/history/sessions/{club.table.pk}/"
    client.force_login(payer)
    page = client.get(url).content.decode()
    assert IBAN in page and f"How {payee} likes to be paid" in page
    assert f"Copy {payee}'s Bank transfer details" in page
    client.force_login(club.member)  # any member of the club sees the settlement
    assert IBAN in client.get(url).content.decode()
    client.force_login(club.outsider)
    assert client.get(url).status_code == 404
    for path in ("", "history/", "history/stats/", "history/sessions/"):  # nowhere else
        client.force_login(payer)
        assert IBAN not in client.get(f"/clubs/{club.club.slug}/{path}").content.decode()
    client.force_login(club.host)  # once paid, that transfer offers the details no more
    before = client.get(url).content.decode().count(IBAN)  # shown and in the Copy field
    client.post(url + "paid/", {"payer": transfer.payer, "payee": transfer.payee,
                                "amount": transfer.amount})  # fmt: skip
    assert client.get(url).content.decode().count(IBAN) == before - 2

"""Sessions, settlement and the ledger CSV: the nets and the rake sum to zero after random
play (DESIGN invariant 2); the fewest transfers settle a session, shown in the club's
currency format; hosts mark transfers as paid; members download the ledger."""

from __future__ import annotations

import csv
import io
import random
from itertools import combinations

import pytest

from tables.money.fewest_transfers import Transfer, fewest_transfers
from tables.money.models import LedgerEntry, TransferPaid
from tables.money.settlement import HOUSE, session
from tables.play import actions as services
from tables.play.models import Seat
from tests.tables.history_helpers import URLS, played_club

pytestmark = [pytest.mark.django_db, pytest.mark.urls(URLS)]

club = played_club(
    hands=25, seed=3, muck=False, rake_percent="5", rake_cap=10, run_it_twice_allowed=True
)


def test_nets_and_rake_sum_to_zero_after_random_play_with_rake_and_departures(club):
    result = session(club.table)
    assert any(line.key == HOUSE and line.net > 0 for line in result.lines)
    assert result.total_net == 0
    # two players leave (cash out); the session still balances
    for player in club.players[:2]:
        services.leave(player, club.table.pk)
    services.start_hand_if_ready(club.table.pk)
    assert LedgerEntry.objects.filter(table=club.table, kind="cash_out").exists()
    after = session(club.table)
    assert after.total_net == 0
    assert {line.net for line in after.lines} == {line.net for line in result.lines}


def test_settlement_transfers_settle_every_net(club):
    result = session(club.table)
    balance = {line.key: line.net for line in result.lines}
    for t in result.transfers:
        assert t.amount > 0
        balance[t.payer] += t.amount
        balance[t.payee] -= t.amount
    assert set(balance.values()) == {0}
    assert len(result.transfers) <= len([v for v in balance if v]) + len(result.lines) - 1


def minimum_transfers(nets):
    """Brute force: parties minus the largest number of zero-sum groups they split into."""
    items = [v for v in nets.values() if v]

    def best(rest):
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        top = 0
        for size in range(len(others) + 1):
            for group in combinations(range(len(others)), size):
                if first + sum(others[i] for i in group) == 0:
                    left = [others[i] for i in range(len(others)) if i not in group]
                    top = max(top, 1 + best(left))
        return top

    return len(items) - best(items)


def test_fewest_transfers_is_the_least_number_of_payments():
    assert fewest_transfers({"alice": 40, "bob": -40}) == [Transfer("bob", "alice", 40)]
    # three separate debts settle in three payments, not more
    nets = {"a": 7, "b": 3, "c": -3, "d": -7, "e": 5, "f": -5}
    assert len(fewest_transfers(nets)) == 3
    rng = random.Random(1)
    for _ in range(150):
        n = rng.randint(2, 7)
        values = [rng.choice([-30, -20, -10, -5, 5, 10, 20, 30, 15]) for _ in range(n - 1)]
        values.append(-sum(values))
        nets = {f"p{i}": v for i, v in enumerate(values)}
        transfers = fewest_transfers(nets)
        assert len(transfers) == minimum_transfers(nets)
        balance = dict(nets)
        for t in transfers:
            balance[t.payer] += t.amount
            balance[t.payee] -= t.amount
        assert set(balance.values()) <= {0}


def test_opposite_nets_pair_off_so_thirty_parties_settle_in_the_fewest_payments():
    """Past the dynamic programme's 16 parties: eight pairs who owe each other exactly, and
    fourteen others in four groups that settle among themselves (3, 3, 4 and 4 of them).
    The least is 8 + (14 - 4) = 18 payments; greedily it would be 29."""
    rng = random.Random(7)
    nets: dict[str, int] = {}
    for i in range(8):
        amount = rng.randint(1, 10**6)
        nets[f"pair{i}a"], nets[f"pair{i}b"] = amount, -amount
    for g, size in enumerate((3, 3, 4, 4)):
        values = [rng.randint(10**8, 10**9) * rng.choice((1, -1)) for _ in range(size - 1)]
        values.append(-sum(values))
        nets.update({f"g{g}m{i}": v for i, v in enumerate(values)})
    assert len(nets) == 30
    transfers = fewest_transfers(nets)
    assert len(transfers) == 18
    balance = dict(nets)
    for t in transfers:
        balance[t.payer] += t.amount
        balance[t.payee] -= t.amount
    assert set(balance.values()) == {0}
    for i in range(8):  # each pair settles between its two
        assert Transfer(f"pair{i}b", f"pair{i}a", nets[f"pair{i}a"]) in transfers


def test_fewest_transfers_refuses_nets_that_do_not_balance():
    with pytest.raises(ValueError):
        fewest_transfers({"a": 5, "b": -4})


def test_session_page_says_who_pays_whom_in_the_clubs_currency_and_hosts_mark_paid(club, client):
    club.club.amount_format = "currency"
    club.club.currency_symbol = "€"
    club.club.decimal_places = 2
    club.club.save()
    result = session(club.table)
    t = result.transfers[0]
    names = result.names()
    url = f"/clubs/{club.club.slug}/history/sessions/{club.table.pk}/"
    client.force_login(club.member)
    page = client.get(url).content.decode()
    expected = f"{names[t.payer]} pays {names[t.payee]} {club.club.format_amount(t.amount)}"
    assert expected in page and "€" in page
    form = {"payer": t.payer, "payee": t.payee, "amount": t.amount}
    assert client.post(url + "paid/", form).status_code == 403
    assert not TransferPaid.objects.exists()
    client.force_login(club.host)
    assert client.post(url + "paid/", form).status_code == 302
    assert session(club.table).is_paid(t)
    assert "· paid" in client.get(url).content.decode()
    client.post(url + "paid/", {**form, "paid": "0"})
    assert not session(club.table).is_paid(t)


def test_ledger_csv_lists_every_ledger_row(club, client):
    client.force_login(club.players[3])
    response = client.get(f"/clubs/{club.club.slug}/history/sessions/{club.table.pk}/ledger.csv")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(b"".join(response.streaming_content).decode())))
    assert len(rows) == LedgerEntry.objects.filter(table=club.table).count()
    assert sum(int(r["amount_units"]) for r in rows if r["kind"] in ("buy_in", "top_up")) == sum(
        LedgerEntry.objects.filter(table=club.table, kind__in=["buy_in", "top_up"]).values_list(
            "amount", flat=True
        )
    )
    assert {r["kind"] for r in rows} >= {"buy_in", "rake"}


def test_sessions_page_lists_the_table(club, client):
    client.force_login(club.member)
    page = client.get(f"/clubs/{club.club.slug}/history/sessions/").content.decode()
    assert club.table.name in page
    assert Seat.objects.filter(table=club.table).exists()

"""The fewest transfers for up to 30 parties (issue #17): the exact search
(``tables.money.partition``), the plans pages keep (``tables.money.plans``) and the
clock's worker that finishes what a page could not in its allowance."""

from __future__ import annotations

import random

import pytest

from tables import clock
from tables.money import plans
from tables.money.actions.sessions import record_nets
from tables.money.fewest_transfers import (
    SEARCH_UP_TO,
    Transfer,
    _zero_sum_groups,
    fewest_transfers,
    pair_opposites,
    plan,
    plan_from_split,
)
from tables.money.models import LedgerEntry, SettlementPlan, TransferPaid
from tables.money.partition import zero_sum_split
from tables.money.settlement import session
from tables.play.models import Table
from tests.conftest import eventually
from tests.tables.conftest import table_settings
from tests.tables.history_helpers import URLS


@pytest.fixture(autouse=True)
def no_search_left_behind():
    """A test that starts the worker's child process does not leave it to the next."""
    yield
    plans.stop_searches()


def settles(nets: dict[str, int], transfers: list[Transfer]) -> bool:
    balance = dict(nets)
    for t in transfers:
        assert t.amount > 0
        balance[t.payer] += t.amount
        balance[t.payee] -= t.amount
    return set(balance.values()) <= {0}


def six_groups_of_five() -> dict[str, int]:
    """30 parties whose only zero-sum groups are six groups of five and their unions: each
    of 24 creditors is owed its own power of two, each group's debtor owes the sum of its
    group's four, so a set of parties sums to zero only if, bit by bit, it takes whole
    groups. The fewest transfers are 30 - 6 = 24; the groups' bits are interleaved, so
    largest debt to largest credit crosses groups and takes more."""
    bits = random.Random(6).sample(range(24), 24)
    nets = {}
    for g in range(6):
        mine = bits[4 * g : 4 * g + 4]
        for k, bit in enumerate(mine):
            nets[f"g{g}c{k}"] = 1 << bit
        nets[f"g{g}d"] = -sum(1 << bit for bit in mine)
    return nets


def test_the_search_finds_as_many_zero_sum_groups_as_the_subset_programme():
    """Against the dynamic programme over subsets (exact, itself checked against brute force
    in money/test_settlement), on small nets with many equal values and on spread ones."""
    rng = random.Random(17)
    for _ in range(1500):
        n = rng.randint(2, 13)
        scale = rng.choice([2, 3, 6, 25, 400, 10**6])
        values = [rng.randint(-scale, scale) or scale for _ in range(n - 1)]
        values.append(-sum(values))
        if 0 in values:
            continue
        split = zero_sum_split(values)
        assert split is not None
        assert sorted(i for group in split for i in group) == list(range(n))
        assert all(sum(values[i] for i in group) == 0 for group in split)
        best = _zero_sum_groups([(f"p{i:02}", v) for i, v in enumerate(values)])
        assert len(split) == len(best), values


def test_thirty_parties_settle_in_the_fewest_payments_where_largest_first_takes_more():
    nets = six_groups_of_five()
    assert len(nets) == SEARCH_UP_TO
    found = plan(nets)
    assert found.fewest and len(found.transfers) == 24
    assert settles(nets, found.transfers)
    largest_first = plan(nets, seconds=0)
    assert not largest_first.fewest and len(largest_first.transfers) > 24
    assert settles(nets, largest_first.transfers)


def test_thirty_parties_in_ten_threes_settle_in_twenty_payments():
    """Without opposite nets every group has three parties at least, so ten groups of three
    are the most: 20 payments."""
    rng = random.Random(30)
    nets: dict[str, int] = {}
    while len(nets) < 30:
        a, b = rng.randint(1, 10**6), rng.randint(1, 10**6)
        trio = {f"t{len(nets)}a": a, f"t{len(nets)}b": b, f"t{len(nets)}c": -a - b}
        if not any(-v in nets.values() or v in nets.values() for v in trio.values()):
            nets.update(trio)
    transfers = fewest_transfers(nets)
    assert len(transfers) == 20 and settles(nets, transfers)


def test_many_equal_nets_are_searched_as_one_value_with_a_count():
    """Fifteen players up 2 and ten down 3 (the 6,000,000 orders of equal players are one
    choice): five groups of three winners and two losers, 20 payments, within a minute on a
    busy machine (it takes milliseconds)."""
    values = [2] * 15 + [-3] * 10
    split = zero_sum_split(values, seconds=60)
    assert split is not None and len(split) == 5
    nets = {f"w{i:02}": v for i, v in enumerate(values)}
    assert len(fewest_transfers(nets)) == 20


def test_a_search_out_of_time_gives_largest_first_transfers_that_still_settle():
    rng = random.Random(4)
    values = [rng.randint(-1000, 1000) or 7 for _ in range(29)]
    values.append(-sum(values))
    nets = {f"p{i:02}": v for i, v in enumerate(values)}
    assert zero_sum_split(values, seconds=1e-9) is None
    found = plan(nets, seconds=1e-9)
    assert not found.fewest and settles(nets, found.transfers)


def test_up_to_sixteen_parties_the_subset_programme_decides_when_the_search_is_not_done():
    """Four groups of three and no opposite nets: four groups at most, 8 payments."""
    nets = {f"p{i:02}": v for i, v in enumerate([7, 5, -12, 9, 4, -13, 6, 2, -8, 10, 1, -11])}
    pairs, rest = pair_opposites(nets)
    by_programme = plan_from_split(pairs, rest, None)  # the search ran out of its time
    assert by_programme.fewest and by_programme == plan(nets)
    assert len(by_programme.transfers) == 12 - 4 and settles(nets, by_programme.transfers)


def test_bad_nets_are_refused():
    with pytest.raises(ValueError):
        zero_sum_split([3, -2])
    with pytest.raises(ValueError):
        zero_sum_split([0, 1, -1])


# --- kept plans, the page and the worker (PostgreSQL) ----------------------------------------


def big_session(club_with_roles, make_user, nets: dict[str, int]) -> tuple[Table, dict]:
    """A closed session of one member per net (each bought in a billion, cashed out the
    billion and their net)."""
    from pokerclub.models import Membership

    club, host = club_with_roles["club"], club_with_roles["host"]
    from tables.play import actions as services

    table = services.create_table(host, club, table_settings(name="Big night"))
    users = {}
    for name, net in nets.items():
        user = make_user(name)
        Membership.objects.create(club=club, user=user)
        LedgerEntry.objects.create(table=table, user=user, kind="buy_in", amount=10**9)
        LedgerEntry.objects.create(table=table, user=user, kind="cash_out", amount=10**9 + net)
        users[name] = user
    Table.objects.filter(pk=table.pk).update(status=Table.Status.CLOSED)
    table.refresh_from_db()
    record_nets(table)
    return table, users


@pytest.mark.django_db
def test_a_page_keeps_the_plan_it_found_and_reads_it_back_in_one_query(
    club_with_roles, make_user, django_assert_num_queries
):
    nets = six_groups_of_five()
    first = plans.settle(nets)
    assert first.fewest and not first.searching and len(first.transfers) == 24
    row = SettlementPlan.objects.get()
    assert row.status == SettlementPlan.Status.FEWEST and row.key == plans.digest(nets)
    with django_assert_num_queries(1):
        again = plans.settle(nets)
    assert again == first


@pytest.mark.django_db(transaction=True)
@pytest.mark.urls(URLS)
def test_what_a_page_cannot_finish_the_clocks_worker_does_and_marks_wait_for_it(
    club_with_roles, make_user, client, monkeypatch
):
    monkeypatch.setattr(plans, "PAGE_SECONDS", 1e-9)  # a page that has no time to search
    nets = six_groups_of_five()
    table, users = big_session(club_with_roles, make_user, nets)
    meanwhile = session(table)
    assert meanwhile.searching and not meanwhile.fewest
    assert len(meanwhile.transfers) > 24 and settles(
        {f"user:{users[k].pk}": v for k, v in nets.items()}, meanwhile.transfers
    )
    url = f"/clubs/{table.club.slug}/history/sessions/{table.pk}/"
    client.force_login(club_with_roles["host"])
    page = client.get(url).content.decode()
    assert 'id="plan-note"' in page and "Mark paid" not in page
    book_url = f"/clubs/{table.club.slug}/history/money/"
    assert 'id="plan-note"' in client.get(book_url).content.decode()  # the same nets
    t = meanwhile.transfers[0]
    client.post(url + "paid/", {"payer": t.payer, "payee": t.payee, "amount": t.amount})
    assert not TransferPaid.objects.exists()  # refused: the transfers may still change

    def searched() -> bool:  # the worker is a real process of its own
        clock.search_settlements(every=0)
        plans.wait_for_searches(1.0)
        return SettlementPlan.objects.get().status != SettlementPlan.Status.SEARCHING

    eventually(searched, what="the settlement worker's answer")
    row = SettlementPlan.objects.get()
    assert row.status == SettlementPlan.Status.FEWEST and row.seconds is not None
    final = session(table)
    assert final.fewest and not final.searching and len(final.transfers) == 24
    page = client.get(url).content.decode()
    assert 'id="plan-note"' not in page and "Mark paid" in page
    assert 'id="plan-note"' not in client.get(book_url).content.decode()
    t = final.transfers[0]
    client.post(url + "paid/", {"payer": t.payer, "payee": t.payee, "amount": t.amount})
    assert session(table).is_paid(t)


@pytest.mark.django_db
def test_two_clocks_never_search_the_same_nets_at_once(monkeypatch):
    monkeypatch.setattr(plans, "PAGE_SECONDS", 1e-9)
    plans.settle(six_groups_of_five())
    row = SettlementPlan.objects.get()
    from django.utils import timezone

    SettlementPlan.objects.filter(pk=row.pk).update(claimed_at=timezone.now())  # another clock
    plans.search_due()
    assert row.pk not in plans.running()  # left to the clock that claimed it


@pytest.mark.django_db
def test_a_search_whose_clock_went_away_is_taken_up_after_its_allowance(monkeypatch):
    from datetime import timedelta

    from django.utils import timezone

    monkeypatch.setattr(plans, "PAGE_SECONDS", 1e-9)
    plans.settle(six_groups_of_five())
    row = SettlementPlan.objects.get()
    long_ago = timezone.now() - timedelta(seconds=plans.WORKER_SECONDS + 61)
    SettlementPlan.objects.filter(pk=row.pk).update(claimed_at=long_ago)
    plans.search_due()
    assert plans.running() == [row.pk]
    row.refresh_from_db()
    assert row.claimed_at > long_ago


def test_beyond_thirty_parties_the_transfers_are_largest_first_without_a_search(monkeypatch):
    def no_search(*args, **kwargs):
        raise AssertionError("searched beyond SEARCH_UP_TO parties")

    monkeypatch.setattr("tables.money.fewest_transfers.zero_sum_split", no_search)
    rng = random.Random(31)
    values = [rng.randint(1, 10**6) * (1 if i % 2 else -1) for i in range(39)]
    values.append(-sum(values))
    nets = {f"p{i:02}": v for i, v in enumerate(values)}
    found = plan(nets)
    assert not found.fewest and settles(nets, found.transfers)
    assert len(found.transfers) <= len(nets) - 1


@pytest.mark.django_db
def test_a_session_marked_before_its_plan_was_kept_keeps_the_transfers_it_was_marked_on(
    club_with_roles, make_user
):
    """A session settled largest-first before the search existed, one transfer marked:
    its plan stays largest-first (and says it is not proven the fewest), so the mark stays
    on the transfer it was made on."""
    nets = six_groups_of_five()
    table, users = big_session(club_with_roles, make_user, nets)
    keyed = {f"user:{users[k].pk}": v for k, v in nets.items()}
    before = plan(keyed, seconds=0).transfers  # what the page showed then
    TransferPaid.objects.create(
        table=table, payer=before[0].payer, payee=before[0].payee, amount=before[0].amount
    )
    now = session(table)
    assert now.transfers == before and not now.fewest and not now.searching
    assert now.is_paid(before[0])
    assert SettlementPlan.objects.get().status == SettlementPlan.Status.STOPPED

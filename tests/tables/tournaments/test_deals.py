"""Deals among the players left (tables/tournaments/actions/deals.py; docs/rules.md R29.3):
proposed by a player left, offered once no table is in a hand, ended by everyone's
agreement with places by chips and the agreed prizes, declined by anyone of them or a host;
every refusal changes nothing."""

from __future__ import annotations

import itertools
import random
from datetime import timedelta

import pytest
from django.utils import timezone

from pokerclub.models import Membership
from tables.money.models import SessionNet
from tables.play.actions.hand import running_state
from tables.play.models import Seat, Table
from tables.tournaments import actions as tournaments
from tables.tournaments.actions import deals
from tables.tournaments.error_codes import TournamentError
from tables.tournaments.models import Tournament
from tests.tables.tournament_helpers import play_step, settings_for

pytestmark = pytest.mark.django_db

PAYOUT = (5000, 3000, 2000)
"""50/30/20: three entries of 2,000 make a pool of 6,000, paid 3,000/1,800/1,200."""


@pytest.fixture(autouse=True)
def _instant_runouts(settings):
    settings.RUNOUT_STEP_MS = 0


@pytest.fixture
def three(club_with_roles, make_user):
    """A running three-handed tournament (Ann, Ben, Cat) and a member who is not in it."""
    club, host = club_with_roles["club"], club_with_roles["host"]
    people = [make_user(name) for name in ("Ann", "Ben", "Cat", "Dan")]
    Membership.objects.bulk_create(Membership(club=club, user=p) for p in people)
    t0 = timezone.now()
    tournament = tournaments.create_tournament(
        host, club, settings_for(start_players=3, payout=PAYOUT)
    )
    for person in people[:3]:
        tournaments.register(person, tournament.pk, now=t0)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    table = Table.objects.get(tournament=tournament)
    return {"club": club, "host": host, "players": people[:3], "outsider": people[3],
            "tournament": tournament, "table": table, "t0": t0}  # fmt: skip


def set_stacks(table: Table, players, stacks) -> None:
    for person, stack in zip(players, stacks, strict=True):
        Seat.objects.filter(table=table, user=person).update(stack=stack)


def brute_force_icm(stacks, prizes):
    """Malmuth-Harville by listing every finishing order (independent of the engine's
    subset recursion)."""
    out = [0.0] * len(stacks)
    for order in itertools.permutations(range(len(stacks))):
        p, left = 1.0, sum(stacks)
        for i in order:
            p *= stacks[i] / left
            left -= stacks[i]
        for place, i in enumerate(order):
            out[i] += p * (prizes[place] if place < len(prizes) else 0)
    return out


def test_an_icm_deal_agreed_by_everyone_left_ends_the_tournament_with_those_prizes(three):
    """R29.1, R29.3: the offer is each player's ICM equity in whole units (within a unit
    of the exact value, summing to the prizes left); it ends the tournament only when the
    last player agrees: places by chips, the agreed prizes, the money in the club's book."""
    tournament, table, t0 = three["tournament"], three["table"], three["t0"]
    ann, ben, cat = three["players"]
    set_stacks(table, (ann, ben, cat), (1600, 900, 500))
    deals.propose(ben, tournament.pk, "icm", now=t0 + timedelta(seconds=1))
    tournament.refresh_from_db()
    deal = tournament.deal
    assert deal["state"] == "offered" and tournament.paused_at is not None  # no hand running
    got = {p["user"]: p["amount"] for p in deal["players"]}
    exact = brute_force_icm([1600, 900, 500], [3000, 1800, 1200])
    for person, value in zip((ann, ben, cat), exact, strict=True):
        assert abs(got[person.pk] - value) < 1
    assert sum(got.values()) == 6000
    assert not deals.agree(ann, tournament.pk, deal["number"])
    assert not deals.agree(cat, tournament.pk, deal["number"])
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING  # Ben has not agreed yet
    assert deals.agree(ben, tournament.pk, deal["number"])
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED and tournament.paused_at is None
    entries = {e.user_id: e for e in tournament.entries.all()}
    assert [(entries[p.pk].place, entries[p.pk].prize) for p in (ann, ben, cat)] == [
        (1, got[ann.pk]), (2, got[ben.pk]), (3, got[cat.pk])
    ]  # fmt: skip
    assert entries[ann.pk].status == "won"
    table.refresh_from_db()
    assert table.status == Table.Status.CLOSED
    nets = dict(SessionNet.objects.filter(tournament=tournament).values_list("user_id", "net"))
    assert nets == {ann.pk: got[ann.pk] - 2200, ben.pk: got[ben.pk] - 2200,
                    cat.pk: got[cat.pk] - 2200, None: 600}  # fmt: skip
    assert sum(nets.values()) == 0


def test_a_chip_chop_shares_the_prizes_left_as_the_rule_book_works_it(three):
    """R29.2: everyone is sure of the lowest prize left (1,200); the other 2,400 go by
    chips: 1,280, 720 and 400. Equal stacks would share a place; here they differ."""
    tournament, table, t0 = three["tournament"], three["table"], three["t0"]
    ann, ben, cat = three["players"]
    set_stacks(table, (ann, ben, cat), (1600, 900, 500))
    deals.propose(cat, tournament.pk, "chop", now=t0 + timedelta(seconds=1))
    tournament.refresh_from_db()
    number = tournament.deal["number"]
    for person in (ann, ben, cat):
        deals.agree(person, tournament.pk, number)
    prizes = dict(tournament.entries.values_list("user_id", "prize"))
    assert prizes == {ann.pk: 2480, ben.pk: 1920, cat.pk: 1600}


def test_a_deal_waits_for_the_hand_in_play_and_a_decline_lets_play_go_on(three):
    """R29.3: proposed during a hand, the offer waits until the hand is over and the table
    deals no more; a player's decline restarts the clock and the table, and a new deal
    may be proposed afterwards."""
    tournament, table, t0 = three["tournament"], three["table"], three["t0"]
    ann, ben, _ = three["players"]
    assert tournaments.table_due(table.pk, table.version, t0 + timedelta(seconds=5))
    table.refresh_from_db()
    assert running_state(table) is not None
    deals.propose(ann, tournament.pk, "icm", now=t0 + timedelta(seconds=6))
    tournament.refresh_from_db()
    assert (tournament.deal["state"], tournament.deal["players"]) == ("waiting", [])
    rng = random.Random(5)
    while running_state(table) is not None:  # calls, checks and folds: nobody busts
        play_step(table, rng, shove=0.0)
        table.refresh_from_db()
    later = timezone.now() + timedelta(seconds=60)
    assert tournaments.table_due(table.pk, table.version, later)
    tournament.refresh_from_db()
    table.refresh_from_db()
    assert tournament.deal["state"] == "offered"
    assert {p["user"] for p in tournament.deal["players"]} == {p.pk for p in three["players"]}
    assert sum(p["chips"] for p in tournament.deal["players"]) == 3000
    assert running_state(table) is None and table.next_hand_at is None  # stopped
    deals.decline(ben, tournament.pk, tournament.deal["number"], now=later)
    tournament.refresh_from_db()
    table.refresh_from_db()
    assert tournament.deal["state"] == "declined" and tournament.deal["declined_by"] == ben.pk
    assert tournament.paused_at is None and table.next_hand_at is not None
    deals.propose(ben, tournament.pk, "chop", now=later)
    tournament.refresh_from_db()
    assert (tournament.deal["number"], tournament.deal["state"]) == (2, "offered")


def _unchanged(tournament: Tournament, call, code: str) -> None:
    before = Tournament.objects.values("deal", "version", "paused_at", "status").get(
        pk=tournament.pk
    )
    with pytest.raises(TournamentError) as refused:
        call()
    assert refused.value.code == code, refused.value.message
    after = Tournament.objects.values("deal", "version", "paused_at", "status").get(
        pk=tournament.pk
    )
    assert after == before


def test_a_deal_refused_changes_nothing(three, club_with_roles):
    """Only a player left proposes; by a known method; once; only the offer's players
    agree, to the offer's number; only they or a host decline; a host cannot resume over
    an open deal; a tournament that allows no deals, or whose rebuys are open, has none."""
    tournament, t0 = three["tournament"], three["t0"]
    ann, ben, cat = three["players"]
    host, outsider = three["host"], three["outsider"]
    now = t0 + timedelta(seconds=1)
    _unchanged(tournament, lambda: deals.propose(host, tournament.pk, "icm", now), "not_allowed")
    _unchanged(
        tournament, lambda: deals.propose(outsider, tournament.pk, "icm", now), "not_allowed"
    )
    _unchanged(tournament, lambda: deals.propose(ann, tournament.pk, "split", now), "bad_field")
    deals.propose(ann, tournament.pk, "icm", now)
    tournament.refresh_from_db()
    number = tournament.deal["number"]
    _unchanged(tournament, lambda: deals.propose(ben, tournament.pk, "chop", now), "not_allowed")
    _unchanged(tournament, lambda: deals.agree(ben, tournament.pk, number + 1), "stale_version")
    _unchanged(tournament, lambda: deals.agree(ben, tournament.pk, "1"), "stale_version")
    _unchanged(tournament, lambda: deals.agree(outsider, tournament.pk, number), "not_allowed")
    _unchanged(tournament, lambda: deals.agree(host, tournament.pk, number), "not_allowed")
    _unchanged(tournament, lambda: deals.decline(outsider, tournament.pk, number), "not_allowed")
    _unchanged(tournament, lambda: tournaments.resume(host, tournament.pk), "not_allowed")
    deals.agree(cat, tournament.pk, number)
    deals.decline(host, tournament.pk, number)  # a host may call a deal off
    tournament.refresh_from_db()
    assert tournament.deal["state"] == "declined" and tournament.status == "running"
    _unchanged(tournament, lambda: deals.agree(cat, tournament.pk, number), "not_allowed")

    club = club_with_roles["club"]
    for overrides, words in (
        ({"deals_allowed": False}, "does not allow deals"),
        ({"rebuy_until_level": 3}, "rebuys are over"),
    ):
        other = tournaments.create_tournament(
            host, club, settings_for(start_players=2, **overrides)
        )
        tournaments.register(ann, other.pk, now=t0)
        tournaments.register(ben, other.pk, now=t0)
        other.refresh_from_db()
        with pytest.raises(TournamentError, match=words):
            deals.propose(ann, other.pk, "icm", now)
        _unchanged(
            other, lambda other=other: deals.propose(ann, other.pk, "icm", now), "not_allowed"
        )


def test_the_lobby_shows_the_offer_and_takes_the_answers(three, client):
    """The lobby of a player left: the proposal buttons, then the offer with the amounts
    in the club's money and an Agree button that names the offer; the last agreement
    shows the results and how the tournament ended."""
    tournament, table, club = three["tournament"], three["table"], three["club"]
    ann, ben, cat = three["players"]
    set_stacks(table, (ann, ben, cat), (1600, 900, 500))
    url = f"/clubs/{club.slug}/tournaments/{tournament.pk}/"
    client.force_login(ann)
    page = client.get(url).content.decode()
    assert 'value="deal_icm"' in page and 'value="deal_chop"' in page
    response = client.post(url + "do/", {"op": "deal_chop"})
    assert response.status_code == 302
    page = client.get(url + "?part=lobby").content.decode()
    assert 'id="deal-offer"' in page and "2,480" in page and 'value="deal_agree"' in page
    tournament.refresh_from_db()
    number = tournament.deal["number"]
    client.post(url + "do/", {"op": "deal_agree", "deal": str(number)})
    tournament.refresh_from_db()
    assert [p["agreed"] for p in tournament.deal["players"]] == [True, False, False]
    deals.agree(ben, tournament.pk, number)
    deals.agree(cat, tournament.pk, number)
    page = client.get(url).content.decode()
    assert "Ended by a chip chop among the last 3" in page
    assert 'id="lobby-results"' in page and "2,480" in page
    client.force_login(three["outsider"])  # a member who is not in it sees no buttons
    assert 'value="deal_agree"' not in client.get(url).content.decode()

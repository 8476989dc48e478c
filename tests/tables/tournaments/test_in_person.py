"""A tournament at a real table (tables/tournaments/actions/in_person.py): the seat draw at
the start, the clock moved on, back or made longer by the host, busts written down one at
a time to one winner, rebuys and the add-on, and the result in the club's money book
(R24-R27). Who may do it, and a second tap on a stale page, are refused and change nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from pokerclub.models import Membership
from tables.money import balances
from tables.money.models import SessionNet
from tables.play.models import Table
from tables.tournaments import actions as tournaments
from tables.tournaments.actions import in_person
from tables.tournaments.error_codes import TournamentError
from tables.tournaments.models import Tournament, TournamentEntry
from tests.tables.tournament_helpers import settings_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(club_with_roles, make_user):
    club, host = club_with_roles["club"], club_with_roles["host"]
    people = [make_user(f"R{i}") for i in range(5)]
    Membership.objects.bulk_create(Membership(club=club, user=p) for p in people)
    tournament = tournaments.create_tournament(
        host, club,
        settings_for(start_players=5, in_person=True, payout=(6000, 4000), rebuy_until_level=1,
                     rebuy_limit=1),
    )  # fmt: skip
    start = timezone.now()
    for person in people:
        tournaments.register(person, tournament.pk, now=start)
    tournament.refresh_from_db()
    return {"club": club, "host": host, "people": people, "t": tournament, "start": start}


def fresh(tournament: Tournament) -> Tournament:
    return Tournament.objects.get(pk=tournament.pk)


def test_it_starts_with_a_seat_draw_and_no_online_table(night):
    t = night["t"]
    assert t.status == "running" and t.in_person
    assert not Table.objects.filter(tournament=t).exists()
    seats = {(d["table"], d["seat"]) for d in t.seat_draw}
    assert len(seats) == 5 and {d["user"] for d in t.seat_draw} == {p.pk for p in night["people"]}
    assert all(1 <= seat <= t.seats_per_table for _, seat in seats)


def test_the_host_moves_the_clock_on_back_and_longer_and_it_reads_from_stored_times(night):
    """R24.4: the next level starts with all its time; back from a level's middle goes to
    its own start; a new level at the end doubles the last; a pause is kept."""
    t, host, start = night["t"], night["host"], night["start"]
    now = start + timedelta(seconds=20)
    assert in_person.change_level(host, t.pk, 1, now=now) == 2
    reading = tournaments.reading(fresh(t), now)
    assert (reading.level, reading.on_break, reading.remaining) == (2, False, 60)
    later = now + timedelta(seconds=30)
    assert in_person.change_level(host, t.pk, -1, now=later) == 2  # its own start first
    assert tournaments.reading(fresh(t), later).remaining == 60
    assert in_person.change_level(host, t.pk, -1, now=later) == 1
    assert tournaments.reading(fresh(t), later).level == 1
    tournaments.pause(host, t.pk, now=later)
    in_person.change_level(host, t.pk, 1, now=later)
    paused = fresh(t)
    for moment in (later, later + timedelta(minutes=5)):  # paused: the clock stands still
        assert tournaments.reading(paused, moment).level == 2
        assert tournaments.reading(paused, moment).remaining == 60
    levels = len(paused.levels)
    assert in_person.add_level(host, t.pk) == levels + 1
    last, added = fresh(t).levels[-2:]
    assert added["big_blind"] == 2 * last["big_blind"] and added["minutes"] == last["minutes"]


def test_busts_one_at_a_time_place_everyone_and_pay_the_book(night):
    """R27.1, R26.3: out in order, 5th to 2nd; the last one standing wins; the prizes are
    the pool; each net in the money book is prize minus what was paid, the fees the house's."""
    t, host, people = night["t"], night["host"], night["people"]
    now = night["start"] + timedelta(minutes=2)  # past the rebuys (level 1)
    for person in people[:4]:
        in_person.bust(host, t.pk, person.pk, now=now)
    t = fresh(t)
    assert t.status == "finished"
    places = dict(TournamentEntry.objects.filter(tournament=t).values_list("user_id", "place"))
    assert [places[p.pk] for p in people] == [5, 4, 3, 2, 1]
    entries = list(t.entries.all())
    pool = sum(e.paid for e in entries) - t.fee * len(entries)
    prizes = {e.user_id: e.prize for e in entries}
    assert prizes[people[4].pk] == pool * 60 // 100 and prizes[people[3].pk] == pool * 40 // 100
    assert sum(prizes.values()) == pool
    nets = dict(SessionNet.objects.filter(tournament=t, user__isnull=False)
                .values_list("user_id", "net"))  # fmt: skip
    assert nets[people[4].pk] == prizes[people[4].pk] - t.buy_in - t.fee
    assert sum(p.open for p in balances.book(night["club"]).parties) == 0


def test_a_bust_while_rebuys_are_open_may_rebuy_and_plays_on(night):
    """R25.2: out of chips at level 1 with rebuys open: waiting to rebuy; the rebuy puts
    the buy-in in the pool. Once rebuys close, whoever still waits is out."""
    t, host, people = night["t"], night["host"], night["people"]
    now = night["start"] + timedelta(seconds=10)
    in_person.bust(host, t.pk, people[0].pk, now=now)
    in_person.bust(host, t.pk, people[1].pk, now=now)
    statuses = dict(t.entries.values_list("user_id", "status"))
    assert statuses[people[0].pk] == statuses[people[1].pk] == "busted"
    entry = in_person.record_rebuy(host, t.pk, people[0].pk, now=now)
    assert (entry.status, entry.rebuys, entry.paid) == ("playing", 1, 2 * t.buy_in + t.fee)
    later = night["start"] + timedelta(minutes=2)
    in_person.bust(host, t.pk, people[2].pk, now=later)  # rebuys closed: out, and so is R1
    statuses = dict(t.entries.values_list("user_id", "status"))
    assert statuses[people[1].pk] == statuses[people[2].pk] == "out"
    with pytest.raises(TournamentError) as refused:
        in_person.record_rebuy(host, t.pk, people[3].pk, now=later)
    assert refused.value.code == "not_allowed"


def test_who_may_not_and_what_is_stale_is_refused_and_changes_nothing(night, club_with_roles):
    t, host, people = night["t"], night["host"], night["people"]
    before = fresh(t)
    for actor, args, code in (
        (people[0], (people[1].pk,), "not_allowed"),  # a player is not the host
        (club_with_roles["member"], (people[1].pk,), "not_allowed"),
        (host, (999_999,), "not_entered"),
        (host, ("1",), "not_entered"),
    ):
        with pytest.raises(TournamentError) as refused:
            in_person.bust(actor, t.pk, *args)
        assert refused.value.code == code
    with pytest.raises(TournamentError) as refused:
        in_person.bust(host, t.pk, people[1].pk, version=before.version - 1)
    assert refused.value.code == "stale_version"
    with pytest.raises(TournamentError) as refused:
        in_person.change_level(host, t.pk, 2)
    assert refused.value.code == "bad_field"
    after = fresh(t)
    assert (after.version, after.eliminations, after.paused_seconds) == (
        before.version, before.eliminations, before.paused_seconds,
    )  # fmt: skip
    assert not t.entries.exclude(status="playing").exists()


def test_an_online_tournament_is_not_kept_by_hand(club_with_roles, make_user):
    club, host = club_with_roles["club"], club_with_roles["host"]
    people = [make_user(f"O{i}") for i in range(2)]
    Membership.objects.bulk_create(Membership(club=club, user=p) for p in people)
    online = tournaments.create_tournament(host, club, settings_for(start_players=2))
    for person in people:
        tournaments.register(person, online.pk)
    with pytest.raises(TournamentError) as refused:
        in_person.bust(host, online.pk, people[0].pk)
    assert refused.value.code == "not_allowed"


def test_the_host_keeps_it_from_the_lobby_and_the_room_reads_the_clock(night, client):
    """The lobby's buttons post to the action view with the version they showed; the clock
    page and its summary are the club's."""
    t, host, people = night["t"], night["host"], night["people"]
    slug = night["club"].slug
    client.force_login(host)
    lobby = client.get(f"/clubs/{slug}/tournaments/{t.pk}/").content.decode()
    assert 'id="at-the-table"' in lobby and 'id="open-clock"' in lobby
    assert "Propose an ICM deal" not in lobby  # the stacks are on the real table, not here
    answer = client.post(
        f"/clubs/{slug}/tournaments/{t.pk}/do/",
        {"op": "level_next", "version": str(t.version)},
    )
    assert answer.status_code == 302
    assert tournaments.reading(fresh(t), timezone.now()).level == 2
    stale = client.post(
        f"/clubs/{slug}/tournaments/{t.pk}/do/",
        {"op": "bust", "player": str(people[0].pk), "version": str(t.version)},
    )
    assert stale.status_code == 302 and not t.entries.filter(status="out").exists()
    client.force_login(people[0])
    page = client.get(f"/clubs/{slug}/tournaments/{t.pk}/clock/")
    assert page.status_code == 200 and b'id="room-clock"' in page.content
    lobby = client.get(f"/clubs/{slug}/tournaments/{t.pk}/").content.decode()
    assert 'id="my-seat"' in lobby and 'id="at-the-table"' not in lobby
    numbers = client.get(f"/clubs/{slug}/tournaments/{t.pk}/summary.json").json()
    assert numbers["left"] == 5 and numbers["biggest"] is None
    assert numbers["average"] == t.starting_stack


def test_the_lobby_writes_its_chips_as_the_readers_language_does(night, client):
    """10,000 chips in English, 10.000 in Italian: the starting stack, the average and the
    blinds of the structure, grouped like every amount on the site."""
    t = night["t"]
    client.force_login(night["people"][0])
    url = f"/clubs/{night['club'].slug}/tournaments/{t.pk}/"
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "1,000 chips" in english and "average 1,000" in english
    italian = client.get(url, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "1.000 fiches" in italian and "media 1.000" in italian

"""Hand for hand on the bubble and broken tables' seat draws (docs/rules.md R28.1, R28.6;
tables/tournaments/actions/hands.py), played through the services: the tables wait for
each other's hands, the round's busts finish as one hand's (R27.1), and the players of a
broken table draw their seats."""

from __future__ import annotations

import random
import secrets
from datetime import timedelta

import pytest
from django.utils import timezone

from pokerclub.models import Membership
from tables.hands.models import Hand
from tables.money.models import SessionNet
from tables.play.actions.hand import running_state
from tables.play.models import Seat, Table
from tables.tournaments import actions as tournaments
from tables.tournaments.models import Tournament, TournamentEntry
from tests.tables.tournament_helpers import play_step, settings_for

pytestmark = pytest.mark.django_db

TEN_PAID = (2500, 1800, 1300, 1000, 800, 700, 600, 500, 450, 350)
"""Ten places paid (R26.2): the bubble is at eleven players left."""


@pytest.fixture(autouse=True)
def _instant_runouts(settings):
    settings.RUNOUT_STEP_MS = 0


@pytest.fixture
def thirty(club_with_roles, make_user):
    club = club_with_roles["club"]
    people = [make_user(f"H{i:02d}") for i in range(30)]
    Membership.objects.bulk_create(Membership(club=club, user=p) for p in people)
    return people


def open_tables(tournament: Tournament) -> list[Table]:
    return list(Table.objects.filter(tournament=tournament).exclude(status="closed").order_by("pk"))


def seated(table: Table) -> int:
    return Seat.objects.filter(table=table).exclude(user=None).count()


def test_a_table_on_the_bubble_waits_for_the_others_and_the_last_deals_them_all(
    club_with_roles, make_user
):
    """R28.6: six entries and five paid, on two tables of three, are on the bubble from the
    start. The table whose hand ends first deals nothing until the other's hand is over;
    then both deal at once, at the same moment."""
    club, host = club_with_roles["club"], club_with_roles["host"]
    people = [make_user(f"B{i}") for i in range(6)]
    Membership.objects.bulk_create(Membership(club=club, user=p) for p in people)
    tournament = tournaments.create_tournament(
        host, club,
        settings_for(start_players=6, seats_per_table=3, payout=(3000, 2500, 2000, 1500, 1000)),
    )  # fmt: skip
    now = timezone.now()
    for person in people:
        tournaments.register(person, tournament.pk, now=now)
    first, second = open_tables(tournament)
    rng = random.Random(6)
    # the first table's turn deals both first hands: a round starts on every table at once
    assert tournaments.table_due(first.pk, first.version, first.next_hand_at)
    first.refresh_from_db(), second.refresh_from_db()
    assert first.hand_count == second.hand_count == 1
    tournament.refresh_from_db()
    assert tournaments.hand_for_hand(tournament, 2, tournaments.reading(tournament, now))
    # the first table plays its hand to the end; the second's is still going
    while play_step(first, rng, careful=True):
        first.refresh_from_db()
    first.refresh_from_db()
    assert running_state(first) is None and running_state(second) is not None
    due = first.next_hand_at
    assert due is not None
    assert tournaments.table_due(first.pk, first.version, due + timedelta(seconds=1))
    first.refresh_from_db()
    assert first.hand_count == 1 and first.next_hand_at is None  # it waits for the round
    # the second table's hand ends: its turn deals both tables' next hands together
    while play_step(second, rng, careful=True):
        second.refresh_from_db()
    second.refresh_from_db()
    later = second.next_hand_at + timedelta(seconds=1)
    assert tournaments.table_due(second.pk, second.version, later)
    first.refresh_from_db(), second.refresh_from_db()
    assert first.hand_count == second.hand_count == 2
    started = {
        h.table_id: h.started_at
        for h in Hand.objects.filter(number=2, table__tournament=tournament)
    }
    assert started[first.pk] == started[second.pk] == later


def test_a_30_player_tournament_on_four_tables_crosses_the_bubble_hand_for_hand(
    club_with_roles, make_user, monkeypatch
):
    """The issue's simulation: 30 players on four tables of eight, ten places paid. The
    tables break as the field shrinks, their players drawing their seats (R28.1). From
    eleven left (the bubble) the tables play hand for hand (R28.6): no table deals while
    another plays a hand, and they deal together. Everyone shoves on the bubble, so its
    round busts two players or more, and they finish as one hand's busts, by the stacks
    they started them with (R27.1). Every chip is accounted for at every step; the prizes
    are the pool and the money book sums to zero.

    Nearing the bubble (twelve to fourteen left) the players only check or fold, so the
    blinds bust them one at a time; two blind-outs at once at two tables could still jump
    over eleven (no bubble to play), or the bubble's round bust only one player (a short
    stack won a main pot), and then a new tournament is played, at most twelve (with six it
    failed once in a local run of the suite: an attempt takes 5 to 10 s and about half of
    them give such a round, so six in a row fail about once in fifty runs)."""
    draws: list[list[int]] = []

    def counted_draw(items):
        draws.append(list(items))
        return secrets.choice(items)

    monkeypatch.setattr("tables.tournaments.actions.hands.seat_draw", counted_draw)
    club, host = club_with_roles["club"], club_with_roles["host"]
    for attempt in range(12):
        people = [make_user(f"H{attempt}.{i:02d}") for i in range(30)]
        Membership.objects.bulk_create(Membership(club=club, user=p) for p in people)
        tournament = tournaments.create_tournament(
            host, club, settings_for(start_players=30, seats_per_table=8, payout=TEN_PAID)
        )
        synced = _play_to_the_end(tournament, people, random.Random(30 + attempt))
        entries = list(tournament.entries.all())
        left_before, group = bubble_round(entries)
        if left_before == 11 and len(group) >= 2 and synced:
            break
    else:
        pytest.fail("twelve tournaments in a row had no bubble round with two busts")
    assert draws, "broken tables drew their players' seats"
    assert any(e.place <= 10 for e in group)  # the round crossed into the money
    ranked = sorted(group, key=lambda e: e.place)
    for better, worse in zip(ranked, ranked[1:], strict=False):
        assert better.start_stack >= worse.start_stack
        assert (better.place == worse.place) == (better.start_stack == worse.start_stack)
    by_place = sorted(entries, key=lambda e: e.place)
    pool = sum(e.paid for e in entries) - tournament.fee * len(entries)
    assert sum(e.prize for e in entries) == pool
    assert all(e.prize > 0 for e in entries if e.place <= 10)
    assert [e.status for e in by_place].count(TournamentEntry.Status.WON) == 1
    nets = SessionNet.objects.filter(tournament=tournament).values_list("net", flat=True)
    assert sum(nets) == 0


def bubble_round(entries: list[TournamentEntry]) -> tuple[int, list[TournamentEntry]]:
    """The busts that crossed into the money (ten paid): how many were left before them,
    and who they were (R27.1: one hand's, or one hand-for-hand round's)."""
    left = len(entries)
    for order in sorted({e.busted_order for e in entries if e.busted_order is not None}):
        group = [e for e in entries if e.busted_order == order]
        if left - len(group) <= 10:
            return left, group
        left -= len(group)
    raise AssertionError("nobody finished in the money")


def _play_to_the_end(tournament: Tournament, people, rng: random.Random) -> int:
    """Plays the tournament out, checking hand for hand and the chips at every step;
    returns how many rounds were dealt hand for hand (and looked at)."""
    now = timezone.now()
    for person in people:
        tournaments.register(person, tournament.pk, now=now)
    tournament.refresh_from_db()
    assert tournament.status == "running"
    assert sorted(seated(t) for t in open_tables(tournament)) == [7, 7, 8, 8]
    issued = 30 * tournament.starting_stack
    steps = synced = 0
    while tournament.status == "running":
        steps += 1
        assert steps < 20_000, "the tournament does not end"
        now += timedelta(seconds=3)
        tables = open_tables(tournament)
        left = tournament.entries.filter(status__in=["playing", "busted"]).count()
        on_bubble = tournaments.hand_for_hand(
            tournament, len(tables), tournaments.reading(tournament, now)
        )
        counts = {t.pk: t.hand_count for t in tables}
        # on the bubble: one careful round (so the next one is dealt hand for hand and can
        # be looked at), then everyone shoves
        careful = 12 <= left <= 14 or (on_bubble and synced == 0)
        for table in tables:
            if play_step(table, rng, shove=1.0 if on_bubble else 0.07, careful=careful):
                continue
            if table.next_hand_at is not None:
                tournaments.table_due(table.pk, table.version, now)
        tournament.refresh_from_db()
        after = open_tables(tournament)
        dealt = [t for t in after if t.hand_count > counts.get(t.pk, t.hand_count)]
        still = tournament.status == "running" and tournaments.hand_for_hand(
            tournament, len(after), tournaments.reading(tournament, now)
        )
        if on_bubble and dealt and still:  # (a round that burst the bubble deals as before it)
            # hand for hand: the round's tables deal together, none while another plays
            assert all(running_state(t) is not None for t in after if seated(t) >= 2), (
                steps,
                [(t.pk, t.hand_count, running_state(t) is not None, seated(t), t.next_hand_at)
                 for t in after],
                now,
                tournament.entries.filter(status__in=["playing", "busted"]).count(),
            )  # fmt: skip
            synced += 1
        if tournament.status == "running":
            in_play = sum(Seat.objects.filter(table__tournament=tournament)
                          .values_list("stack", flat=True))  # fmt: skip
            assert in_play == issued, steps
    return synced


def test_a_tables_numbers_say_the_level_the_clock_the_field_and_hand_for_hand(
    club_with_roles, make_user, client
):
    """The summary a tournament table shows (tables/tournaments/views.py summary): level 1's
    blinds, the seconds to level 2 and its blinds, the field, the stacks, the pool and the
    places paid, and hand for hand on the bubble; members of the club only."""
    club, host = club_with_roles["club"], club_with_roles["host"]
    people = [make_user(f"S{i}") for i in range(6)]
    Membership.objects.bulk_create(Membership(club=club, user=p) for p in people)
    tournament = tournaments.create_tournament(
        host, club,
        settings_for(start_players=6, seats_per_table=3, payout=(3000, 2500, 2000, 1500, 1000)),
    )  # fmt: skip
    for person in people:
        tournaments.register(person, tournament.pk)
    url = f"/clubs/{club.slug}/tournaments/{tournament.pk}/summary.json"
    client.force_login(people[0])
    numbers = client.get(url).json()
    assert numbers["status"] == "running" and numbers["hand_for_hand"] is True
    assert (numbers["level"], numbers["on_break"]) == (1, False)
    assert numbers["blinds"] == {"small": 5, "big": 10, "ante": 0, "big_blind_ante": False}
    assert numbers["next"] == {"small": 10, "big": 20, "ante": 0, "big_blind_ante": False}
    left = tournaments.reading(Tournament.objects.get(pk=tournament.pk), timezone.now()).remaining
    assert 0 < numbers["remaining"] <= 60 and abs(numbers["remaining"] - left) <= 2  # 1-min levels
    assert (numbers["left"], numbers["entries"], numbers["paid"]) == (6, 6, 5)
    assert numbers["average"] == numbers["biggest"] == 1000
    assert numbers["pool"] == "12,000" and numbers["winners"] == [] and numbers["me"] == {}
    outsider = make_user("Nosy")
    client.force_login(outsider)
    assert client.get(url).status_code == 404


def test_the_end_names_the_winner_and_each_players_place_and_prize(
    club_with_roles, make_user, client
):
    """At the end every table's summary names the winner, with each viewer's own place and
    prize (R27); a player out while the others play learns theirs as they bust (two tables
    of three: the first bust leaves the other table playing)."""
    club, host = club_with_roles["club"], club_with_roles["host"]
    people = [make_user(f"E{i}") for i in range(6)]
    Membership.objects.bulk_create(Membership(club=club, user=p) for p in people)
    tournament = tournaments.create_tournament(
        host, club, settings_for(start_players=6, seats_per_table=3, payout=(5000, 3000, 2000))
    )
    for person in people:
        tournaments.register(person, tournament.pk)
    url = f"/clubs/{club.slug}/tournaments/{tournament.pk}/summary.json"
    rng = random.Random(3)
    now = timezone.now()
    told: dict[int, dict] = {}  # what the first players out read while the others played
    while Tournament.objects.get(pk=tournament.pk).status == "running":
        now += timedelta(seconds=3)
        for table in open_tables(tournament):
            if not play_step(table, rng, shove=0.5) and table.next_hand_at is not None:
                tournaments.table_due(table.pk, table.version, now)
        if not told and Tournament.objects.get(pk=tournament.pk).status == "running":
            for entry in TournamentEntry.objects.filter(tournament=tournament, status="out"):
                client.force_login(entry.user)
                told[entry.user_id] = client.get(url).json()["me"]
    entries = {e.user_id: e for e in TournamentEntry.objects.filter(tournament=tournament)}

    def finish(entry):
        return {"place": entry.place, "prize": f"{entry.prize:,}" if entry.prize else ""}

    assert told and all(me == finish(entries[user]) for user, me in told.items())
    winner = next(e for e in entries.values() if e.place == 1)
    for person in people:
        client.force_login(person)
        numbers = client.get(url).json()
        assert numbers["status"] == "finished" and numbers["level"] is None
        assert numbers["winners"] == [str(winner.user)]
        assert numbers["me"] == finish(entries[person.pk])

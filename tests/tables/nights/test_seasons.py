"""Seasons (#42): the scoring rules on their own (tournament points by field and place, by a
formula or a table; cash points by net result or by sessions; attendance; the best N events;
ties; movement since the last event), and the standings of a club whose season holds an
online cash game, a game at a real table, an imported ledger and a tournament played at a
real table; every refusal of a season's definition."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from pokerclub.models import Membership
from tables.money.actions import bank, ledger_import
from tables.money.settlement import user_key
from tables.nights import actions, scoring
from tables.nights.error_codes import NightError, NightErrorCode
from tables.nights.standings import standings
from tables.tournaments import actions as tournaments
from tables.tournaments.actions import in_person
from tests.tables.tournament_helpers import settings_for

WHEN = datetime(2026, 11, 1, 21, tzinfo=ZoneInfo("Europe/Rome"))


def event(key, kind, *results, day=0):
    return scoring.Event(key, WHEN + timedelta(days=day), key, kind, tuple(results))


def place(player, at, field):
    return scoring.Result(player=player, place=at, field_size=field)


def cash(player, net):
    return scoring.Result(player=player, net=net)


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        (scoring.Rules(tournament_points="field"), [5, 4, 1]),
        (scoring.Rules(tournament_points="sqrt"), [22, 16, 10]),  # 10·√(5/1), √(5/2), √(5/5)
        (scoring.Rules(tournament_points="table", place_points=(10, 6)), [10, 6, 0]),
        (scoring.Rules(tournament_points="field", attendance_points=2), [7, 6, 3]),
    ],
)
def test_tournament_points_by_place_and_field(rules, expected):
    cup = event("cup", "tournament", place(1, 1, 5), place(2, 2, 5), place(3, 5, 5))
    assert [scoring.points(rules, cup, r) for r in cup.results] == expected


def test_cash_points_by_net_toward_zero_or_by_sessions():
    game = event("game", "cash", cash(1, 2500), cash(2, -150), cash(3, 0))
    net = scoring.Rules(cash_points="net", cash_unit=100)
    assert [scoring.points(net, game, r) for r in game.results] == [25, -1, 0]
    sessions = scoring.Rules(cash_points="sessions", session_points=3, attendance_points=1)
    assert [scoring.points(sessions, game, r) for r in game.results] == [4, 4, 4]
    off = scoring.Rules(cash_points="none")
    assert [scoring.points(off, game, r) for r in game.results] == [0, 0, 0]


def test_the_best_events_count_ties_break_by_events_then_best_and_movement_follows():
    rules = scoring.Rules(tournament_points="field", cash_points="none", best_events=2)
    events = [
        event("a", "tournament", place(1, 1, 4), place(2, 2, 4), place(3, 3, 4), day=0),
        event("b", "tournament", place(1, 4, 4), place(2, 1, 4), day=7),
        event("c", "tournament", place(1, 2, 4), place(3, 1, 4), place(4, 2, 4), day=14),
    ]
    rows = scoring.standings(rules, events, {1: "Ann", 2: "Ben", 3: "Cat", 4: "Dan"})
    by = {r.name: r for r in rows}
    # Ann: 4, 1, 3 -> best two 4 + 3; Ben: 3 + 4; Cat: 2 + 4; Dan: 3
    assert (by["Ann"].points, by["Ben"].points, by["Cat"].points, by["Dan"].points) == (7, 7, 6, 3)
    assert by["Ann"].counted == {"a", "c"}
    # Ann and Ben tie on 7: Ann played three events, Ben two
    assert [r.name for r in rows] == ["Ann", "Ben", "Cat", "Dan"]
    # before "c": Ben 7 (3 + 4) led Ann 5 (4 + 1); Cat 2 was third; Dan is new
    assert (by["Ann"].movement, by["Ben"].movement, by["Cat"].movement) == (1, -1, 0)
    assert by["Dan"].movement is None


def test_a_tie_on_points_and_events_goes_to_the_better_best_event_then_the_name():
    rules = scoring.Rules(tournament_points="table", place_points=(5, 3, 2, 0))
    events = [
        event("a", "tournament", place(1, 1, 4), place(2, 3, 4), place(3, 2, 4), day=0),
        event("b", "tournament", place(1, 4, 4), place(2, 2, 4), place(3, 3, 4), day=1),
    ]
    rows = scoring.standings(rules, events, {1: "Zoe", 2: "Bob", 3: "Amy"})
    # Zoe 5 + 0, Bob 2 + 3, Amy 3 + 2: all 5 points, 2 events; Zoe's best is 5
    assert [r.name for r in rows] == ["Zoe", "Amy", "Bob"]


# --------------------------------------------------------------------------- the club's


GAME = "\n".join(
    [
        "player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net",
        "Ann,aZ1,2026-11-27T20:01:02.123Z,2026-11-28T01:10:00.000Z,2000,4500,0,2500",
        "Ben,bX2,2026-11-27T20:05:00.000Z,2026-11-28T01:10:00.000Z,3000,500,0,-2500",
    ]
).encode()


@pytest.fixture
def club(club_with_roles, players):
    """A season's worth of results: an imported ledger (Ann +25, Ben −25), a game at a real
    table (Ben +10, Cat −10) and a tournament at a real table (Cat 1st, Ann 2nd, Ben 3rd)."""
    club, host, owner = club_with_roles["club"], club_with_roles["host"], club_with_roles["owner"]
    ann, ben, cat = players[:3]
    batch = ledger_import.start(owner, club, GAME, "ledger.csv", whole_units=False)
    ledger_import.apply(owner, club, batch.pk, {"aZ1": user_key(ann.pk), "bX2": user_key(ben.pk)})
    game = bank.open_session(host, club, "At Ann's")
    for who, kind, amount in (
        (ben, "buy_in", 1000),
        (cat, "buy_in", 1000),
        (ben, "cash_out", 2000),
    ):
        bank.record(host, club, game.pk, who.pk, kind, amount)
    bank.close(host, club, game.pk)
    cup = tournaments.create_tournament(
        host, club, settings_for(name="Cup", start_players=3, in_person=True, payout=(10000,))
    )
    start = timezone.now()
    for who in (ann, ben, cat):
        tournaments.register(who, cup.pk, now=start)
    for who in (ben, ann):
        in_person.bust(host, cup.pk, who.pk, now=start + timedelta(minutes=30))
    return {"club": club, "host": host, "ann": ann, "ben": ben, "cat": cat}


def season_of(club, **overrides):
    today = timezone.localdate()
    values = {
        "name": "Winter",
        "starts_on": date(2026, 11, 1),
        "ends_on": max(today, date(2026, 11, 30)) + timedelta(days=1),
        "tournament_points": "field",
        "cash_points": "net",
        "cash_unit": 100,
        **overrides,
    }
    return actions.create_season(club["host"], club["club"], actions.SeasonPlan(**values))


@pytest.mark.django_db
def test_the_standings_count_imported_real_table_and_tournament_results(club):
    season = season_of(club, attendance_points=1)
    events, rows = standings(season)
    assert [e.kind for e in events] == ["cash", "cash", "tournament"]
    points = {r.name: r.points for r in rows}
    # Ann: +25 (+1) and 2nd of 3 (2 +1); Ben: -25 (+1), +10 (+1), 3rd (1 +1); Cat: -10 (+1), 1st (3 +1)
    assert points == {"Ann": 29, "Ben": -11, "Cat": -5}
    assert [r.name for r in rows] == ["Ann", "Cat", "Ben"]


@pytest.mark.django_db
def test_a_season_outside_the_results_has_none(club):
    season = season_of(club, starts_on=date(2025, 1, 1), ends_on=date(2025, 12, 31))
    assert standings(season) == ([], [])


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("overrides", "code"),
    [
        ({"ends_on": date(2026, 10, 1)}, NightErrorCode.BAD_DATES),
        ({"starts_on": date(2024, 1, 1)}, NightErrorCode.BAD_DATES),  # longer than two years
        ({"tournament_points": "table"}, NightErrorCode.BAD_FIELD),  # no points by place
        ({"tournament_points": "best"}, NightErrorCode.BAD_FIELD),
        ({"cash_points": "stacks"}, NightErrorCode.BAD_FIELD),
        ({"place_points": (-1,), "tournament_points": "table"}, NightErrorCode.BAD_FIELD),
        ({"cash_unit": 0}, NightErrorCode.BAD_FIELD),
        ({"name": " "}, NightErrorCode.BAD_FIELD),
    ],
)
def test_a_season_that_cannot_be_one_is_refused(club, overrides, code):
    with pytest.raises(NightError) as refused:
        season_of(club, **overrides)
    assert refused.value.code == code


@pytest.mark.django_db
def test_seasons_of_a_club_never_overlap_and_only_hosts_set_them(club):
    season_of(club)
    with pytest.raises(NightError) as refused:
        season_of(club, name="Again", starts_on=date(2026, 11, 15))
    assert refused.value.code == NightErrorCode.SEASON_OVERLAP
    with pytest.raises(NightError) as refused:
        actions.create_season(
            club["ann"],
            club["club"],
            actions.SeasonPlan(name="Mine", starts_on=date(2027, 6, 1), ends_on=date(2027, 7, 1)),
        )
    assert refused.value.code == NightErrorCode.NOT_ALLOWED


@pytest.mark.django_db
def test_the_standings_page_and_its_csv(club, client):
    season = season_of(club)
    ann = club["ann"]
    member = Client()
    member.force_login(ann)
    page = member.get(season.get_absolute_url()).content.decode()
    assert "Ann" in page and "You: place 1" in page and "How it scores" in page
    csv = b"".join(
        member.get(
            reverse("nights:season_csv", args=[club["club"].slug, season.pk])
        ).streaming_content
    ).decode()
    lines = csv.splitlines()
    assert lines[0].startswith("Rank,Player,Points,Events")
    assert lines[1].startswith("1,Ann,27,2")
    outsider = Client()
    outsider.force_login(club["host"])
    Membership.objects.filter(user=club["host"]).delete()
    assert outsider.get(season.get_absolute_url()).status_code == 404


@pytest.mark.django_db
def test_a_host_sets_a_season_on_its_page(club):
    host = Client()
    host.force_login(club["host"])
    url = reverse("nights:seasons", args=[club["club"].slug])
    response = host.post(
        url,
        {
            "name": "Spring",
            "starts_on": "2027-03-01",
            "ends_on": "2027-05-31",
            "tournament_points": "table",
            "place_points": "10, 7, 5",
            "cash_points": "sessions",
            "cash_unit": "1",
            "session_points": 2,
            "attendance_points": 0,
            "best_events": 8,
        },
    )
    assert response.status_code == 302
    member = Client()
    member.force_login(club["ann"])
    assert member.post(url, {"name": "x"}).status_code == 404

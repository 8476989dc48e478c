"""Tournaments live (tables/tournaments/actions/; docs/rules.md R24-R29): creating,
registering, the start, the clock's levels and breaks, busts and rebuys, balancing across
tables, the end with places and prizes, and the money in the club's book."""

from __future__ import annotations

import random
from collections import defaultdict
from datetime import timedelta

import pytest
from django.utils import timezone

from engine.actions import ActionKind
from engine.tournament import Level
from pokerclub.models import Membership
from tables.hands.models import Hand
from tables.money import balances
from tables.money.models import SessionNet
from tables.money.settlement import HOUSE, user_key
from tables.play import actions as services
from tables.play.actions.hand import running_state
from tables.play.error_codes import PlayError
from tables.play.models import Seat, Table
from tables.tournaments import actions as tournaments
from tables.tournaments.error_codes import TournamentError, TournamentErrorCode
from tables.tournaments.models import Tournament, TournamentEntry
from tests.tables.tournament_helpers import play_step, settings_for

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _instant_runouts(settings):
    settings.RUNOUT_STEP_MS = 0  # an all-in board is dealt at once


@pytest.fixture
def crowd(club_with_roles, make_user):
    """45 members of the club besides its owner, host and member."""
    club = club_with_roles["club"]
    people = [make_user(f"P{i:02d}") for i in range(45)]
    Membership.objects.bulk_create(Membership(club=club, user=p) for p in people)
    return people


def chips_in_play(tournament: Tournament) -> int:
    return sum(Seat.objects.filter(table__tournament=tournament).values_list("stack", flat=True))


def chips_issued(tournament: Tournament) -> int:
    entries = list(tournament.entries.all())
    return sum(
        tournament.starting_stack * (1 + e.rebuys) + (tournament.add_on_chips if e.add_on else 0)
        for e in entries
        if e.status != TournamentEntry.Status.REGISTERED
    )


def test_a_45_player_tournament_with_late_entries_rebuys_and_an_add_on_plays_to_one_winner(
    club_with_roles, crowd
):
    """The issue's simulation: 45 bots, nine a table, late registration, rebuys and an
    add-on, one-minute levels. After every step: every chip accounted for across all
    tables (R25); after each table's turn between hands it is within one player of the
    smallest (R28.2). At the end: places ordered as the busts were (R27.1), the prizes sum
    to the pool (R26.3), the money book sums to zero, and every moved player posted a big
    blind at their new table within two of its orbits (R28.3)."""
    rng = random.Random(16)
    club, host = club_with_roles["club"], club_with_roles["host"]
    t0 = timezone.now()
    tournament = tournaments.create_tournament(
        host, club,
        settings_for(start_players=40, late_until_level=3, rebuy_until_level=2, rebuy_limit=1,
                     break_every=2, break_minutes=1, add_on_after_level=2, add_on_price=1000,
                     add_on_chips=1500),
    )  # fmt: skip
    for person in crowd[:39]:
        tournaments.register(person, tournament.pk, now=t0)
    assert Tournament.objects.get(pk=tournament.pk).status == "registering"
    tournaments.register(crowd[39], tournament.pk, now=t0)  # the 40th starts it
    tournament.refresh_from_db()
    assert tournament.status == "running"
    tables = list(Table.objects.filter(tournament=tournament))
    sizes = defaultdict(int)
    for table_id in Seat.objects.filter(table__in=tables, user__isnull=False).values_list(
        "table_id", flat=True
    ):
        sizes[table_id] += 1
    assert sorted(sizes.values()) == [8] * 5  # 40 on tables of nine: five of 8

    now = t0
    late = crowd[40:]
    steps = 0
    while tournament.status == "running":
        steps += 1
        assert steps < 20_000, "the tournament does not end"
        now += timedelta(seconds=3)
        if late and steps % 12 == 0:
            tournaments.register(late.pop(), tournament.pk, now=now)
        for table in Table.objects.filter(tournament=tournament).exclude(status="closed"):
            if play_step(table, rng):
                continue
            if table.next_hand_at is not None and tournaments.table_due(
                table.pk, table.version, now
            ):
                check_balanced(tournament, table.pk)
        tournament.refresh_from_db()
        for entry in tournament.entries.filter(status="busted"):
            if rng.random() < 0.6:
                try:
                    tournaments.rebuy(entry.user, tournament.pk, now=now)
                except TournamentError as refused:
                    assert refused.code in ("not_allowed", "in_hand")
        reading = tournaments.reading(tournament, now)
        if reading and reading.on_break and reading.level == 2:
            for entry in tournament.entries.filter(status__in=["playing", "busted"], add_on=False):
                if rng.random() < 0.7:
                    try:
                        tournaments.add_on(entry.user, tournament.pk, now=now)
                    except TournamentError as refused:
                        assert refused.code == "in_hand"  # a hand that began before the break
        tournament.refresh_from_db()
        if tournament.status == "running":
            assert chips_in_play(tournament) == chips_issued(tournament), (
                steps,
                [
                    (
                        t.pk,
                        t.status,
                        list(t.seats.exclude(user=None).values_list("user_id", "stack")),
                    )
                    for t in Table.objects.filter(tournament=tournament)
                ],
                list(tournament.entries.values_list("user_id", "status", "rebuys", "add_on")),
            )

    entries = list(tournament.entries.all())
    assert len(entries) == 45
    hands = Hand.objects.filter(table__tournament=tournament).count()
    assert sum(e.rebuys for e in entries) > 0 and any(e.add_on for e in entries), (
        steps,
        hands,
        [(e.user_id, e.status, e.place, e.busted_order, e.rebuys) for e in entries],
    )
    winner = [e for e in entries if e.status == "won"]
    assert len(winner) == 1 and winner[0].place == 1
    pool = sum(e.paid for e in entries) - tournament.fee * len(entries)
    assert sum(e.prize for e in entries) == pool
    assert sorted(e.place for e in entries)[0] == 1
    # R27.1: a later bust finishes higher; one hand's busts by the stack they started with
    out = sorted((e for e in entries if e.status == "out"), key=lambda e: e.place)
    for better, worse in zip(out, out[1:], strict=False):
        assert (better.busted_order, better.start_stack) >= (worse.busted_order, worse.start_stack)
        if (better.busted_order, better.start_stack) == (worse.busted_order, worse.start_stack):
            assert better.place == worse.place
    # the money book: each player's prizes minus what they paid, the fees to the house
    nets = dict(SessionNet.objects.filter(tournament=tournament, user__isnull=False)
                .values_list("user_id", "net"))  # fmt: skip
    assert sum(nets.values()) + tournament.fee * 45 == 0
    book = balances.book(club)
    assert {p.key: p.open for p in book.parties if p.open}.get(HOUSE) == tournament.fee * 45
    assert sum(p.open for p in book.parties) == 0
    for entry in winner:
        assert nets[entry.user_id] == entry.prize - entry.paid
    assert not Table.objects.filter(tournament=tournament).exclude(status="closed").exists()
    moves = assert_moves_skip_no_big_blind(tournament)
    assert moves > 0  # balancing moved players (and kept every chip with them)
    assert assert_the_big_blind_passes_nobody(tournament) > 0  # busts left dead blinds


def check_balanced(tournament: Tournament, table_id: int) -> None:
    sizes = {
        t.pk: t.seats.exclude(user=None).count()
        for t in Table.objects.filter(tournament=tournament).exclude(status="closed")
    }
    if table_id in sizes and len(sizes) > 1:
        assert sizes[table_id] - min(sizes.values()) <= 1, sizes


def big_blind_seat(config: dict) -> int:
    """R2.3, R2.4 and R28.5: the first player after the (perhaps dead) button is the big
    blind heads-up or when the small blind is dead, else the second."""
    seats, button = sorted(config["seats"]), config["button"]
    order = [s for s in seats if s > button] + [s for s in seats if s <= button]
    return order[0] if len(order) == 2 or config.get("dead_small_blind") else order[1]


def assert_the_big_blind_passes_nobody(tournament: Tournament) -> int:
    """R28.5: between two hands of a table the big blind moves on to the next player, so
    nobody dealt into both hands in the same seat sits strictly between the two big
    blinds, however many busted in the first. Returns how many dead blinds or buttons
    there were."""
    dead = 0
    for table in Table.objects.filter(tournament=tournament):
        hands = list(Hand.objects.filter(table=table).order_by("number"))
        for before, after in zip(hands, hands[1:], strict=False):
            dead += bool(after.config.get("dead_button") or after.config.get("dead_small_blind"))
            start, end = big_blind_seat(before.config), big_blind_seat(after.config)
            stayed = {(p["seat"], p["user_id"]) for p in before.players} & {
                (p["seat"], p["user_id"]) for p in after.players
            }
            passed = [
                seat for seat, _ in stayed
                if (start < seat < end) or (start >= end and (seat > start or seat < end))
            ]  # fmt: skip
            assert passed == [] or len(after.players) == 2, (
                table.pk, before.number, passed, before.config, before.players, after.config,
                after.players,
            )  # fmt: skip
    return dead


def assert_moves_skip_no_big_blind(tournament: Tournament) -> int:
    """R28.3: a player moved to another table posts a big blind there soon: within two
    orbits of it (twice as many hands as players at that table); the seat they take may
    be where they wait for the button to pass first (R28.5). Returns how many moves there
    were."""
    hands = list(Hand.objects.filter(table__tournament=tournament).order_by("started_at", "pk"))
    dealt: dict[int, list[tuple[int, bool, int]]] = defaultdict(list)
    for hand in hands:
        big = big_blind_seat(hand.config)
        for player in hand.players:
            dealt[player["user_id"]].append(
                (hand.table_id, player["seat"] == big, len(hand.config["seats"]))
            )
    moves = 0
    for user_id, history in dealt.items():
        for i in range(1, len(history)):
            if history[i][0] == history[i - 1][0]:
                continue
            moves += 1
            here = [h for h in history[i:] if h[0] == history[i][0]]
            first_big = next((k for k, h in enumerate(here) if h[1]), None)
            if first_big is None:
                assert len(here) < 2 * history[i][2], (user_id, history)  # busted first
            else:
                assert first_big < 2 * history[i][2], (user_id, first_big, history)
    return moves


# ---------------------------------------------------------------- bad input


def test_registering_twice_or_without_a_membership_or_after_the_close_is_refused(
    club_with_roles, crowd
):
    club, host = club_with_roles["club"], club_with_roles["host"]
    tournament = tournaments.create_tournament(host, club, settings_for(start_players=3))
    tournaments.register(crowd[0], tournament.pk)
    with pytest.raises(TournamentError) as twice:
        tournaments.register(crowd[0], tournament.pk)
    assert twice.value.code == "already_entered"
    with pytest.raises(TournamentError) as outsider:
        tournaments.register(club_with_roles["outsider"], tournament.pk)
    assert outsider.value.code == "not_a_member"
    tournaments.register(crowd[1], tournament.pk)
    tournaments.register(crowd[2], tournament.pk)  # the third starts it; no late registration
    with pytest.raises(TournamentError) as closed:
        tournaments.register(crowd[3], tournament.pk)
    assert closed.value.message == "Registration is closed."
    assert tournament.entries.count() == 3


def test_a_tournament_that_is_not_there_is_refused_as_no_such_tournament(club_with_roles, crowd):
    club, host = club_with_roles["club"], club_with_roles["host"]
    tournament = tournaments.create_tournament(host, club, settings_for(start_players=3))
    missing = tournament.pk + 1000
    for call in (
        lambda: tournaments.register(crowd[0], missing),
        lambda: tournaments.start_now(host, missing),
        lambda: tournaments.pause(host, missing),
    ):
        with pytest.raises(TournamentError) as refused:
            call()
        assert refused.value.code == TournamentErrorCode.NO_SUCH_TOURNAMENT
        assert refused.value.message == "There is no such tournament."


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"levels": (Level(20, 10, minutes=5),)},
         "Blind structure: level 1: the big blind (10) is smaller than the small blind (20)."),
        ({"payout": (5000, 4000)}, "Payouts: the payouts sum to 90 %, not 100 %."),
        ({"payout": (5000, 3000, 2000), "start_players": 2},
         "Payouts: 3 places paid but only 2 entries."),
        # the last level lasts until the end: rebuys and late entries close before it
        ({"rebuy_until_level": 18}, "'rebuy_until_level' must be a whole number from 0 to 17."),
        ({"levels": (Level(2**31, 2**32, minutes=5),)},
         "'small_blind' must be a whole number from 0 to 2147483647."),
        ({"add_on_after_level": 3, "add_on_chips": 100, "break_every": 2},
         "There is no break after level 3 for the add-on."),
        ({"seats_per_table": 11}, "'seats_per_table' must be a whole number from 2 to 10."),
        ({"entries_per_player": 2}, "Re-entry needs late registration: it is a new entry."),
    ],
)  # fmt: skip
def test_a_tournament_that_cannot_run_is_refused_and_nothing_is_created(
    club_with_roles, overrides, message
):
    with pytest.raises(TournamentError) as refused:
        tournaments.create_tournament(
            club_with_roles["host"], club_with_roles["club"], settings_for(**overrides)
        )
    assert refused.value.message == message
    assert not Tournament.objects.exists()


def test_only_hosts_create_tournaments(club_with_roles):
    with pytest.raises(TournamentError) as refused:
        tournaments.create_tournament(
            club_with_roles["member"], club_with_roles["club"], settings_for()
        )
    assert refused.value.code == "not_allowed"


def test_rebuys_past_the_limit_or_the_level_are_refused(club_with_roles, crowd):
    """R25.2: the limit per player, and the level after which rebuys close."""
    club, host = club_with_roles["club"], club_with_roles["host"]
    t0 = timezone.now()
    tournament = tournaments.create_tournament(
        host, club, settings_for(start_players=2, rebuy_until_level=1, rebuy_limit=1)
    )
    tournaments.register(crowd[0], tournament.pk, now=t0)
    tournaments.register(crowd[1], tournament.pk, now=t0)
    tournament.refresh_from_db()
    seat = Seat.objects.get(table__tournament=tournament, user=crowd[0])
    Seat.objects.filter(pk=seat.pk).update(stack=0)  # as if busted between hands
    Seat.objects.filter(table__tournament=tournament, user=crowd[1]).update(stack=2000)
    tournaments.rebuy(crowd[0], tournament.pk, now=t0)
    assert Seat.objects.get(pk=seat.pk).stack == 1000
    entry = tournament.entries.get(user=crowd[0])
    assert (entry.rebuys, entry.paid) == (1, 2000 + 200 + 2000)
    Seat.objects.filter(pk=seat.pk).update(stack=0)
    with pytest.raises(TournamentError) as limit:
        tournaments.rebuy(crowd[0], tournament.pk, now=t0)
    assert limit.value.message == "No more rebuys: 1 per player."
    with pytest.raises(TournamentError) as twice:  # the same button clicked again
        tournaments.rebuy(crowd[0], tournament.pk, now=t0, seen=0)
    assert twice.value.message == "That rebuy is already in."
    with pytest.raises(TournamentError) as late:
        tournaments.rebuy(crowd[1], tournament.pk, now=t0 + timedelta(minutes=5))
    assert late.value.message == "Rebuys are closed."
    assert Seat.objects.get(pk=seat.pk).stack == 0


def test_a_tournament_table_refuses_cash_game_moves(club_with_roles, crowd):
    """Nobody sits down, tops up, sits out or leaves with a tournament's chips."""
    club, host = club_with_roles["club"], club_with_roles["host"]
    tournament = tournaments.create_tournament(host, club, settings_for(start_players=2))
    tournaments.register(crowd[0], tournament.pk)
    tournaments.register(crowd[1], tournament.pk)
    table = Table.objects.get(tournament=tournament)
    for call in (
        lambda: services.sit(crowd[2], table.pk, 5, 1000),
        lambda: services.top_up(crowd[0], table.pk, 500),
        lambda: services.sit_out(crowd[0], table.pk),
        lambda: services.leave(crowd[0], table.pk),
        lambda: services.close_table(host, table.pk),
    ):
        with pytest.raises(PlayError) as refused:
            call()
        assert refused.value.code == "not_allowed"
    assert sorted(Seat.objects.filter(table=table).exclude(user=None).values_list("stack", flat=True)) == [1000, 1000]  # fmt: skip
    from tables.money.models import LedgerEntry

    assert not LedgerEntry.objects.filter(table=table).exists()  # chips are never money


def test_a_running_tournaments_chips_are_not_in_the_money_book(club_with_roles, crowd):
    club, host = club_with_roles["club"], club_with_roles["host"]
    tournament = tournaments.create_tournament(host, club, settings_for(start_players=2))
    tournaments.register(crowd[0], tournament.pk)
    tournaments.register(crowd[1], tournament.pk)
    book = balances.book(club)
    assert {p.key: p.open for p in book.parties if p.open} == {}
    assert user_key(crowd[0].pk) not in {m.key for m in book.members if m.net}


def test_a_pause_stops_the_clock_and_the_deals(club_with_roles, crowd):
    """R24.4: paused for ten minutes, the level is where it was; no hand is dealt."""
    club, host = club_with_roles["club"], club_with_roles["host"]
    t0 = timezone.now()
    tournament = tournaments.create_tournament(host, club, settings_for(start_players=2))
    tournaments.register(crowd[0], tournament.pk, now=t0)
    tournaments.register(crowd[1], tournament.pk, now=t0)
    tournaments.pause(host, tournament.pk, now=t0 + timedelta(seconds=30))
    tournament.refresh_from_db()
    assert tournaments.reading(tournament, t0 + timedelta(minutes=10)).level == 1
    table = Table.objects.get(tournament=tournament)
    tournaments.table_due(table.pk, table.version, t0 + timedelta(minutes=10))
    table.refresh_from_db()
    assert running_state(table) is None and table.next_hand_at is None
    tournaments.resume(host, tournament.pk, now=t0 + timedelta(minutes=10))
    tournament.refresh_from_db()
    reading = tournaments.reading(tournament, t0 + timedelta(minutes=10, seconds=40))
    assert (reading.level, round(reading.remaining)) == (2, 50)  # 30 s + 40 s played
    table.refresh_from_db()
    assert table.next_hand_at is not None
    assert ActionKind  # (the engine's kinds drive the simulation above)


# ---------------------------------------------------------------- exports


def test_a_tournament_hand_exports_with_its_tournament_and_level_in_chips(
    club_with_roles, crowd, client
):
    """PokerStars tournament headers ("Tournament #…, €20+€2 EUR Hold'em No Limit -
    Level I (5/10)"), chips as chips in a club that counts money, read by PokerKit's
    parser; PHH and JSON carry the tournament and the level."""
    import tomllib
    import warnings

    from pokerkit import PokerStarsParser

    from tables.hands.exports.common import Viewer
    from tables.hands.exports.json_record import record
    from tables.hands.exports.phh_text import phh
    from tables.hands.exports.pokerstars_text import pokerstars
    from tables.hands.replay import replay

    club, host = club_with_roles["club"], club_with_roles["host"]
    club.amount_format, club.currency_symbol, club.decimal_places = "currency", "€", 2
    club.currency_code = "EUR"
    club.save()
    t0 = timezone.now()
    tournament = tournaments.create_tournament(host, club, settings_for(start_players=2))
    tournaments.register(crowd[0], tournament.pk, now=t0)
    tournaments.register(crowd[1], tournament.pk, now=t0)
    table = Table.objects.get(tournament=tournament)
    assert tournaments.table_due(table.pk, table.version, t0 + timedelta(seconds=5))
    table.refresh_from_db()
    rng = random.Random(3)
    while running_state(table) is not None:
        play_step(table, rng, shove=0.0)
        table.refresh_from_db()
    hand = Hand.objects.get(table=table)
    assert hand.tournament_level == 1
    replayed = replay(hand)
    text = pokerstars(replayed, Viewer.public())
    first, second = text.splitlines()[:2]
    assert first.startswith(
        f"PokerStars Hand #{hand.pk}: Tournament #{tournament.pk}, €20+€2 EUR"
        " Hold'em No Limit - Level I (5/10) - "
    )
    assert second.startswith(f"Table '{tournament.pk} 1' 9-max Seat #")
    assert "(1000 in chips)" in text and "€" not in text.split("\n", 1)[1]
    with warnings.catch_warnings():  # PokerKit names the time zone field without a "_"
        warnings.simplefilter("ignore", UserWarning)
        (history,) = list(PokerStarsParser()(text))
    assert list(history.starting_stacks) == [1000, 1000]
    document = tomllib.loads(phh(replayed, Viewer.public()))
    assert (document["_tournament"], document["_tournament_level"]) == (tournament.pk, 1)
    assert "currency" not in document
    data = record(replayed, Viewer.public())
    assert data["tournament"] == {"id": tournament.pk, "table": 1, "level": 1}
    # the hand list and the replayer show the tournament's chips as chips too
    client.force_login(crowd[0])
    listed = client.get(f"/clubs/{club.slug}/history/").content.decode()
    shown = client.get(f"/clubs/{club.slug}/history/hands/{hand.pk}/").content.decode()
    assert f"/history/hands/{hand.pk}/" in listed  # listed like any other hand
    assert "€" not in listed.split("<main", 1)[1]
    header = "€20+€2 EUR"  # the buy-in in the PokerStars text is money; nothing else is
    assert "€" not in shown.split("<main", 1)[1].replace(header, "")


@pytest.mark.parametrize("busts", ["big blind", "small blind"])
def test_a_bust_leaves_a_dead_blind_or_button_that_the_exports_and_replayer_carry(
    club_with_roles, crowd, busts
):
    """R28.5 live: the big blind (or the small blind) of a four-handed table busts; the
    next hand's big blind is the next player, and nobody posts the small blind (or the
    button is on the empty seat). The hand replays from the history, PokerKit reads its
    PokerStars text, and PHH carries the dead small blind or button."""
    import tomllib
    import warnings

    from pokerkit import PokerStarsParser

    from tables.hands.exports.common import Viewer
    from tables.hands.exports.phh_text import phh
    from tables.hands.exports.pokerstars_text import pokerstars
    from tables.hands.replay import replay

    club, host = club_with_roles["club"], club_with_roles["host"]
    t0 = timezone.now()
    tournament = tournaments.create_tournament(host, club, settings_for(start_players=4))
    for person in crowd[:4]:
        tournaments.register(person, tournament.pk, now=t0)
    table = Table.objects.get(tournament=tournament)
    assert tournaments.table_due(table.pk, table.version, t0 + timedelta(seconds=5))
    table.refresh_from_db()
    rng = random.Random(7)
    while running_state(table) is not None:
        play_step(table, rng, shove=0.0)
        table.refresh_from_db()
    first = Hand.objects.get(table=table, number=1)
    button, small, big = table.button_seat, table.small_blind_seat, table.big_blind_seat
    assert (button, small, big) != (None, None, None)
    loser = Seat.objects.get(table=table, number=big if busts == "big blind" else small)
    other = Seat.objects.filter(table=table).exclude(user=None).exclude(pk=loser.pk).first()
    Seat.objects.filter(pk=other.pk).update(stack=other.stack + loser.stack)
    Seat.objects.filter(pk=loser.pk).update(stack=0)
    table.refresh_from_db()
    assert tournaments.table_due(table.pk, table.version, timezone.now() + timedelta(minutes=1))
    table.refresh_from_db()
    hand = Hand.objects.get(table=table, number=2)
    seats = sorted(hand.config["seats"])
    assert loser.number not in seats and len(seats) == 3
    assert (hand.config["button"], table.small_blind_seat) == (small, big)
    dead = "dead_small_blind" if busts == "big blind" else "dead_button"
    assert hand.config[dead] is True and hand.config.get("dead_button", False) == (
        busts != "big blind"
    )
    after_big = [s for s in seats if s > big] + [s for s in seats if s < big]
    assert table.big_blind_seat == after_big[0]  # the big blind moved on one player
    assert first.config["button"] == button
    while running_state(table) is not None:
        play_step(table, rng, shove=0.0)
        table.refresh_from_db()
    hand.refresh_from_db()
    replayed = replay(hand)
    text = pokerstars(replayed, Viewer.public())
    assert ("posts small blind" in text) == (busts != "big blind")
    assert f"Seat #{small} is the button" in text
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        (history,) = list(PokerStarsParser()(text))
    assert sorted(history.starting_stacks) == sorted(p["stack"] for p in hand.players)
    document = tomllib.loads(phh(replayed, Viewer.public()))
    if busts == "big blind":
        assert document["_dead_small_blind"] == hand.config["small_blind"]
        assert document["blinds_or_straddles"][0] == hand.config["big_blind"]
        assert not any(document["blinds_or_straddles"][1:])
    else:
        assert document["_dead_button"] == small


def test_the_tournament_leaderboard_counts_finished_tournaments_in_money(club_with_roles, crowd):
    """Two heads-up tournaments, Ann wins both: played, wins, cashes, best place and net
    (prizes minus what was paid) per player; a running tournament is not counted."""
    from tables.tournaments.views import leaderboard

    club, host = club_with_roles["club"], club_with_roles["host"]
    ann, ben, cat = crowd[:3]
    t0 = timezone.now()
    for _ in range(2):
        tournament = tournaments.create_tournament(host, club, settings_for(start_players=2))
        tournaments.register(ann, tournament.pk, now=t0)
        tournaments.register(ben, tournament.pk, now=t0)
        table = Table.objects.get(tournament=tournament)
        Seat.objects.filter(table=table, user=ann).update(stack=2000)
        Seat.objects.filter(table=table, user=ben).update(stack=0)
        assert tournaments.table_due(table.pk, table.version, t0 + timedelta(seconds=10))
    running = tournaments.create_tournament(host, club, settings_for(start_players=2))
    tournaments.register(cat, running.pk, now=t0)
    tournaments.register(ben, running.pk, now=t0)
    rows = {r["user_id"]: r for r in leaderboard(club)}
    assert set(rows) == {ann.pk, ben.pk}
    # each paid 2,000 + 200; the pool of 4,000 goes to first place
    assert (rows[ann.pk]["played"], rows[ann.pk]["wins"], rows[ann.pk]["cashes"]) == (2, 2, 2)
    assert (rows[ann.pk]["net"], rows[ben.pk]["net"]) == (2 * 1800, 2 * -2200)
    assert (rows[ann.pk]["best"], rows[ben.pk]["best"]) == (1, 2)


def test_players_busted_at_a_table_that_another_table_breaks_keep_their_order(
    club_with_roles, crowd
):
    """R27.1 across tables: table B's hand ends with two players out (they started it with
    500 and 300) and one left; before B's own turn, table A's turn breaks B (its one player
    fits at A). The two are placed as B's hand says, not carried to A with no chips."""
    club, host = club_with_roles["club"], club_with_roles["host"]
    t0 = timezone.now()
    tournament = tournaments.create_tournament(
        host, club, settings_for(start_players=6, seats_per_table=4)
    )
    for person in crowd[:6]:
        tournaments.register(person, tournament.pk, now=t0)
    a, b = Table.objects.filter(tournament=tournament).order_by("pk")
    p, q, r = Seat.objects.filter(table=b).exclude(user=None).order_by("number")
    # B's last hand: p started with 500, q with 300; r won everything
    hand = Hand.objects.create(
        table=b, number=1, ended_at=t0,
        players=[{"seat": s.number, "user_id": s.user_id, "name": "", "stack": st}
                 for s, st in ((p, 500), (q, 300), (r, 2200))],
    )  # fmt: skip
    Table.objects.filter(pk=b.pk).update(current_hand=hand)
    Seat.objects.filter(pk__in=[p.pk, q.pk]).update(stack=0)
    Seat.objects.filter(pk=r.pk).update(stack=3000)
    a.refresh_from_db()
    assert tournaments.table_due(a.pk, a.version, t0 + timedelta(seconds=10))
    assert Table.objects.get(pk=b.pk).status == "closed"
    outs = {e.user_id: e for e in tournament.entries.filter(status="out")}
    assert set(outs) == {p.user_id, q.user_id}
    assert outs[p.user_id].busted_order == outs[q.user_id].busted_order
    assert (outs[p.user_id].start_stack, outs[q.user_id].start_stack) == (500, 300)
    # nobody with no chips sits at A; every chip is there
    at_a = list(Seat.objects.filter(table=a).exclude(user=None))
    assert len(at_a) == 4 and all(s.stack for s in at_a) and sum(s.stack for s in at_a) == 6000

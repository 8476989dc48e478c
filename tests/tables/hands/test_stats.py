"""Stats per player per club: VPIP, PFR, 3-bet, showdowns, net and biggest pot from the
hands' rows; the leaderboard; the server-rendered chart of a player's net over time."""

from __future__ import annotations

import pytest
from django.db.models import Sum

from tables.hands.models import Hand, HandPlayer
from tables.hands.stats import club_stats, net_chart_svg, net_series, stats_by_game
from tables.play import actions as services
from tables.play.models import Seat
from tests.tables.history_helpers import URLS, played_club, record_history
from tests.tables.play_helpers import deal, fold_out, fresh, to_act, user_at

pytestmark = [pytest.mark.django_db, pytest.mark.urls(URLS)]

club = played_club(hands=30, seed=8, muck=False)


def test_a_scripted_hand_counts_vpip_pfr_and_the_three_bet_R7_3(make_table, players):
    """The first to act raises, the next re-raises (a 3-bet: the big blind is the first
    bet, the raise the second, R7.3), the big blind folds, the raiser calls; both check to
    the showdown."""
    table = make_table()
    for i, p in enumerate(players[:3]):
        services.sit(p, table.pk, i + 1, 200)
    t = deal(table)
    opener, _ = to_act(t)
    services.act(user_at(t, opener), t.pk, "raise", 6, None)
    reraiser, _ = to_act(t)
    services.act(user_at(t, reraiser), t.pk, "raise", 18, None)
    big_blind, _ = to_act(t)
    services.act(user_at(t, big_blind), t.pk, "fold", None, None)
    services.act(user_at(t, opener), t.pk, "call", None, None)
    while fresh(t).in_hand:
        seat, state = to_act(fresh(t))
        hand = state["hand"]
        action = "show" if hand["pending"] else "check"
        services.act(user_at(t, seat), t.pk, action, None, None)
    record_history()
    rows = {r.seat: r for r in HandPlayer.objects.filter(hand__table=table)}
    assert (rows[opener].vpip, rows[opener].pfr, rows[opener].three_bet_chance) == (
        True,
        True,
        False,
    )
    assert (rows[reraiser].vpip, rows[reraiser].pfr) == (True, True)
    assert (rows[reraiser].three_bet_chance, rows[reraiser].three_bet) == (True, True)
    assert (rows[big_blind].vpip, rows[big_blind].pfr, rows[big_blind].saw_flop) == (
        False,
        False,
        False,
    )
    assert rows[opener].went_to_showdown and rows[reraiser].went_to_showdown
    assert not rows[big_blind].went_to_showdown
    assert rows[opener].pot == 18 + 18 + 2
    winner = max(rows.values(), key=lambda r: r.net)
    assert winner.won_at_showdown and winner.net > 0
    stats = {s.user_id: s for s in club_stats(table.club)}
    opener_user = Seat.objects.get(table=table, number=opener).user_id
    assert stats[opener_user].vpip_pct == 100.0 and stats[opener_user].three_bet_pct is None


def test_leaderboard_nets_add_up_to_minus_the_rake_and_are_sorted(club):
    rows = club_stats(club.club)
    assert len(rows) == 4
    rake = Hand.objects.filter(table=club.table).aggregate(r=Sum("rake"))["r"] or 0
    assert sum(r.net for r in rows) + rake == 0
    assert [r.net for r in rows] == sorted((r.net for r in rows), reverse=True)
    for r in rows:
        assert r.hands == HandPlayer.objects.filter(user_id=r.user_id).count()
        assert 0 <= r.pfr <= r.vpip <= r.hands
        assert r.won_at_showdown <= r.went_to_showdown <= r.hands
        if r.biggest_pot:
            assert HandPlayer.objects.filter(
                user_id=r.user_id, pot=r.biggest_pot, won__gt=0
            ).exists()


def test_net_series_ends_at_the_players_net_and_the_chart_draws_it(club):
    player = club.players[0]
    series = net_series(club.club, player.pk)
    total = HandPlayer.objects.filter(user=player).aggregate(n=Sum("net"))["n"]
    assert series[-1][1] == total
    assert len(net_series(club.club, player.pk, max_points=5)) == 5
    svg = net_chart_svg(series, club.club.format_amount)
    assert svg.startswith("<svg") and "<polyline" in svg and svg.count(",") >= len(series)
    assert "No hands yet" in net_chart_svg([], club.club.format_amount)


def test_leaderboard_and_player_pages_for_members(club, client):
    client.force_login(club.member)
    page = client.get(f"/clubs/{club.club.slug}/history/stats/").content.decode()
    assert all(p.display_name in page for p in club.players)
    player = club.players[1]
    page = client.get(f"/clubs/{club.club.slug}/history/stats/{player.pk}/").content.decode()
    assert "<svg" in page and "VPIP" in page
    chart = client.get(f"/clubs/{club.club.slug}/history/stats/{player.pk}/net.svg")
    assert chart["Content-Type"] == "image/svg+xml"


def test_stats_per_game_count_each_games_hands_and_old_hands_are_holdem(
    make_table, players, club_with_roles, client
):
    """Two hands of Hold'em and three of Omaha: the leaderboard of one game counts its
    hands; a player's page breaks their stats down by game; a hand recorded before there
    were other games (no game in its config) is Hold'em."""
    holdem = make_table(name="NL")
    omaha = make_table(name="PLO", game="omaha", structure="pot_limit")
    for table, count in ((holdem, 2), (omaha, 3)):
        for i, p in enumerate(players[:2]):
            services.sit(p, table.pk, i + 1, 100)
        for _ in range(count):
            fold_out(deal(table))
    record_history()
    old = Hand.objects.filter(table=holdem).order_by("number")[0]
    old.config.pop("game")
    old.save(update_fields=["config"])
    club = club_with_roles["club"]
    ann = players[0]
    assert [s.hands for s in club_stats(club, ann.pk, game="omaha")] == [3]
    assert [s.hands for s in club_stats(club, ann.pk, game="holdem")] == [2]
    assert [s.hands for s in club_stats(club, ann.pk)] == [5]
    by_game = stats_by_game(club, ann.pk)
    assert [(label, row.hands) for label, row in by_game] == [("Texas Hold'em", 2), ("Omaha", 3)]
    assert sum(row.net for _, row in by_game) == club_stats(club, ann.pk)[0].net

    client.force_login(ann)
    page = client.get(f"/clubs/{club.slug}/history/stats/?game=omaha").content.decode()
    assert '<option value="omaha" selected>' in page
    assert '<td class="num">3</td>' in page  # Ann's and Ben's three Omaha hands
    assert '<td class="num">5</td>' not in page
    everything = client.get(f"/clubs/{club.slug}/history/stats/?game=badugi").content.decode()
    assert '<td class="num">5</td>' in everything  # an unknown game: every game
    mine = client.get(f"/clubs/{club.slug}/history/stats/{ann.pk}/").content.decode()
    assert 'id="stats-by-game"' in mine and "Omaha" in mine

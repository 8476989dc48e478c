"""Every hand the live services finish replays to its stored end and gets its history rows
(DESIGN invariant 5, R15): hands with no decision at all (all-in from the blinds or the
antes, the board dealt by the clock street by street, R5.5), run it twice (R12), paced and
unpaced runouts. Played through the services on the real database, finished by the clock."""

from __future__ import annotations

import random

import pytest

from engine.fairness import verify_record
from tables import clock
from tables.hands.actions.summary import backfill
from tables.hands.models import Hand, HandAction, HandPlayer
from tables.hands.proof import viewer_record
from tables.hands.replay import replay
from tables.play import actions as services
from tables.play.models import Seat, Table
from tests.conftest import eventually
from tests.tables.history_helpers import URLS
from tests.tables.play_helpers import deal, fresh, play_randomly, to_act, user_at

pytestmark = pytest.mark.django_db


def by_clock(table: Table) -> Table:
    """Let the clock apply everything due until the hand is over (as ``run_clock`` does:
    the dealer's streets, and timeouts for any decision)."""
    for _ in range(50):
        t = fresh(table)
        if not t.in_hand:
            return t
        assert t.deadline is not None, "the hand waits for nothing the clock can do"
        assert services.handle_due(t.pk, t.version, now=t.deadline)
    raise AssertionError("the clock did not finish the hand")


def assert_replays_and_records(hand: Hand) -> None:
    """The stored hand replays to its final state and its history rows are written."""
    hand = Hand.objects.get(pk=hand.pk)
    assert hand.ended_at is not None and hand.deck_secret
    replayed = replay(hand)
    assert replayed.final.to_json() == hand.final_state
    assert replayed.final.stacks_by_seat() == {int(k): v for k, v in hand.result["stacks"].items()}
    assert verify_record(viewer_record(replayed, None)).ok  # R15: the committed deck
    backfill(Hand.objects.filter(pk=hand.pk))
    rows = list(HandPlayer.objects.filter(hand=hand))
    assert sorted(r.seat for r in rows) == sorted(p["seat"] for p in hand.players)
    assert sum(r.net for r in rows) + hand.rake == 0
    assert Hand.objects.get(pk=hand.pk).history_recorded


def six_chips_on_the_button_heads_up(make_table, players) -> tuple[Table, Seat]:
    """Heads-up at 10/20; a first hand leaves one player with 6 chips, so in the second
    (where they post the small or the big blind) they are all-in from the blind and nobody
    has a decision. Returns the table before the second deal and the short seat."""
    table = make_table(small_blind=10, big_blind=20, min_buy_in=20, max_buy_in=200)
    short, deep = players[0], players[1]
    services.sit(short, table.pk, 1, 26)
    services.sit(deep, table.pk, 2, 200)
    table = deal(table)
    seat, state = to_act(table)
    if user_at(table, seat) == deep:  # the short stack posted the big blind: raise, fold
        services.act(deep, table.pk, "raise", 60, None)
        services.act(short, table.pk, "fold", None, None)
    else:  # the short stack is on the button: call, check; a bet on the flop, fold
        services.act(short, table.pk, "call", None, None)
        services.act(deep, table.pk, "check", None, None)
        services.act(deep, table.pk, "bet", 20, None)
        services.act(short, table.pk, "fold", None, None)
    short_seat = Seat.objects.get(table=table, user=short)
    assert short_seat.stack == 6
    return fresh(table), short_seat


@pytest.mark.urls(URLS)
@pytest.mark.parametrize("step_ms", [1500, 0], ids=["paced", "at-once"])
def test_a_hand_all_in_from_the_blinds_replays_and_is_recorded_R2_5_R5_5(
    settings, client, make_table, players, step_ms
):
    """The issue's hand: the short stack posts what it has, nobody decides anything and
    the board is dealt by the clock (paced) or at once; the hand still replays."""
    settings.RUNOUT_STEP_MS = step_ms
    table, _ = six_chips_on_the_button_heads_up(make_table, players)
    table = by_clock(deal(table))
    hand = Hand.objects.get(table=table, number=2)
    assert not HandAction.objects.filter(hand=hand).exists()  # no decision at all
    assert hand.ended_at is not None
    assert len(hand.result["boards"][0]) == 5
    assert_replays_and_records(hand)
    # the hand's end reached the table (with the board dealt at once, at the deal itself):
    # the seats hold the final stacks and the next hand is scheduled unless one busted
    seats = {s.number: s.stack for s in Seat.objects.filter(table=table).exclude(user=None)}
    assert seats == {int(k): v for k, v in hand.result["stacks"].items()}
    assert table.next_hand_at is not None or 0 in seats.values()
    # and the history shows it: the hand page with its replayer, the hand list
    client.force_login(players[0])
    base = f"/clubs/{table.club.slug}/history"
    page = client.get(f"{base}/hands/{hand.pk}/")
    assert page.status_code == 200
    # the deal, then (paced) one step per street the clock dealt
    assert len(page.context["data"]["steps"]) == len(replay(hand).steps) == (4 if step_ms else 1)
    listed = client.get(f"{base}/?player={players[0].pk}")
    assert listed.status_code == 200 and f"/hands/{hand.pk}/" in listed.content.decode()


def test_the_clock_alone_deals_records_and_replays_a_hand_without_decisions(
    settings, make_table, players
):
    """``clock.tick`` (what ``run_clock`` repeats) deals the hand, each street of the
    runout and writes the history: nobody acts."""
    settings.RUNOUT_STEP_MS = 1
    settings.NEXT_HAND_DELAY_MS = 1
    table, _ = six_chips_on_the_button_heads_up(make_table, players)
    clock._last_history = 0.0

    def recorded_by_the_clock() -> Hand | None:
        clock.tick()
        hand = Hand.objects.filter(table=table, number=2).first()
        return hand if hand is not None and hand.history_recorded else None

    hand = eventually(recorded_by_the_clock, what="the clock finishing and recording the hand")
    assert not HandAction.objects.filter(hand=hand).exists()
    assert_replays_and_records(hand)


@pytest.mark.parametrize("step_ms", [1500, 0], ids=["paced", "at-once"])
@pytest.mark.parametrize("run_twice", [False, True], ids=["once", "run-it-twice-allowed"])
def test_everyone_all_in_from_the_antes_replays_R3_1(
    settings, make_table, players, step_ms, run_twice
):
    """Three players whose whole stacks go in as antes: no betting; with run it twice
    allowed the clock declines for each player (R14), then the board is dealt."""
    settings.RUNOUT_STEP_MS = step_ms
    table = make_table(
        small_blind=10,
        big_blind=20,
        ante=20,
        min_buy_in=20,
        max_buy_in=200,
        run_it_twice_allowed=run_twice,
    )
    for i, p in enumerate(players[:3]):
        services.sit(p, table.pk, i + 1, 20)
    table = by_clock(deal(table))
    hand = Hand.objects.get(table=table, number=1)
    assert sum(hand.result["stacks"].values()) == 60 and len(hand.result["boards"][0]) == 5
    assert all(a.timeout for a in HandAction.objects.filter(hand=hand))
    assert_replays_and_records(hand)


@pytest.mark.parametrize("step_ms", [1500, 0], ids=["paced", "at-once"])
def test_a_hand_run_twice_replays_with_both_boards_R12(settings, make_table, players, step_ms):
    settings.RUNOUT_STEP_MS = step_ms
    table = make_table(run_it_twice_allowed=True)
    services.sit(players[0], table.pk, 1, 100)
    services.sit(players[1], table.pk, 4, 100)
    table = deal(table)
    seat, _ = to_act(table)
    services.act(user_at(table, seat), table.pk, "all_in", None, None)
    seat, _ = to_act(table)
    services.act(user_at(table, seat), table.pk, "call", None, None)
    for _ in range(2):
        seat, state = to_act(table)
        assert state["hand"]["pending"]["kind"] == "run_twice"
        services.act(user_at(table, seat), table.pk, "run_twice", 1, None)
    by_clock(table)
    hand = Hand.objects.get(table=table, number=1)
    assert [len(b) for b in hand.result["boards"]] == [5, 5]
    replayed = replay(hand)
    if step_ms:  # the dealer's steps: three streets on each board
        assert sum(1 for s in replayed.steps[1:] if s.action is None) == 6
    assert_replays_and_records(hand)


@pytest.mark.parametrize(
    ("step_ms", "run_twice"),
    [(1500, False), (1500, True), (0, False)],
    ids=["paced", "paced-run-it-twice", "at-once"],
)
def test_every_hand_of_a_short_stacked_session_replays_and_is_recorded(
    settings, monkeypatch, make_table, players, step_ms, run_twice
):
    """Random play with stacks of one to three big blinds, antes, a straddle, rake (and run
    it twice): many hands are all-in from the forced bets, with no betting decision at all;
    every hand replays to its stored end and is recorded."""
    settings.RUNOUT_STEP_MS = step_ms
    table = make_table(
        small_blind=10,
        big_blind=20,
        ante=20,
        min_buy_in=20,
        max_buy_in=60,
        straddle_allowed=True,
        run_it_twice_allowed=run_twice,
        rake_percent="5",
        rake_cap=10,
    )
    rng = random.Random(7 + step_ms + run_twice)
    decks = random.Random(2026 + step_ms + run_twice)  # the same secrets on every run
    monkeypatch.setattr("tables.play.actions.deck.new_secret", lambda: decks.randbytes(32))
    for i, p in enumerate(players[:3]):
        # the minimum, one ante: the first hand is all-in from the antes, with no decision
        # at all (the later ones are random: the deal depends on the table's id, R15)
        services.sit(p, table.pk, i + 1, 20)
    services.set_straddle(players[2], table.pk, True)
    Table.objects.filter(pk=table.pk).update(button_seat=3)  # not a random first button (R2.1)
    assert play_randomly(table, rng, hands=40) == 40
    hands = list(Hand.objects.filter(table=table, ended_at__isnull=False))
    assert len(hands) == 40
    assert backfill() == 40
    no_decision = 0
    for hand in hands:
        assert replay(hand).final.to_json() == hand.final_state
        # no betting decision: at most the run-it-twice question (R12) and a show or muck
        # (R11.3). (The deal depends on the table's id, R15, so the count varies by run.)
        no_decision += (
            not HandAction.objects.filter(hand=hand)
            .exclude(kind__in=["run_twice", "show", "muck"])
            .exists()
        )
    assert no_decision > 0  # the session did have hands nobody bet in
    assert HandPlayer.objects.filter(table_id=table.pk).values("hand").distinct().count() == 40

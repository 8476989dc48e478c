"""Playing hands through the services: dealing, actions, bad input, the end of a hand,
chip conservation, and the ledger (DESIGN invariants 2-4; R2, R5, R6, R7, R8, R16)."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.db.models import Sum

from tables.hands.models import Hand, HandAction
from tables.hands.proof import public_proof
from tables.money.models import LedgerEntry
from tables.play import actions as services
from tables.play.error_codes import PlayError, PlayErrorCode
from tables.play.models import Seat, Table
from tables.play.phrases import render
from tables.play.projection import load_public_state
from tests.tables.play_helpers import deal, fresh, play_randomly, to_act, user_at

pytestmark = pytest.mark.django_db


def snapshot(table):
    t = fresh(table)
    return (
        t.version,
        t.hand_state,
        t.hand_tail,
        list(Seat.objects.filter(table=t).values_list("stack", flat=True)),
    )


def test_a_hand_starts_by_itself_with_two_ready_players_R16_3(heads_up):
    table = heads_up
    assert table.in_hand and table.hand_count == 1
    seat, state = to_act(table)
    hand = state["hand"]
    # R2.4 heads-up: the button posts the small blind and acts first before the flop
    assert seat == table.button_seat
    assert sorted(s["bet"] for s in state["seats"] if s["in_hand"]) == [1, 2]
    assert hand["legal"]["call"] == 1 and hand["legal"]["min_to"] == 4
    # R15: the deck v2 proof is public from the deal; the hand's record keeps its root
    assert len(hand["deck"]["root"]) == 64 and "seed" not in hand and "commitment" not in hand
    assert Hand.objects.get(table=table).commitment == hand["deck"]["root"]


def test_public_state_never_holds_face_down_cards_or_the_deck_secret(heads_up):
    """R4.3, R15.3: no hole card, no deck, no secret; only the board's openings (none
    preflop) and no commitments list before the hand is over."""
    state = load_public_state(heads_up.pk)
    for s in state["seats"]:
        assert s["cards"] in ([], ["??", "??"])
    text = repr(state)
    assert "holes" not in text and "secret" not in text
    assert heads_up.deck["secret"] not in text
    assert state["hand"]["deck"]["openings"] == []
    assert "commitments" not in state["hand"]["deck"]


@pytest.mark.parametrize(
    ("who", "action", "amount", "version", "code"),
    [
        ("other", "call", None, None, PlayErrorCode.NOT_YOUR_TURN),
        ("actor", "check", None, None, PlayErrorCode.ILLEGAL_ACTION),
        ("actor", "raise", 3, None, PlayErrorCode.AMOUNT_OUT_OF_RANGE),
        ("actor", "raise", 101, None, PlayErrorCode.AMOUNT_OUT_OF_RANGE),
        ("actor", "raise", "10", None, PlayErrorCode.BAD_FIELD),
        ("actor", "dance", None, None, PlayErrorCode.BAD_FIELD),
        ("actor", "call", None, 0, PlayErrorCode.STALE_VERSION),
        ("outsider", "call", None, None, PlayErrorCode.NOT_A_MEMBER),
    ],
)
def test_bad_actions_get_a_code_and_change_nothing(
    heads_up, club_with_roles, who, action, amount, version, code
):
    table = heads_up
    seat, _ = to_act(table)
    other = next(n for n in (1, 4) if n != seat)
    user = {
        "actor": user_at(table, seat),
        "other": user_at(table, other),
        "outsider": club_with_roles["outsider"],
    }[who]
    before = snapshot(table)
    with pytest.raises(PlayError) as err:
        services.act(user, table.pk, action, amount, version)
    assert err.value.code == code
    assert snapshot(table) == before
    assert not HandAction.objects.exists()


def test_fold_gives_the_pot_to_the_other_player_and_schedules_the_next_hand_R5_4(heads_up):
    table = heads_up
    seat, _ = to_act(table)
    services.act(user_at(table, seat), table.pk, "fold", None, fresh(table).version)
    table = fresh(table)
    assert not table.in_hand and table.next_hand_at is not None
    stacks = dict(
        Seat.objects.filter(table=table).exclude(user=None).values_list("number", "stack")
    )
    other = next(n for n in stacks if n != seat)
    assert stacks == {seat: 99, other: 101}
    hand = Hand.objects.get(table=table)
    assert hand.ended_at is not None and hand.seed == "" and len(hand.deck_secret) == 64
    state = load_public_state(table.pk)
    # R15.3: a folded hand's cards are never opened, not even when the hand is over
    assert state["hand"]["finished"] and state["hand"]["deck"]["openings"] == []
    assert len(state["hand"]["deck"]["commitments"]) == 52
    assert hand.deck_secret not in repr(state)
    assert state["hand"]["winners"] == [other]
    # the button moves for the next hand (R2.2)
    button = table.button_seat
    table = deal(table)
    assert table.hand_count == 2 and table.button_seat != button


def test_top_up_during_a_hand_waits_for_the_next_hand_R16_1(heads_up):
    table = heads_up
    seat, _ = to_act(table)
    user = user_at(table, seat)
    services.top_up(user, table.pk, 50)
    assert Seat.objects.get(table=table, number=seat).pending_chips == 50
    assert not LedgerEntry.objects.filter(kind="top_up").exists()
    services.act(user, table.pk, "fold", None, None)
    deal(table)
    s = Seat.objects.get(table=table, number=seat)
    assert (s.stack, s.pending_chips) == (99 + 50, 0)
    assert LedgerEntry.objects.filter(kind="top_up", amount=50).count() == 1


def test_leaving_during_a_hand_cashes_out_when_it_ends_R16_2(heads_up):
    table = heads_up
    seat, _ = to_act(table)
    other = next(n for n in (1, 4) if n != seat)
    leaver = user_at(table, other)
    services.leave(leaver, table.pk)
    assert Seat.objects.get(table=table, number=other).user == leaver
    services.act(user_at(table, seat), table.pk, "fold", None, None)
    deal_time = fresh(table).next_hand_at
    assert deal_time is None  # only one player is left: no next hand
    t = fresh(table)
    services.start_hand_if_ready(t.pk)
    assert Seat.objects.get(table=table, number=other).user is None
    assert LedgerEntry.objects.get(kind="cash_out", user=leaver).amount == 101


def test_timeout_uses_the_time_bank_then_folds_exactly_once_R14(heads_up):
    table = heads_up
    seat, _ = to_act(table)
    t = fresh(table)
    # first deadline: the time bank starts
    assert services.handle_due(t.pk, t.version, now=t.deadline + timedelta(seconds=1))
    t2 = fresh(table)
    assert t2.time_bank_in_use and t2.deadline > t.deadline
    # the same due work seen by a second clock at the old version does nothing
    assert not services.handle_due(t.pk, t.version, now=t2.deadline + timedelta(seconds=1))
    # the time bank runs out: facing the big blind the player folds
    assert services.handle_due(t2.pk, t2.version, now=t2.deadline + timedelta(seconds=1))
    assert not fresh(table).in_hand
    action = HandAction.objects.get()
    assert (action.kind, action.timeout, action.seat) == ("fold", True, seat)
    s = Seat.objects.get(table=table, number=seat)
    assert s.timeouts_in_row == 1 and s.time_bank == 0


def passive_action(hand):
    """Show when asked, else check or call: a player who never folds or raises."""
    if hand["pending"]:
        return "run_twice" if hand["pending"]["kind"] == "run_twice" else "show"
    return "check" if hand["legal"]["check"] else "call"


def test_two_timeouts_in_a_row_sit_the_player_out_R14(table, players):
    services.sit(players[0], table.pk, 1, 100)
    services.sit(players[1], table.pk, 2, 100)
    Seat.objects.filter(table=table).update(time_bank=0)
    sleeper = players[0]
    for _ in range(40):
        t = fresh(table)
        if not t.in_hand:
            if t.next_hand_at is None:
                break
            t = deal(t)
        seat, state = to_act(t)
        if user_at(t, seat) == sleeper:
            assert services.handle_due(t.pk, t.version, now=t.deadline + timedelta(seconds=1))
        else:
            action = passive_action(state["hand"])
            services.act(user_at(t, seat), t.pk, action, 1 if action == "run_twice" else None, None)
    s = Seat.objects.get(table=table, user=sleeper)
    assert s.status == Seat.Status.SITTING_OUT
    assert s.timeouts_in_row >= 2
    assert HandAction.objects.filter(timeout=True, user=sleeper).count() >= 2
    assert not fresh(table).in_hand and fresh(table).next_hand_at is None


def chips_balance(table):
    seats = Seat.objects.filter(table=table)
    bought = sum(
        LedgerEntry.objects.filter(table=table, kind__in=["buy_in", "top_up"]).values_list(
            "amount", flat=True
        )
    )
    out = sum(
        LedgerEntry.objects.filter(table=table, kind="cash_out").values_list("amount", flat=True)
    )
    rake = sum(
        LedgerEntry.objects.filter(table=table, kind="rake").values_list("amount", flat=True)
    )
    on_table = sum(s.stack for s in seats)
    return bought, on_table + out + rake


def test_chips_are_conserved_over_random_hands_with_side_pots_and_rake(
    make_table, players, seeded_decks
):
    table = make_table(rake_percent="5", rake_cap=10, run_it_twice_allowed=True, max_seats=6)
    rng = random.Random(7)
    for i, p in enumerate(players[:5]):
        services.sit(p, table.pk, i + 1, rng.randint(40, 200))
    played = play_randomly(table, rng, hands=25)
    assert played == 25
    t = fresh(table)
    assert not t.in_hand
    bought, accounted = chips_balance(table)
    assert bought == accounted
    hands = Hand.objects.filter(table=table).exclude(ended_at=None)
    assert all(
        len(h.deck_secret) == 64 and len(public_proof(h)["commitments"]) == 52 for h in hands
    )


def test_a_change_that_does_not_touch_the_hand_leaves_the_decision_fresh(heads_up, players):
    """A newcomer sitting down bumps the version but the player to act may still act on
    the state they saw; an action on an older decision is stale (STALE_VERSION)."""
    table = heads_up
    seen = fresh(table).version
    seat, _ = to_act(table)
    services.sit(players[2], table.pk, 2, 100)
    services.post_chat(players[2], table.pk, "hi all")
    assert fresh(table).version > seen
    services.act(user_at(table, seat), table.pk, "call", None, seen)
    assert HandAction.objects.count() == 1
    next_seat, _ = to_act(table)
    with pytest.raises(PlayError) as err:
        services.act(user_at(table, next_seat), table.pk, "check", None, seen)
    assert err.value.code == PlayErrorCode.STALE_VERSION


def test_the_hand_log_tells_blinds_actions_and_the_winner_without_hole_cards(heads_up):
    table = heads_up
    seat, _ = to_act(table)
    services.act(user_at(table, seat), table.pk, "fold", None, None)
    log = load_public_state(table.pk)["hand"]["log"]
    texts = [render(line, str) for line in log]
    folder = user_at(table, seat).display_name
    assert any("posts the small blind 1" in t for t in texts)
    assert any("posts the big blind 2" in t for t in texts)
    assert f"{folder} folds" in texts
    assert any("takes back 1 (uncalled)" in t for t in texts)  # R8.2
    assert any("wins 2 from the main pot" in t for t in texts)
    from engine.cards import card_str

    hole = fresh(table).hand_state["holes"]
    for cards in hole:
        for c in cards:
            assert all(card_str(c) not in t for t in texts)


def test_under_the_gun_straddles_when_allowed_and_wanted_R3_3(make_table, players):
    table = make_table(straddle_allowed=True)
    for i, p in enumerate(players[:4]):
        services.sit(p, table.pk, i + 1, 100)
    for p in players[:4]:
        services.set_straddle(p, table.pk, True)
    t = deal(table)
    state = load_public_state(t.pk)
    bets = sorted(s["bet"] for s in state["seats"] if s["in_hand"])
    assert bets == [0, 1, 2, 4]  # small blind, big blind, straddle of 2 x BB
    straddler = next(s["number"] for s in state["seats"] if s["bet"] == 4)
    assert state["hand"]["to_act"] != straddler
    assert state["hand"]["legal"]["call"] == 4 and state["hand"]["legal"]["min_to"] == 8
    assert any("straddles 4" in render(line, str) for line in state["hand"]["log"])


def test_straddle_is_refused_where_the_table_does_not_allow_it(table, players):
    services.sit(players[0], table.pk, 1, 100)
    with pytest.raises(PlayError) as err:
        services.set_straddle(players[0], table.pk, True)
    assert err.value.code == PlayErrorCode.NOT_ALLOWED


def test_the_clock_writes_a_finished_hands_history_rows(heads_up):
    """The action that ends a hand does not wait for the history: the clock writes one row
    per player right after (and again after a crash, since the rows derive from the hand)."""
    from tables import clock
    from tables.hands.models import HandPlayer

    table = heads_up
    seat, _ = to_act(table)
    services.act(user_at(table, seat), table.pk, "fold", None, None)
    assert not HandPlayer.objects.exists()
    clock._last_history = 0.0
    assert clock.record_history() == 1
    rows = dict(HandPlayer.objects.values_list("seat", "net"))
    assert rows == {seat: -1, next(n for n in (1, 4) if n != seat): 1}
    assert Hand.objects.get(table=table).history_recorded
    clock._last_history = 0.0
    assert clock.record_history() == 0  # recorded hands are not looked at again
    # rows lost (the hand is marked as not recorded): the clock writes them again
    HandPlayer.objects.all().delete()
    Hand.objects.update(history_recorded=False)
    clock._last_history = 0.0
    assert clock.record_history() == 1
    assert dict(HandPlayer.objects.values_list("seat", "net")) == rows


def test_all_in_players_see_their_exact_equity_while_run_it_twice_is_asked_R12(make_table, players):
    """When no more betting is possible the hands are face up (R11.1) and the state shows
    each player's exact equity (the issue's "all-in for X ... equity"), summing to one."""
    table = make_table(run_it_twice_allowed=True)
    services.sit(players[0], table.pk, 1, 100)
    services.sit(players[1], table.pk, 2, 100)
    t = deal(table)
    seat, state = to_act(t)
    services.act(user_at(t, seat), t.pk, "all_in", None, None)
    seat, state = to_act(t)
    services.act(user_at(t, seat), t.pk, "call", None, None)
    state = load_public_state(t.pk)
    assert state["hand"]["pending"]["kind"] == "run_twice"
    in_hand = [s for s in state["seats"] if s["in_hand"]]
    assert all(s["shown"] and len(s["cards"]) == 2 for s in in_hand)
    assert abs(sum(s["equity"] for s in in_hand) - 1) < 1e-3


def _fold_the_hand(table):
    seat, _ = to_act(table)
    services.act(user_at(table, seat), table.pk, "fold", None, None)
    return fresh(table)


def test_a_pause_asked_for_during_a_hand_happens_when_it_ends_R16_3(heads_up, club_with_roles):
    host = club_with_roles["host"]
    services.pause(host, heads_up.pk)
    asked = fresh(heads_up)
    assert asked.pause_requested and asked.status == Table.Status.OPEN and asked.in_hand
    done = _fold_the_hand(heads_up)
    assert done.hand_state["phase"] == "finished"
    assert done.status == Table.Status.PAUSED and done.next_hand_at is None
    # nothing deals while paused, whatever the clock finds
    assert not services.start_hand_if_ready(done.pk)
    assert fresh(done).hand_count == 1
    services.resume(host, heads_up.pk)
    resumed = fresh(heads_up)
    assert resumed.status == Table.Status.OPEN and not resumed.pause_requested
    assert deal(resumed).hand_count == 2


def test_a_close_asked_for_during_a_hand_cashes_everyone_out_when_it_ends(
    heads_up, club_with_roles
):
    services.close_table(club_with_roles["host"], heads_up.pk)
    assert fresh(heads_up).in_hand and fresh(heads_up).status == Table.Status.OPEN
    done = _fold_the_hand(heads_up)
    assert done.status == Table.Status.CLOSED and done.next_hand_at is None
    assert not Seat.objects.filter(table=done).exclude(user=None).exists()
    # chips are conserved: 200 bought in, 200 cashed out (no rake here)
    kinds = dict(
        LedgerEntry.objects.filter(table=done).values_list("kind").annotate(total=Sum("amount"))
    )
    assert kinds == {"buy_in": 200, "cash_out": 200}
    assert not services.start_hand_if_ready(done.pk) and fresh(done).hand_count == 1

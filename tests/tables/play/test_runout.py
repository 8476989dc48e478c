"""The paced all-in runout at a live table: when no more betting is possible the clock deals
the board one street every RUNOUT_STEP_MS through the services, and every member sees each
street with the players' equities (R5.5, R11.1, R12; issue "Table UI": equities next to each
all-in player)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from tables.hands.models import Hand, HandAction
from tables.hands.replay import replay
from tables.play import actions as services
from tables.play.error_codes import PlayError, PlayErrorCode
from tables.play.models import Seat
from tables.play.projection import load_public_state
from tests.tables.play_helpers import deal, fresh, to_act, user_at

pytestmark = pytest.mark.django_db


@pytest.fixture
def paced(settings):
    settings.RUNOUT_STEP_MS = 1500
    return settings


def all_in_preflop(table):
    """Both players go all-in before the flop; returns the table afterwards."""
    seat, _ = to_act(table)
    services.act(user_at(table, seat), table.pk, "all_in", None, None)
    seat, _ = to_act(table)
    services.act(user_at(table, seat), table.pk, "call", None, None)
    return fresh(table)


def board(state):
    return state["hand"]["boards"][0]


def test_an_all_in_board_is_dealt_street_by_street_by_the_clock_with_equities_R5_5(
    paced, table, players
):
    services.sit(players[0], table.pk, 1, 100)
    services.sit(players[1], table.pk, 4, 100)
    table = all_in_preflop(deal(table))

    state = load_public_state(table.pk)
    hand = state["hand"]
    assert hand["phase"] == "runout" and hand["to_act"] is None and hand["legal"] is None
    assert board(state) == []
    in_hand = [s for s in state["seats"] if s["in_hand"]]
    assert all(s["shown"] and "??" not in s["cards"] for s in in_hand)  # R11.1
    assert sum(s["equity"] for s in in_hand) == pytest.approx(1, abs=1e-3)
    assert hand["equity_exact"] is False  # preflop: estimated from sampled boards
    assert table.deadline_seat is None
    started = table.deadline - timedelta(milliseconds=1500)

    # nobody acts while the board is run out; a step that is not due changes nothing
    with pytest.raises(PlayError) as error:
        services.act(players[0], table.pk, "check", None, None)
    assert error.value.code == PlayErrorCode.NOT_YOUR_TURN
    assert not services.handle_due(table.pk, table.version, now=started + timedelta(seconds=1))
    assert fresh(table).version == table.version

    sizes = []
    for _ in range(3):
        table = fresh(table)
        assert services.handle_due(table.pk, table.version, now=table.deadline)
        state = load_public_state(table.pk)
        sizes.append(len(board(state)))
        if not state["hand"]["finished"]:
            in_hand = [s for s in state["seats"] if s["in_hand"]]
            assert state["hand"]["equity_exact"] is True
            assert sum(s["equity"] for s in in_hand) == pytest.approx(1, abs=1e-3)
            # the next street comes RUNOUT_STEP_MS after this one
            assert fresh(table).deadline == table.deadline + timedelta(milliseconds=1500)
    assert sizes == [3, 4, 5]
    table = fresh(table)
    assert not table.in_hand and table.deadline is None
    stacks = sorted(
        Seat.objects.filter(table=table).exclude(user=None).values_list("stack", flat=True)
    )
    assert sum(stacks) == 200 and stacks in ([0, 200], [100, 100])  # chips conserved (R7.5)
    assert HandAction.objects.filter(hand__table=table).count() == 2  # only the players' actions

    hand = Hand.objects.get(table=table)
    replayed = replay(hand)  # the history replays the paced hand to its stored end (R15)
    assert replayed.final.to_json() == hand.final_state
    assert [len(step.state.boards[0]) for step in replayed.steps][-3:] == [3, 4, 5]


def test_with_no_pause_the_board_is_dealt_at_once(settings, table, players):
    settings.RUNOUT_STEP_MS = 0
    services.sit(players[0], table.pk, 1, 100)
    services.sit(players[1], table.pk, 4, 100)
    table = all_in_preflop(deal(table))
    state = load_public_state(table.pk)
    assert state["hand"]["finished"] and len(board(state)) == 5


def test_each_seat_shows_its_last_action_of_the_round_until_the_next_street(table, players):
    services.sit(players[0], table.pk, 1, 100)
    services.sit(players[1], table.pk, 4, 100)
    table = deal(table)

    def last(state):
        return {s["number"]: s["last_action"] for s in state["seats"] if s["in_hand"]}

    first, state = to_act(table)
    second = next(n for n in (1, 4) if n != first)
    assert last(state) == {1: None, 4: None}  # blinds are not decisions
    services.act(user_at(table, first), table.pk, "raise", 6, None)
    services.act(user_at(table, second), table.pk, "call", None, None)
    state = load_public_state(table.pk)
    assert state["hand"]["street"] == "flop"
    assert last(state) == {1: None, 4: None}  # a new street clears them

    seat, _ = to_act(table)
    services.act(user_at(table, seat), table.pk, "check", None, None)
    other = next(n for n in (1, 4) if n != seat)
    services.act(user_at(table, other), table.pk, "bet", 10, None)
    assert last(load_public_state(table.pk)) == {
        seat: {"kind": "check", "amount": None},
        other: {"kind": "bet", "amount": 10},
    }
    services.act(user_at(table, seat), table.pk, "raise", 30, None)
    services.act(user_at(table, other), table.pk, "all_in", None, None)
    assert last(load_public_state(table.pk)) == {
        seat: {"kind": "raise", "amount": 30},
        other: {"kind": "all_in", "amount": 94},  # the bet in front: 100 less 6 preflop
    }
    services.act(user_at(table, seat), table.pk, "fold", None, None)
    assert last(load_public_state(table.pk))[seat] == {"kind": "fold", "amount": None}

"""The double board at a live table (R23): the host deals two boards on every hand or in
bomb pots only; both boards reach every seat, each half of a pot goes to its board's best
hand, the deck proof checks both, and every export says so. The form refuses a double
board the deck cannot deal."""

from __future__ import annotations

import pytest

from engine.events import PotAwarded
from engine.fairness import verify_record
from pokerclub.models import Club
from tables.hands.exports.common import Viewer
from tables.hands.exports.json_record import record
from tables.hands.exports.phh_text import phh
from tables.hands.exports.pokerstars_text import pokerstars
from tables.hands.models import Hand
from tables.hands.replay import replay
from tables.play import actions as services
from tables.play import table_log as handlog
from tables.play.forms import TableForm
from tables.play.phrases import render
from tables.play.projection import load_public_state
from tests.tables.conftest import table_form_data
from tests.tables.history_helpers import record_history
from tests.tables.play_helpers import assert_chips_accounted, check_down, deal, fold_out, user_at

CHIPS = Club(amount_format="chips")  # a club that counts plain chips

pytestmark = pytest.mark.django_db


def test_bomb_pots_only_deals_two_boards_in_bomb_pots_R23_5(make_table, players):
    table = make_table(bomb_pot_ante=4, bomb_pot_every=2, double_board="bomb_pots")
    for i, p in enumerate(players[:3]):
        services.sit(p, table.pk, i + 1, 100)
    for number in range(1, 5):
        t = deal(table)
        state = load_public_state(t.pk)
        hand = state["hand"]
        assert state["table"]["double_board"] == "bomb_pots"
        if number % 2 == 0:  # a bomb pot: the flop of both boards is out at once
            assert hand["double_board"] is True and hand["bomb_pot"] == 4
            assert [len(board) for board in hand["boards"]] == [3, 3]
            assert hand["deck"]["double_board"] is True
        else:
            assert hand["double_board"] is False and [len(b) for b in hand["boards"]] == [0]
        fold_out(t)
        assert_chips_accounted(t)
    stored = [
        h.config.get("double_board") for h in Hand.objects.filter(table=table).order_by("number")
    ]
    assert stored == [False, True, False, True]


def test_a_checked_down_double_board_pays_each_board_and_proves_both_R23_2(
    make_table, players, seeded_decks
):
    table = make_table(double_board="always", max_seats=6)
    for i, p in enumerate(players[:3]):
        services.sit(p, table.pk, i + 1, 100)
    t = deal(table)
    check_down(t)
    assert_chips_accounted(t)  # R7.5
    record_history()
    hand = Hand.objects.get(table=table, number=1)
    replayed = replay(hand)
    first, second = replayed.final.boards
    assert len(first) == len(second) == 5 and not set(first) & set(second)
    awards = [e for e in replayed.events if isinstance(e, PotAwarded)]
    by_board = {0: 0, 1: 0}
    for a in awards:
        by_board[a.board_index] += a.amount
    assert by_board[0] - by_board[1] in (0, 1)  # halves, the odd chip to the first (R23.2)

    # every viewer's deck proof checks both boards (R15.4): each saw the boards and their own
    for seat in (1, 2, 3):
        viewer = Viewer(user_at(t, seat).pk)
        data = record(replayed, viewer)
        assert data["game"]["double_board"] is True and len(data["boards"]) == 2
        assert verify_record(data["deck"]).ok, verify_record(data["deck"]).problems

    public = Viewer.public()
    text = pokerstars(replayed, public)
    assert "*** FIRST FLOP ***" in text and "*** SECOND RIVER ***" in text
    assert "*** FIRST SHOW DOWN ***" in text and "*** SECOND SHOW DOWN ***" in text
    assert "Hand was run twice" not in text
    assert "_double_board = true" in phh(replayed, public)
    log = [render(line, str) for line in handlog.lines(replayed.events, {}, boards=2)]
    assert any(line.startswith("Board 2 — Flop: ") for line in log)
    assert any(" on board 2" in line for line in log) and any(" on board 1" in line for line in log)


@pytest.mark.parametrize(
    "overrides,message",
    [
        (dict(game="omaha", structure="pot_limit", max_seats=10, double_board="always"),
         "at most 9 players"),
        (dict(game="omaha5", structure="pot_limit", max_seats=8, double_board="always"),
         "at most 7 players"),
        (dict(double_board="bomb_pots"), "need bomb pots"),
        (dict(double_board="sometimes"), "not one of the available choices"),
    ],
)  # fmt: skip
def test_a_double_board_the_deck_cannot_deal_is_refused_R23_3(overrides, message):
    form = TableForm(table_form_data(**overrides), club=CHIPS)
    assert not form.is_valid()
    assert message in str(form.errors["double_board"])


def test_a_nine_seat_omaha_double_board_and_a_ten_seat_holdem_one_are_accepted_R23_3():
    for overrides in (
        dict(game="omaha", structure="pot_limit", max_seats=9, double_board="always"),
        dict(max_seats=10, double_board="always"),
    ):
        form = TableForm(table_form_data(**overrides), club=CHIPS)
        assert form.is_valid(), form.errors

"""Omaha Hi-Lo at a live table (R19): a split pot pays the best high and the best low, every
chip accounted; the table, the log and every export say which half went where."""

from __future__ import annotations

import pytest

from engine.events import PotAwarded
from tables.hands.exports.common import Viewer
from tables.hands.exports.json_record import record
from tables.hands.exports.phh_text import phh
from tables.hands.exports.pokerstars_text import pokerstars
from tables.hands.models import Hand
from tables.hands.replay import replay
from tables.play import actions as services
from tables.play import table_log as handlog
from tables.play.phrases import render
from tables.play.projection import load_public_state
from tests.tables.history_helpers import record_history
from tests.tables.play_helpers import assert_chips_accounted, check_down, deal, fresh

pytestmark = pytest.mark.django_db


@pytest.fixture
def plo8(make_table, players):
    table = make_table(game="omaha8", structure="pot_limit", max_seats=6)
    for i, p in enumerate(players[:4]):
        services.sit(p, table.pk, i + 1, 100)
    return table


def split_hand(table):
    """Check hands down until one splits its pot high and low (a board with three different
    cards of eight or lower comes in about four hands of ten; 30 tries)."""
    for _ in range(30):
        check_down(deal(table))
        record_history()
        hand = Hand.objects.filter(table=table).exclude(ended_at=None).order_by("-number")[0]
        replayed = replay(hand)
        if any(isinstance(e, PotAwarded) and e.half == "low" for e in replayed.events):
            return hand, replayed
    raise AssertionError("30 hands checked down without a low")


def test_a_split_pot_pays_both_halves_and_every_export_says_so_R19_3(plo8, players, seeded_decks):
    hand, replayed = split_hand(plo8)
    t = fresh(plo8)
    awards = [e for e in replayed.events if isinstance(e, PotAwarded)]
    high = sum(a.amount for a in awards if a.half == "high")
    low = sum(a.amount for a in awards if a.half == "low")
    assert high - low in (0, 1)  # halves; an odd chip goes high (R19.3)
    assert_chips_accounted(t)  # R7.5

    public = Viewer.public()
    text = pokerstars(replayed, public)
    assert text.splitlines()[0].split(":  ")[1].startswith("Omaha Hi/Lo Pot Limit (")
    shows = [line for line in text.splitlines() if ": shows [" in line and "HI: " in line]
    assert shows and any("; LO: " in line for line in shows)
    assert text.count(" collected ") >= 2  # one line per half, as PokerStars writes them
    assert 'variant = "PO/8"' in phh(replayed, public)
    data = record(replayed, public)
    assert data["game"]["game"] == "omaha8"
    assert {pot["half"] for pot in data["pots"]} >= {"high", "low"}

    log = [render(line, str) for line in handlog.lines(replayed.events, {})]
    assert any("from the low half of the main pot with" in line for line in log)
    assert any(line.endswith(" low") for line in log if "the low half" in line)
    state = load_public_state(t.pk)
    assert state["table"]["game"] == "omaha8"
    assert state["table"]["game_letter"] == "O8"

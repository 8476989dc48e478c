"""Bomb pots at a live table (R21): every N-th hand, or when everyone dealt in voted for one;
everyone antes, no blinds, the flop comes at once; the vote is checked on the server."""

from __future__ import annotations

import pytest

from pokerclub.models import Club
from tables.hands.models import Hand
from tables.play import actions as services
from tables.play.error_codes import PlayError
from tables.play.forms import TableForm
from tables.play.models import Table
from tables.play.phrases import render
from tables.play.projection import load_public_state
from tests.tables.conftest import table_form_data
from tests.tables.play_helpers import assert_chips_accounted, deal, fold_out, fresh

CHIPS = Club(amount_format="chips")  # a club that counts plain chips

pytestmark = pytest.mark.django_db


@pytest.fixture
def three(make_table, players):
    table = make_table(bomb_pot_ante=4, bomb_pot_every=3)
    for i, p in enumerate(players[:3]):
        services.sit(p, table.pk, i + 1, 100)
    return table


def test_every_third_hand_is_a_bomb_pot_that_starts_on_the_flop_R21_1_R21_4(three):
    for number in range(1, 7):
        t = deal(three)
        state = load_public_state(t.pk)
        hand = state["hand"]
        if number % 3 == 0:
            assert hand["bomb_pot"] == 4
            assert hand["street"] == "flop" and len(hand["boards"][0]) == 3
            assert hand["pot_total"] == 12
            assert not any(s["small_blind"] or s["big_blind"] for s in state["seats"])
            log = [render(line, str) for line in hand["log"]]
            assert sum("puts 4 in the bomb pot" in line for line in log) == 3
            assert not any("blind" in line for line in log)
        else:
            assert hand["bomb_pot"] == 0 and hand["street"] == "preflop"
            assert state["table"]["bomb_pot"]["next_by_count"] is (number % 3 == 2)
        fold_out(t)
        assert_chips_accounted(t)
    configs = [h.config["bomb_pot"] for h in Hand.objects.filter(table=three).order_by("number")]
    assert configs == [0, 0, 4, 0, 0, 4]


def test_a_bomb_pot_comes_when_everyone_dealt_in_voted_R21_4(make_table, players):
    table = make_table(bomb_pot_ante=6, bomb_pot_vote=True)
    for i, p in enumerate(players[:3]):
        services.sit(p, table.pk, i + 1, 100)
    services.vote_bomb_pot(players[0], table.pk, True)
    services.vote_bomb_pot(players[1], table.pk, True)
    seats = {s["number"]: s["bomb_vote"] for s in load_public_state(table.pk)["seats"]}
    assert seats[1] and seats[2] and not seats[3]
    t = deal(table)  # two of three voted: an ordinary hand, the votes stand
    assert load_public_state(t.pk)["hand"]["bomb_pot"] == 0
    services.vote_bomb_pot(players[2], t.pk, True)
    fold_out(t)
    t = deal(t)
    assert load_public_state(t.pk)["hand"]["bomb_pot"] == 6
    assert fresh(t).bomb_votes == []  # a bomb pot clears the votes
    fold_out(t)
    t = deal(t)
    assert load_public_state(t.pk)["hand"]["bomb_pot"] == 0
    fold_out(t)
    assert_chips_accounted(t)


def test_a_vote_taken_back_counts_no_more_R21_4(make_table, players):
    table = make_table(bomb_pot_ante=6, bomb_pot_vote=True)
    for i, p in enumerate(players[:2]):
        services.sit(p, table.pk, i + 1, 100)
    services.vote_bomb_pot(players[0], table.pk, True)
    services.vote_bomb_pot(players[1], table.pk, True)
    services.vote_bomb_pot(players[1], table.pk, False)
    t = deal(table)
    assert load_public_state(t.pk)["hand"]["bomb_pot"] == 0


@pytest.mark.parametrize(
    ("who", "table_options", "vote", "code"),
    [
        ("spectator", {"bomb_pot_ante": 4, "bomb_pot_vote": True}, True, "not_seated"),
        ("player", {"bomb_pot_ante": 4}, True, "not_allowed"),  # votes are off
        ("player", {"bomb_pot_vote": True, "bomb_pot_ante": 0}, True, "not_allowed"),  # no ante
        ("player", {"bomb_pot_ante": 4, "bomb_pot_vote": True}, "yes", "bad_field"),
    ],
)
def test_a_wrong_vote_is_refused_and_changes_nothing_R21_4(
    make_table, players, who, table_options, vote, code
):
    table = make_table()  # the form refuses a vote without an ante: set the columns directly
    Table.objects.filter(pk=table.pk).update(**table_options)
    services.sit(players[0], table.pk, 1, 100)
    before = Table.objects.get(pk=table.pk)
    voter = players[3] if who == "spectator" else players[0]
    with pytest.raises(PlayError) as refused:
        services.vote_bomb_pot(voter, table.pk, vote)
    assert refused.value.code == code
    after = Table.objects.get(pk=table.pk)
    assert (after.version, after.bomb_votes) == (before.version, before.bomb_votes)


def test_the_form_wants_a_bomb_ante_within_the_minimum_buy_in_R21():
    assert TableForm(table_form_data(bomb_pot_ante=4, bomb_pot_every=10), club=CHIPS).is_valid()
    none = TableForm(table_form_data(bomb_pot_every=10), club=CHIPS)
    assert not none.is_valid() and "Say what everyone puts in" in none.errors["bomb_pot_ante"][0]
    big = TableForm(
        table_form_data(bomb_pot_ante=50, bomb_pot_vote=True, min_buy_in=40), club=CHIPS
    )
    assert not big.is_valid() and "minimum buy-in" in big.errors["bomb_pot_ante"][0]


def test_a_bomb_pot_replays_and_exports_as_antes_and_preflop_checks_R21(three):
    from engine.phh import loads
    from engine.phh import replay as replay_phh
    from tables.hands.exports.common import Viewer
    from tables.hands.exports.json_record import record
    from tables.hands.exports.phh_text import phh
    from tables.hands.exports.pokerstars_text import pokerstars
    from tables.hands.replay import replay
    from tests.tables.history_helpers import record_history

    for _ in range(3):  # the third hand is the bomb pot
        deal(three)
        fold_out(three)
    record_history()
    hand = Hand.objects.get(table=three, number=3)
    replayed = replay(hand)
    assert replayed.final.config.bomb_pot == 4
    assert replayed.final.to_json() == hand.final_state
    text = pokerstars(replayed, Viewer.public())
    lines = text.splitlines()
    assert sum(": posts the ante 4" in line for line in lines) == 3
    assert not any("blind" in line for line in lines[:12])  # no blinds posted
    flop = next(i for i, line in enumerate(lines) if line.startswith("*** FLOP ***"))
    assert all(line.endswith(": checks") for line in lines[flop - 3 : flop])  # all three
    assert "(small blind)" not in text and "(big blind)" not in text
    document = phh(replayed, Viewer.public())
    assert "_bomb_pot = 4" in document
    assert replay_phh(loads(document)).state.stacks == replayed.final.stacks
    assert record(replayed, Viewer.public())["game"]["bomb_pot"] == 4  # and the JSON says so

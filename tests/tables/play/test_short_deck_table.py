"""Short deck hold'em at a live table (R30): the host picks the game, every card dealt is a
six or higher, the deck proof places each card among the short deck's (R30.4) for the
players and for anyone checking the history, and every export names the game."""

from __future__ import annotations

import random

import pytest

from engine.cards import parse_card
from engine.fairness import verify_record
from engine.games import Game, rules
from engine.table import MIXED_GAMES
from pokerclub.models import Club
from tables.hands.exports.common import Viewer
from tables.hands.exports.json_record import record
from tables.hands.exports.phh_text import phh
from tables.hands.exports.pokerstars_text import pokerstars
from tables.hands.models import Hand
from tables.hands.proof import viewer_record
from tables.hands.replay import replay
from tables.money.models import LedgerEntry
from tables.play import actions as services
from tables.play.models import Seat
from tables.play.projection import load_public_state, own_cards_by_user
from tests.tables.history_helpers import record_history
from tests.tables.play_helpers import deal, fresh, play_randomly

CHIPS = Club(amount_format="chips")
SIX = parse_card("6c")  # the lowest card of the short deck (R30.1)

pytestmark = pytest.mark.django_db


@pytest.fixture
def short(make_table, players):
    table = make_table(game="shortdeck", max_seats=6)
    for i, p in enumerate(players[:4]):
        services.sit(p, table.pk, i + 1, 100)
    return table


def test_every_card_is_six_or_higher_and_each_player_checks_their_own_R30_1_R30_4(short):
    t = deal(short)
    state = load_public_state(t.pk)
    assert state["table"]["game"] == "shortdeck"
    assert state["table"]["game_letter"] == " 6+"  # "1/2 NL 6+"
    deck = state["hand"]["deck"]
    assert deck["deck_size"] == 36 and deck["openings"] == []  # nothing public yet (R30.4)
    assert state["next_deck"] is None or state["next_deck"].get("deck_size") == 36
    own = own_cards_by_user(t.pk, t.hand_count)
    cards = [parse_card(c) for v in own.values() for c in v["cards"]]
    assert len(set(cards)) == 8 and min(cards) >= SIX
    while fresh(t).in_hand:  # everyone folds to the last player: the commitments are out
        seat = load_public_state(t.pk)["hand"]["to_act"]
        user = Seat.objects.get(table=t, number=seat).user
        services.act(user, t.pk, "fold", None, None)
    deck = load_public_state(t.pk)["hand"]["deck"]
    for seat, user_id in fresh(t).hand_players.items():  # each player checks their own two
        entry = own[user_id]
        proof = {
            **deck,
            "openings": entry["openings"],
            "boards": [],
            "holes": {seat: entry["cards"]},
        }
        verdict = verify_record(proof, expected_deck_size=36)
        assert verdict.ok and verdict.opened == 2, verdict.problems
        assert not verify_record(proof, expected_deck_size=52).ok


def test_random_short_deck_hands_conserve_chips_export_and_verify_R30(short, players, seeded_decks):
    assert play_randomly(short, random.Random(30), hands=20) == 20
    t = fresh(short)
    ledger = LedgerEntry.objects.filter(table=t)
    bought = sum(e.amount for e in ledger if e.kind in ("buy_in", "top_up"))
    out = sum(e.amount for e in ledger if e.kind in ("cash_out", "rake"))
    assert bought == sum(s.stack for s in Seat.objects.filter(table=t)) + out  # R7.5
    record_history()
    public = Viewer.public()
    hands = list(Hand.objects.filter(table=t).exclude(ended_at=None))
    assert hands
    for hand in hands:
        replayed = replay(hand)
        final = replayed.final
        assert final.config.game == Game.SHORT_DECK
        assert final.to_json() == hand.final_state
        assert min(final.deck) >= SIX and len(final.deck) == 36
        text = pokerstars(replayed, public)
        assert text.splitlines()[0].split(":  ")[1].startswith("6+ Hold'em No Limit (")
        assert 'variant = "NS"' in phh(replayed, public)
        assert record(replayed, public)["game"]["game"] == "shortdeck"
        for seat in (None, *final.seats):  # the hand page's proof, for anyone and each player
            proof = viewer_record(replayed, seat)
            assert proof is not None
            verdict = verify_record(proof)
            assert verdict.ok, verdict.problems


def test_the_form_offers_short_deck_for_ten_and_mixed_games_take_it_R30_R20():
    from tables.play.forms import TableForm
    from tests.tables.conftest import table_form_data

    form = TableForm(table_form_data(game="shortdeck", max_seats=10), club=CHIPS)
    assert form.is_valid(), form.errors
    assert rules("shortdeck").max_players == 10
    assert MIXED_GAMES["SD"] == (Game.SHORT_DECK, "no_limit")

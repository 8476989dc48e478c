"""Pot-limit Omaha at a live table (R17): the host picks the game, everyone is dealt four
cards and sees only their own, the deck proof covers four hole cards, and the history and
every export name the game."""

from __future__ import annotations

import random

import pytest

from engine.fairness import verify_record
from pokerclub.models import Club
from tables.hands.exports.common import Viewer
from tables.hands.exports.json_record import record
from tables.hands.exports.phh_text import phh
from tables.hands.exports.pokerstars_text import pokerstars
from tables.hands.models import Hand
from tables.hands.proof import public_proof
from tables.hands.replay import replay
from tables.money.models import LedgerEntry
from tables.play import actions as services
from tables.play.models import Seat
from tables.play.projection import load_public_state, own_cards_by_user
from tests.tables.history_helpers import record_history
from tests.tables.play_helpers import deal, fresh, play_randomly

CHIPS = Club(amount_format="chips")  # a club that counts plain chips

pytestmark = pytest.mark.django_db


@pytest.fixture
def plo(make_table, players):
    table = make_table(game="omaha", structure="pot_limit", max_seats=6)
    for i, p in enumerate(players[:4]):
        services.sit(p, table.pk, i + 1, 100)
    return table


def test_everyone_is_dealt_four_cards_and_sees_only_their_own_R17_R4_3(plo, players):
    t = deal(plo)
    state = load_public_state(t.pk)
    assert state["table"]["game"] == "omaha"
    assert all(s["cards"] == ["??"] * 4 for s in state["seats"] if s["in_hand"])
    own = own_cards_by_user(t.pk, t.hand_count)
    assert {len(v["cards"]) for v in own.values()} == {4}
    assert len({c for v in own.values() for c in v["cards"]}) == 16  # no card twice
    while fresh(t).in_hand:  # everyone folds to the last player
        seat = load_public_state(t.pk)["hand"]["to_act"]
        user = Seat.objects.get(table=t, number=seat).user
        services.act(user, t.pk, "fold", None, None)
    deck = load_public_state(t.pk)["hand"]["deck"]
    assert deck["hole_cards"] == 4
    for seat, user_id in fresh(t).hand_players.items():  # each player checks their own four
        entry = own[user_id]
        proof = {
            **deck,
            "openings": entry["openings"],
            "boards": [],
            "holes": {seat: entry["cards"]},
        }
        verdict = verify_record(proof)
        assert verdict.ok and verdict.opened == 4, verdict.problems


def test_random_plo_hands_conserve_chips_and_export_as_omaha_R17(plo, players, seeded_decks):
    played = play_randomly(plo, random.Random(8), hands=25)
    assert played == 25
    t = fresh(plo)
    seats = Seat.objects.filter(table=t)
    ledger = LedgerEntry.objects.filter(table=t)
    bought = sum(e.amount for e in ledger if e.kind in ("buy_in", "top_up"))
    out = sum(e.amount for e in ledger if e.kind in ("cash_out", "rake"))
    assert bought == sum(s.stack for s in seats) + out  # R7.5: every chip accounted
    record_history()
    public = Viewer.public()
    for hand in Hand.objects.filter(table=t).exclude(ended_at=None)[:10]:
        replayed = replay(hand)
        assert replayed.final.config.game == "omaha"
        assert replayed.final.to_json() == hand.final_state
        text = pokerstars(replayed, public)
        assert text.splitlines()[0].split(":  ")[1].startswith("Omaha Pot Limit (")
        assert 'variant = "PO"' in phh(replayed, public)
        assert record(replayed, public)["game"]["game"] == "omaha"
        deck = {**public_proof(hand), "boards": [], "holes": {}, "openings": []}
        assert verify_record(deck).ok, verify_record(deck).problems


def test_the_form_seats_at_most_eight_at_a_five_card_omaha_table_R18():
    from tables.play.forms import TableForm
    from tests.tables.conftest import table_form_data, table_settings

    assert table_settings(game="omaha5", structure="pot_limit", max_seats=8)["game"] == "omaha5"
    data = table_form_data(name="Five", game="omaha5", structure="pot_limit", max_seats=9)
    form = TableForm(data, club=CHIPS)
    assert not form.is_valid()
    assert "at most 8 players" in form.errors["max_seats"][0]


@pytest.mark.urls("pokerclub.urls")
def test_the_hand_list_and_its_exports_filter_by_game_R17(make_table, players, client):
    holdem = make_table(name="NL", max_seats=6)
    omaha = make_table(name="PLO", game="omaha", structure="pot_limit", max_seats=6)
    for table in (holdem, omaha):
        for i, p in enumerate(players[:3]):
            services.sit(p, table.pk, i + 1, 100)
        play_randomly(table, random.Random(4), hands=3)
    record_history()
    client.force_login(players[0])
    base = f"/clubs/{holdem.club.slug}/history/"

    def export(query):  # type: ignore[no-untyped-def]
        response = client.get(f"{base}export.pokerstars?{query}")
        return b"".join(response.streaming_content).decode()

    assert 'name="game"' in client.get(base).content.decode()
    assert 'value="omaha" selected' in client.get(f"{base}?game=omaha").content.decode()
    exported = export("game=omaha")
    assert exported.count("Omaha Pot Limit") == 3 and "Hold'em" not in exported
    exported = export("game=holdem")
    assert exported.count("Hold'em No Limit") == 3 and "Omaha" not in exported
    everything = export("game=badugi")  # an unknown game filters nothing
    assert everything.count("PokerStars Hand #") == 6

"""Telesina at a live table (R40): the host picks it with its house rules; the deck is the
players' (R31.2) and nothing is burned; everyone puts in the invito and nobody posts a blind
or brings in; one card down and one up, then three up, four betting rounds; the best hand
showing speaks first, or the first left of the dealer when the host says so (R40.4);
everyone sees every up card and nobody another's down card; the deck proof places every
card by the public counts; a mixed table deals it as TEL."""

from __future__ import annotations

import random

import pytest

from engine.cards import card_str
from engine.fairness import play_positions, stud_positions, verify_record
from engine.showing import showing_italian
from pokerclub.models import Club
from tables.hands.models import Hand
from tables.hands.proof import viewer_record
from tables.hands.replay import replay
from tables.play import actions as services
from tables.play.forms import TableForm
from tables.play.hand_state import current_state, deck_order
from tables.play.projection import load_public_state, own_cards_by_user
from tables.tournaments.forms import TournamentForm
from tests.tables.conftest import form_errors, table_form_data
from tests.tables.play_helpers import (
    TELESINA_TABLE,
    assert_chips_accounted,
    cards_named,
    check_down,
    deal,
    fresh,
    play_randomly,
    user_at,
    verify_every_viewer,
)

pytestmark = pytest.mark.django_db

TELESINA = TELESINA_TABLE


@pytest.fixture
def telesina_table(make_table, players):
    table = make_table(max_seats=9, **TELESINA)
    for i, p in enumerate(players[:4]):
        services.sit(p, table.pk, i + 1, 100)
    return table


def test_the_form_offers_telesina_with_its_house_rules_R40():
    assert form_errors(**TELESINA) == {}
    assert form_errors(**{**TELESINA, "structure": "no_limit"}) == {}  # any structure (R40.5)
    assert form_errors(**{**TELESINA, "structure": "fixed_limit"}) == {}
    assert "max_seats" in form_errors(**TELESINA, max_seats=10)  # R31.1: nine at most
    assert "ante" in form_errors(**TELESINA, ante=1)  # the invito is everyone's ante
    assert "straddle_allowed" in form_errors(**TELESINA, straddle_allowed="on")
    assert "bomb_pot_ante" in form_errors(**TELESINA, bomb_pot_ante=2, bomb_pot_every=5)
    form = TableForm(table_form_data(**TELESINA), club=Club(amount_format="chips"))
    assert form.is_valid()
    values = form.table_values()
    assert values["best_showing_first"] is True and values["max_raises"] == 0
    values = TableForm(
        table_form_data(**{**TELESINA, "best_showing_first": "", "max_raises": 2}),
        club=Club(amount_format="chips"),
    )
    assert values.is_valid()
    assert values.table_values()["best_showing_first"] is False
    assert values.table_values()["max_raises"] == 2
    assert "telesina" in TableForm.house_rules and "TEL" in TableForm.house_rules
    assert "best_showing_first" in TableForm.house_rules["TEL"]
    assert "opening_draw" not in TableForm.house_rules["telesina"]  # poker all'italiana's
    # a tournament's blind levels have no invito: not offered there
    assert "telesina" not in dict(TournamentForm.base_fields["game"].choices)


def test_the_deal_antes_the_invito_no_blinds_one_down_one_up_from_the_players_deck_R40_2_R40_3(
    telesina_table, players
):
    t = deal(telesina_table)
    state = current_state(t)
    assert state is not None
    assert state.config.ante == 1 and state.config.small_blind == 0
    assert state.config.big_blind == 2 and state.config.best_showing_first is True
    assert len(state.deck) == 32  # four players: 7 to the ace (R31.2)
    assert sum(state.contributions) == 4 and not any(state.bets)  # the invito, no blind
    public = load_public_state(t.pk)
    hand = public["hand"]
    assert hand["stud"] is True and hand["street"] == "second_card"
    assert hand["legal"] is not None and hand["legal"]["check"] is True  # no bring-in
    # everyone sees each player's up card; each player their own down card alone
    assert cards_named(public) == {card_str(hole[1]) for hole in state.holes}
    own = own_cards_by_user(t.pk, t.hand_count)
    for i, seat in enumerate(state.seats):
        mine = own[user_at(t, seat).pk]
        assert mine["cards"] == [card_str(c) for c in state.holes[i]]
        assert len(mine["openings"]) == 2
    assert set(own) == {p.pk for p in players[:4]}


def test_the_best_hand_showing_speaks_first_or_the_first_left_of_the_dealer_R40_4(
    make_table, players
):
    for best_first in (True, False):
        table = make_table(
            max_seats=9, **{**TELESINA, "best_showing_first": "on" if best_first else ""}
        )
        for i, p in enumerate(players[:4]):
            services.sit(p, table.pk, i + 1, 100)
        t = deal(table)
        state = current_state(t)
        assert state is not None and state.config.best_showing_first is best_first
        up = [hole[1] for hole in state.holes]  # each player's first up card
        if best_first:
            best = max(range(4), key=lambda i: showing_italian([up[i]]))
            expected = state.seats[best]
        else:
            expected = state.seats[0]  # position 0: the first left of the dealer
        assert load_public_state(t.pk)["hand"]["to_act"] == expected


def test_every_street_and_the_deck_proof_of_every_viewer_R40_3(telesina_table):
    t = deal(telesina_table)
    check_down(t)
    hand = Hand.objects.filter(table=telesina_table).get()
    verify_every_viewer(hand)
    replayed = replay(hand)
    final = replayed.final
    assert all(len(hole) == 5 for hole in final.holes)
    record = viewer_record(replayed, final.seats[0])
    assert record["stud"] == [5, 5, 5, 5]
    assert not verify_record({**record, "stud": [5, 5, 4, 5]}).ok
    # the live table opens every card shown at the showdown (R40.7), no card undealt
    live = load_public_state(fresh(telesina_table).pk)["hand"]["deck"]
    assert live["stud"] == [5, 5, 5, 5] and len(live["openings"]) == 20


def test_before_the_showdown_the_proof_opens_the_up_cards_alone_R40_3(telesina_table):
    t = deal(telesina_table)
    live = load_public_state(t.pk)["hand"]["deck"]
    state = current_state(t)
    assert state is not None
    assert live["stud"] == [2, 2, 2, 2] and len(live["openings"]) == 4  # one up card each
    # the openings are the up cards, each at its place: the second round's, no burn,
    # in the deck of the players' own sequence (R31.2)
    assert {o["card"] for o in live["openings"]} == {card_str(h[1]) for h in state.holes}
    places = stud_positions(4, [2] * 4, first=2, burns=False)[0]
    assert [place[1] for place in places] == [4, 5, 6, 7]
    plan, order = deck_order(fresh(t).deck)
    play = play_positions(order, plan.deck_size)
    assert sorted(o["k"] for o in live["openings"]) == sorted(play[p[1]] for p in places)


def test_random_hands_balance_replay_and_verify_for_every_viewer(make_table, players):
    table = make_table(max_seats=9, **TELESINA)
    for i, p in enumerate(players):
        services.sit(p, table.pk, i + 1, 100)
    rng = random.Random("telesina")
    assert play_randomly(table, rng, 12) == 12
    assert_chips_accounted(table)
    hands = Hand.objects.filter(table=table, ended_at__isnull=False)
    assert hands.count() >= 11
    for hand in hands:
        verify_every_viewer(hand)
        assert hand.config["game"] == "telesina"
        assert len(replay(hand).final.deck) == 4 * (len(hand.config["seats"]) + 4)


def test_a_mixed_table_deals_telesina_as_tel_R20(make_table, players):
    table = make_table(max_seats=6, mixed_games=["NLH", "TEL"], mixed_blinds="")
    for i, p in enumerate(players[:3]):
        services.sit(p, table.pk, i + 1, 100)
    rng = random.Random("mixed-telesina")
    play_randomly(table, rng, 8)
    games = set(Hand.objects.filter(table=table).values_list("config__game", flat=True))
    assert games == {"holdem", "telesina"}
    assert_chips_accounted(table)


# --- R41: Telesina con la vela ----------------------------------------------------------------


def test_the_form_offers_the_vela_as_telesinas_house_rule_R41():
    assert "vele" in TableForm.house_rules["telesina"] and "vele" in TableForm.house_rules["TEL"]
    for vele in (0, 1, 2):
        form = TableForm(table_form_data(**TELESINA, vele=vele), club=Club(amount_format="chips"))
        assert form.is_valid(), form.errors
        assert form.table_values()["vele"] == vele
    assert "vele" in form_errors(**TELESINA, vele=3)  # R41.4: one vela or two
    assert "vele" in form_errors(**TELESINA, vele="una")
    # left out of a form's post, the option is its default: no vela
    assert TableForm(table_form_data(**TELESINA), club=Club(amount_format="chips")).is_valid()


@pytest.mark.parametrize("vele", [1, 2])
def test_the_vele_are_turned_in_the_middle_each_with_its_round_and_proved_to_everyone_R41(
    make_table, players, vele
):
    table = make_table(max_seats=9, **TELESINA, vele=vele)
    for i, p in enumerate(players[:4]):
        services.sit(p, table.pk, i + 1, 100)
    t = deal(table)
    public = load_public_state(t.pk)
    assert public["table"]["telesina"]["vele"] == vele  # the house rules line says it
    seen_streets = []
    while fresh(t).in_hand:
        hand = load_public_state(t.pk)["hand"]
        if hand["street"] not in seen_streets:
            seen_streets.append(hand["street"])
        if hand["pending"] or hand["street"] == "showdown":
            check_down(t)
            break
        seat = hand["to_act"]
        services.act(user_at(t, seat), t.pk, "check", None, None)
    streets = ["second_card", "third_card", "fourth_card", "fifth_card", "vela", "second_vela"]
    assert seen_streets[: 4 + vele] == streets[: 4 + vele]
    stored = Hand.objects.filter(table=table).get()
    final = replay(stored).final
    assert len(final.board) == vele and final.dealt == 4 * 5 + vele  # no burn (R41.1)
    verify_every_viewer(stored)
    record = viewer_record(replay(stored), final.seats[0])
    assert record["boards"] == [[card_str(c) for c in final.board]]
    # the log tells the vela as a card in the middle, everyone's
    said = [line["say"] for line in load_public_state(t.pk)["hand"]["log"]]
    assert "vela" in said and ("second_vela" in said) == (vele == 2)
    assert_chips_accounted(table)


def test_random_hands_with_two_vele_balance_replay_and_verify_for_every_viewer(make_table, players):
    table = make_table(max_seats=9, **TELESINA, vele=2)
    for i, p in enumerate(players):
        services.sit(p, table.pk, i + 1, 100)
    assert play_randomly(table, random.Random("vele"), 10) == 10
    assert_chips_accounted(table)
    hands = Hand.objects.filter(table=table, ended_at__isnull=False)
    assert any(len(replay(hand).final.board) == 2 for hand in hands)
    for hand in hands:
        verify_every_viewer(hand)
        assert hand.config["vele"] == 2

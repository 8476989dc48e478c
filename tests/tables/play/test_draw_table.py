"""The draw games at a live table (R42-R44): the host picks one, players throw their own
cards by name and are dealt as many, everyone sees how many each changed and nobody sees
which, the deck proof places every card a player held (R42.6), and the hands replay and
verify from the history."""

from __future__ import annotations

import random
import re

import pytest

from engine.cards import card_str, parse_card
from engine.fairness import draw_positions, verify_record
from engine.games import Game
from pokerclub.models import Club
from tables.hands.models import Hand
from tables.hands.proof import viewer_record
from tables.hands.replay import replay
from tables.money.models import LedgerEntry
from tables.play import actions as services
from tables.play.error_codes import PlayError
from tables.play.models import Seat
from tables.play.phrases import render
from tables.play.projection import load_public_state, own_cards_by_user
from tests.tables.history_helpers import record_history
from tests.tables.play_helpers import cards_named, deal, fresh, play_randomly, to_act, user_at

CHIPS = Club(amount_format="chips")

pytestmark = pytest.mark.django_db


@pytest.fixture
def triple(make_table, players):
    table = make_table(game="27triple", structure="fixed_limit", max_seats=6)
    for i, p in enumerate(players[:4]):
        services.sit(p, table.pk, i + 1, 100)
    return table


def _to_the_draw(table):
    """Everyone calls or checks until the first draw (R42.1)."""
    while (hand := load_public_state(table.pk)["hand"])["phase"] != "draw":
        legal = hand["legal"]
        user = user_at(fresh(table), hand["to_act"])
        services.act(user, table.pk, "check" if legal["check"] else "call", None, None)
    return hand


def test_a_player_throws_their_own_cards_and_everyone_sees_only_the_count_R42_2_R42_3(triple):
    t = deal(triple)
    hand = _to_the_draw(t)
    assert hand["street"] == "first_draw" and hand["legal"]["draw"] == 5
    seat = hand["to_act"]
    user = user_at(fresh(t), seat)
    before = own_cards_by_user(t.pk, t.hand_count)[user.pk]["cards"]
    services.draw(user, t.pk, before[1:3], None)
    after = own_cards_by_user(t.pk, t.hand_count)[user.pk]
    assert after["cards"][0] == before[0] and after["cards"][3:] == before[3:]
    assert not set(after["cards"][1:3]) & set(before)  # two new cards in their places
    public = load_public_state(t.pk)
    view = next(s for s in public["seats"] if s["number"] == seat)
    assert view["drawn"] == [2]
    assert view["cards"] == ["??"] * 5
    assert render(public["hand"]["log"][-1], str).endswith("changes 2 cards")
    assert not cards_named(public)  # no card at all: none was shown
    # the player's openings cover the five dealt and the two drawn (R42.6)
    assert len(after["openings"]) == 7


@pytest.mark.parametrize(
    "cards, code",
    [
        ("7h", "bad_field"),  # not a list
        (["Zz"], "bad_field"),  # not a card
        (["7h", "7h"], "bad_field"),  # the same card twice
        (["2c", "3c", "4c", "5c", "6c", "7c"], "bad_field"),  # more than a hand holds
        ([3], "bad_field"),  # not a card's name
    ],
)
def test_a_malformed_draw_is_refused_and_changes_nothing(triple, cards, code):
    t = deal(triple)
    _to_the_draw(t)
    version = fresh(t).version
    user = user_at(fresh(t), load_public_state(t.pk)["hand"]["to_act"])
    with pytest.raises(PlayError) as refused:
        services.draw(user, t.pk, cards, None)
    assert refused.value.code == code
    assert fresh(t).version == version


def test_nobody_throws_a_card_they_do_not_hold_or_out_of_turn_R42_2(triple):
    t = deal(triple)
    hand = _to_the_draw(t)
    version = fresh(t).version
    user = user_at(fresh(t), hand["to_act"])
    own = own_cards_by_user(t.pk, t.hand_count)
    theirs = next(v["cards"] for u, v in own.items() if u != user.pk)
    with pytest.raises(PlayError) as refused:  # another player's card
        services.draw(user, t.pk, theirs[:1], None)
    assert refused.value.code == "illegal_action"
    other = next(s.user for s in Seat.objects.filter(table=t) if s.user != user)
    with pytest.raises(PlayError) as refused:
        services.draw(other, t.pk, own[other.pk]["cards"][:1], None)
    assert refused.value.code == "not_your_turn"
    with pytest.raises(PlayError) as refused:  # a bet is not a draw (R42)
        services.act(user, t.pk, "check", None, None)
    assert refused.value.code == "illegal_action"
    assert fresh(t).version == version


def test_the_clock_stands_a_player_pat_R14_R42(triple):
    t = deal(triple)
    hand = _to_the_draw(t)
    user = user_at(fresh(t), hand["to_act"])
    before = own_cards_by_user(t.pk, t.hand_count)[user.pk]["cards"]
    t = fresh(t)
    assert services.handle_due(t.pk, t.version, now=t.deadline)
    assert own_cards_by_user(t.pk, t.hand_count)[user.pk]["cards"] == before
    log = load_public_state(t.pk)["hand"]["log"]
    assert render(log[-1], str).endswith("stands pat")


@pytest.mark.parametrize(
    "game, structure",
    [("draw5", "no_limit"), ("27single", "pot_limit"), ("27triple", "fixed_limit")],
)
def test_random_draw_hands_conserve_chips_replay_and_verify_R42_R15(
    make_table, players, game, structure
):
    table = make_table(game=game, structure=structure, max_seats=8)
    for i, p in enumerate(players[:6]):
        services.sit(p, table.pk, i + 1, 100)
    assert play_randomly(table, random.Random(42), hands=12) == 12
    t = fresh(table)
    ledger = LedgerEntry.objects.filter(table=t)
    bought = sum(e.amount for e in ledger if e.kind in ("buy_in", "top_up"))
    out = sum(e.amount for e in ledger if e.kind in ("cash_out", "rake"))
    assert bought == sum(s.stack for s in Seat.objects.filter(table=t)) + out  # R7.5
    record_history()
    hands = list(Hand.objects.filter(table=t).exclude(ended_at=None))
    assert hands
    new_stub = 0
    for hand in hands:
        replayed = replay(hand)
        final = replayed.final
        assert final.config.game == Game(game)
        assert final.to_json() == hand.final_state
        for seat in (None, *final.seats):  # the hand page's proof, for anyone and each player
            proof = viewer_record(replayed, seat)
            verdict = verify_record(proof)
            assert verdict.ok, verdict.problems
            if seat is None:
                assert proof["openings"] == [] and proof["dealt"] == {}  # nothing to open
            else:
                dealt = proof["dealt"][str(seat)]
                assert set(map(parse_card, proof["holes"][str(seat)])) <= set(
                    map(parse_card, dealt)
                )
                index = final.seats.index(seat)
                stub = draw_positions(len(final.seats), final.drawn)[index].count(None)
                assert verdict.opened == len(dealt) - stub and verdict.uncovered == stub
                new_stub += stub
    if game == "27triple":  # six players drawing three times: the stub runs out (R42.4)
        assert new_stub > 0


def test_a_proof_with_a_card_moved_to_another_players_place_fails_R42_5(triple):
    t = deal(triple)
    _to_the_draw(t)
    while fresh(t).in_hand:
        seat, state = to_act(t)
        hand = state["hand"]
        user = user_at(t, seat)
        legal = hand["legal"]
        if legal and legal.get("draw"):
            services.draw(
                user, t.pk, own_cards_by_user(t.pk, t.hand_count)[user.pk]["cards"][:3], None
            )
        elif legal:
            services.act(user, t.pk, "check" if legal["check"] else "call", None, None)
        else:
            services.act(user, t.pk, "show", None, None)
    record_history()
    replayed = replay(Hand.objects.get(table=t, number=t.hand_count))
    seat = replayed.final.seats[0]
    proof = viewer_record(replayed, seat)
    assert verify_record(proof).ok
    theirs = card_str(replayed.dealt_cards(replayed.final.seats[1])[0])
    mine = proof["dealt"][str(seat)]
    forged = {**proof, "dealt": {str(seat): [*mine[:-1], theirs]}}  # a card of seat 2's place
    assert not verify_record(forged).ok
    # counts that place the draws elsewhere leave the player's draws unopened
    assert not verify_record({**proof, "drawn": [[0, 0, 0] for _ in proof["seats"]]}).ok


def test_the_first_draw_counts_as_the_flop_in_the_stats_R42(triple):
    """VPIP and PFR are the first round's, "saw the flop" is "saw the first draw"."""
    from tables.hands.models import HandPlayer

    t = deal(triple)
    _to_the_draw(t)
    while fresh(t).in_hand:
        seat, state = to_act(t)
        legal = state["hand"]["legal"]
        user = user_at(t, seat)
        if legal and legal.get("draw"):
            services.draw(user, t.pk, [], None)
        elif legal:
            services.act(user, t.pk, "check" if legal["check"] else "call", None, None)
        else:
            services.act(user, t.pk, "show", None, None)
    record_history()
    rows = HandPlayer.objects.filter(hand__table=t)
    assert rows.count() == 4 and all(r.saw_flop and r.went_to_showdown for r in rows)
    assert sorted(r.vpip for r in rows) == [False, True, True, True]  # the big blind checked


def test_a_mixed_table_turns_from_holdem_to_triple_draw_and_back_R20_R42(
    make_table, players, club_with_roles
):
    """The rotation deals a 2-7 triple draw orbit between Hold'em orbits (fixed-limit, five
    cards each, R20); every hand replays and every player's proof checks out."""
    table = make_table(max_seats=8)
    for number, p in zip((2, 5, 7), players[:3], strict=True):
        services.sit(p, table.pk, number, 100)
    assert services.update_settings(
        club_with_roles["host"], table.pk, {"mixed_games": ["NLH", "27TD"]}
    )
    assert play_randomly(table, random.Random(20), hands=8) == 8
    record_history()
    hands = list(Hand.objects.filter(table=table).exclude(ended_at=None).order_by("number"))
    games = [hand.config["game"] for hand in hands]
    assert games[:7] == ["holdem"] * 3 + ["27triple"] * 3 + ["holdem"]
    for hand in hands:
        replayed = replay(hand)
        assert len(replayed.final.holes[0]) == (5 if hand.config["game"] == "27triple" else 2)
        for seat in replayed.final.seats:
            assert verify_record(viewer_record(replayed, seat)).ok


def test_the_form_refuses_bomb_pots_and_double_boards_with_a_draw_game_R21_R23_R42():
    from tables.play.forms import TableForm
    from tests.tables.conftest import table_form_data

    for extra in ({"bomb_pot_ante": 5, "bomb_pot_every": 10}, {"double_board": "always"}):
        form = TableForm(table_form_data(game="draw5", **extra), club=CHIPS)
        assert not form.is_valid()
        mixed = TableForm(table_form_data(mixed_games=["NLH", "NL27"], **extra), club=CHIPS)
        assert not mixed.is_valid()
    assert TableForm(table_form_data(game="27triple", max_seats=8), club=CHIPS).is_valid()
    assert not TableForm(table_form_data(game="27triple", max_seats=9), club=CHIPS).is_valid()


def test_the_hand_page_shows_a_player_their_own_draws_and_nobody_elses_R42_3(triple, client):
    from django.urls import reverse

    t = deal(triple)
    _to_the_draw(t)
    while fresh(t).in_hand:
        seat, state = to_act(t)
        legal = state["hand"]["legal"]
        user = user_at(t, seat)
        if legal and legal.get("draw"):  # everyone throws their first two cards
            services.draw(
                user, t.pk, own_cards_by_user(t.pk, t.hand_count)[user.pk]["cards"][:2], None
            )
        elif legal:
            services.act(
                user,
                t.pk,
                "fold" if legal["fold"] and seat == 4 else "check" if legal["check"] else "call",
                None,
                None,
            )
        else:
            services.act(
                user, t.pk, "muck" if state["hand"]["pending"]["may_muck"] else "show", None, None
            )
    record_history()
    hand = Hand.objects.get(table=t, number=t.hand_count)
    replayed = replay(hand)
    viewer = replayed.final.seats[0]
    user = user_at(t, viewer)
    client.force_login(user)
    page = client.get(reverse("history:hand", args=[t.club.slug, hand.pk])).content.decode()
    mine = {card_str(c) for c in replayed.dealt_cards(viewer)}
    shown = {card_str(c) for cards in replayed.shown().values() for c in cards}
    named = set(re.findall(r"(?<![A-Za-z0-9])[2-9TJQKA][cdhs](?![A-Za-z0-9])", page))
    assert mine <= named  # their own, thrown and drawn
    assert named <= mine | shown  # and nobody else's, but the hands shown

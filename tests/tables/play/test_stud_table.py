"""The stud games at a live table (R45-R47): the host picks seven-card stud, stud hi-lo or
razz (fixed-limit, with antes and a bring-in); everyone sees every player's up cards from
when they are dealt and nobody sees another's down cards; the lowest door card (razz: the
highest) brings in or completes; the deck proof places every street's card by the public
counts (R45.9); HORSE rotates through them (R20)."""

from __future__ import annotations

import random

import pytest

from engine.cards import card_str
from engine.fairness import stud_positions, verify_record
from engine.games import rules
from tables.hands.models import Hand
from tables.hands.proof import viewer_record
from tables.hands.replay import replay
from tables.play import actions as services
from tables.play.error_codes import PlayError
from tables.play.hand_state import current_state
from tables.play.models import Seat
from tables.play.phrases import render
from tables.play.projection import load_public_state, own_cards_by_user, public_message
from tests.tables.conftest import form_errors
from tests.tables.play_helpers import (
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

STUD = {"structure": "fixed_limit", "small_blind": 1, "big_blind": 4, "ante": 1}


@pytest.fixture
def stud_table(make_table, players):
    table = make_table(game="stud", max_seats=8, **STUD)
    for i, p in enumerate(players[:4]):
        services.sit(p, table.pk, i + 1, 200)
    return table


def test_the_form_offers_stud_fixed_limit_only_with_every_player_anteing_R45_1():
    assert form_errors(game="stud", **STUD) == {}
    assert "structure" in form_errors(game="razz", **{**STUD, "structure": "no_limit"})
    assert "structure" in form_errors(game="stud8", **{**STUD, "structure": "pot_limit"})
    assert "ante_by_big_blind" in form_errors(game="stud", ante_by_big_blind="on", **STUD)
    assert "bomb_pot_ante" in form_errors(game="stud", bomb_pot_ante=2, bomb_pot_every=5, **STUD)
    assert "double_board" in form_errors(game="razz", double_board="always", **STUD)
    assert "max_seats" in form_errors(game="stud", max_seats=9, **STUD)  # R45.3: eight
    # a mixed table's stud game is fixed-limit by its code, whatever the form's structure
    horse = ["FLH", "FLO8", "RAZZ", "STUD", "STUD8"]
    assert form_errors(mixed_games=horse, structure="no_limit", max_seats=8) == {}
    assert "ante_by_big_blind" in form_errors(
        mixed_games=horse, ante=1, ante_by_big_blind="on", max_seats=8
    )


def test_third_street_shows_every_door_card_and_the_lowest_brings_in_R45_2_R45_4(stud_table):
    t = deal(stud_table)
    state = current_state(t)
    public = load_public_state(t.pk)
    hand = public["hand"]
    assert hand["stud"] is True and hand["street"] == "third_street"
    seen = {s["number"]: s for s in public["seats"] if s["in_hand"]}
    doors = {}
    for i, seat in enumerate(state.seats):
        view = seen[seat]
        assert view["cards"] == ["??", "??", card_str(state.holes[i][2])]  # two down, one up
        assert not view["small_blind"] and not view["big_blind"]  # no blinds in stud
        doors[seat] = state.holes[i][2]
    # R45.4: the lowest door card (the suit breaks a tie: clubs lowest) brings in
    lowest = min(doors, key=lambda seat: (doors[seat] // 4, doors[seat] % 4))
    assert hand["to_act"] == lowest
    legal = hand["legal"]
    assert legal["bring_in"] == 1 and legal["bet_or_raise"] == "bet"
    assert legal["min_to"] == legal["max_to"] == 4  # the completion: to the small bet
    assert not legal["fold"] and not legal["check"]
    # nothing of a face-down card anywhere in the public state: only the door cards
    assert cards_named(public) == {card_str(c) for c in doors.values()}
    texts = [render(line, str) for line in hand["log"]]
    assert sum(text.endswith("posts an ante of 1") for text in texts) == 4
    assert sum(" face up" in text for text in texts) == 4
    # each player's own three cards, and only to them
    own = own_cards_by_user(t.pk, t.hand_count)
    for i, seat in enumerate(state.seats):
        user = user_at(t, seat)
        assert own[user.pk]["cards"] == [card_str(c) for c in state.holes[i]]
        assert len(own[user.pk]["openings"]) == 3


def test_the_bring_in_player_brings_in_or_completes_and_may_not_fold_R45_4(stud_table):
    t = deal(stud_table)
    hand = load_public_state(t.pk)["hand"]
    bringer = user_at(t, hand["to_act"])
    before = t.version
    for action in ("fold", "check", "call"):
        with pytest.raises(PlayError) as refused:
            services.act(bringer, t.pk, action, None, None)
        assert refused.value.code == "illegal_action"
    assert fresh(t).version == before  # nothing changed
    services.act(bringer, t.pk, "bring_in", None, None)
    public = load_public_state(t.pk)
    line = render(public["hand"]["log"][-1], str)
    assert line.endswith("brings in for 1")
    view = next(s for s in public["seats"] if s["number"] == hand["to_act"])
    assert view["bet"] == 1 and view["last_action"] == {"kind": "bring_in", "amount": 1}
    # the next player may complete to the small bet (a raise), call 1 or fold
    legal = public["hand"]["legal"]
    assert legal["call"] == 1 and legal["fold"] and legal["bet_or_raise"] == "raise"
    assert legal["min_to"] == legal["max_to"] == 4
    completer = user_at(t, public["hand"]["to_act"])
    services.act(completer, t.pk, "raise", 4, None)
    assert render(load_public_state(t.pk)["hand"]["log"][-1], str).endswith("raises to 4")


def test_each_street_deals_up_cards_to_all_and_down_cards_to_their_owner_alone_R45_2(
    stud_table,
):
    t = deal(stud_table)
    messages = [public_message(load_public_state(t.pk))["dealt"]]
    check_down(t)
    t = fresh(t)
    hand = Hand.objects.get(table=t, number=t.hand_count)
    replayed = replay(hand)
    final = replayed.final
    texts = [render(line, str) for line in t.hand_log]
    for street in ("Fourth street", "Fifth street", "Sixth street", "Seventh street"):
        assert street in texts
    assert sum(" face up" in text for text in texts) == 4 * 4  # door, 4th, 5th, 6th street
    for i in range(len(final.seats)):
        assert len(final.holes[i]) == 7
        assert [k for k, c in enumerate(final.public_holes(i)) if c is not None] == (
            list(range(7)) if final.shown[i] else [2, 3, 4, 5]
        )
    messages.append(public_message(load_public_state(t.pk))["dealt"])
    assert messages == [4 * 3, 4 * 7]  # grows with each street: the cache of own cards


def test_a_players_frames_carry_each_new_street_and_hide_the_others_down_cards(stud_table):
    t = deal(stud_table)
    while (hand := load_public_state(t.pk)["hand"])["street"] != "seventh_street":
        user = user_at(t, hand["to_act"])
        legal = hand["legal"]
        action = "bring_in" if legal.get("bring_in") else "check" if legal["check"] else "call"
        services.act(user, t.pk, action, None, None)
    t = fresh(t)
    state = current_state(t)
    public = load_public_state(t.pk)
    up = {card_str(state.holes[i][k]) for i in range(4) for k in (2, 3, 4, 5)}
    assert cards_named(public) == up
    own = own_cards_by_user(t.pk, t.hand_count)
    for i, seat in enumerate(state.seats):
        mine = own[user_at(t, seat).pk]
        assert mine["cards"] == [card_str(c) for c in state.holes[i]]
        assert len(mine["openings"]) == 7
        # the openings are the player's own seven cards, at the places the counts give
        places = stud_positions(4, [7] * 4)[0][i]
        assert sorted(o["k"] for o in mine["openings"]) == sorted(places)


def test_the_deck_proof_checks_every_street_of_every_viewer_and_catches_a_swapped_card_R45_9(
    stud_table,
):
    t = deal(stud_table)
    check_down(t)
    hand = Hand.objects.filter(table=stud_table).get()
    verify_every_viewer(hand)
    replayed = replay(hand)
    seat = replayed.final.seats[0]
    record = viewer_record(replayed, seat)
    assert record["stud"] == [7, 7, 7, 7]
    # a server that dealt the fifth-street card of the player where another was committed
    forged = {**record, "holes": dict(record["holes"])}
    cards = list(forged["holes"][str(seat)])
    other = next(c for c in (card_str(x) for x in range(52)) if c not in cards)
    cards[4] = other
    forged["holes"][str(seat)] = cards
    assert not verify_record(forged).ok
    # or counts that place the cards elsewhere
    assert not verify_record({**record, "stud": [7, 7, 6, 7]}).ok
    assert not verify_record({**record, "stud": [7, 7, 7, 8]}).ok
    assert not verify_record({**record, "stud": [7, 7, 7]}).ok
    # the live table's record (the deck's public view and the viewer's own openings) too
    live = load_public_state(fresh(stud_table).pk)["hand"]["deck"]
    assert live["stud"] == [7, 7, 7, 7]
    opened = {o["k"] for o in live["openings"]}
    places = stud_positions(4, [7] * 4)[0]
    shown = replayed.final.shown
    for i in range(4):  # up cards and shown hands are opened to all, nothing else
        expected = set(places[i]) if shown[i] else {places[i][k] for k in (2, 3, 4, 5)}
        assert expected == opened & set(places[i])


def test_eight_players_reaching_seventh_street_share_one_card_in_the_middle_R45_3(
    make_table, players, make_user, club_with_roles
):
    from pokerclub.models import Membership

    more = [make_user(name) for name in ("Gus", "Hal")]
    for p in more:
        Membership.objects.create(club=club_with_roles["club"], user=p)
    table = make_table(game="razz", max_seats=8, **STUD)
    for i, p in enumerate([*players, *more]):
        services.sit(p, table.pk, i + 1, 200)
    check_down(deal(table))
    hand = Hand.objects.filter(table=table).get()
    final = replay(hand).final
    assert all(len(h) == 6 for h in final.holes) and len(final.boards[0]) == 1
    texts = [render(line, str) for line in fresh(table).hand_log]
    community = card_str(final.boards[0][0])
    assert any(community in t and "in the middle" in t for t in texts)
    verify_every_viewer(hand)
    record = viewer_record(replay(hand), final.seats[3])
    assert record["stud"] == [6] * 8 and record["boards"] == [[community]]
    (middle,) = stud_positions(8, [6] * 8, community=1)[1]
    assert middle == 51
    forged = {**record, "boards": [[card_str(final.holes[0][0])]]}  # another card there
    assert not verify_record(forged).ok


@pytest.mark.parametrize("game", ["stud", "stud8", "razz"])
def test_random_hands_balance_replay_and_verify_for_every_viewer(make_table, players, game):
    table = make_table(game=game, max_seats=8, **STUD)
    for i, p in enumerate(players):
        services.sit(p, table.pk, i + 1, 100)
    rng = random.Random(f"stud-{game}")
    assert play_randomly(table, rng, 12) == 12
    assert_chips_accounted(table)
    hands = Hand.objects.filter(table=table, ended_at__isnull=False)
    assert hands.count() >= 11
    for hand in hands:
        verify_every_viewer(hand)
        assert hand.config["game"] == game


def test_horse_rotates_through_its_five_games_an_orbit_each_R20(make_table, players):
    horse = ["FLH", "FLO8", "RAZZ", "STUD", "STUD8"]
    table = make_table(mixed_games=horse, structure="fixed_limit", max_seats=8, ante=1)
    for i, p in enumerate(players[:3]):
        services.sit(p, table.pk, i + 1, 200)
    rng = random.Random("horse")
    play_randomly(table, rng, 17)
    games = list(
        Hand.objects.filter(table=table).order_by("number").values_list("config__game", flat=True)
    )
    order = []
    for game in games:
        if not order or order[-1] != game:
            order.append(game)
    assert order[:5] == ["holdem", "omaha8", "razz", "stud", "stud8"]
    for hand in Hand.objects.filter(table=table, ended_at__isnull=False):
        config = hand.config
        if rules(config["game"]).stud:
            # every player antes in stud (no big blind to post it), and no blinds are posted
            assert config["ante"] == 1 and config["big_blind_ante"] == 0
            assert not config.get("posting")
        verify_every_viewer(hand)
    assert_chips_accounted(table)


def test_a_new_player_at_a_stud_table_is_dealt_the_next_hand_without_posting(stud_table, players):
    t = deal(stud_table)
    services.sit(players[4], t.pk, 6, 200)
    check_down(t)
    t = deal(fresh(t))
    assert 6 in current_state(t).seats
    assert not Seat.objects.get(table=t, number=6).owes_big_blind

"""Showing cards after the hand (R11.5) at a live table: the player who was dealt them
shows one or both, until the next deal; everyone then sees exactly those cards, with their
openings (R15.3), in the history and in every export. Nobody else's card moves."""

from __future__ import annotations

import warnings

import pytest
from pokerkit import HandHistory, PokerStarsParser

from engine.cards import card_str
from engine.fairness import verify_record
from tables.hands.exports.common import Viewer
from tables.hands.exports.json_record import record
from tables.hands.exports.phh_text import phh
from tables.hands.exports.pokerstars_text import pokerstars
from tables.hands.models import Hand, HandAction
from tables.hands.replay import replay
from tables.play import actions as services
from tables.play.error_codes import PlayError, PlayErrorCode
from tables.play.models import Seat
from tables.play.phrases import render
from tables.play.projection import load_public_state
from tests.tables.history_helpers import mentions_card, record_history
from tests.tables.play_helpers import deal, fresh, to_act, user_at

pytestmark = pytest.mark.django_db


def fold_to_the_winner(table):
    """The first to act folds heads-up: the other wins uncontested (R5.4)."""
    seat, _ = to_act(table)
    services.act(user_at(table, seat), table.pk, "fold", None, None)
    t = fresh(table)
    assert not t.in_hand and t.hand_state["phase"] == "finished"
    winner = next(s for s in t.hand_state["seats"] if s != seat)
    return t, seat, winner


def holes_of(table, seat):
    state = table.hand_state
    return state["holes"][state["seats"].index(seat)]


def refused(code, *args):
    with pytest.raises(PlayError) as caught:
        services.show_after_hand(*args)
    assert caught.value.code == code, caught.value.message


def test_the_winner_shows_one_card_and_everyone_sees_that_card_only_R11_5_R15_3(heads_up):
    t, folder, winner = fold_to_the_winner(heads_up)
    shown = holes_of(t, winner)[1]
    services.show_after_hand(user_at(t, winner), t.pk, t.hand_count, [1])
    state = load_public_state(t.pk)
    seats = {s["number"]: s for s in state["seats"]}
    assert seats[winner]["cards"] == ["??", card_str(shown)]
    assert seats[folder]["cards"] == []  # the folded hand stays in the muck
    deck = state["hand"]["deck"]
    assert [o["card"] for o in deck["openings"]] == [card_str(shown)]  # no board: only it
    proof = {
        **deck,
        "boards": state["hand"]["boards"],
        "holes": {str(winner): [None, card_str(shown)]},
    }
    assert verify_record(proof).ok
    assert "shows " in render(state["hand"]["log"][-1], str)
    # the hand's record keeps it: the history, its proof and every export
    record_history()
    replayed = replay(Hand.objects.get(pk=t.current_hand_id))
    assert replayed.final.shown_after[replayed.final.seats.index(winner)] == 2
    public = Viewer.public()
    assert f"shows [{card_str(shown)}]" in pokerstars(replayed, public)
    assert card_str(shown) in phh(replayed, public)
    assert card_str(holes_of(t, folder)[0]) not in phh(replayed, public)
    assert record(replayed, public)["shown_after"] == {str(winner): [card_str(shown)]}
    # PokerStars' parser and PokerKit read them as trackers do
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert list(PokerStarsParser()(pokerstars(replayed, public)))
        states = list(HandHistory.loads(phh(replayed, public)))
    assert list(states[-1].stacks) == list(replayed.final.stacks)


def test_a_folded_player_shows_both_and_a_card_is_never_shown_twice_R11_5(heads_up):
    t, folder, _ = fold_to_the_winner(heads_up)
    user = user_at(t, folder)
    services.show_after_hand(user, t.pk, t.hand_count, [0, 1])
    seats = {s["number"]: s for s in load_public_state(t.pk)["seats"]}
    assert seats[folder]["cards"] == [card_str(c) for c in holes_of(t, folder)]
    before = HandAction.objects.count()
    refused(PlayErrorCode.ILLEGAL_ACTION, user, t.pk, t.hand_count, [0])
    assert HandAction.objects.count() == before


@pytest.mark.parametrize(
    "cards", [[], [2], [-1], [0, 0], ["0"], [True], "0", None, {"0": 1}], ids=repr
)
def test_bad_cards_are_refused_and_change_nothing(heads_up, cards):
    t, folder, _ = fold_to_the_winner(heads_up)
    before = fresh(t).version
    refused(PlayErrorCode.BAD_FIELD, user_at(t, folder), t.pk, t.hand_count, cards)
    assert fresh(t).version == before


def test_only_the_player_dealt_the_cards_shows_them_and_only_until_the_next_deal(
    heads_up, players, club_with_roles
):
    t, folder, winner = fold_to_the_winner(heads_up)
    refused(PlayErrorCode.NOT_SEATED, club_with_roles["member"], t.pk, t.hand_count, [0])
    refused(PlayErrorCode.HAND_OVER, user_at(t, winner), t.pk, t.hand_count - 1, [0])
    refused(PlayErrorCode.BAD_FIELD, user_at(t, winner), t.pk, True, [0])
    number = t.hand_count
    deal(t)
    refused(PlayErrorCode.HAND_OVER, user_at(t, winner), t.pk, number, [0])
    assert all(not s["shown_after"] for s in load_public_state(t.pk)["seats"])


def test_a_player_who_left_after_the_hand_may_still_show_what_they_were_dealt(heads_up, players):
    """Cards belong to the user who was dealt them, whoever sits in the seat now (R11.5)."""
    seat, _ = to_act(heads_up)
    leaver = user_at(heads_up, seat)
    services.leave(leaver, heads_up.pk)  # leaves when the hand ends
    services.act(leaver, heads_up.pk, "fold", None, None)
    t = fresh(heads_up)
    assert Seat.objects.get(table=t, number=seat).user is None
    services.sit(players[2], t.pk, seat, 100)  # someone else takes the seat
    refused(PlayErrorCode.NOT_SEATED, players[2], t.pk, t.hand_count, [0])
    services.show_after_hand(leaver, t.pk, t.hand_count, [0])
    log = render(load_public_state(t.pk)["hand"]["log"][-1], str)
    assert log.startswith(str(leaver)) and "shows" in log


@pytest.mark.urls("pokerclub.urls")
def test_the_hand_page_shows_the_card_shown_after_and_no_other(heads_up, client, players):
    t, folder, winner = fold_to_the_winner(heads_up)
    shown = card_str(holes_of(t, winner)[0])
    services.show_after_hand(user_at(t, winner), t.pk, t.hand_count, [0])
    record_history()
    hand = Hand.objects.get(pk=t.current_hand_id)
    spectator = players[3]  # a member who was not dealt in
    client.force_login(spectator)
    page = client.get(f"/clubs/{t.club.slug}/history/hands/{hand.pk}/").content.decode()
    assert mentions_card(page, shown)
    hidden = [card_str(holes_of(t, winner)[1])] + [card_str(c) for c in holes_of(t, folder)]
    for card in hidden:
        assert not mentions_card(page, card), card

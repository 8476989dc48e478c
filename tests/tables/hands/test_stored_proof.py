"""A hand's deck proof as stored (issue #44): ``Hand.deck`` keeps no commitments, which
follow from the hand's secret, and every history and export of the hand is the same to the
byte as when they were stored (R15)."""

from __future__ import annotations

import random

import pytest

from tables.hands.exports import export_one, hand_formats
from tables.hands.exports.common import Viewer
from tables.hands.models import Hand
from tables.hands.proof import public_proof
from tables.hands.replay import replay
from tables.play import actions as services
from tables.play.actions import deck as table_deck
from tests.tables.play_helpers import play_randomly, verify_every_viewer

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(make_table, players, monkeypatch):
    """Five hands of a six-seat table, and the proof each deal made (``engine.fairness.proof_json``), as it made it."""
    made: dict[int, dict] = {}
    deal = table_deck.deal

    def keeping(table, seats, dealt, config):
        state, events, proof = deal(table, seats, dealt, config)
        made[proof["hand"]] = proof
        return state, events, proof

    monkeypatch.setattr(table_deck, "deal", keeping)
    table = make_table(structure="no_limit", max_seats=6)
    for i, p in enumerate(players):
        services.sit(p, table.pk, i + 1, 100)
    play_randomly(table, random.Random("stored proof"), 5)
    hands = list(Hand.objects.filter(table=table).exclude(ended_at=None).order_by("number"))
    assert len(hands) >= 5
    return hands, made, players


def _exports(hand: Hand, players) -> list[str]:
    replayed = replay(hand)
    viewers = [Viewer.public(), *(Viewer(p.pk) for p in players)]
    return [export_one(replayed, fmt, v) for fmt in hand_formats(hand) for v in viewers]


def test_a_hand_keeps_no_commitments_and_its_proof_is_the_one_the_deal_made_R15(played):
    hands, made, _players = played
    for hand in hands:
        assert "commitments" not in hand.deck and hand.deck_secret
        proof = public_proof(hand)
        assert proof == made[hand.number]  # the 52 commitments the root was made from
        assert len(proof["commitments"]) == 52
        verify_every_viewer(hand)  # each viewer's record checks out with them


def test_every_export_is_the_same_to_the_byte_as_with_the_commitments_stored(played):
    """The hands stored as before this change (the deal's whole proof in ``Hand.deck``) and
    as now give the same PokerStars text, PHH and JSON, for the public and each player."""
    hands, made, players = played
    for hand in hands:
        now = _exports(hand, players)
        Hand.objects.filter(pk=hand.pk).update(deck=made[hand.number])  # as stored before
        before = Hand.objects.get(pk=hand.pk)
        assert "commitments" in before.deck
        assert _exports(before, players) == now

"""The deck of a stored hand: how to deal it again, and its proof as one viewer may check
it (R15). Hands dealt with deck v2 keep their public proof (``Hand.deck``) and their secret
(``Hand.deck_secret``, server-side only); hands dealt before keep their revealed seed
(``Hand.seed``) and are checked the old way (scheme 1). Imported hands
(``Hand.imported_deck``) have no proof: the site they were dealt on kept none we could check."""

from __future__ import annotations

from typing import Any

from django.db import connection

from engine.cards import card_str, parse_card
from engine.drawing import fourth_card_last
from engine.fairness import FROM_SECRET
from tables.hands.models import Hand
from tables.play.hand_state import deck_order, open_cards, public_hole_cards, stud_counts


def public_proof(hand: Hand) -> dict[str, Any]:
    """The hand's public proof (R15) with its commitments, whether stored or derived from the
    secret, its keys in the order the database gives a proof stored whole, so that a history
    or an export is the same to the byte whichever way the hand was stored: PostgreSQL's
    ``jsonb`` gives shorter keys first, then by their bytes; a JSON text keeps the order
    ``proof_json`` wrote, the commitments after the root."""
    assert hand.deck is not None  # only for hands dealt with deck v2
    if all(key in hand.deck for key in FROM_SECRET):
        return hand.deck
    plan, _order = deck_order(_with_secret(hand))
    proof = {**hand.deck, "commitments": [c.hex() for c in plan.commitments]}
    if connection.vendor == "postgresql":
        order = sorted(proof, key=lambda k: (len(k.encode()), k.encode()))
    else:
        keys = list(hand.deck)
        at = keys.index("root") + 1
        order = [*keys[:at], "commitments", *keys[at:]]
    return {key: proof[key] for key in order}


def _with_secret(hand: Hand) -> dict[str, Any]:
    assert hand.deck is not None  # only for hands dealt with deck v2
    return {**hand.deck, "secret": hand.deck_secret}


def start_kwargs(hand: Hand) -> dict[str, Any]:
    """``engine.hand.start_hand``'s deck argument for a replay of ``hand``."""
    if hand.imported_deck is not None:  # an imported hand: no proof, its deal as imported
        return {"deck": tuple(parse_card(card) for card in hand.imported_deck)}
    if hand.deck:
        plan, order = deck_order(_with_secret(hand))
        # R30.4: a short deck deals only its own cards, committed first
        return {"deck": tuple(plan.cards[j] for j in order if j < plan.deck_size)}
    return {"seed": bytes.fromhex(hand.seed)}


def viewer_record(replayed: Any, viewer_seat: int | None) -> dict[str, Any] | None:
    """The record ``engine.fairness.verify_record`` checks (and the browser's verifier): the
    hand's proof, the boards, the hole cards the viewer may see (their own and the shown
    ones, ``ReplayedHand.visible_holes``) and the openings of exactly those cards."""
    hand, final = replayed.hand, replayed.final
    holes = replayed.visible_holes(viewer_seat)
    seen: dict[str, Any] = {
        "seats": list(final.seats),
        "boards": [[card_str(c) for c in board] for board in final.boards],
        "holes": {str(seat): cards for seat, cards in holes.items()},
    }
    if hand.deck:
        own = [final.seats.index(viewer_seat)] if viewer_seat in final.seats else []
        openings = open_cards(
            _with_secret(hand),
            len(final.seats),
            final.boards,
            own,
            public_hole_cards(final),
            final.drawn,
            stud_counts(final),
            fourth_card_last(final.config),
        )
        if stud_counts(final):  # a stud game: each street's card placed by the counts (R45.9)
            seen["stud"] = stud_counts(final)
        if final.drawn:  # a draw game: every card the viewer held, placed by the counts (R42.6)
            seen["drawn"] = [list(counts) for counts in final.drawn]
            if fourth_card_last(final.config):  # R36.2: the fourth cards after the others'
                seen["fourth_card_last"] = True
            seen["dealt"] = (
                {str(viewer_seat): [card_str(c) for c in replayed.dealt_cards(viewer_seat)]}
                if own
                else {}
            )
        return {**public_proof(hand), **seen, "openings": openings}
    if hand.seed:
        return {"scheme": 1, "seed": hand.seed, "commitment": hand.commitment, **seen}
    return None

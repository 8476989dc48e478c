"""The draw of a draw game (R42): each player still in, in turn, throws some cards and is
dealt as many in their place; a new stub when the old one runs out.

* **R42.1** After each betting round but the last, a draw: one card is burnt, then every
  player still in (all-in players too) draws in turn from the left of the button.
* **R42.2** A player throws any of their five cards (five-card draw and deuce-to-seven: up
  to all five) or none ("stand pat", "servito"), and is dealt as many at once, from the
  top of the stub, in the places of the cards thrown.
* **R42.3** How many cards each player changed is public; which ones, and what came, only
  that player sees.
* **R42.4** The stub's last card is never dealt. When a player is to be dealt a card and
  only the last card is left, it is shuffled with every card out of play (the burnt cards,
  earlier discards, folded hands), except the cards this player has just thrown, into a
  new stub; the deal goes on from it.
* **R31, R36** Poker all'italiana: one draw, no burn, each player still in changes 0 to 4
  cards (``max_draw``: 5), from the dealer's left; the stub runs out as R42.4 says (R36.3).
* **R36.2** (``fourth_card_last``) A player changing four cards gets three at once and the
  fourth after every other player has drawn; the fourth cards go in the order of the draw.
  A fourth card never comes from a stub holding the player's own discards: when the stub
  runs out, or holds some of them (a new stub made while they waited), the rest of it and
  the cards out of play, without theirs, are shuffled into a new one.

The functions are steps of the hand: they take the
:class:`~engine.working_copy.WorkingCopy` ``w`` and record their events in it.
"""

from __future__ import annotations

import hashlib
from typing import Final

from engine.cards import Card
from engine.deck import shuffle_with
from engine.errors import EngineError, ErrorCode
from engine.events import CardsDrawn, DeckReshuffled, DrawTaken, FourthCardDealt, StreetStarted
from engine.games import Game, rules
from engine.state import HandConfig, Phase, Street
from engine.working_copy import WorkingCopy

__all__ = ["DRAW_LABELS", "draw_label", "fourth_card_last", "play_draw", "start_draw"]

DRAW_LABELS = ("first_draw", "second_draw", "third_draw")
"""The names of the draws in the events (as PokerStars' files name them): a single draw's
only draw is ``draw``."""


def draw_label(draws: int, street: int) -> str:
    """The name of the draw before betting round ``street`` of a game of ``draws`` draws."""
    return "draw" if draws == 1 else DRAW_LABELS[street - 1]


def start_draw(w: WorkingCopy) -> None:
    """R42.1: the next draw: the bets of the round just ended are in the pot, one card is
    burnt (none in poker all'italiana, R31), and every player still in is asked in turn
    from the left of the button (R36.1)."""
    game = rules(w.config.game)
    street = Street(w.street + 1)
    w.street = street
    w.bets = [0] * w.n
    w.phase = Phase.DRAW
    w.events.append(StreetStarted(draw_label(game.draws, street)))
    if game.draw_burn:
        burnt = _deal(w, 1)  # (first: a new stub empties the pile, R42.4)
        w.pile += burnt
    w.to_act = [q for q in range(w.n) if not w.folded[q]]


def play_draw(w: WorkingCopy, p: int, mask: int | None) -> None:
    """R42.2, R42.3: player ``p`` throws the cards of ``mask`` (bit k: hole card k; 0 stands
    pat) and is dealt as many in their places; :class:`EngineError` before anything
    changes for a mask that is not one, or of more cards than the game allows (R36.1)."""
    hole = w.holes[p]
    if type(mask) is not int or not 0 <= mask < 1 << len(hole):
        raise EngineError(
            ErrorCode.BAD_AMOUNT,
            f"a draw is a bit mask of the cards thrown, 0 (stand pat) to {(1 << len(hole)) - 1}",
        )
    most = w.config.max_draw or rules(w.config.game).max_draw
    if mask.bit_count() > most:
        raise EngineError(
            ErrorCode.TOO_MANY_CARDS, f"a player changes at most {most} cards here (R36.1)"
        )
    thrown = tuple(card for k, card in enumerate(hole) if mask >> k & 1)
    later = len(thrown) == FOURTH and fourth_card_last(w.config)  # R36.2
    new = _deal(w, len(thrown) - later)  # (the cards thrown join the pile after: R42.4)
    last = mask.bit_length() - 1 if later else -1  # R36.2: its place waits for the fourth
    fresh = iter(new)
    after = tuple(
        next(fresh) if mask >> k & 1 else card for k, card in enumerate(hole) if k != last
    )
    _set_hole(w, p, after)
    w.pile += thrown
    w.drawn[p] = (*w.drawn[p], len(thrown))
    w.to_act.pop(0)
    seat = w.seats[p]
    w.events.append(DrawTaken(seat, len(thrown)))
    w.events.append(CardsDrawn(seat, thrown, new, after))
    if later:  # R36.2: the fourth after every other player has drawn
        waiting = list(w.waiting or [()] * w.n)
        waiting[p] = thrown
        w.waiting = tuple(waiting)
    if not w.to_act and w.waiting:
        _deal_fourth_cards(w)


FOURTH: Final = 4
"""R36.2: a player changing this many cards gets the last of them after the others."""


def fourth_card_last(config: HandConfig) -> bool:
    """Whether a player changing four gets the fourth after the others (R36.2): poker
    all'italiana's option ``fourth_card_last``; never in another game."""
    return config.game is Game.ITALIANA and config.fourth_card_last


def _set_hole(w: WorkingCopy, p: int, hole: tuple[Card, ...]) -> None:
    holes = list(w.holes)
    holes[p] = hole
    w.holes = tuple(holes)


def _deal_fourth_cards(w: WorkingCopy) -> None:
    """R36.2: every player waiting for their fourth card gets it, in the order of the draw,
    from a stub without their own discards (R36.3): when the stub holds some of them (a new
    stub made while they waited) or only its last card, the rest of it and the cards out
    of play, theirs left out, are shuffled into a new stub (:func:`_new_stub`)."""
    for p, own in enumerate(w.waiting):
        if not own:
            continue
        if len(w.deck) - w.dealt <= 1 or not set(own).isdisjoint(w.deck[w.dealt :]):
            _new_stub(w, frozenset(own))
        (card,) = _deal(w, 1)
        after = (*w.holes[p], card)
        _set_hole(w, p, after)
        w.events.append(FourthCardDealt(w.seats[p], card, after))
    w.waiting = ()


def _deal(w: WorkingCopy, count: int) -> tuple[Card, ...]:
    """``count`` cards from the top of the stub, never its last one: a new stub when only
    that one is left (R42.4)."""
    out = []
    for _ in range(count):
        if len(w.deck) - w.dealt <= 1:
            _new_stub(w)
        out.append(w.deck[w.dealt])
        w.dealt += 1
    return tuple(out)


def _new_stub(w: WorkingCopy, kept_out: frozenset[Card] = frozenset()) -> None:
    """R42.4: the stub's last card and the cards out of play shuffled into a new stub (the
    cards the player being served has just thrown are not in the pile yet; R36.2: the
    discards ``kept_out`` of a player waiting for their fourth card stay out of play, the
    rest of the stub with the pile). The shuffle is :func:`engine.deck.shuffle_with` of the
    pile in the order its cards left play, keyed by the SHA-256 of the hand's first deck
    order and how many cards the deck has held (a secret as the deck is, fixed when the
    hand was dealt)."""
    out = [*w.deck[w.dealt :], *w.pile]
    pool = [card for card in out if card not in kept_out]
    if len(pool) < 2:  # unreachable with the seats R42.4 allows (GameRules.seats_for)
        raise EngineError(ErrorCode.INVALID_STATE, "no cards are left to draw (R42.4)")
    first = bytes(w.deck[: len(w.config.hand_rules().deck)])  # (R31.4: the morto's deck)
    key = hashlib.sha256(b"reshuffle" + first + len(w.deck).to_bytes(2, "big")).digest()
    # the new stub follows the deck (which keeps its first order, for the proof, R15)
    w.dealt = len(w.deck)
    w.deck = (*w.deck, *shuffle_with(key, pool))
    w.pile = tuple(card for card in out if card in kept_out)
    w.events.append(DeckReshuffled(len(pool)))

"""The stud games' own steps (R45–R47): the streets' cards, who brings in and who opens each
street, and the bring-in. Everything else (the betting, the pots, the showdown) is the one
hand machine's, told by :class:`~engine.games.GameRules` what differs.

* **R45.2** Third street deals every player three cards one at a time from the left of the
  button, two down and one up (:func:`engine.dealing.deal_hole_cards`); fourth, fifth and
  sixth street one card up each, seventh street one down, each after one burn, to every
  player still in, from the left of the button (:func:`deal_stud_street`).
* **R45.3** When the deck cannot give one burn and a card to every player still in, the
  seventh street is one card face up in the middle, every player's seventh: after a burn,
  or none when it is the deck's last card.
* **R45.4** On third street the door card that brings in (:attr:`GameRules.bring_in`) is
  the first to act, or, all-in from the ante, the first player after them who can bet; that
  player posts the bring-in or completes to the small bet (:func:`post_bring_in`,
  :func:`bringing_in`). Facing the bring-in alone, a raise is the completion
  (:func:`completing`).
* **R45.5** From fourth street the best showing hand (:attr:`GameRules.showing`) among the
  players still in opens, or, all-in, the first player after them who can bet
  (:func:`first_to_act`).
* **R40.3, R40.4** Telesina deals two cards, one down and one up, then one up card a street
  with no burn (:attr:`GameRules.draw_burn` false); it has no bring-in: the best showing
  hand by the Italian ranking speaks first from the first round, or, with the host option
  ``best_showing_first`` off, the first player still in left of the dealer.
* **R41** Telesina con la vela: after the fifth cards each vela is one card in the middle,
  with no burn, turned before a betting round of its own (:func:`deal_stud_street`); in
  that round the best showing hand counting the vele speaks first (:func:`first_to_act`).

The functions are steps of the hand: they take the
:class:`~engine.working_copy.WorkingCopy` ``w`` (or read a state) and record their events.
"""

from __future__ import annotations

from engine.events import ActionTaken, BoardDealt, DownCardDealt, UpCardDealt
from engine.games import rules
from engine.state import HandState
from engine.working_copy import WorkingCopy

__all__ = [
    "bring_in_chips",
    "bringing_in",
    "completing",
    "deal_stud_street",
    "first_to_act",
    "may_complete",
    "post_bring_in",
]


def first_to_act(w: WorkingCopy, street: int) -> int:
    """The position whose cards open ``street``'s betting (R45.4, R45.5): on third street
    the door card that brings in, later the best showing hand of the players still in; equal
    showing hands, the lower position. All-in players count (the caller starts the round
    with the first after them who can bet). Telesina (R40.4): the best showing hand in every
    round (never a tie: R32.5's suits), or, with ``best_showing_first`` off, the first
    player still in left of the dealer. After a vela (R41.3) the showing hand is the best
    five of the up cards and the vele, by the hand's ranking (straights, flushes and fulls
    count: it is five cards or more)."""
    game = rules(w.config.game)
    holes = w.holes
    live = [q for q in range(w.n) if not w.folded[q]]
    if not w.config.best_showing_first:
        return live[0]
    up = game.up_cards
    if street >= len(game.street_cards):  # R41.3: a vela's round
        ranked = w.config.hand_rules()
        vele = w.boards[0]
        return max(live, key=lambda q: (ranked.strength([holes[q][k] for k in up], vele), -q))
    if street == 0 and game.bring_in is not None:
        order = game.bring_in
        assert order is not None
        return max(live, key=lambda q: order(holes[q][2]))
    showing = game.showing
    assert showing is not None
    return max(live, key=lambda q: (showing([holes[q][k] for k in up if k < len(holes[q])]), -q))


def bringing_in(s: HandState | WorkingCopy) -> bool:
    """R45.4: the player to act brings in or completes: a stud game's third street, nobody
    has put a chip in yet (not Telesina, which has no bring-in, R40.2)."""
    return s.street == 0 and not any(s.bets) and rules(s.config.game).bring_in is not None


def completing(s: HandState | WorkingCopy) -> bool:
    """R45.4: on third street, before the bring-in is completed, a bet or raise is the
    completion: to the small bet, and full (it reopens the betting) when it reaches it."""
    return s.street == 0 and s.bets_made == 0 and rules(s.config.game).bring_in is not None


def bring_in_chips(s: HandState | WorkingCopy, p: int) -> int:
    """The chips player ``p`` posts to bring in: the bring-in, or all they have (R45.4)."""
    return min(s.stacks[p], s.config.small_blind)


def may_complete(s: HandState | WorkingCopy, p: int) -> bool:
    """Whether the bring-in player ``p`` may complete instead: when they have more than the
    bring-in and the bring-in is less than the small bet (at the small bet, bringing in is
    completing)."""
    return s.stacks[p] > s.config.small_blind and s.config.small_blind < s.config.big_blind


def post_bring_in(w: WorkingCopy, p: int) -> None:
    """R45.4: player ``p`` posts the bring-in (all they have when short); the others fold,
    call it or complete. A bring-in of the whole small bet is the round's bet (R7.3)."""
    chips = bring_in_chips(w, p)
    w.put(p, chips)
    w.acted[p] = True
    w.to_act.pop(0)
    if chips >= w.config.big_blind:
        w.bets_made = 1
    stack = w.stacks[p]
    w.events.append(ActionTaken(w.seats[p], "bring_in", chips, chips, stack == 0, stack))


def deal_stud_street(w: WorkingCopy, street: int) -> None:
    """R45.2, R45.3: fourth to seventh street: one burn, then one card to every player still
    in from the left of the button, face up (face down on seventh street); or, the deck
    short, one community card face up (after a burn unless it is the last card). Telesina
    (R40.3): the third to fifth card, face up, with no burn (its deck is never short); then
    each vela (R41), one card in the middle with no burn."""
    game = w.config.hand_rules()  # (R41: the vele's rounds are named by it)
    label = game.street_names[street]
    deck = w.deck
    if street >= len(game.street_cards):  # R41.1: a vela, everyone's card
        card = deck[w.dealt]
        w.dealt += 1
        w.boards[0] = (*w.boards[0], card)
        w.events.append(BoardDealt(label, (card,)))
        return
    live = [q for q in range(w.n) if not w.folded[q]]  # (nobody mucks before the end, R45.7)
    left = len(deck) - w.dealt
    burn = 1 if game.draw_burn else 0
    if left < burn + len(live):  # R45.3: one card for everyone, in the middle
        if left >= 2:
            w.dealt += 1  # the burn
        card = deck[w.dealt]
        w.dealt += 1
        w.boards[0] = (*w.boards[0], card)
        w.events.append(BoardDealt(label, (card,)))
        return
    w.dealt += burn
    holes = list(w.holes)
    up = game.up_cards
    for q in live:
        card = deck[w.dealt]
        w.dealt += 1
        index = len(holes[q])
        holes[q] = (*holes[q], card)
        seat = w.seats[q]
        w.events.append(
            UpCardDealt(seat, card, label) if index in up else DownCardDealt(seat, card, label)
        )
    w.holes = tuple(holes)

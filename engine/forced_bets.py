"""The forced bets: who posts the blinds, and the antes, blinds, straddle, live big blinds
and bomb-pot antes posted before the cards are dealt (R2, R3, R21, R28.5).

* **R2.3, R2.4** The small blind is the first player left of the button, the big blind the
  next; heads-up the button posts the small blind.
* **R2.5** A player who cannot cover a forced bet posts all they have and is all-in.
* **R2.6** A player who posts to come in posts one big blind, live.
* **R3** Antes (R3.1), the big-blind ante (R3.2) and the straddle (R3.3).
* **R21** A bomb pot: everyone posts its ante, and nothing else.
* **R28.5** A tournament's dead small blind: nobody posts it.
* **R45.4** A stud game: the antes alone (the bring-in is a decision, :mod:`engine.stud`).
* **R33.1, R33.2, R35.3** Poker all'italiana: the pot carried in, the invito (an ante) from
  everyone and the mazziere's invito; no blinds.

The posting functions are steps of the hand: they take the
:class:`~engine.working_copy.WorkingCopy` ``w`` and record their events in it.
"""

from __future__ import annotations

from engine.betting import opening_increment
from engine.config_checks import MIN_PLAYERS
from engine.events import (
    AntePosted,
    BlindPosted,
    DealerAntePosted,
    PotCarriedIn,
    UncalledBetReturned,
)
from engine.pots import uncalled_bet
from engine.state import HandConfig, HandState
from engine.working_copy import WorkingCopy

__all__ = [
    "blind_positions",
    "blind_seats",
    "post_antes",
    "post_bomb_pot",
    "post_forced_bets",
    "post_invito",
]


def blind_positions(config: HandConfig, n: int) -> tuple[int | None, int, int | None]:
    """Return the position indices of the small blind, the big blind and the straddler.

    The small blind is the first player left of the button, the big blind the next (R2.3);
    heads-up the button (index 1) posts the small blind (R2.4). The straddler is the player
    left of the big blind (R3.3), only with three players or more. With a dead small blind
    (R28.5) nobody posts it and the first player left of the button is the big blind.
    """
    if n == MIN_PLAYERS:
        return 1, 0, None
    small, big = (None, 0) if config.dead_small_blind else (0, 1)
    return small, big, (big + 1 if config.straddle else None)


def blind_seats(state: HandState) -> tuple[int | None, int]:
    """The seats of the small blind (``None``: a dead small blind, R28.5) and the big
    blind of this hand (R2.3, R2.4)."""
    small, big, _ = blind_positions(state.config, len(state.seats))
    return (None if small is None else state.seats[small]), state.seats[big]


def post_antes(w: WorkingCopy) -> None:
    """R3.1: every player posts the ante, all they have when short (R2.5); the part of the
    largest ante nobody matched goes back (R8.2). A stud game's only forced bet (R45.4):
    its third street opens with nothing bet (the bring-in comes after the cards)."""
    stacks = w.stacks
    antes = [min(w.config.ante, stack) for stack in stacks]
    for p, ante in enumerate(antes):
        stacks[p] -= ante
        w.contributions[p] += ante
        w.events.append(AntePosted(w.seats[p], ante, stacks[p] == 0))
    returned = uncalled_bet(antes)  # an ante nobody matched (R8.2)
    if returned is not None:
        p, chips = returned
        stacks[p] += chips
        w.contributions[p] -= chips
        w.events.append(UncalledBetReturned(w.seats[p], chips))
    w.bets_made = 0
    w.aggressor = None


def post_forced_bets(w: WorkingCopy, small: int | None, big: int, straddler: int | None) -> None:
    """Antes (R3.1, R3.2), blinds (R2.3, R2.4), straddle (R3.3), live big blinds (R2.6);
    a short player posts everything and is all-in (R2.5)."""
    config = w.config
    stacks = w.stacks
    if config.ante:
        post_antes(w)
    elif config.big_blind_ante:
        ante = min(config.big_blind_ante, stacks[big])
        stacks[big] -= ante
        w.dead += ante
        w.events.append(AntePosted(w.seats[big], ante, stacks[big] == 0, True))
    posting = set(config.posting)
    blinds: list[tuple[int, str, int]] = []
    if small is not None:  # (a dead small blind is nobody's, R28.5)
        # a player coming in on the small blind posts a live big blind instead (R2.6)
        blinds.append(
            (small, "live_big_blind", config.big_blind)
            if w.seats[small] in posting
            else (small, "small_blind", config.small_blind)
        )
    blinds.append((big, "big_blind", config.big_blind))
    if straddler is not None:
        blinds.append((straddler, "straddle", 2 * config.big_blind))
    blind_positions = {small, big, straddler}
    for p in range(w.n):
        if p not in blind_positions and w.seats[p] in posting:
            blinds.append((p, "live_big_blind", config.big_blind))
    for p, name, amount in blinds:
        chips = min(amount, stacks[p])
        w.put(p, chips)
        w.events.append(BlindPosted(w.seats[p], name, chips, stacks[p] == 0))
    # R7.3: the big blind is the first bet of the preflop round, a straddle a raise.
    w.bets_made = 1 if straddler is None else 2
    w.increment = opening_increment(config.structure, config.big_blind, straddler is not None)
    w.aggressor = None


def post_bomb_pot(w: WorkingCopy) -> None:
    """R21: every player puts the bomb pot's ante in, all they have when short (R2.5);
    the part of the largest ante nobody matched goes back (R8.2), as for R3.1's ante.
    No blinds: the preflop round has no bet and nobody acts in it."""
    stacks = w.stacks
    antes = [min(w.config.bomb_pot, stack) for stack in stacks]
    for p, ante in enumerate(antes):
        stacks[p] -= ante
        w.contributions[p] += ante
        w.events.append(AntePosted(w.seats[p], ante, stacks[p] == 0, bomb_pot=True))
    returned = uncalled_bet(antes)
    if returned is not None:
        p, chips = returned
        stacks[p] += chips
        w.contributions[p] -= chips
        w.events.append(UncalledBetReturned(w.seats[p], chips))


def post_invito(w: WorkingCopy) -> None:
    """Poker all'italiana's forced bets, before the deal: the pot carried from the hands
    before, dead money in the middle (R35.3, R37.3); the invito, an ante from everyone
    (R33.1, as R3.1: all they have when short, R33.6); the mazziere's invito from the
    button, dead money (R33.2). No blinds: the first round opens with nothing bet."""
    config = w.config
    if config.carried:
        w.dead += config.carried
        w.events.append(PotCarriedIn(config.carried))
    if config.ante:
        post_antes(w)
    if config.dealer_ante:
        dealer = w.n - 1  # the button, the last position (R33.3)
        chips = min(config.dealer_ante, w.stacks[dealer])
        w.stacks[dealer] -= chips
        w.dead += chips
        w.events.append(DealerAntePosted(w.seats[dealer], chips, w.stacks[dealer] == 0))

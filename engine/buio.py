"""Poker all'italiana's buio (R33.5): opening blind, before looking at one's cards.

With the table's buio (``HandConfig.buio``: 1 = the pot, 2 = twice the pot) a hand starts
in phase ``buio``, after the invito and the deal:

1. The player left of the mazziere (position 0) says "buio" (:attr:`ActionKind.BUIO`: the
   pot, or twice the pot, all they have when short, R33.6) or looks at their cards
   (:attr:`ActionKind.LOOK`); looking, the hand goes on to the opening as without the
   option (R34).
2. After a buio the next player may answer with a "controbuio" of twice the buio, also
   blind (:attr:`ActionKind.CONTROBUIO`: only with more chips than the buio), or look.
3. After a controbuio the buio makes up the difference (CALL: all they have when short)
   or gives up the buio (FOLD), still blind: they look once they have answered.

The buio counts as the opening (``opener``; it needs no cards and is never shown, R39.2).
The first round goes on from the player after the last blind one: each of the others,
after looking, sees the buio ("vedo il buio", CALL) or passes (FOLD); the last blind player
looks after everyone else, speaks last, and alone may raise (:func:`may_raise_now`); after
a raise the others call or fold. Nobody seeing it, the last blind player takes the pot
(R5.4). After the draw the blind player speaks last too (:func:`first_after_draw`).

Who has not looked is the state's ``unseen``: the two players left of the mazziere while
the buio and the controbuio may still be said (the controbuio too is said before looking),
a player as soon as they look, decline or make up the difference, and the last blind player
until their turn in the first round. The table keeps those cards from their owner until
then (the engine keeps the cards as dealt). ``unseen`` only ever shrinks in a hand.
"""

from __future__ import annotations

from engine.actions import ActionKind
from engine.errors import EngineError, ErrorCode
from engine.events import ActionTaken
from engine.state import HandState, Phase, Street
from engine.working_copy import WorkingCopy

__all__ = [
    "blind_to",
    "first_after_draw",
    "look_if_due",
    "may_raise_now",
    "offer_buio",
    "play_buio",
]


def offer_buio(w: WorkingCopy) -> bool:
    """R33.5: with the table's buio, ask the player left of the mazziere, before they look,
    whether they open blind (phase ``buio``); ``False`` (nothing asked) without the option,
    when that player is all-in on the invito, or with nothing in the pot (a buio of 0)."""
    if not w.config.buio or w.stacks[0] == 0 or not sum(w.contributions) + w.dead:
        return False
    w.phase = Phase.BUIO
    w.street = Street.PREFLOP
    w.to_act = [0]
    w.unseen = (0, 1)  # (the next player may be asked a controbuio: before looking too)
    return True


def blind_to(s: HandState | WorkingCopy) -> int:
    """The chips the blind bet now asked would put in (R33.5, R33.6): the buio, the pot or
    twice the pot; the controbuio, twice the buio; all the player has when short."""
    p = s.to_act[0]
    if not s.blind:
        size = s.config.buio * (sum(s.contributions) + s.dead)
    else:
        size = 2 * s.bets[s.blind[0]]
    return min(size, s.stacks[p])


def buio_choices(s: HandState | WorkingCopy) -> tuple[ActionKind, ...]:
    """What the player asked in phase ``buio`` may do (R33.5): the buio or the controbuio,
    or look; the buio facing a controbuio makes up the difference or gives up."""
    if len(s.blind) == 2:
        return (ActionKind.FOLD, ActionKind.CALL)
    return (ActionKind.LOOK, ActionKind.CONTROBUIO if s.blind else ActionKind.BUIO)


def play_buio(w: WorkingCopy, p: int, kind: ActionKind, amount: int | None) -> bool:
    """Player ``p``'s decision in phase ``buio`` (R33.5), checked, then played into ``w``.
    ``amount``, optional, must be the player's bet after it for BUIO and CONTROBUIO (as a
    bet's "to"), the chips added for CALL (as a call's). Returns ``True`` when the
    player left of the mazziere looked: the caller opens the round as without a buio (R34).
    Otherwise the phase is still ``buio``, or the first round is on (``betting``; its
    ``to_act`` empty when nobody is left to speak: the caller ends it)."""
    if p != w.to_act[0]:
        raise EngineError(ErrorCode.NOT_YOUR_TURN, f"seat {w.seats[w.to_act[0]]} decides first")
    choices = buio_choices(w)
    if kind not in choices:
        words = " or ".join(choice.value for choice in choices)
        raise EngineError(ErrorCode.WRONG_PHASE, f"this is the buio: {words} (R33.5)")
    if kind is ActionKind.CALL:
        chips = min(w.stacks[p], max(w.bets) - w.bets[p])
    elif kind is ActionKind.BUIO or kind is ActionKind.CONTROBUIO:
        chips = blind_to(w)
    else:
        chips = 0
    expected = chips + w.bets[p] if kind in (ActionKind.BUIO, ActionKind.CONTROBUIO) else chips
    if amount is not None and (amount != expected or not chips):
        raise EngineError(
            ErrorCode.BAD_AMOUNT,
            f"{kind.value} is {expected} chips, not {amount} (R33.5)"
            if chips
            else f"{kind.value} takes no amount",
        )
    w.to_act = []
    if kind is not ActionKind.BUIO and kind is not ActionKind.CONTROBUIO:
        w.unseen = tuple(q for q in w.unseen if q != p)  # this player looks now
    if kind is ActionKind.LOOK:
        _taken(w, p, kind, None, 0)
        if not w.blind:  # no buio: no controbuio either, the next player looks too
            w.unseen = ()
            return True
    elif kind is ActionKind.FOLD:  # the buio given up: the controbuio's is the opening
        w.folded[p] = True
        w.events.append(ActionTaken(w.seats[p], "fold", None, 0, False, w.stacks[p]))
    elif kind is ActionKind.CALL:  # the difference made up
        w.put(p, chips)
        _taken(w, p, kind, chips, chips)
    else:
        before = max(w.bets)
        w.put(p, chips)
        w.blind += (p,)
        w.opener = p  # the buio is the opening (R33.5), never shown (R39.2)
        w.aggressor = p
        w.bets_made += 1
        w.increment = max(w.increment, w.bets[p] - before)
        _taken(w, p, kind, w.bets[p], chips)
        nxt = (p + 1) % w.n
        if kind is ActionKind.BUIO and w.stacks[nxt] > w.bets[p]:
            w.to_act = [nxt]  # R33.5: the controbuio, asked before that player looks
            return False
        if kind is ActionKind.CONTROBUIO and w.stacks[0] > 0:
            w.to_act = [0]  # the buio makes up the difference, still blind
            return False
        # nobody answers blind: the player who was not asked (or, all-in, cannot) looks
        w.unseen = (p,) if kind is ActionKind.CONTROBUIO else (0,)
    _after_buio(w)
    return False


def _taken(w: WorkingCopy, p: int, kind: ActionKind, amount: int | None, added: int) -> None:
    w.events.append(
        ActionTaken(w.seats[p], kind.value, amount, added, w.stacks[p] == 0, w.stacks[p])
    )


def _after_buio(w: WorkingCopy) -> None:
    """The first round after the buio (R33.5): the others in turn from the player after the
    last blind one, each still to match the blind bet, and the last blind player last, when
    someone still in could answer a raise of theirs or they have a bet to match. Nobody left
    to speak: ``to_act`` stays empty (the caller ends the round)."""
    w.phase = Phase.BETTING
    w.acted = [False] * w.n
    last = w.blind[-1]
    n = w.n
    top = max(w.bets)
    live = [q for q in range(n) if not w.folded[q]]
    to_act = [
        q
        for q in ((last + k) % n for k in range(1, n))
        if q in live and w.stacks[q] > 0
        if w.bets[q] < top
    ]
    others_with_chips = any(w.stacks[q] > 0 for q in live if q != last)
    if (
        len(live) > 1
        and last in live
        and w.stacks[last] > 0
        and (to_act or others_with_chips or w.bets[last] < top)
    ):
        to_act.append(last)
    w.to_act = to_act if len(live) > 1 else []


def look_if_due(w: WorkingCopy) -> None:
    """R33.5: the last blind player looks at their cards when their turn comes in the first
    round, or when it is over without one."""
    if (
        w.unseen
        and w.phase is not Phase.BUIO
        and (
            w.phase is not Phase.BETTING
            or w.street != Street.PREFLOP
            or not w.to_act
            or w.to_act[0] in w.unseen
        )
    ):
        w.unseen = ()


def may_raise_now(s: HandState | WorkingCopy, p: int) -> bool:
    """R33.5: in the first round after a buio only the last blind player may raise."""
    return not s.blind or s.street != Street.PREFLOP or p == s.blind[-1]


def first_after_draw(s: HandState | WorkingCopy) -> int:
    """R33.5, R37.1: after the draw the blind player speaks last: the first to speak sits
    on their left."""
    return (s.blind[-1] + 1) % len(s.seats)

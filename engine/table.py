"""Between hands, as pure functions: who is dealt in, the button and the blinds, missed big
blinds, sitting out, buy-ins (R2, R16).

The table's services keep one :class:`TableSeat` per occupied seat. Before a hand they call
:func:`plan_hand` (``None`` means no hand can start, R16.3), turn the plan into a
:class:`engine.state.HandConfig` with :func:`hand_config`, play the hand, and afterwards call
:func:`seats_after_hand` with the final stacks.

* **R2.1** The first hand's button goes to a random player dealt in: the choice is injected
  (``choose``, by default :func:`secrets.choice`) so that tests are deterministic.
* **R2.2** Afterwards the button moves clockwise to the next player dealt in.
* **R2.3, R2.4** The small blind is the first player dealt in left of the button, the big
  blind the next; heads-up the button posts the small blind.
* **R2.6** A player who newly sits down, or who sat out while the big blind passed their
  seat, owes a big blind. They either post one big blind (live) and are dealt in at once,
  or wait until the big blind reaches their seat; "wait" is the table default.
* **R16.2** A player who sits out keeps the seat and the chips and is not dealt in.
* **R16.3** A hand starts only with at least two players with chips who are not sitting out.
* **R16.1** Buy-ins and top-ups happen between hands, within the table's limits.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from engine.betting import Structure
from engine.games import Game
from engine.state import HandConfig

__all__ = [
    "MIXED_GAMES",
    "BlindChoice",
    "Blinds",
    "HandPlan",
    "TableSeat",
    "buy_in_range",
    "hand_config",
    "mixed_game_code",
    "next_chooser",
    "orbit_completed",
    "blinds_of",
    "plan_dead_button_hand",
    "plan_hand",
    "seats_after_hand",
]


class BlindChoice(StrEnum):
    """What a player who owes a big blind does (R2.6)."""

    WAIT = "wait"
    """Wait until the big blind reaches their seat (the table default)."""
    POST = "post"
    """Post one big blind, live, and be dealt in at once."""


@dataclass(frozen=True, slots=True)
class TableSeat:
    """A seated player between hands.

    Attributes:
        seat: the seat number (1..10, clockwise).
        stack: chips on the table.
        sitting_out: keeps the seat, is not dealt in (R16.2).
        owes_big_blind: newly seated, or sat out while the big blind passed (R2.6).
        blind_choice: the player's own choice when they owe the big blind; ``None`` means
            the table default.
    """

    seat: int
    stack: int
    sitting_out: bool = False
    owes_big_blind: bool = False
    blind_choice: BlindChoice | None = None

    @property
    def ready(self) -> bool:
        """Has chips and is not sitting out (R16.3)."""
        return self.stack > 0 and not self.sitting_out


@dataclass(frozen=True, slots=True)
class HandPlan:
    """Who plays the next hand and where the button and blinds are.

    Attributes:
        seats, stacks: the players dealt in, in increasing seat order, and their chips.
        button, small_blind_seat, big_blind_seat: positions (R2.1-R2.4).
        posting: seats that post a live big blind to come in (R2.6).
        waiting: seats that owe a big blind and wait for it; not dealt in (R2.6).
    """

    seats: tuple[int, ...]
    stacks: tuple[int, ...]
    button: int
    small_blind_seat: int
    big_blind_seat: int
    posting: tuple[int, ...] = ()
    waiting: tuple[int, ...] = ()
    dead_button: bool = False
    """The button is on a seat nobody dealt in holds (R28.5)."""
    dead_small_blind: bool = False
    """Nobody posts the small blind; ``small_blind_seat`` is the seat where it is (R28.5)."""


@dataclass(frozen=True, slots=True)
class Blinds:
    """Where a hand's button and blinds were, dead or not (R28.5): seat numbers."""

    button: int
    small_blind: int
    big_blind: int


def _next_after(seat: int, candidates: Sequence[int]) -> int:
    """The first of ``candidates`` (sorted seat numbers) clockwise strictly after ``seat``,
    wrapping round the table."""
    for candidate in candidates:
        if candidate > seat:
            return candidate
    return candidates[0]


def plan_hand(
    seats: Sequence[TableSeat],
    previous_button: int | None,
    *,
    default: BlindChoice = BlindChoice.WAIT,
    choose: Callable[[Sequence[int]], int] = secrets.choice,
    paused: bool = False,
) -> HandPlan | None:
    """Plan the next hand, or return ``None`` when none can start (R16.3).

    1. Players with chips who are not sitting out are *ready*. Those who owe a big blind
       and post (their choice, else ``default``) are dealt in; those who wait are dealt in
       only when the big blind reaches their seat (R2.6).
    2. The button: at the first hand (``previous_button is None``) a seat picked by
       ``choose`` among the players dealt in (R2.1); afterwards the next player dealt in
       clockwise after the previous button (R2.2).
    3. The small blind is the first player dealt in after the button; the big blind the next
       seat after it that is dealt in *or waiting*: a waiting player whose seat the big blind
       reaches is dealt in as the big blind (R2.3, R2.6). Heads-up the button posts the small
       blind (R2.4).

    When nobody is dealt in because every ready player owes a big blind (a new table), the
    game starts afresh: everyone ready is dealt in and nobody posts.
    """
    if paused:
        return None
    ready = sorted((seat for seat in seats if seat.ready), key=lambda seat: seat.seat)
    if len(ready) < 2:
        return None

    def posts(seat: TableSeat) -> bool:
        return (seat.blind_choice or default) is BlindChoice.POST

    base = [seat for seat in ready if not seat.owes_big_blind or posts(seat)]
    waiting = [seat for seat in ready if seat.owes_big_blind and not posts(seat)]
    fresh = not base
    if fresh:
        base, waiting = ready, []
    base_seats = [seat.seat for seat in base]
    if previous_button is None:
        button = choose(base_seats)
        if button not in base_seats:
            raise ValueError(f"choose() returned {button!r}, not one of {base_seats!r}")
    else:
        button = _next_after(previous_button, base_seats)
    small = _next_after(button, base_seats) if len(base_seats) > 1 else button
    candidates = sorted(base_seats + [seat.seat for seat in waiting])
    big = _next_after(small, candidates)
    dealt = sorted(set(base_seats) | {big}) if big != button else base_seats
    if len(dealt) < 2:
        return None
    if len(dealt) == 2:  # heads-up: the button posts the small blind (R2.4)
        small = button
        big = next(seat for seat in dealt if seat != button)
    by_seat = {seat.seat: seat for seat in ready}
    posting = (
        ()
        if fresh
        else tuple(seat for seat in dealt if by_seat[seat].owes_big_blind and seat != big)
    )
    return HandPlan(
        seats=tuple(dealt),
        stacks=tuple(by_seat[seat].stack for seat in dealt),
        button=button,
        small_blind_seat=small,
        big_blind_seat=big,
        posting=posting,
        waiting=tuple(seat.seat for seat in waiting if seat.seat not in dealt),
    )


def plan_dead_button_hand(
    seats: Sequence[TableSeat],
    previous: Blinds | None,
    *,
    choose: Callable[[Sequence[int]], int] = secrets.choice,
    paused: bool = False,
) -> HandPlan | None:
    """Plan a tournament table's next hand with a dead button (R28.5), or ``None``.

    The big blind moves on to the next player clockwise after the last hand's big blind;
    the small blind is the seat of the last big blind, dead if nobody there is dealt in;
    the button is the seat of the last small blind, dead if nobody there is dealt in. A
    player between the button and the small blind waits until the button has passed.
    Heads-up, the player who is not the big blind has the button and posts the small blind
    (R2.4); from heads-up to more players, the button goes to the player just before the
    small blind. Nobody owes a big blind (R28.3). The first hand is planned as any table's
    (:func:`plan_hand`: a random button); so is a hand the rule cannot place (two players
    or more sit between the button and the small blind, and nobody else is left).
    """
    if paused:
        return None
    fresh = [replace(seat, owes_big_blind=False) for seat in seats]
    ready = sorted(seat.seat for seat in fresh if seat.ready)
    if len(ready) < 2:
        return None
    if previous is None:
        return plan_hand(fresh, None, choose=choose)
    stack = {seat.seat: seat.stack for seat in fresh}
    big = _next_after(previous.big_blind, ready)
    if len(ready) == 2:  # heads-up (R2.4)
        button = next(seat for seat in ready if seat != big)
        return HandPlan(tuple(ready), tuple(stack[s] for s in ready), button, button, big)
    small, button = previous.big_blind, previous.small_blind
    if previous.button == previous.small_blind:  # heads-up before: the button goes behind
        others = [s for s in ready if s not in (big, small)]  # the player just before the
        button = max((s for s in others if s < small), default=max(others))  # small blind
    dealt = [seat for seat in ready if not _between(seat, button, small)]
    if big == button or big not in dealt or len(dealt) < 3:
        return plan_hand(fresh, previous.button, choose=choose)
    return HandPlan(
        seats=tuple(dealt),
        stacks=tuple(stack[s] for s in dealt),
        button=button,
        small_blind_seat=small,
        big_blind_seat=big,
        waiting=tuple(seat for seat in ready if seat not in dealt),
        dead_button=button not in dealt,
        dead_small_blind=small not in dealt,
    )


def blinds_of(plan: HandPlan) -> Blinds:
    """Where ``plan``'s button and blinds are, for the next hand's :func:`plan_dead_button_hand`."""
    return Blinds(plan.button, plan.small_blind_seat, plan.big_blind_seat)


def hand_config(
    plan: HandPlan,
    *,
    small_blind: int,
    big_blind: int,
    structure: Structure = Structure.NO_LIMIT,
    ante: int = 0,
    big_blind_ante: int = 0,
    straddle: bool = False,
    run_it_twice_allowed: bool = False,
    show_all_called: bool = False,
    rake_bps: int = 0,
    rake_cap: int | None = None,
    paced_runout: bool = False,
    game: Game = Game.HOLDEM,
    bomb_pot: int = 0,
    seven_deuce: int = 0,
    seven_deuce_shown: bool = True,
    double_board: bool = False,
) -> HandConfig:
    """The :class:`engine.state.HandConfig` of a planned hand with the table's settings. A
    bomb pot (R21) has its ante alone: no other ante, no straddle, nobody posts to come in."""
    if bomb_pot:
        ante = big_blind_ante = 0
        straddle = False
    return HandConfig(
        seats=plan.seats,
        stacks=plan.stacks,
        button=plan.button,
        dead_button=plan.dead_button,
        dead_small_blind=plan.dead_small_blind and not bomb_pot,
        small_blind=small_blind,
        big_blind=big_blind,
        structure=structure,
        ante=ante,
        big_blind_ante=big_blind_ante,
        straddle=straddle,
        posting=() if bomb_pot else plan.posting,
        run_it_twice_allowed=run_it_twice_allowed,
        show_all_called=show_all_called,
        rake_bps=rake_bps,
        rake_cap=rake_cap,
        paced_runout=paced_runout,
        game=game,
        double_board=double_board,
        bomb_pot=bomb_pot,
        seven_deuce=seven_deuce if game is Game.HOLDEM else 0,  # R22: a Hold'em game
        seven_deuce_shown=seven_deuce_shown,
    )


def _between(seat: int, start: int, end: int) -> bool:
    """Whether ``seat`` lies strictly between ``start`` and ``end`` going clockwise."""
    if start < end:
        return start < seat < end
    return seat > start or seat < end


def seats_after_hand(
    seats: Sequence[TableSeat], plan: HandPlan, final_stacks: Mapping[int, int]
) -> tuple[TableSeat, ...]:
    """The seats after a hand: new stacks for the players dealt in, missed blinds (R2.6).

    Players dealt in owe nothing any more (they posted, or were the big blind). A player not
    dealt in (sitting out, or waiting) whose seat the big blind passed this hand, i.e. a seat
    strictly between the small blind and the big blind, owes a big blind from now on.
    """
    dealt = set(plan.seats)
    result = []
    for seat in seats:
        if seat.seat in dealt:
            result.append(replace(seat, stack=final_stacks[seat.seat], owes_big_blind=False))
        elif _between(seat.seat, plan.small_blind_seat, plan.big_blind_seat):
            result.append(replace(seat, owes_big_blind=True))
        else:
            result.append(seat)
    return tuple(result)


def buy_in_range(stack: int, minimum: int, maximum: int) -> tuple[int, int] | None:
    """The chips a player with ``stack`` may add now, ``(least, most)``, or ``None`` when they
    may not add any: the stack after a buy-in, rebuy or top-up lies within the table's
    minimum and maximum buy-in (R16.1)."""
    least = max(1, minimum - stack)
    most = maximum - stack
    return (least, most) if least <= most else None


# --------------------------------------------------------------------------- R20 mixed games

MIXED_GAMES: Mapping[str, tuple[Game, Structure]] = {
    "NLH": (Game.HOLDEM, Structure.NO_LIMIT),
    "FLH": (Game.HOLDEM, Structure.FIXED_LIMIT),
    "PLO": (Game.OMAHA, Structure.POT_LIMIT),
    "PLO5": (Game.OMAHA5, Structure.POT_LIMIT),
    "PLO8": (Game.OMAHA_HILO, Structure.POT_LIMIT),
    "FLO8": (Game.OMAHA_HILO, Structure.FIXED_LIMIT),
    "SD": (Game.SHORT_DECK, Structure.NO_LIMIT),
    "NL5CD": (Game.FIVE_CARD_DRAW, Structure.NO_LIMIT),
    "NL27": (Game.DEUCE_SEVEN_SINGLE, Structure.NO_LIMIT),
    "27TD": (Game.DEUCE_SEVEN_TRIPLE, Structure.FIXED_LIMIT),
    "RAZZ": (Game.RAZZ, Structure.FIXED_LIMIT),
    "STUD": (Game.SEVEN_CARD_STUD, Structure.FIXED_LIMIT),
    "STUD8": (Game.STUD_HILO, Structure.FIXED_LIMIT),
    "ITA": (Game.ITALIANA, Structure.POT_LIMIT),
    "TEL": (Game.TELESINA, Structure.POT_LIMIT),
}
"""The games a mixed-game table rotates through (R20), by the names home games call them, in
the rotation's order: FLH, FLO8, RAZZ, STUD, STUD8 is HORSE's (R20.6); ITA is poker
all'italiana, pot limit (R38.1), TEL Telesina, pot limit (R40.5)."""


def next_chooser(dealt: Sequence[int], button: int, previous: int | None) -> int:
    """R20.5, dealer's choice: the seat of the player who picks the game of the orbit that
    starts with this hand (``dealt``: the seats dealt in, ``button``: its button). The first
    orbit's is the button's; after it, the first player dealt in clockwise after the seat
    of the last one to pick, so every player picks in turn.

    >>> next_chooser([2, 5, 7], 5, None), next_chooser([2, 5, 7], 5, 5), next_chooser([2, 5, 7], 5, 7)
    (5, 7, 2)
    >>> next_chooser([2, 7], 2, 5)  # the last to pick has left: the next one after their seat
    7
    """
    if previous is None:
        return button
    return _next_after(previous, sorted(dealt))


def mixed_game_code(game: Game | str, structure: Structure | str) -> str | None:
    """The R20 code of a game and structure ("PLO8"), or ``None`` when it is not one."""
    for code, pair in MIXED_GAMES.items():
        if pair == (Game(game), Structure(structure)):
            return code
    return None


def orbit_completed(previous_button: int, button: int, orbit_start: int, seats: int) -> bool:
    """Whether the button, moving clockwise from ``previous_button`` to ``button`` round a
    table of ``seats`` seats, reached or passed ``orbit_start``, the button seat of the first
    hand of the current game: the orbit is over and the next game begins with this hand
    (R20.2). Counted on seats, not hands: a player who joins or leaves mid-orbit changes how
    many hands the orbit has (the button visits one seat more or fewer), not where it ends.

    >>> orbit_completed(4, 7, 1, 9), orbit_completed(7, 1, 1, 9), orbit_completed(7, 2, 1, 9)
    (False, True, True)
    """
    if button == previous_button:
        return False  # the button stayed (the only other player waits for the big blind)
    steps = (button - previous_button) % seats
    return 0 < (orbit_start - previous_button) % seats <= steps

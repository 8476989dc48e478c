"""Tournaments, as pure functions (R24-R29): the blind schedule and its clock, entries,
payouts exact to the smallest unit, the order in which busted players finish, table
balancing, and deals among the last players (ICM and chip chop).

The services keep the tournament in the database (when it started, how long it has been
paused, who is at which table with how many chips) and call these functions to decide;
nothing here keeps state or reads a clock.

* **R24** :class:`Level`, :class:`Schedule`, :func:`preset`, :func:`clock`: the blinds go up
  on the clock, with breaks every N levels; the reading comes from the time played (the
  services count it from stored times, pauses excluded), so a restart loses nothing.
* **R25** :func:`registration_open`, :func:`may_rebuy`, :func:`may_add_on`: late
  registration, rebuys and the add-on.
* **R26** :func:`default_payout`, :func:`check_payout`, :func:`prizes`: how many places are
  paid and how much each gets; odd units go to the top places.
* **R27** :func:`finishing_places`, :func:`awards`: players busted in the same hand finish in
  the order of their stacks at its start; equal stacks share the places and their prizes.
* **R28** :func:`balance`: tables stay within one player of each other, a table breaks when
  the others can seat its players (they draw their new seats), a moved player takes the
  seat where they will post the big blind soonest; :func:`hand_for_hand` on the bubble.
* **R29** :func:`icm_equity`, :func:`icm_deal`, :func:`chip_chop`: a deal among the last
  players.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import TypeVar

from engine.errors import EngineError, ErrorCode
from engine.table import Blinds, HandPlan, TableSeat, blinds_of, plan_dead_button_hand, plan_hand

__all__ = [
    "PRESETS",
    "ClockReading",
    "Level",
    "Move",
    "Schedule",
    "Seating",
    "awards",
    "balance",
    "check_payout",
    "chip_chop",
    "clock",
    "default_payout",
    "finishing_places",
    "hand_for_hand",
    "icm_deal",
    "icm_equity",
    "level_start",
    "may_add_on",
    "may_rebuy",
    "preset",
    "prizes",
    "registration_open",
]

P = TypeVar("P", bound=Hashable)

BASIS = 10_000
"""Payout shares are in basis points: 10,000 is the whole prize pool (100 %)."""


# ---------------------------------------------------------------- R24 schedule and clock


@dataclass(frozen=True, slots=True)
class Level:
    """One blind level (R24.1). ``ante`` is paid by every player dealt in, or, with
    ``ante_by_big_blind``, by the big blind alone for the whole table (R3.2).

    >>> level = Level(100, 200, ante=200, ante_by_big_blind=True, minutes=15)
    >>> Level.from_json(level.to_json()) == level
    True
    """

    small_blind: int
    big_blind: int
    ante: int = 0
    ante_by_big_blind: bool = False
    minutes: int = 10

    def to_json(self) -> dict[str, int | bool]:
        """The level as a tournament keeps it (``Tournament.levels``: one object a level)."""
        return {
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "ante": self.ante,
            "ante_by_big_blind": self.ante_by_big_blind,
            "minutes": self.minutes,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Level:
        """The level :meth:`to_json` wrote."""
        return cls(
            small_blind=int(str(data["small_blind"])),
            big_blind=int(str(data["big_blind"])),
            ante=int(str(data.get("ante", 0))),
            ante_by_big_blind=bool(data.get("ante_by_big_blind", False)),
            minutes=int(str(data["minutes"])),
        )


@dataclass(frozen=True, slots=True)
class Schedule:
    """The levels in order, and a break of ``break_minutes`` after every ``break_every``
    levels (0: no breaks) (R24.2)."""

    levels: tuple[Level, ...]
    break_every: int = 0
    break_minutes: int = 5

    def __post_init__(self) -> None:
        if not self.levels:
            raise EngineError(ErrorCode.INVALID_CONFIG, "a schedule needs at least one level")
        for number, level in enumerate(self.levels, 1):
            if level.small_blind < 1:
                raise EngineError(
                    ErrorCode.INVALID_CONFIG, f"level {number}: the small blind must be 1 or more"
                )
            if level.big_blind < level.small_blind:
                raise EngineError(
                    ErrorCode.INVALID_CONFIG,
                    f"level {number}: the big blind ({level.big_blind}) is smaller than the "
                    f"small blind ({level.small_blind})",
                )
            if level.ante < 0:
                raise EngineError(ErrorCode.INVALID_CONFIG, f"level {number}: a negative ante")
            if not 1 <= level.minutes <= 240:
                raise EngineError(
                    ErrorCode.INVALID_CONFIG, f"level {number}: minutes must be 1 to 240"
                )
        if self.break_every < 0 or (self.break_every and not 1 <= self.break_minutes <= 120):
            raise EngineError(
                ErrorCode.INVALID_CONFIG,
                "a break comes every 1 or more levels, for 1 to 120 minutes",
            )

    def has_break_after(self, number: int) -> bool:
        """Whether a break follows level ``number`` (1-based; never after the last)."""
        return (
            bool(self.break_every) and number % self.break_every == 0 and number < len(self.levels)
        )


_LADDER = (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100, 120, 150, 200,
           250, 300, 400, 500, 600, 800, 1000, 1200, 1500, 2000, 2500, 3000, 4000, 5000, 6000,
           8000, 10000)  # fmt: skip
"""Big blinds as multiples of the first level's: the usual steps of a home tournament."""

PRESETS: dict[str, tuple[int, int, int]] = {
    # name: (big blinds in the starting stack at level 1, minutes a level, ladder step)
    "turbo": (50, 6, 2),
    "regular": (100, 12, 1),
    "deep": (200, 20, 1),
}
"""The presets of R24.3: how deep the stacks start, how long a level lasts, and whether the
levels take every step of the ladder or every other one."""


def _nice(value: int) -> int:
    """The largest 1, 2 or 5 times a power of ten not above ``value`` (at least 1)."""
    value = max(1, value)
    power: int = 10 ** (len(str(value)) - 1)
    return max(step * power for step in (1, 2, 5) if step * power <= value)


def preset(name: str, starting_stack: int, *, levels: int = 30) -> Schedule:
    """A preset schedule for a starting stack (R24.3): the first big blind is the stack's
    1/50 (turbo), 1/100 (regular) or 1/200 (deep), rounded down to 1, 2 or 5 times a power of
    ten (at least 2); the small blind is half the big blind (rounded down); a big-blind ante
    of one big blind from level 4; a 5-minute break every 6 levels (turbo: every 8)."""
    if name not in PRESETS:
        raise EngineError(ErrorCode.INVALID_CONFIG, f"unknown preset {name!r}")
    depth, minutes, step = PRESETS[name]
    if starting_stack < 2 * depth:
        raise EngineError(
            ErrorCode.INVALID_CONFIG,
            f"a {name} tournament starts with at least {2 * depth} chips",
        )
    first = max(2, _nice(starting_stack // depth))
    out = []
    for number, multiple in enumerate(_LADDER[::step][:levels], 1):
        big = first * multiple
        out.append(
            Level(
                small_blind=max(1, big // 2),
                big_blind=big,
                ante=big if number >= 4 else 0,
                ante_by_big_blind=number >= 4,
                minutes=minutes,
            )
        )
    return Schedule(tuple(out), break_every=8 if name == "turbo" else 6, break_minutes=5)


@dataclass(frozen=True, slots=True)
class ClockReading:
    """Where the clock stands (R24.4). ``level`` is 1-based; on a break it is the level
    just played (the next starts when the break ends). ``remaining`` is seconds to the next
    change (the level's end or the break's), ``None`` at the last level, which lasts."""

    level: int
    on_break: bool
    remaining: float | None

    @property
    def next_level(self) -> int:
        """The level being played, or, on a break, the one that follows it."""
        return self.level + 1 if self.on_break else self.level


def clock(schedule: Schedule, played_seconds: float) -> ClockReading:
    """The clock after ``played_seconds`` of play (R24.4): level 1 from 0, each level for
    its minutes, a break after every ``break_every`` levels; the last level lasts until the
    end. The services count ``played_seconds`` from the stored start and pauses, never from
    a process's memory, so every server reads the same clock."""
    t = max(0.0, float(played_seconds))
    for number, level in enumerate(schedule.levels, 1):
        if number == len(schedule.levels):
            return ClockReading(number, False, None)
        length = level.minutes * 60
        if t < length:
            return ClockReading(number, False, length - t)
        t -= length
        if schedule.has_break_after(number):
            pause = schedule.break_minutes * 60
            if t < pause:
                return ClockReading(number, True, pause - t)
            t -= pause
    raise AssertionError("unreachable")  # pragma: no cover


def level_start(schedule: Schedule, number: int) -> float:
    """Seconds of play at which level ``number`` (1-based) starts (R24.4): every level
    before it and the breaks between. A clock set to this reads the level's first second."""
    if not 1 <= number <= len(schedule.levels):
        raise EngineError(ErrorCode.INVALID_CONFIG, f"there is no level {number}")
    t = 0.0
    for earlier in range(1, number):
        t += schedule.levels[earlier - 1].minutes * 60
        if schedule.has_break_after(earlier):
            t += schedule.break_minutes * 60
    return t


# ---------------------------------------------------------------- R25 entries


def registration_open(reading: ClockReading | None, late_until_level: int) -> bool:
    """Whether a player may still register (R25.1): before the start (``reading`` is
    ``None``), and until level ``late_until_level`` ends (0: no late registration once it
    has started)."""
    if reading is None:
        return True
    return reading.level < late_until_level or (
        reading.level == late_until_level and not reading.on_break
    )


def may_rebuy(
    reading: ClockReading,
    *,
    stack: int,
    starting_stack: int,
    rebuys: int,
    limit: int,
    until_level: int,
) -> str | None:
    """Why a player may not rebuy now, or ``None`` if they may (R25.2): rebuys are open
    until the end of level ``until_level`` (0: none), for a player at or below the starting
    stack, ``limit`` times at most (0: no limit)."""
    if until_level <= 0 or reading.level > until_level:
        return "Rebuys are closed."
    if stack > starting_stack:
        return "A rebuy is for a player at or below the starting stack."
    if limit and rebuys >= limit:
        return f"No more rebuys: {limit} per player."
    return None


def may_add_on(reading: ClockReading, *, after_level: int, taken: bool) -> str | None:
    """Why a player may not take the add-on now, or ``None`` (R25.3): once per player,
    during the break that follows level ``after_level``."""
    if after_level <= 0:
        return "This tournament has no add-on."
    if taken:
        return "The add-on is once per player."
    if not (reading.on_break and reading.level == after_level):
        return f"The add-on is taken during the break after level {after_level}."
    return None


# ---------------------------------------------------------------- R26 payouts

_DEFAULT_SHARES: tuple[tuple[int, tuple[int, ...]], ...] = (
    (6, (100,)),
    (10, (65, 35)),
    (18, (50, 30, 20)),
    (27, (40, 27, 19, 14)),
    (36, (37, 24, 17, 12, 10)),
    (45, (34, 22, 15, 11, 9, 9)),
    (54, (32, 20, 14, 10, 8, 8, 8)),
    (63, (30, 19, 13, 10, 8, 7, 7, 6)),
    (72, (29, 18, 12, 9, 8, 7, 6, 6, 5)),
)
"""Entrants up to the first number pay the percentages that follow (R26.1)."""


def default_payout(entrants: int) -> tuple[int, ...]:
    """The default shares in basis points for ``entrants`` entries (R26.1): one place up to
    6 entries, two up to 10, three up to 18, four up to 27, then one more place every 9
    entries to 72; beyond, one place in eight, the shares falling as 1/place^1.1 (rounded
    to basis points, the rest to first place)."""
    if entrants < 1:
        raise EngineError(ErrorCode.INVALID_CONFIG, "no entries, no prizes")
    for up_to, shares in _DEFAULT_SHARES:
        if entrants <= up_to:
            return tuple(share * 100 for share in shares)
    places = math.ceil(entrants / 8)
    weights = [1 / (place**1.1) for place in range(1, places + 1)]
    total = sum(weights)
    out = [int(BASIS * w / total) for w in weights]
    out[0] += BASIS - sum(out)
    return tuple(out)


def check_payout(shares: Sequence[int], entrants: int) -> None:
    """Refuse shares that cannot be paid (R26.2): they sum to exactly 100 % (10,000 basis
    points), each place gets something, no place gets more than the one above it, and no
    more places than entries."""
    if not shares:
        raise EngineError(ErrorCode.INVALID_CONFIG, "at least one place is paid")
    if sum(shares) != BASIS:
        raise EngineError(
            ErrorCode.INVALID_CONFIG,
            f"the payouts sum to {sum(shares) / 100:g} %, not 100 %",
        )
    if any(share <= 0 for share in shares):
        raise EngineError(ErrorCode.INVALID_CONFIG, "every paid place gets more than 0 %")
    if any(lower > upper for upper, lower in zip(shares, shares[1:], strict=False)):
        raise EngineError(ErrorCode.INVALID_CONFIG, "a place never pays more than the one above")
    if len(shares) > entrants:
        raise EngineError(
            ErrorCode.INVALID_CONFIG,
            f"{len(shares)} places paid but only {entrants} entr{'y' if entrants == 1 else 'ies'}",
        )


def prizes(pool: int, shares: Sequence[int]) -> list[int]:
    """Each paid place's prize, exact to the smallest unit (R26.3): ``pool × share``
    rounded down, then the units left over one each to the top places, first place first.
    The prizes sum to the pool."""
    if pool < 0:
        raise EngineError(ErrorCode.INVALID_CONFIG, "a negative prize pool")
    out = [pool * share // BASIS for share in shares]
    for place in range(pool - sum(out)):
        out[place] += 1
    return out


# ---------------------------------------------------------------- R27 finishing places


def finishing_places(left_before: int, busted: Mapping[P, int]) -> list[tuple[int, list[P]]]:
    """Places of the players busted in one hand (R27.1): with ``left_before`` players in
    the tournament before the hand, the one who started it with the most chips finishes
    highest; players who started with equal stacks share the highest place they cover.
    Returns (place, players) from the best place down; within a group, players are in
    the order given (the services give the order of entry)."""
    if not 0 < len(busted) < left_before + 1:
        raise EngineError(ErrorCode.INVALID_STATE, "more players busted than were left")
    if len(busted) == left_before:
        raise EngineError(ErrorCode.INVALID_STATE, "somebody must be left to win")
    return places_by_chips(busted, left_before - len(busted) + 1)


def places_by_chips(stacks: Mapping[P, int], first: int = 1) -> list[tuple[int, list[P]]]:
    """Places from ``first`` down by chips, the most first; equal stacks share the highest
    place they cover (R27.1, and the players of a deal, R29.3). Returns (place, players),
    players within a group in the order given."""
    by_stack: dict[int, list[P]] = {}
    for player, stack in stacks.items():
        by_stack.setdefault(stack, []).append(player)
    out = []
    place = first
    for stack in sorted(by_stack, reverse=True):
        group = by_stack[stack]
        out.append((place, group))
        place += len(group)
    return out


def awards(place_prizes: Sequence[int], finish: Sequence[tuple[int, Sequence[P]]]) -> dict[P, int]:
    """What each finisher wins (R27.2): a group sharing places ``p`` to ``p + k - 1``
    shares those places' prizes equally (places past the paid ones pay 0); the units left
    over go one each to the group's players in their order. ``finish`` is every
    (place, players) of the tournament, as :func:`finishing_places` gives them."""
    out: dict[P, int] = {}
    for place, group in finish:
        covered = place_prizes[place - 1 : place - 1 + len(group)]
        total = sum(covered)
        share, odd = divmod(total, len(group))
        for i, player in enumerate(group):
            out[player] = share + (1 if i < odd else 0)
    return out


# ---------------------------------------------------------------- R28 balancing


@dataclass(frozen=True, slots=True)
class Seating:
    """One table of a tournament between two balancing decisions: its number, how many
    seats it has, who sits where and where the button was last (``None`` before its first
    hand)."""

    number: int
    seats: int
    players: Mapping[int, Hashable]
    button: int | None = None
    waiting: frozenset[int] = frozenset()
    """Seats of players with no chips for now (a rebuy may bring them back): they hold the
    seat and count at the table, but are not dealt in, so the blinds pass them by."""
    blinds: Blinds | None = None
    """Where the last hand's button and blinds were, for the dead button (R28.5); without
    them the next hand's button moves as R2.2 says, and the dead button rules after it."""

    def free_seats(self) -> list[int]:
        return [s for s in range(1, self.seats + 1) if s not in self.players]

    def dealt(self) -> list[int]:
        """The seats dealt into the next hand."""
        return [s for s in self.players if s not in self.waiting]


@dataclass(frozen=True, slots=True)
class Move:
    """Move ``player`` from table ``source`` (seat ``from_seat``) to seat ``to_seat`` of
    table ``target``; ``breaking``: their table is broken (R28)."""

    player: Hashable
    source: int
    from_seat: int
    target: int
    to_seat: int
    breaking: bool = False


def _first_seat(seats: Sequence[int]) -> int:
    return min(seats)


def _next_plan(
    seated: Sequence[TableSeat], blinds: Blinds | None, button: int | None
) -> HandPlan | None:
    """The next hand at a tournament table: the dead button's (R28.5) once the blinds of
    a hand are known, before that R2's (a table that has not started: its lowest seat as
    the button)."""
    if blinds is not None:
        return plan_dead_button_hand(seated, blinds, choose=_first_seat)
    return plan_hand(seated, button, choose=_first_seat)


def _big_blind_next(table: Seating) -> int | None:
    """The seat that posts the big blind in the table's next hand."""
    plan = _next_plan([TableSeat(seat, 1) for seat in table.dealt()], table.blinds, table.button)
    return plan.big_blind_seat if plan else None


def hands_until_big_blind(table: Seating, seat: int) -> int:
    """In how many hands a player in ``seat`` posts the big blind (1: the next hand), the
    big blind moving on one player a hand (R28.5)."""
    seated = [TableSeat(s, 1) for s in (*table.dealt(), seat)]
    blinds, button = table.blinds, table.button
    for hand in range(1, table.seats + 2):
        plan = _next_plan(seated, blinds, button)
        if plan is None:
            return table.seats + 1
        if plan.big_blind_seat == seat:
            return hand
        blinds, button = blinds_of(plan), plan.button
    return table.seats + 1


def _best_seat(table: Seating) -> int:
    """The free seat where a newcomer posts the big blind soonest (R28.3; ties: the lowest
    seat number)."""
    return min(table.free_seats(), key=lambda seat: (hands_until_big_blind(table, seat), seat))


Draw = Callable[[Sequence[int]], int]
"""Picks one of a non-empty list at random (:func:`secrets.choice`; a test gives a seeded one)."""


def balance(
    tables: Sequence[Seating], between_hands: Collection[int], draw: Draw = secrets.choice
) -> tuple[list[Move], list[int]]:
    """The moves to make now, and the tables they break (R28). Only players at tables in
    ``between_hands`` move; a player may move to a table in the middle of a hand (they are
    dealt in from its next hand).

    1. When the other tables can seat every player of one, a table breaks: the smallest
       table between hands (ties: the highest number). Its players draw their new seats
       (``draw``): one at a time in a drawn order, each to the table with the fewest
       players (ties: the lowest number), at a free seat drawn there.
    2. Otherwise, while a table between hands has two players more than the smallest, the
       largest of them (ties: the lowest number) gives the player due to post its next big
       blind to the smallest table (ties: the lowest number).
    3. A moved player takes the free seat where they will post the big blind soonest
       (ties: the lowest seat), so a move never lets anybody skip a big blind.
    """
    state = {t.number: replace(t, players=dict(t.players)) for t in tables}
    moves: list[Move] = []
    broken: list[int] = []

    def place(player: Hashable, source: int, seat: int, breaking: bool) -> None:
        candidates = [t for n, t in state.items() if n != source and t.free_seats()]
        target = min(candidates, key=lambda t: (len(t.players), t.number))
        to_seat = draw(target.free_seats()) if breaking else _best_seat(target)
        moves.append(Move(player, source, seat, target.number, to_seat, breaking))
        src = state[source]
        players = {s: p for s, p in src.players.items() if s != seat}
        state[source] = replace(src, players=players, waiting=src.waiting - {seat})
        moved_waiting = {to_seat} if seat in src.waiting else set()
        state[target.number] = replace(
            target,
            players={**target.players, to_seat: player},
            waiting=target.waiting | moved_waiting,
        )

    total = sum(len(t.players) for t in state.values())
    breakable = [
        t for n, t in state.items()
        if n in between_hands and len(state) > 1
        and total <= sum(o.seats for m, o in state.items() if m != n)
    ]  # fmt: skip
    if breakable:
        table = min(breakable, key=lambda t: (len(t.players), -t.number))
        while state[table.number].players:
            current = state[table.number]
            drawn = draw(sorted(current.players))
            place(current.players[drawn], table.number, drawn, True)
        del state[table.number]
        broken.append(table.number)
        return moves, broken
    while True:
        sizes = {n: len(t.players) for n, t in state.items()}
        if not sizes or max(sizes.values()) - min(sizes.values()) < 2:
            break
        smallest = min(sizes.values())
        movable = [t for n, t in state.items() if sizes[n] >= smallest + 2 and n in between_hands]
        if not movable:
            break
        source = min(movable, key=lambda t: (-sizes[t.number], t.number))
        seat = _big_blind_next(source)
        if seat is None:
            seat = min(source.players)
        place(source.players[seat], source.number, seat, False)
    return moves, broken


def hand_for_hand(left: int, paid: int, tables: int) -> bool:
    """R28.6: the tournament is on the bubble (the next player out wins nothing) with
    ``left`` entries still in, ``paid`` places paid, at ``tables`` tables: its tables play
    hand for hand. One table plays hand for hand anyway."""
    return tables > 1 and left == paid + 1


# ---------------------------------------------------------------- R29 deals


def icm_equity(stacks: Sequence[int], place_prizes: Sequence[int]) -> list[float]:
    """Each player's share of the prizes by the independent chip model (R29.1): the chance
    of finishing first is one's share of the chips; given who finished above, the same
    holds among the rest (Malmuth-Harville). Exact over every finishing order, by
    subsets: 2^n states, for the ten players of a final table at most."""
    n = len(stacks)
    if n > 10:
        raise EngineError(ErrorCode.INVALID_CONFIG, "an ICM deal is for ten players at most")
    if any(s <= 0 for s in stacks):
        raise EngineError(ErrorCode.INVALID_CONFIG, "every player in a deal has chips")
    paid = list(place_prizes[:n]) + [0] * max(0, n - len(place_prizes))

    @cache
    def chances(left: frozenset[int]) -> tuple[float, ...]:
        """Expected prize of each player in ``left`` for the places from len(n - left)."""
        place = n - len(left)
        total = sum(stacks[i] for i in left)
        out = [0.0] * n
        for winner in left:
            p = stacks[winner] / total
            out[winner] += p * paid[place]
            if len(left) > 1:
                rest = chances(left - {winner})
                for i in left - {winner}:
                    out[i] += p * rest[i]
        return tuple(out)

    return list(chances(frozenset(range(n))))


def _share_exactly(amount: int, weights: Sequence[float], order: Sequence[int]) -> list[int]:
    """``amount`` split in proportion to ``weights`` exact to the unit: rounded down, then
    the units left one each by the largest remainder (ties: ``order``, best first)."""
    total = sum(weights)
    raw = [amount * w / total for w in weights]
    out = [math.floor(x) for x in raw]
    rank = sorted(range(len(weights)), key=lambda i: (-(raw[i] - out[i]), order.index(i)))
    for i in rank[: amount - sum(out)]:
        out[i] += 1
    return out


def icm_deal(stacks: Sequence[int], place_prizes: Sequence[int]) -> list[int]:
    """An ICM deal (R29.1): each player's :func:`icm_equity`, in whole units; what the
    rounding leaves goes one unit each by the largest fraction (ties: the bigger stack).
    Sums to the prizes of the places still to be paid."""
    n = len(stacks)
    pool = sum(place_prizes[:n])
    order = sorted(range(n), key=lambda i: -stacks[i])
    return _share_exactly(pool, icm_equity(stacks, place_prizes), order)


def chip_chop(stacks: Sequence[int], place_prizes: Sequence[int]) -> list[int]:
    """A chip chop (R29.2): each of the ``n`` players left is sure of the ``n``-th place's
    prize; the rest of the prizes go in proportion to chips, exact to the unit as
    :func:`icm_deal` rounds."""
    n = len(stacks)
    paid = list(place_prizes[:n]) + [0] * max(0, n - len(place_prizes))
    floor = paid[n - 1]
    rest = sum(paid) - floor * n
    order = sorted(range(n), key=lambda i: -stacks[i])
    return [floor + part for part in _share_exactly(rest, list(map(float, stacks)), order)]

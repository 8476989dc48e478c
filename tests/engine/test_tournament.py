"""Tournaments (engine/tournament.py): the blind schedule and its clock (R24), entries
(R25), payouts (R26), finishing places (R27), table balancing (R28) and deals (R29)."""

from __future__ import annotations

import itertools
import random

import pytest

from engine.errors import EngineError
from engine.tournament import (
    BASIS,
    ClockReading,
    Level,
    Schedule,
    Seating,
    awards,
    balance,
    check_payout,
    chip_chop,
    clock,
    default_payout,
    finishing_places,
    hand_for_hand,
    hands_until_big_blind,
    icm_deal,
    icm_equity,
    may_add_on,
    may_rebuy,
    places_by_chips,
    preset,
    prizes,
    registration_open,
)

# ---------------------------------------------------------------- R24


def three_levels() -> Schedule:
    """10-minute levels 10/20, 20/40, 30/60; a 5-minute break after level 2."""
    return Schedule(
        (Level(10, 20), Level(20, 40), Level(30, 60, ante=60, ante_by_big_blind=True)),
        break_every=2,
        break_minutes=5,
    )


@pytest.mark.parametrize(
    ("played", "reading"),
    [
        (0, ClockReading(1, False, 600)),
        (599, ClockReading(1, False, 1)),
        (600, ClockReading(2, False, 600)),
        (1200, ClockReading(2, True, 300)),  # the break after level 2
        (1499, ClockReading(2, True, 1)),
        (1500, ClockReading(3, False, None)),  # the last level lasts
        (10**7, ClockReading(3, False, None)),
        (-5, ClockReading(1, False, 600)),
    ],
)
def test_the_clock_reads_the_level_and_the_breaks_from_the_time_played(played, reading):
    """R24.2, R24.4: level 1 from the start, each level its minutes, a break after every
    second level (never after the last), the last level lasts."""
    assert clock(three_levels(), played) == reading


def test_the_clock_on_a_break_names_the_level_that_follows():
    """R24.4."""
    reading = clock(three_levels(), 1300)
    assert (reading.level, reading.on_break, reading.next_level) == (2, True, 3)


@pytest.mark.parametrize(
    ("levels", "message"),
    [
        ((Level(20, 10),), "level 1: the big blind (10) is smaller than the small blind (20)"),
        ((Level(10, 20), Level(0, 40)), "level 2: the small blind must be 1 or more"),
        ((Level(10, 20, minutes=0),), "level 1: minutes must be 1 to 240"),
        ((Level(10, 20, ante=-1),), "level 1: a negative ante"),
        ((), "a schedule needs at least one level"),
    ],
)
def test_a_level_that_cannot_be_played_is_refused_and_named(levels, message):
    """R24.1: BB >= SB >= 1, an ante of 0 or more, 1 to 240 minutes."""
    with pytest.raises(EngineError) as refused:
        Schedule(levels)
    assert refused.value.code == "invalid_config"
    assert refused.value.message == message


@pytest.mark.parametrize("name", ["turbo", "regular", "deep"])
def test_presets_start_at_the_stacks_depth_and_only_go_up(name):
    """R24.3: level 1's big blind is 1/50, 1/100 or 1/200 of the starting stack; the blinds
    rise at every level; a big-blind ante of one big blind from level 4; breaks."""
    schedule = preset(name, 10_000)
    depth = {"turbo": 50, "regular": 100, "deep": 200}[name]
    assert schedule.levels[0].big_blind == 10_000 // depth
    bigs = [level.big_blind for level in schedule.levels]
    assert bigs == sorted(set(bigs))
    for number, level in enumerate(schedule.levels, 1):
        assert level.small_blind == level.big_blind // 2
        assert (level.ante_by_big_blind, level.ante) == (
            (True, level.big_blind) if number >= 4 else (False, 0)
        )
    assert schedule.break_every and schedule.has_break_after(schedule.break_every)


def test_a_preset_rounds_the_first_blind_to_a_round_number():
    """R24.3: 1,500 chips deep (1/200) would be a big blind of 7: it is 5."""
    assert preset("deep", 1_500).levels[0].big_blind == 5
    with pytest.raises(EngineError):
        preset("regular", 150)  # fewer than 200 chips: not a regular tournament
    with pytest.raises(EngineError):
        preset("hyper", 10_000)


# ---------------------------------------------------------------- R25


def test_late_registration_closes_when_its_level_ends():
    """R25.1: open before the start and until level N ends, not in the break after it."""
    schedule = three_levels()
    assert registration_open(None, 0)
    assert not registration_open(clock(schedule, 0), 0)
    assert registration_open(clock(schedule, 1199), 2)
    assert not registration_open(clock(schedule, 1200), 2)  # the break after level 2
    assert not registration_open(clock(schedule, 1600), 2)


def test_rebuys_are_for_short_stacks_until_their_level_and_up_to_the_limit():
    """R25.2."""
    level_one, level_three = clock(three_levels(), 0), clock(three_levels(), 1600)
    kw = {"starting_stack": 1000, "limit": 2, "until_level": 2}
    assert may_rebuy(level_one, stack=0, rebuys=0, **kw) is None
    assert may_rebuy(level_one, stack=1000, rebuys=1, **kw) is None  # at the starting stack
    assert may_rebuy(level_one, stack=1001, rebuys=0, **kw) == (
        "A rebuy is for a player at or below the starting stack."
    )
    assert may_rebuy(level_one, stack=0, rebuys=2, **kw) == "No more rebuys: 2 per player."
    assert may_rebuy(level_three, stack=0, rebuys=0, **kw) == "Rebuys are closed."
    assert may_rebuy(level_one, stack=0, rebuys=50, **{**kw, "limit": 0}) is None


def test_the_add_on_is_once_in_its_break():
    """R25.3."""
    schedule = three_levels()
    on_break = clock(schedule, 1250)
    assert may_add_on(on_break, after_level=2, taken=False) is None
    assert may_add_on(on_break, after_level=2, taken=True) == "The add-on is once per player."
    assert may_add_on(clock(schedule, 700), after_level=2, taken=False) is not None
    assert may_add_on(on_break, after_level=0, taken=False) == "This tournament has no add-on."


# ---------------------------------------------------------------- R26


@pytest.mark.parametrize(
    ("entrants", "places"),
    [(1, 1), (6, 1), (7, 2), (10, 2), (11, 3), (18, 3), (19, 4), (27, 4), (28, 5), (45, 6)],
)
def test_the_default_payout_pays_more_places_as_more_enter(entrants, places):
    """R26.1: one place up to 6 entries, two up to 10, three up to 18, ..."""
    assert len(default_payout(entrants)) == places


def test_every_default_payout_can_be_paid():
    """R26.1, R26.2: for any field up to 1,000 the default shares pass the checks."""
    for entrants in range(1, 1001):
        shares = default_payout(entrants)
        check_payout(shares, entrants)
        assert sum(shares) == BASIS


@pytest.mark.parametrize(
    ("shares", "entrants", "message"),
    [
        ((5000, 4900), 10, "the payouts sum to 99 %, not 100 %"),
        ((5000, 3000, 2000), 2, "3 places paid but only 2 entries"),
        ((4000, 6000), 10, "a place never pays more than the one above"),
        ((10_000, 0), 10, "every paid place gets more than 0 %"),
        ((), 10, "at least one place is paid"),
    ],
)
def test_payouts_that_cannot_be_paid_are_refused(shares, entrants, message):
    """R26.2."""
    with pytest.raises(EngineError) as refused:
        check_payout(shares, entrants)
    assert refused.value.message == message


def test_prizes_are_exact_and_the_odd_units_go_to_the_top_places():
    """R26.3: 1,001 at 50/30/20 % is 500.5, 300.3 and 200.2: 501, 300, 200."""
    assert prizes(1001, (5000, 3000, 2000)) == [501, 300, 200]
    assert prizes(1002, (5000, 3000, 2000)) == [502, 300, 200]  # 501 + 300 + 200 and one
    rng = random.Random(24)
    for _ in range(500):
        pool = rng.randint(0, 10**7)
        shares = default_payout(rng.randint(1, 300))
        paid = prizes(pool, shares)
        assert sum(paid) == pool
        assert paid == sorted(paid, reverse=True)


# ---------------------------------------------------------------- R27


def test_players_busted_in_one_hand_finish_by_the_stack_they_started_it_with():
    """R27.1: ten left, two bust: the bigger starting stack is ninth, the other tenth;
    equal starting stacks share ninth."""
    assert finishing_places(10, {"ann": 300, "ben": 500}) == [(9, ["ben"]), (10, ["ann"])]
    assert finishing_places(10, {"ann": 400, "ben": 400}) == [(9, ["ann", "ben"])]
    assert finishing_places(3, {"cat": 50}) == [(3, ["cat"])]
    with pytest.raises(EngineError):
        finishing_places(2, {"ann": 1, "ben": 1})  # somebody must be left


def test_the_players_of_a_deal_are_placed_by_their_chips_equal_stacks_sharing():
    """R29.3: the most chips first; equal stacks share the highest place they cover, and
    the next stack takes the place after them."""
    assert places_by_chips({"ann": 500, "ben": 900, "cat": 500, "dan": 100}) == [
        (1, ["ben"]), (2, ["ann", "cat"]), (4, ["dan"])
    ]  # fmt: skip


def test_players_who_share_places_share_their_prizes_exactly():
    """R27.2: second and third share 300 + 200; unpaid places pay nothing; the odd unit
    goes to the first of the group."""
    finish = [(1, ["win"]), (2, ["x", "y"]), (4, ["z"])]
    assert awards([500, 300, 200], finish) == {"win": 500, "x": 250, "y": 250, "z": 0}
    assert awards([500, 301, 200], finish)["x"] == 251
    assert awards([500, 301, 200], finish)["y"] == 250


# ---------------------------------------------------------------- R28


def seating(number: int, players: list[int], button: int | None = 1, seats: int = 9) -> Seating:
    """A table whose players are named by table and seat: 103 sits at table 1, seat 3."""
    return Seating(number, seats, {s: number * 100 + s for s in players}, button)


def test_the_largest_table_gives_its_next_big_blind_to_the_smallest():
    """R28.2, R28.3: 9 against 6 players. Table 1's button was seat 1: its next hand has the
    button on 2, the small blind on 3, the big blind on 4, so seat 4 moves, into the free
    seat of table 2 where it posts the big blind soonest."""
    one, two = seating(1, list(range(1, 10))), seating(2, [1, 2, 3, 5, 6, 7], button=1)
    moves, broken = balance([one, two], between_hands={1})
    assert broken == []
    assert [(m.player, m.source, m.target) for m in moves] == [(104, 1, 2)]
    (move,) = moves
    free = two.free_seats()
    soonest = min(hands_until_big_blind(two, s) for s in free)
    assert hands_until_big_blind(two, move.to_seat) == soonest == 1
    # table 2's next hand: button 2, small blind 3, and the newcomer's seat 4 is the big blind
    assert move.to_seat == 4


def test_tables_in_the_middle_of_a_hand_keep_their_players():
    """R28: only a table between hands gives players; tables one apart are balanced."""
    one, two = seating(1, list(range(1, 10))), seating(2, [1, 2, 3, 5, 6, 7])
    assert balance([one, two], between_hands={2}) == ([], [])
    even = [
        seating(1, list(range(1, 9))),
        seating(2, list(range(1, 8))),
        seating(3, list(range(2, 9))),
    ]
    assert balance(even, {1, 2, 3}) == ([], [])


def test_a_table_breaks_when_the_others_can_seat_its_players():
    """R28.1: 6 + 5 + 5 fit on two tables of nine: the smallest table between hands with
    the highest number breaks; its players go one at a time to the table with fewest."""
    tables = [
        seating(1, [1, 2, 3, 4, 5, 6]),
        seating(2, [1, 2, 3, 4, 5]),
        seating(3, [2, 4, 6, 7, 9]),
    ]
    moves, broken = balance(tables, between_hands={1, 2, 3})
    assert broken == [3]
    assert all(m.source == 3 and m.breaking for m in moves)
    assert [m.target for m in moves] == [2, 1, 2, 1, 2]
    assert sorted(m.player for m in moves) == [302, 304, 306, 307, 309]
    taken = [(m.target, m.to_seat) for m in moves]
    assert len(set(taken)) == 5
    assert all(seat not in tables[target - 1].players for target, seat in taken)


def test_the_players_of_a_broken_table_draw_their_order_and_their_new_seats():
    """R28.1 (TDA): who moves first and where each sits are drawn, not the big-blind rule
    of a balancing move (R28.3). ``draw`` picks from each list: the last item here."""
    tables = [seating(1, [1, 2, 3, 4, 5]), seating(2, [2, 4, 6, 7])]
    moves, broken = balance(tables, between_hands={1, 2}, draw=lambda items: items[-1])
    assert broken == [2]
    # the highest seat first, each to table 1's highest free seat
    assert [(m.player, m.to_seat) for m in moves] == [(207, 9), (206, 8), (204, 7), (202, 6)]
    # with the secrets module's generator, different tries seat them differently
    outcomes = {
        tuple((m.player, m.to_seat) for m in balance(tables, between_hands={1, 2})[0])
        for _ in range(40)
    }
    assert len(outcomes) > 1


def test_hand_for_hand_is_on_the_bubble_with_two_tables_or_more():
    """R28.6: ten left with nine paid, on two tables: hand for hand; not with eleven left,
    nor with nine (all in the money), nor at one table."""
    assert hand_for_hand(left=10, paid=9, tables=2)
    assert not hand_for_hand(left=11, paid=9, tables=2)
    assert not hand_for_hand(left=9, paid=9, tables=2)
    assert not hand_for_hand(left=10, paid=9, tables=1)


def test_the_final_table_forms_when_everyone_fits():
    """R28.1: 5 + 4 players, tables of nine: one table."""
    moves, broken = balance([seating(1, [1, 3, 5, 7, 9]), seating(2, [2, 4, 6, 8])], {1, 2})
    assert len(broken) == 1 and len(moves) in (4, 5)


def test_balancing_a_shrinking_field_keeps_tables_even_and_as_few_as_possible():
    """R28: 45 players on five tables of nine bust one or two at a time, each table
    balanced after its hand: no table is ever two below another once its hand is over,
    every table is needed, and no player is lost or doubled."""
    rng = random.Random(28)
    tables = {n: seating(n, list(range(1, 10)), button=None) for n in range(1, 6)}
    everyone = {p for t in tables.values() for p in t.players.values()}
    while sum(len(t.players) for t in tables.values()) > 1:
        number = rng.choice(sorted(tables))
        table = tables[number]
        # a hand: the button moves, somebody may bust
        seats = sorted(table.players)
        players = dict(table.players)
        if len(seats) > 1:
            for seat in rng.sample(seats, min(len(seats) - 1, rng.choice((0, 1, 1, 2)))):
                everyone.discard(players.pop(seat))
        button = (
            seats[0]
            if table.button is None
            else next((s for s in seats if s > table.button), seats[0])
        )
        tables[number] = Seating(number, 9, players, button)
        total = sum(len(t.players) for t in tables.values())
        must_break = len(tables) > 1 and total <= 9 * (len(tables) - 1)
        moves, broken = balance(list(tables.values()), between_hands={number})
        assert bool(broken) == must_break
        for move in moves:
            src, dst = tables[move.source], tables[move.target]
            assert src.players[move.from_seat] == move.player
            assert move.to_seat not in dst.players
            tables[move.source] = Seating(
                src.number, 9, {s: p for s, p in src.players.items() if s != move.from_seat},
                src.button,
            )  # fmt: skip
            dst = tables[move.target]
            tables[move.target] = Seating(
                dst.number, 9, {**dst.players, move.to_seat: move.player}, dst.button
            )
        for gone in broken:
            assert not tables.pop(gone).players
        seated = [p for t in tables.values() for p in t.players.values()]
        assert sorted(seated) == sorted(everyone)  # nobody lost, nobody twice
        sizes = {n: len(t.players) for n, t in tables.items()}
        if not broken:  # the table that played is not left two above the smallest
            assert sizes[number] - min(sizes.values()) <= 1
    assert len(tables) == 1


# ---------------------------------------------------------------- R29


def harville(stacks, paid):
    """Every finishing order's chance, independently of the engine's subset recursion."""
    n = len(stacks)
    out = [0.0] * n
    for order in itertools.permutations(range(n)):
        chance, left = 1.0, sum(stacks)
        for i in order:
            chance *= stacks[i] / left
            left -= stacks[i]
        for place, i in enumerate(order):
            out[i] += chance * (paid[place] if place < len(paid) else 0)
    return out


def test_icm_equity_is_the_expected_prize_over_every_finishing_order():
    """R29.1 (Malmuth-Harville): equal stacks have equal shares; a bigger stack more, but
    less than its share of the chips."""
    assert icm_equity([100, 100], [70, 30]) == pytest.approx([50, 50])
    stacks, paid = [5000, 3000, 1500, 500], [500, 300, 200]
    equity = icm_equity(stacks, paid)
    assert equity == pytest.approx(harville(stacks, paid))
    assert sum(equity) == pytest.approx(1000)
    assert equity[0] < 1000 * 5000 / 10000


def test_deals_pay_every_unit_of_the_places_left():
    """R29.1, R29.2: whole units that sum to the prizes still to be paid."""
    stacks, paid = [60, 30, 10], [500, 300, 200]
    assert chip_chop(stacks, paid) == [440, 320, 240]  # 200 each, then 400 by chips
    deal = icm_deal(stacks, paid)
    assert sum(deal) == 1000 and all(isinstance(x, int) for x in deal)
    assert deal == sorted(deal, reverse=True)
    rng = random.Random(29)
    for _ in range(200):
        n = rng.randint(2, 6)
        stacks = [rng.randint(1, 10**6) for _ in range(n)]
        paid = prizes(rng.randint(0, 10**6), default_payout(rng.randint(n, 60)))
        left = sum(paid[:n])
        assert sum(icm_deal(stacks, paid)) == left
        assert sum(chip_chop(stacks, paid)) == left


def test_a_level_starts_after_every_level_and_break_before_it():
    """R24.4: with 10-minute levels and a 5-minute break after every second level, level 3
    starts at 25 minutes of play; the clock there reads level 3 with all its time."""
    from engine.tournament import level_start

    schedule = Schedule(tuple(Level(5 * k, 10 * k, minutes=10) for k in (1, 2, 3, 4)), 2, 5)
    assert [level_start(schedule, n) for n in (1, 2, 3, 4)] == [0, 600, 1500, 2100]
    assert clock(schedule, level_start(schedule, 3)) == ClockReading(3, False, 600)

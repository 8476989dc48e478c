"""PokerStars-style text: the text of PokerStars' own cash-game hand histories, which tracking software imports and PokerKit's ``PokerStarsParser`` reads (docs/rules.md, *Exports*, lists the choices): hands separated by two blank lines, raises as "raises <increment> to <total>", amounts without thousands separators."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, Final
from zoneinfo import ZoneInfo

from engine.cards import RANKS, card_rank
from engine.drawing import DRAW_LABELS
from engine.evaluation import HandCategory, evaluate_omaha_low
from engine.events import (
    ActionTaken,
    AntePosted,
    BlindPosted,
    BoardDealt,
    CardsDrawn,
    DeckReshuffled,
    DownCardDealt,
    DrawTaken,
    Event,
    HandMucked,
    HandShown,
    HandStarted,
    HoleCardsDealt,
    PotAwarded,
    RunItTwiceDecided,
    StreetStarted,
    UncalledBetReturned,
    UpCardDealt,
)
from engine.games import STUD_STREETS, Game, rules
from engine.phh.writer import bomb_pot_preflop_seats
from tables.hands.exports.common import (
    GAME_NAMES,
    Amounts,
    Viewer,
    _cards,
    has_pokerstars_text,
    no_pokerstars_text,
)
from tables.hands.replay import ReplayedHand

_PS_RANK: Final = (
    "Deuce",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Jack",
    "Queen",
    "King",
    "Ace",
)


_PS_RANKS: Final = (
    "Deuces",
    "Threes",
    "Fours",
    "Fives",
    "Sixes",
    "Sevens",
    "Eights",
    "Nines",
    "Tens",
    "Jacks",
    "Queens",
    "Kings",
    "Aces",
)


EASTERN = ZoneInfo("America/New_York")
"""PokerStars stamps every hand with the time in ET as well, in brackets."""

LOWBALL: Final = frozenset({Game.DEUCE_SEVEN_SINGLE, Game.DEUCE_SEVEN_TRIPLE})
"""The deuce-to-seven games (R44), whose hands PokerStars labels "Lo: ..."."""

DRAW_MARKERS: Final = {
    "first_draw": "*** FIRST DRAW ***",
    "second_draw": "*** SECOND DRAW ***",
    "third_draw": "*** THIRD DRAW ***",
}
"""Triple draw's street lines. A single draw (five-card draw, 2-7 single draw) has none:
PokerStars writes its draw lines straight after the first betting round."""

_AFTER_DRAW: Final = ("after the 1st Draw", "after the 2nd Draw", "after the 3rd Draw")

STUD_MARKERS: Final = dict(
    zip(
        STUD_STREETS,
        (
            "*** 3rd STREET ***",
            "*** 4th STREET ***",
            "*** 5th STREET ***",
            "*** 6th STREET ***",
            "*** RIVER ***",
        ),
        strict=True,
    )
)
"""A stud game's street lines (R45.2), as PokerStars' own stud files write them: seventh
street is the river."""

_STUD_FOLDS: Final = dict(
    zip(
        STUD_STREETS,
        (
            "on the 3rd Street",
            "on the 4th Street",
            "on the 5th Street",
            "on the 6th Street",
            "on the River",
        ),
        strict=True,
    )
)
"""Where a stud player folded, in the summary ("folded on the 4th Street")."""

_STUD_DEALING: Final = (HoleCardsDealt, UpCardDealt, DownCardDealt, BoardDealt)
"""The events of a stud street's cards (R45.2, R45.3), written together under its line."""


def _ps_ranks(cards: Sequence[int]) -> str:
    return ",".join(RANKS[card_rank(c)] for c in cards)


def pokerstars_hand_label(hole: Sequence[int], board: Sequence[int], game: Any) -> str:
    """The shown hand as PokerStars labels it: its :func:`pokerstars_hand_name`, and in a
    high-low game both halves, "HI: a straight, Ace to Five; LO: 5,4,3,2,A" (R19; no low:
    "HI: ..." alone); a deuce-to-seven hand (R44) as "Lo: " and its ranks, highest first,
    "Lo: T,6,5,3,2", or, paired, straight or flush, its name: "Lo: a pair of Eights"; a
    razz hand (R47) as its five ranks, highest first, the ace last: "Lo: K,8,6,3,A"."""
    if Game(game) in LOWBALL:  # R44: "Lo: 8,7,6,4,2", or "Lo: a pair of Eights"
        value = rules(game).evaluate(hole, board)
        if value.category is HandCategory.HIGH_CARD:
            return "Lo: " + _ps_ranks(value.best_five)
        return "Lo: " + pokerstars_hand_name(hole, board, game)
    if Game(game) is Game.RAZZ:  # R47: "Lo: 8,6,4,3,2", "Lo: K,8,6,3,A", the ace low
        value = rules(game).evaluate(hole, board)
        five = sorted(value.best_five, key=lambda c: (card_rank(c) + 1) % 13, reverse=True)
        return "Lo: " + _ps_ranks(five)
    name = pokerstars_hand_name(hole, board, game)
    if not rules(game).splits:
        return name
    low_hand = rules(game).low_hand or evaluate_omaha_low  # R19, R46: any five in stud
    low = low_hand(hole, board)
    if low is None:
        return f"HI: {name}"
    return f"HI: {name}; LO: " + ",".join(low.name.removesuffix(" low").split("-"))


def pokerstars_hand_name(hole: Sequence[int], board: Sequence[int], game: Any = "holdem") -> str:
    """The hand as PokerStars words it: "high card Ace", "a pair of Nines", "two pair, Kings
    and Tens", "three of a kind, Deuces", "a straight, Ace to Five", "a flush, King high",
    "a full house, Sevens full of Queens", "four of a kind, Aces", "a straight flush, Nine
    to King", "a Royal Flush" (R11.4 names the same hands in the club's own words)."""
    value = rules(game).evaluate(hole, board)  # Omaha: two hole cards and three of the board
    ranks = [card_rank(c) for c in value.best_five]  # reading order: biggest group first
    top, low = ranks[0], ranks[-1]
    category = value.category
    if category is HandCategory.HIGH_CARD:
        return f"high card {_PS_RANK[top]}"
    if category is HandCategory.ONE_PAIR:
        return f"a pair of {_PS_RANKS[top]}"
    if category is HandCategory.TWO_PAIR:
        return f"two pair, {_PS_RANKS[top]} and {_PS_RANKS[ranks[2]]}"
    if category is HandCategory.THREE_OF_A_KIND:
        return f"three of a kind, {_PS_RANKS[top]}"
    if category is HandCategory.STRAIGHT:
        return f"a straight, {_PS_RANK[low]} to {_PS_RANK[top]}"
    if category is HandCategory.FLUSH:
        return f"a flush, {_PS_RANK[top]} high"
    if category is HandCategory.FULL_HOUSE:
        return f"a full house, {_PS_RANKS[top]} full of {_PS_RANKS[ranks[3]]}"
    if category is HandCategory.FOUR_OF_A_KIND:
        return f"four of a kind, {_PS_RANKS[top]}"
    if top == 12 and low == 8:
        return "a Royal Flush"
    return f"a straight flush, {_PS_RANK[low]} to {_PS_RANK[top]}"


def roman(number: int) -> str:
    """A tournament level as PokerStars numbers it.

    >>> roman(1), roman(4), roman(9), roman(14), roman(40)
    ('I', 'IV', 'IX', 'XIV', 'XL')
    """
    out = ""
    for value, letters in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"),
                           (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"),
                           (4, "IV"), (1, "I")):  # fmt: skip
        while number >= value:
            out += letters
            number -= value
    return out


def _ps_time(when: datetime) -> str:
    """``2024/01/15 14:30:00 UTC [2024/01/15 9:30:00 ET]``: hours not zero-padded."""
    utc = when.astimezone(UTC)
    et = when.astimezone(EASTERN)
    return f"{utc:%Y/%m/%d} {utc.hour}:{utc:%M:%S} UTC [{et:%Y/%m/%d} {et.hour}:{et:%M:%S} ET]"


def pokerstars(replayed: ReplayedHand, viewer: Viewer, club: Any = None) -> str:
    """One hand as PokerStars hand-history text, as ``viewer`` saw it.

    The layout is the one of PokerStars' own cash-game files (docs/rules.md, *Exports*):
    the header with the stakes (fixed-limit: the small and big bet) and the currency code,
    the time in UTC and in ET; the seats; the forced bets; the streets; an all-in runout's
    board before ``*** SHOW DOWN ***``; a second run as ``*** FIRST FLOP ***`` ...
    ``*** SECOND SHOW DOWN ***`` (a double board, R23, the same way, each street's two
    boards one after the other); a player who takes a pot without showing "doesn't show
    hand"; then the summary.

    A draw game (R42) is written as PokerStars writes its own: ``*** DEALING HANDS ***``;
    triple draw's ``*** FIRST DRAW ***`` ... ``*** THIRD DRAW ***`` (a single draw has no
    line of its own); each player's draw as "X: discards 2 cards" or "X: stands pat" (how
    many, never which, R42.3), the viewer's own with the cards, "Hero: discards 2 cards
    [Kh Th]" then "Dealt to Hero [3d Tc 7c] [5c Qs]" (kept, then new; all five thrown:
    the new ones alone), or "Hero: stands pat on [...]"; "The deck is reshuffled" at a new
    stub (R42.4); deuce-to-seven hands as "Lo: 8,7,6,4,2"; folds in the summary "before
    the Draw", "after the Draw", "after the 1st Draw" ... (2-7 single draw: "before Flop").

    A stud game (R45-R47) is written as PokerStars writes its own: no button on the table
    line; ``*** 3rd STREET ***`` ... ``*** 6th STREET ***``, ``*** RIVER ***`` for seventh
    street, each followed by what the viewer saw dealt, player by player in seat order:
    on third street their own three cards ("Dealt to Hero [3d Th As]") and every other
    player's door card ("Dealt to Ann [9s]"); on each later street each player's up cards
    so far, then the new one ("Dealt to Ann [9s 6h] [7s]"; the viewer's own line starts
    with all their cards, "Dealt to Hero [3d Th As Qc] [5d]"); on seventh street the
    viewer's own down card alone; another player's down cards never. "X: brings in for 1";
    the completion "bets 4" (by the bring-in player) or "raises 3 to 4"; a community card
    (R45.3) as ``*** RIVER *** [Kd]`` and ``Board [Kd]`` in the summary; a shown hand's
    seven cards in the order dealt (its six with a community card); stud hi-lo's "HI: ...;
    LO: 8,7,5,4,2" and "No low hand qualified"; razz's "Lo: K,8,6,3,A"; folds in the summary
    "on the 3rd Street" ... "on the River".

    A game PokerStars never dealt (poker all'italiana, R31-R39; Telesina, R40) is refused
    (:func:`~.common.no_pokerstars_text`): no file of PokerStars' reads as its hands.
    """
    if not has_pokerstars_text(str(replayed.config.game)):
        raise no_pokerstars_text()
    hand = replayed.hand
    table = hand.table
    club = club or table.club
    tournament = table.tournament if table.tournament_id else None
    money = Amounts(club)
    amount = Amounts(None) if tournament else money  # a tournament's chips are chips
    config = replayed.config
    names = replayed.names
    me = viewer.seat_in(replayed)
    final = replayed.final
    events = replayed.events
    started = next(e for e in events if isinstance(e, HandStarted))
    won = dict(zip(final.seats, final.won, strict=True))
    stud = rules(config.game).stud  # R45: no button line, streets of cards up and down
    button = "" if stud else f" Seat #{config.button} is the button"

    if config.structure == "fixed_limit":  # PokerStars names limit games by their bets (R7.3)
        stakes = f"{amount(config.big_blind)}/{amount(2 * config.big_blind)}"
    else:
        stakes = f"{amount(config.small_blind)}/{amount(config.big_blind)}"
    code = f" {money.code}" if money.code else ""
    game = GAME_NAMES[(str(config.game), str(config.structure))]
    if tournament is not None:  # as PokerStars writes its tournaments' hands
        buy_in = (
            f"{money(tournament.buy_in)}+{money(tournament.fee)}{code}"
            if tournament.buy_in or tournament.fee
            else "Freeroll"
        )
        level = roman(hand.tournament_level or 1)
        lines = [
            f"PokerStars Hand #{hand.pk}: Tournament #{tournament.pk}, {buy_in} {game}"
            f" - Level {level} ({stakes}) - {_ps_time(hand.started_at)}",
            f"Table '{tournament.pk} {table.tournament_number}' {table.max_seats}-max{button}",
        ]
    else:
        lines = [
            f"PokerStars Hand #{hand.pk}:  {game} ({stakes}{code}) - {_ps_time(hand.started_at)}",
            f"Table '{table.name}' {table.max_seats}-max{button}",
        ]
    start_stacks = dict(zip(started.seats, started.stacks, strict=True))
    for seat in sorted(started.seats):
        lines.append(
            f"Seat {seat}: {names.get(seat, f'Seat {seat}')} ({amount(start_stacks[seat])} in chips)"
        )

    bets: dict[int, int] = {}
    board: list[int] = []
    runs = 1
    shared = 0 if config.double_board else 5  # cards the second board repeats of the first
    first_run_board: list[int] = []
    second_run_board: list[int] = []
    showdown: list[HandShown | HandMucked] = []
    awards: list[PotAwarded] = [e for e in events if isinstance(e, PotAwarded)]
    hole_cards_written = False
    draw_game = bool(rules(config.game).draws)  # R42: five cards each, no board
    bomb_checks = bomb_pot_preflop_seats(final)
    double = config.double_board  # R23: two boards from the flop, written as two runs are
    street_cards: list[Event] = []  # R45.2: a stud street's cards, written together
    seen_of: dict[int, list[int]] = {}  # each stud player's cards the viewer saw so far
    stud_antes: list[AntePosted] = []  # PokerStars' stud files post the antes in seat order

    def all_in(flag: bool) -> str:
        return " and is all-in" if flag else ""

    for e in [*events, None]:
        if stud and isinstance(e, AntePosted):
            stud_antes.append(e)
            continue
        if stud_antes:
            for ante in sorted(stud_antes, key=lambda a: a.seat):
                lines.append(
                    f"{names[ante.seat]}: posts the ante {amount(ante.amount)}{all_in(ante.all_in)}"
                )
            stud_antes = []
        same_street = (
            isinstance(e, _STUD_DEALING)
            and bool(street_cards)
            and _stud_street_of(e) == _stud_street_of(street_cards[0])
        )
        if street_cards and not same_street:  # the street's cards, then its betting (R45.2)
            lines.extend(_stud_street(street_cards, names, me, seen_of))
            first_run_board += [
                c for d in street_cards if isinstance(d, BoardDealt) for c in d.cards
            ]
            street_cards = []
            bets = {}
        if e is None:
            break
        if stud and isinstance(e, _STUD_DEALING):  # (a runout deals street after street)
            street_cards.append(e)
            continue
        if isinstance(e, AntePosted):
            lines.append(f"{names[e.seat]}: posts the ante {amount(e.amount)}{all_in(e.all_in)}")
        elif isinstance(e, BlindPosted):
            kind = {
                "small_blind": "small blind",
                "big_blind": "big blind",
                "live_big_blind": "big blind",
                "straddle": "straddle",
            }[e.blind]
            bets[e.seat] = bets.get(e.seat, 0) + e.amount
            lines.append(f"{names[e.seat]}: posts {kind} {amount(e.amount)}{all_in(e.all_in)}")
        elif isinstance(e, HoleCardsDealt):
            if not hole_cards_written:
                lines.append("*** DEALING HANDS ***" if draw_game else "*** HOLE CARDS ***")
                hole_cards_written = True
            if e.seat == me:
                lines.append(f"Dealt to {names[e.seat]} [{_cards(e.cards)}]")
        elif isinstance(e, ActionTaken):
            name = names[e.seat]
            if e.action == "fold":
                lines.append(f"{name}: folds")
            elif e.action == "check":
                lines.append(f"{name}: checks")
            elif e.action == "call":
                bets[e.seat] = bets.get(e.seat, 0) + e.added
                lines.append(f"{name}: calls {amount(e.added)}{all_in(e.all_in)}")
            elif e.action == "bet":
                assert e.amount is not None  # a bet or raise has its "to" amount
                bets[e.seat] = e.amount
                lines.append(f"{name}: bets {amount(e.amount)}{all_in(e.all_in)}")
            elif e.action == "raise":
                assert e.amount is not None
                facing = max(bets.values(), default=0)
                bets[e.seat] = e.amount
                lines.append(
                    f"{name}: raises {amount(e.amount - facing)} to {amount(e.amount)}{all_in(e.all_in)}"
                )
            elif e.action == "bring_in":  # R45.4: the chips posted
                bets[e.seat] = bets.get(e.seat, 0) + e.added
                lines.append(f"{name}: brings in for {amount(e.added)}{all_in(e.all_in)}")
            # run_twice answers: PokerStars writes only "Hand was run twice" (summary)
        elif isinstance(e, UncalledBetReturned):
            lines.append(f"Uncalled bet ({amount(e.amount)}) returned to {names[e.seat]}")
        elif isinstance(e, StreetStarted) and draw_game:  # R42.1: a draw, then a new round
            bets = {}
            if e.street in DRAW_MARKERS:
                lines.append(DRAW_MARKERS[e.street])
        elif isinstance(e, DeckReshuffled):  # R42.4
            lines.append("The deck is reshuffled")
        elif isinstance(e, DrawTaken) and e.seat != me:  # R42.3: how many, never which
            if e.count:
                lines.append(f"{names[e.seat]}: discards {_count(e.count)}")
            else:
                lines.append(f"{names[e.seat]}: stands pat")
        elif isinstance(e, CardsDrawn) and e.seat == me:  # the viewer's own draw, with cards
            name = names[e.seat]
            if not e.discarded:
                lines.append(f"{name}: stands pat on [{_cards(e.hole)}]")
            else:
                kept = [c for c in e.hole if c not in e.drawn]  # in their places
                lines.append(f"{name}: discards {_count(len(e.discarded))} [{_cards(e.discarded)}]")
                lines.append(
                    f"Dealt to {name} "
                    + (f"[{_cards(kept)}] " if kept else "")
                    + f"[{_cards(e.drawn)}]"
                )
        elif isinstance(e, RunItTwiceDecided):
            runs = e.runs
            shared = len(board)
        elif isinstance(e, BoardDealt):
            if bomb_checks:  # R21: the blindless preflop round, checked (engine.phh.writer)
                lines.extend(f"{names[seat]}: checks" for seat in bomb_checks)
                bomb_checks = []
            if e.board_index == 0:
                bets = {}
                before = list(board)
                board.extend(e.cards)
                first_run_board = board
                label = "FIRST " if runs == 2 or double else ""
            else:
                before = list(second_run_board or board[:shared])
                second_run_board = before + list(e.cards)
                label = "SECOND "
            after = list(before) + list(e.cards)
            if e.street == "flop":
                lines.append(f"*** {label}FLOP *** [{_cards(after)}]")
            else:
                lines.append(
                    f"*** {label}{e.street.upper()} *** [{_cards(before)}] [{_cards(e.cards)}]"
                )
        elif isinstance(e, (HandShown, HandMucked)):
            showdown.append(e)  # written once the board is out (PokerStars: board, then show down)

    boards = [first_run_board] + ([second_run_board] if runs == 2 or double else [])
    contested = any(a.board_index is not None for a in awards)
    pot_names = _pot_names(awards)

    def collected(award: PotAwarded) -> list[str]:
        return [
            f"{names[seat]} collected {amount(share)} from {pot_names[award.pot_index]}"
            for seat, share in zip(award.winners, award.shares, strict=True)
            if share
        ]

    shown_seats = {e.seat for e in showdown if isinstance(e, HandShown)}
    shown_later = replayed.shown_after()
    if contested:
        for index, run_board in enumerate(boards):
            label = ("FIRST ", "SECOND ")[index] if len(boards) == 2 else ""
            lines.append(f"*** {label}SHOW DOWN ***")
            for e in showdown:
                if isinstance(e, HandShown):
                    # a stud hand shown all-in before its last card plays all it was dealt
                    cards = final.hole_cards(e.seat) if stud else e.cards
                    lines.append(
                        f"{names[e.seat]}: shows [{_cards(cards)}]"
                        f" ({pokerstars_hand_label(cards, run_board, config.game)})"
                    )
                elif index == 0:  # a muck that still takes a pot nobody else could win (R8)
                    verb = "doesn't show hand" if won[e.seat] else "mucks hand"
                    lines.append(f"{names[e.seat]}: {verb}")
            for award in awards:
                if award.board_index == index or (index == 0 and award.board_index is None):
                    lines.extend(collected(award))
        if stud and rules(config.game).splits and not any(a.half == "low" for a in awards):
            lines.append("No low hand qualified")  # R46, as PokerStars' stud hi-lo files
    else:  # won without a showdown (R5.4)
        for award in awards:
            lines.extend(collected(award))
        for seat in sorted(
            {s for a in awards for s, x in zip(a.winners, a.shares, strict=True) if x}
        ):
            if seat not in shown_seats and len(shown_later.get(seat, ())) < len(
                final.hole_cards(seat)
            ):
                lines.append(f"{names[seat]}: doesn't show hand")
    # cards shown once the hand was over (R11.5), as PokerStars writes a voluntary show
    for seat, cards in shown_later.items():
        lines.append(f"{names[seat]}: shows [{_cards(cards)}]")

    total = sum(a.amount for a in awards) + final.rake
    lines.append("*** SUMMARY ***")
    lines.append(
        f"Total pot {amount(total)}{_pot_parts(awards, amount)} | Rake {amount(final.rake)}"
    )
    if runs == 2:
        lines.append("Hand was run twice")
    for index, run_board in enumerate(boards):
        if run_board:
            prefix = ("FIRST ", "SECOND ")[index] if len(boards) == 2 else ""
            lines.append(f"{prefix}Board [{_cards(run_board)}]")
    lines.extend(_summary_seats(replayed, started, names, amount, me, boards, awards))
    return "\n".join(lines) + "\n"


def _stud_street_of(event: Event) -> str:
    """The stud street (R45.2) a card's event deals: third street's hole cards have none."""
    if isinstance(event, UpCardDealt | DownCardDealt | BoardDealt):
        return event.street
    return STUD_STREETS[0]


def _stud_street(
    dealt: list[Event], names: dict[int, str], me: int | None, seen_of: dict[int, list[int]]
) -> list[str]:
    """One stud street (R45.2) as PokerStars writes it: its line, then for each player dealt
    a card the viewer saw, in seat order, "Dealt to X [cards seen before] [the new one]";
    third street: the viewer's three cards, another's door card alone; seventh street: the
    viewer's own down card alone. A community card (R45.3) is on the street's line.
    ``seen_of``: the cards the viewer saw of each player so far, updated."""
    marker = STUD_MARKERS[_stud_street_of(dealt[0])]
    community = [c for e in dealt if isinstance(e, BoardDealt) for c in e.cards]
    lines = [f"{marker} [{_cards(community)}]" if community else marker]
    hole = {e.seat: e.cards for e in dealt if isinstance(e, HoleCardsDealt)}
    new = {
        e.seat: e.card
        for e in dealt
        if isinstance(e, UpCardDealt) or (isinstance(e, DownCardDealt) and e.seat == me)
    }
    for seat in sorted(set(hole) | set(new)):
        name = names.get(seat, f"Seat {seat}")
        if seat in hole:  # third street: the viewer's three cards, another's door card
            seen_of[seat] = list(hole[seat]) if seat == me else [new[seat]]
            lines.append(f"Dealt to {name} [{_cards(seen_of[seat])}]")
        elif seat in new:
            before = seen_of.get(seat, [])
            lines.append(f"Dealt to {name} [{_cards(before)}] [{_cards([new[seat]])}]")
            seen_of[seat] = [*before, new[seat]]
    return lines


def _count(cards: int) -> str:
    return f"{cards} card" if cards == 1 else f"{cards} cards"


def _pot_names(awards: list[PotAwarded]) -> dict[int, str]:
    """ "pot" alone; with side pots "main pot" and "side pot", or "side pot-1", "side pot-2"."""
    sides = sorted({a.pot_index for a in awards if a.pot_index})
    if not sides:
        return {0: "pot"}
    names = {0: "main pot"}
    for n, index in enumerate(sides, start=1):
        names[index] = "side pot" if len(sides) == 1 else f"side pot-{n}"
    return names


def _pot_parts(awards: list[PotAwarded], amount: Amounts) -> str:
    """`` Main pot $98.90. Side pot $23.40.`` (after the rake, as PokerStars), or nothing."""
    by_pot: dict[int, int] = {}
    for a in awards:
        by_pot[a.pot_index] = by_pot.get(a.pot_index, 0) + a.amount
    if len(by_pot) < 2:
        return ""
    names = _pot_names(awards)
    parts = [f"{names[k].capitalize()} {amount(v)}." for k, v in sorted(by_pot.items())]
    return " " + " ".join(parts)


def _summary_seats(
    replayed: ReplayedHand,
    started: HandStarted,
    names: dict[int, str],
    amount: Amounts,
    me: int | None,
    boards: list[list[int]],
    awards: list[PotAwarded],
) -> list[str]:
    final = replayed.final
    folded_on: dict[int, str] = {}
    put_in: set[int] = set()  # blinds or chips added by a decision; an ante is not a bet
    game = final.config.game
    # PokerStars' draw games: "before the Draw", "after the Draw" (five-card draw), "after
    # the 1st Draw" ... (triple draw); its 2-7 single draw says "before Flop"
    draw_game = bool(rules(game).draws)
    stud = rules(game).stud  # R45: "on the 3rd Street" ... "on the River"
    street = "before the Draw" if draw_game and game != Game.DEUCE_SEVEN_SINGLE else "before Flop"
    shown = replayed.shown()
    if stud:  # a hand shown all-in before its last card plays all it was dealt (R45.7)
        street = _STUD_FOLDS[STUD_STREETS[0]]
        shown = {seat: final.hole_cards(seat) for seat in shown}
    for e in replayed.events:
        if isinstance(e, StreetStarted) and draw_game:
            street = (
                "after the Draw" if e.street == "draw" else _AFTER_DRAW[DRAW_LABELS.index(e.street)]
            )
        elif isinstance(e, StreetStarted) and stud:
            street = _STUD_FOLDS[e.street]
        elif isinstance(e, BoardDealt) and e.board_index == 0 and not stud:
            street = {"flop": "on the Flop", "turn": "on the Turn", "river": "on the River"}[
                e.street
            ]
        elif isinstance(e, ActionTaken):
            if e.action == "fold":
                folded_on[e.seat] = street
            elif e.added:
                put_in.add(e.seat)
        elif isinstance(e, BlindPosted):
            put_in.add(e.seat)
    won_on: dict[tuple[int, int], int] = {}
    for a in awards:
        for seat, share in zip(a.winners, a.shares, strict=True):
            key = (seat, a.board_index or 0)
            won_on[key] = won_on.get(key, 0) + share
    lines = []
    for seat in sorted(final.seats):
        i = final.seats.index(seat)
        tags = ""
        if seat == final.config.button and not stud:  # PokerStars' stud files: no button
            tags += " (button)"
        if seat == started.small_blind_seat and not final.config.bomb_pot:  # R21: no blinds
            tags += " (small blind)"
        if seat == started.big_blind_seat and not final.config.bomb_pot:
            tags += " (big blind)"
        won = final.won[i]
        if seat in folded_on:
            outcome = f"folded {folded_on[seat]}" + ("" if seat in put_in else " (didn't bet)")
        elif seat in shown:
            results = []
            for index, board in enumerate(boards):
                name = pokerstars_hand_label(shown[seat], board, final.config.game)
                share = won_on.get((seat, index), 0)
                results.append(
                    f"won ({amount(share)}) with {name}" if share else f"lost with {name}"
                )
            outcome = f"showed [{_cards(shown[seat])}] and " + ", and ".join(results)
        elif won:
            outcome = f"collected ({amount(won)})"
        else:
            mine = f" [{_cards(final.holes[i])}]" if seat == me else ""
            outcome = f"mucked{mine}"
        lines.append(f"Seat {seat}: {names.get(seat, '')}{tags} {outcome}")
    return lines

"""Exporting a finished hand of our engine to PHH (see :mod:`engine.phh` for the mapping)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import Card
from engine.events import (
    ActionTaken,
    BoardDealt,
    CardsDrawn,
    DownCardDealt,
    Event,
    FourthCardDealt,
    HandMucked,
    HandNamed,
    HandShown,
    HandStarted,
    HoleCardsDealt,
    OpeningShown,
    PotCarried,
    UpCardDealt,
)
from engine.games import Game, rules
from engine.phh.document import GAME_STRUCTURE_VARIANTS, PhhError, PhhHand, phh_cards
from engine.state import HandState


def to_phh(
    state: HandState,
    events: Sequence[Event],
    *,
    players: Mapping[int, str] | None = None,
    hand: int | str | None = None,
    table: int | str | None = None,
    seat_count: int | None = None,
) -> PhhHand:
    """The PHH record of a finished hand.

    ``events`` are all the events of the hand, from :func:`engine.hand.start_hand` on, in
    order; ``players`` optionally names the players by seat. The actions are written in the
    order they happened: hole cards first (one ``d dh`` per player, p1 first), each betting
    decision, each street's board, and the showdown's shows and mucks (an all-in showdown
    comes before the rest of the board, R11.1, as PokerKit writes it). A player who mucks
    but still takes a pot nobody else could win (R8) neither mucked nor showed in PHH terms:
    ``sm ????`` (the standard's notation for a cash-game hand kept face down; Omaha's four
    cards ``sm ????????``). A stud game (R45) is written as PokerKit writes it: each
    player's three first cards in one ``d dh``, every later street's card in its own (up or
    down by the street, as the standard has it), the bring-in ``pN pb``, its completion a
    ``cbr``, a seventh-street community card (R45.3) a ``d db``; a hand shown before its
    seventh-street card (R11.1) is shown again once it has it, as PokerKit asks.

    Poker all'italiana (R31-R39, this club's ``PITA``, ``NITA``, ``FITA``) is a draw game
    with no burn: a pass before the opening is ``pN cc # pass`` (it checks: a player who
    passed may still call the opening, R34.5), the opening ``pN cbr 40 # open``; the
    invito is every player's ante, the mazziere's on top of it in the last entry (the
    button's); what the standard has no field for is user-defined: the deck
    (``_deck_size``, R31.2), the pot carried in (``_pot_carried_in``, R35.3) and out
    (``_pot_carried``, ``_pot_carried_reason``: ``nobody_opened`` or ``parola``, R35.1,
    R37.3), the opening shown (``_opener``, ``_opening_shown``, R39.2) and the hand's
    options (``_opening_pair``, ``_opening_draw``, ``_max_draw``, ``_piatto_di_parola``,
    ``_opener_first``, the ranking's ``_full_over_flush_on_52``, ``_minima_beats_massima``
    and ``_flush_by_suit``, R32.2, R32.4, R32.6, and ``_max_raises`` when the table caps
    the raises, R38.3).

    Telesina (R40, this club's ``PTEL``, ``NTEL``, ``FTEL``) is written as a stud game
    with no bring-in: each player's first two cards (one down, one up) in one ``d dh``,
    each later up card in its own; the invito every player's ante, no blinds, ``min_bet``
    the least bet (fixed-limit: ``small_bet`` and twice it); user-defined the deck
    (``_deck_size``, R31.2), "parla per primo" (``_best_showing_first``, R40.4) and the
    ranking's options and the raise cap as poker all'italiana's. Con la vela (R41) each
    vela is a ``d db`` of its one card after the fifth cards' round (an all-in hand's
    after its shows and the fifth cards, as stud's seventh-street card), and ``_vele`` says
    how many the hand deals (1 or 2, R41.4; absent: none).
    """
    if not state.is_finished:
        raise PhhError("only a finished hand can be exported")
    config = state.config
    started = next((e for e in events if isinstance(e, HandStarted)), None)
    if started is None:
        raise PhhError("the events do not start with hand_started")
    seats = started.seats  # position order: p1 first, the button last
    index = {seat: i for i, seat in enumerate(seats)}
    n = len(seats)

    def label(seat: int) -> str:
        return f"p{index[seat] + 1}"

    game = rules(config.game)

    actions: list[str] = []
    italiana: dict[str, Any] = {}  # R31-R39: the facts the standard has no field for
    dealt_in_draw: list[str] = []  # R42: the draw's new cards, after every player's `sd`
    holes: list[tuple[int, tuple[Card, ...]]] = []
    run_twice_answers: list[str] = []
    bomb_checked = False
    shown: set[int] = set()  # a stud game's seats shown, and shown before a down card
    show_again: set[int] = set()
    for event in events:
        if isinstance(event, HoleCardsDealt):
            holes.append((event.seat, event.cards))
            continue
        if holes:  # all hole cards are dealt before anything else happens (R4.1)
            holes.sort(key=lambda item: index[item[0]])
            actions.extend(f"d dh {label(seat)} {phh_cards(cards)}" for seat, cards in holes)
            holes = []
        if isinstance(event, UpCardDealt | DownCardDealt):  # R45.2: a street's card
            if event.street != game.street_names[0]:  # (the door card is in the first three)
                actions.append(f"d dh {label(event.seat)} {phh_cards((event.card,))}")
            if isinstance(event, DownCardDealt) and event.seat in shown:
                show_again.add(event.seat)
            continue
        if isinstance(event, HandNamed) and event.seat in show_again:  # (R45.7)
            hole = state.holes[index[event.seat]]
            actions.append(f"{label(event.seat)} sm {phh_cards(hole)}")
            continue
        if isinstance(event, CardsDrawn):  # R42: `sd` with the cards thrown (none: stand pat)
            thrown = f" {phh_cards(event.discarded)}" if event.discarded else ""
            actions.append(f"{label(event.seat)} sd{thrown}")
            if event.drawn:
                dealt_in_draw.append(f"d dh {label(event.seat)} {phh_cards(event.drawn)}")
            continue
        if isinstance(event, FourthCardDealt):  # R36.2: after everyone's, in the draw's order
            dealt_in_draw.append(f"d dh {label(event.seat)} {phh_cards((event.card,))}")
            continue
        if dealt_in_draw and event.type not in ("draw_taken", "deck_reshuffled"):
            actions.extend(dealt_in_draw)  # as PokerKit deals them: once everyone has drawn
            dealt_in_draw = []
        if isinstance(event, PotCarried):  # R35.1, R37.3: no winner, the pot stays
            italiana.update(_pot_carried=event.amount, _pot_carried_reason=event.reason)
        elif isinstance(event, OpeningShown):  # R39.2
            italiana.update(_opener=label(event.seat), _opening_shown=phh_cards(event.cards))
        elif isinstance(event, BoardDealt):
            if config.bomb_pot and not bomb_checked:
                actions.extend(f"{label(seat)} cc" for seat in bomb_pot_preflop_seats(state))
                bomb_checked = True
            actions.append(f"d db {phh_cards(event.cards)}")
        elif isinstance(event, ActionTaken):
            verb = event.action
            if verb == "fold":
                actions.append(f"{label(event.seat)} f")
            elif verb in ("check", "call"):
                actions.append(f"{label(event.seat)} cc")
            elif verb in ("bet", "raise"):
                actions.append(f"{label(event.seat)} cbr {event.amount}")
            elif verb == "bring_in":  # R45.4
                actions.append(f"{label(event.seat)} pb")
            elif verb == "open":  # R34.1: "apro", a bet
                actions.append(f"{label(event.seat)} cbr {event.amount} # open")
            elif verb == "pass":  # R34.1: "passo", not a fold: a check before the opening
                actions.append(f"{label(event.seat)} cc # pass")
            elif verb in ("buio", "controbuio"):  # R33.5: a bet, blind
                actions.append(f"{label(event.seat)} cbr {event.amount} # {verb}")
            elif verb == "look":  # R33.5: no buio (or no controbuio): nothing to call
                actions.append(f"{label(event.seat)} cc # look")
            elif verb == "run_twice":
                run_twice_answers.append(f"{label(event.seat)} {'yes' if event.amount else 'no'}")
            else:  # pragma: no cover - the engine has no other betting event
                raise PhhError(f"cannot write the action {verb!r} in PHH")
        elif isinstance(event, HandShown):
            actions.append(f"{label(event.seat)} sm {phh_cards(event.cards)}")
            shown.add(event.seat)
        elif isinstance(event, HandMucked):
            kept = state.won[index[event.seat]] > 0  # face down: one "??" a hole card
            face_down = " " + "??" * len(state.holes[index[event.seat]]) if kept else ""
            actions.append(f"{label(event.seat)} sm{face_down}")
    actions.extend(dealt_in_draw)

    antes = [0] * n
    if game.stud:  # R45.4: antes and a bring-in, no blinds
        antes = [config.ante] * n
    elif game.opening:  # R33.1, R33.2: the invito, the mazziere's on top of it (p_n)
        antes = [config.ante] * n
        antes[-1] += config.dealer_ante
    elif config.bomb_pot:  # R21: the bomb's ante from everyone and no blinds
        antes = [config.bomb_pot] * n
    elif config.ante:
        antes = [config.ante] * n
    elif config.big_blind_ante:  # the big blind's entry; reversed heads-up by the standard
        antes[0 if config.dead_small_blind else 1] = config.big_blind_ante
    blinds = [0] * n
    if game.stud or game.opening:
        pass
    elif config.dead_small_blind:  # R28.5: p1 is the big blind, nobody posts the small one
        blinds[0] = config.big_blind
    elif not config.bomb_pot:
        blinds[0], blinds[1] = config.small_blind, config.big_blind
    if started.small_blind_seat in config.posting:  # a live big blind from the small blind (R2.6)
        blinds[0] = config.big_blind
    if config.straddle and n > 2:
        blinds[2] = 2 * config.big_blind
    variant = GAME_STRUCTURE_VARIANTS[(str(config.game), str(config.structure))]
    fixed = config.structure == "fixed_limit"
    optional: dict[str, Any] = {
        "hand": hand,
        "seats": list(seats),
        "seat_count": seat_count,
        "table": table,
        "finishing_stacks": list(state.stacks),
        "winnings": list(state.won),
    }
    if players is not None:
        optional["players"] = [players.get(seat, "") for seat in seats]
    user: dict[str, Any] = {}
    if state.seed is not None:
        user["_seed"] = state.seed.hex()
    if state.commitment is not None:
        user["_commitment"] = state.commitment
    if config.dead_small_blind:  # R28.5: the level's small blind, which nobody posted
        user["_dead_small_blind"] = config.small_blind
    if config.dead_button:  # R28.5: the button's empty seat
        user["_dead_button"] = config.button
    if config.posting:
        user["_live_big_blinds"] = [label(seat) for seat in seats if seat in config.posting]
    if config.rake_bps:
        user["_rake_basis_points"] = config.rake_bps
        if config.rake_cap is not None:
            user["_rake_cap"] = config.rake_cap
    if config.run_it_twice_allowed:
        user["_run_it_twice_allowed"] = True
        if run_twice_answers:
            user["_run_twice_answers"] = run_twice_answers
    if config.show_all_called:
        user["_show_all"] = True
    if config.bomb_pot:
        user["_bomb_pot"] = config.bomb_pot
    if config.double_board:  # R23: each street's `d db` for the first board, then the second
        user["_double_board"] = True
    if config.seven_deuce:  # R22: the bounty moves chips after the pots (finishing_stacks)
        user["_seven_deuce"] = config.seven_deuce
        if not config.seven_deuce_shown:
            user["_seven_deuce_face_down"] = True
        if any(state.bounty):  # each player's net, for a reader who cannot see a face-down 7-2
            user["_seven_deuce_bounty"] = list(state.bounty)
    if game.dealt_to is not None:  # R31-R40: the deck of the players, the Italian ranking
        user["_deck_size"] = len(config.hand_rules().deck)  # (R31.4: the morto's deck)
    if game.opening:  # R31-R39
        user.update(
            _pot_carried_in=config.carried or None,
            _opening_pair=config.opening_pair,
            _opening_draw=config.opening_draw,
            _max_draw=config.max_draw or game.max_draw,
            _piatto_di_parola=config.piatto_di_parola,
            _opener_first=config.opener_first,
        )
        if config.places > n:  # R31.4 (none: the field is left out, as before the morto)
            user["_morto"] = True
        if config.buio:  # R33.5 (likewise)
            user["_buio"] = config.buio
    elif config.game is Game.TELESINA:  # R40.4: "parla per primo"
        user["_best_showing_first"] = config.best_showing_first
        if config.vele:  # R41, R41.4 (none: the field is left out, as before the vela)
            user["_vele"] = config.vele
    if game.dealt_to is not None:  # R32.2, R32.4, R32.6, R38.3 (R40.1: Telesina's too)
        user.update(
            _full_over_flush_on_52=config.full_over_flush_on_52,
            _minima_beats_massima=config.minima_beats_massima,
            _flush_by_suit=config.flush_by_suit,
        )
    if game.opening:
        user.update(_fourth_card_last=config.fourth_card_last, **italiana)
    if game.dealt_to is not None and config.max_raises is not None:  # (none: unlimited)
        user["_max_raises"] = config.max_raises
    return PhhHand(
        variant=variant,
        antes=tuple(antes),
        blinds_or_straddles=tuple(blinds),
        starting_stacks=tuple(started.stacks),
        actions=tuple(actions),
        min_bet=None if fixed else config.big_blind,
        small_bet=config.big_blind if fixed else None,
        big_bet=2 * config.big_blind if fixed else None,
        ante_trimming_status=bool(config.ante or config.bomb_pot or config.dealer_ante),
        bring_in=config.small_blind if game.bring_in is not None else None,  # (R40: none)
        optional={key: value for key, value in optional.items() if value is not None},
        user_defined=user,
    )


def bomb_pot_preflop_seats(state: HandState) -> list[int]:
    """A bomb pot (R21) written where every hand has a preflop round (PHH, PokerStars
    text): the seats, in position order, that check through a blindless preflop round,
    every player with chips left after the antes; none when at most one has (nobody acts).
    Nobody can bet into a blindless round more than a check, so the hand is the same; PHH
    marks it ``_bomb_pot`` and our replay skips the checks."""
    config = state.config
    if not config.bomb_pot:
        return []
    stacks = _start_stacks(state)
    with_chips = [p for p, stack in enumerate(stacks) if stack > config.bomb_pot]
    return [state.seats[p] for p in with_chips] if len(with_chips) >= 2 else []


def _start_stacks(state: HandState) -> list[int]:
    config = state.config
    by_seat = dict(zip(config.seats, config.stacks, strict=True))
    return [by_seat[seat] for seat in state.seats]


def export(
    state: HandState,
    events: Sequence[Event],
    *,
    players: Mapping[int, str] | None = None,
    hand: int | str | None = None,
    table: int | str | None = None,
    seat_count: int | None = None,
) -> str:
    """A finished hand as PHH text (see :func:`to_phh`)."""
    return to_phh(
        state, events, players=players, hand=hand, table=table, seat_count=seat_count
    ).to_toml()

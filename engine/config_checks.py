"""The checks a hand's inputs pass before it starts: its :class:`~engine.state.HandConfig`
(R1.1, R2, R3, R13, R21, R22, R23, R28.5, R31-R38, R40, R45.1) and a deck given for a replay (R4).

:func:`engine.hand.start_hand` calls both; a refusal is an
:class:`~engine.errors.EngineError` with code ``invalid_config`` or ``invalid_deck``, and no
hand starts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from engine.betting import Structure
from engine.cards import FULL_DECK, Card
from engine.errors import EngineError, ErrorCode
from engine.games import MOST_VELE, Game, rules
from engine.opening import OPENING_DRAWS, OPENING_PAIRS
from engine.state import ITALIAN_SHARED_OPTIONS, HandConfig

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "check_config", "check_player_count", "full_deck"]

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 10
"""A table seats 2 to 10 players (R1.1)."""


def _check_int(value: object, name: str, minimum: int = 0) -> int:
    if type(value) is not int or value < minimum:
        raise EngineError(
            ErrorCode.INVALID_CONFIG, f"{name} must be an int >= {minimum}, not {value!r}"
        )
    return value


def check_player_count(game: Game, players: int, double_board: bool) -> None:
    """Refuse a hand of ``players`` that one deck of ``game`` cannot deal (R1.1: a board,
    its burns and every hole card; R18.2: five-card Omaha seats at most 8; R23.3: a double
    board fewer; R45.3: a stud game 8; R31.1: poker all'italiana 9), code
    ``invalid_config``: the live table's check and a hand file's alike."""
    most = rules(game).seats_for(2 if double_board else 1)
    if not MIN_PLAYERS <= players <= most:
        raise EngineError(
            ErrorCode.INVALID_CONFIG,
            f"a hand of {rules(game).name}{' with a double board' if double_board else ''} "
            f"needs 2 to {most} players, not {players} (R1.1, R23)",
        )


def check_config(config: HandConfig) -> None:
    """Refuse a config that breaks R1.1, R2, R3, R13, R21, R22, R23, R28.5, R31-R38, R40
    or R45.1 (code ``invalid_config``)."""
    seats, stacks = config.seats, config.stacks
    if not isinstance(seats, tuple) or not isinstance(stacks, tuple):
        raise EngineError(ErrorCode.INVALID_CONFIG, "seats and stacks must be tuples")
    if not isinstance(config.game, Game):
        raise EngineError(ErrorCode.INVALID_CONFIG, f"unknown game {config.game!r}")
    if type(config.double_board) is not bool:
        raise EngineError(ErrorCode.INVALID_CONFIG, "double_board must be a bool")
    check_player_count(config.game, len(seats), config.double_board)
    if len(stacks) != len(seats):
        raise EngineError(ErrorCode.INVALID_CONFIG, "stacks must be aligned with seats")
    for seat in seats:
        _check_int(seat, "a seat", 1)
    if len(set(seats)) != len(seats):
        raise EngineError(ErrorCode.INVALID_CONFIG, f"seats repeat: {seats!r}")
    for stack in stacks:
        _check_int(stack, "a stack", 1)
    _check_int(config.button, "the button seat", 1)
    for flag in ("dead_button", "dead_small_blind"):
        if type(getattr(config, flag)) is not bool:
            raise EngineError(ErrorCode.INVALID_CONFIG, f"{flag} must be a bool")
    if not config.dead_button and config.button not in seats:
        raise EngineError(
            ErrorCode.INVALID_CONFIG, f"the button seat {config.button!r} is not dealt in (R2.1)"
        )
    if config.dead_button and (config.button in seats or len(seats) == MIN_PLAYERS):
        raise EngineError(
            ErrorCode.INVALID_CONFIG,
            "a dead button is on a seat nobody dealt in holds, with three players or more (R28.5)",
        )
    if config.dead_small_blind and (
        len(seats) == MIN_PLAYERS or config.straddle or config.posting or config.bomb_pot
    ):
        raise EngineError(
            ErrorCode.INVALID_CONFIG,
            "a dead small blind is a tournament's, with three players or more, and no "
            "straddle, posted blind or bomb pot (R28.5)",
        )
    _check_int(config.big_blind, "big_blind", 1)
    _check_int(config.small_blind, "small_blind", 0)
    if config.small_blind > config.big_blind:
        raise EngineError(
            ErrorCode.INVALID_CONFIG, "the small blind may not exceed the big blind (R2.3)"
        )
    _check_int(config.ante, "ante")
    _check_int(config.big_blind_ante, "big_blind_ante")
    if config.ante and config.big_blind_ante:
        raise EngineError(
            ErrorCode.INVALID_CONFIG, "choose an ante or a big-blind ante, not both (R3)"
        )
    if not isinstance(config.structure, Structure):
        raise EngineError(ErrorCode.INVALID_CONFIG, f"unknown structure {config.structure!r} (R7)")
    for seat in config.posting:
        if seat not in seats:
            raise EngineError(
                ErrorCode.INVALID_CONFIG, f"posting seat {seat!r} is not dealt in (R2.6)"
            )
    _check_int(config.bomb_pot, "bomb_pot")
    if config.bomb_pot and (
        config.ante or config.big_blind_ante or config.straddle or config.posting
    ):
        raise EngineError(
            ErrorCode.INVALID_CONFIG,
            "a bomb pot has only its ante: no other ante, straddle or posted blind (R21)",
        )
    if rules(config.game).draws and (config.bomb_pot or config.double_board):
        raise EngineError(
            ErrorCode.INVALID_CONFIG,
            "a draw game has no board: no bomb pot, no double board (R21, R23, R42)",
        )
    if rules(config.game).stud and config.game is not Game.TELESINA:
        _check_stud(config)
    _check_italiana(config)
    _check_telesina(config)
    _check_int(config.seven_deuce, "seven_deuce")
    if config.seven_deuce and config.game is not Game.HOLDEM:
        raise EngineError(
            ErrorCode.INVALID_CONFIG, "the 7-2 game is played with two hole cards: Hold'em (R22)"
        )
    if type(config.seven_deuce_shown) is not bool:
        raise EngineError(ErrorCode.INVALID_CONFIG, "seven_deuce_shown must be a bool")
    _check_int(config.rake_bps, "rake_bps")
    if config.rake_bps > 10_000:
        raise EngineError(ErrorCode.INVALID_CONFIG, "rake_bps is at most 10000 (100 %) (R13)")
    if config.rake_cap is not None:
        _check_int(config.rake_cap, "rake_cap")
    for flag in (
        "straddle",
        "run_it_twice_allowed",
        "show_all_called",
        "explicit_showdown",
        "paced_runout",
    ):
        if type(getattr(config, flag)) is not bool:
            raise EngineError(ErrorCode.INVALID_CONFIG, f"{flag} must be a bool")


def _check_stud(config: HandConfig) -> None:
    """R45.1: a stud game is fixed-limit, its small blind the bring-in (at least 1, at most
    the small bet) and its big blind the small bet; it has antes but no blinds, so nothing
    that comes with blinds or a board."""
    name = rules(config.game).name
    if config.structure is not Structure.FIXED_LIMIT:
        raise EngineError(
            ErrorCode.INVALID_CONFIG,
            f"{name} is dealt fixed-limit only, not {config.structure} (R45.1)",
        )
    if not 0 < config.small_blind <= config.big_blind:
        raise EngineError(
            ErrorCode.INVALID_CONFIG,
            f"in {name} the small blind is the bring-in: at least 1 and at most the small bet"
            f" (the big blind, {config.big_blind}), not {config.small_blind} (R45.1)",
        )
    refused = [
        option
        for option, on in (
            ("a big-blind ante", config.big_blind_ante),
            ("a straddle", config.straddle),
            ("a posted big blind", config.posting),
            ("a bomb pot", config.bomb_pot),
            ("a double board", config.double_board),
            ("run it twice", config.run_it_twice_allowed),
            ("the 7-2 bounty", config.seven_deuce),
            ("a dead button", config.dead_button),
            ("a dead small blind", config.dead_small_blind),
        )
        if on
    ]
    if refused:
        raise EngineError(
            ErrorCode.INVALID_CONFIG,
            f"{name} has no blinds and no board: no {', '.join(refused)} (R45.1)",
        )


_ITALIANA_DEFAULTS: Final = (
    ("carried", 0),
    ("dealer_ante", 0),
    ("opening_pair", "J"),
    ("opening_draw", "open_ended"),
    ("max_draw", None),
    ("piatto_di_parola", True),
    ("opener_first", True),
    ("full_over_flush_on_52", True),
    ("minima_beats_massima", True),
    ("flush_by_suit", False),
    ("max_raises", None),
    ("fourth_card_last", True),
    ("morto", False),
    ("buio", 0),
)
"""Poker all'italiana's config fields and their defaults, which every other game keeps
(Telesina all but :data:`~engine.state.ITALIAN_SHARED_OPTIONS`)."""
_NO_BLINDS_OPTIONS: Final = (
    ("big-blind ante", "big_blind_ante"),
    ("straddle", "straddle"),
    ("posted big blind", "posting"),
    ("bomb pot", "bomb_pot"),
    ("double board", "double_board"),
    ("run it twice", "run_it_twice_allowed"),
    ("7-2 bounty", "seven_deuce"),
    ("dead button", "dead_button"),
    ("dead small blind", "dead_small_blind"),
)
"""What comes with blinds or a board, which Telesina refuses (R40.2; poker all'italiana's
check refuses the same, R31, R33)."""


def _check_italiana(config: HandConfig) -> None:
    """R31-R38: poker all'italiana has the invito (the ante) and no blinds, no board; its
    own fields are in range. Other games leave its fields at their defaults."""
    if not rules(config.game).opening:
        shared = ITALIAN_SHARED_OPTIONS if config.game is Game.TELESINA else ()
        for name, default in _ITALIANA_DEFAULTS:
            value = getattr(config, name)
            if name in shared:
                _check_shared_option(name, value)
                continue
            if value != default or type(value) is not type(default):
                raise EngineError(
                    ErrorCode.INVALID_CONFIG,
                    f"{name} is poker all'italiana's (R31-R38), not {rules(config.game).name}'s",
                )
        return
    _check_int(config.carried, "carried")
    _check_int(config.dealer_ante, "dealer_ante")
    if config.opening_pair not in OPENING_PAIRS:
        raise EngineError(
            ErrorCode.INVALID_CONFIG,
            f"opening_pair is one of {', '.join(OPENING_PAIRS)} (R34.2, R35.2), "
            f"not {config.opening_pair!r}",
        )
    if config.opening_draw not in OPENING_DRAWS:
        raise EngineError(
            ErrorCode.INVALID_CONFIG,
            f"opening_draw is one of {', '.join(OPENING_DRAWS)} (R34.2), "
            f"not {config.opening_draw!r}",
        )
    if config.max_draw is not None and (
        type(config.max_draw) is not int or config.max_draw not in (4, 5)
    ):
        raise EngineError(
            ErrorCode.INVALID_CONFIG, f"max_draw is 4 or 5 (R36.1), not {config.max_draw!r}"
        )
    for name in ITALIAN_SHARED_OPTIONS:
        _check_shared_option(name, getattr(config, name))
    for flag in ("piatto_di_parola", "opener_first", "fourth_card_last", "morto"):
        if type(getattr(config, flag)) is not bool:
            raise EngineError(ErrorCode.INVALID_CONFIG, f"{flag} must be a bool")
    if type(config.buio) is not int or config.buio not in (0, 1, 2):
        raise EngineError(
            ErrorCode.INVALID_CONFIG,
            f"buio is 0 (none), 1 (the pot) or 2 (twice the pot) (R33.5), not {config.buio!r}",
        )
    if config.small_blind:
        raise EngineError(
            ErrorCode.INVALID_CONFIG,
            "poker all'italiana has no blinds: small_blind is 0, big_blind the cip, the least"
            f" opening bet (R31.5, R34.4), not {config.small_blind}",
        )
    refused = [
        option
        for option, on in (
            ("big-blind ante", config.big_blind_ante),
            ("straddle", config.straddle),
            ("posted big blind", config.posting),
            ("bomb pot", config.bomb_pot),
            ("double board", config.double_board),
            ("run it twice", config.run_it_twice_allowed),
            ("7-2 bounty", config.seven_deuce),
            ("dead button", config.dead_button),
            ("dead small blind", config.dead_small_blind),
        )
        if on
    ]
    if refused:
        raise EngineError(
            ErrorCode.INVALID_CONFIG,
            "poker all'italiana has the invito and no blinds, no board, and the mazziere is"
            f" dealt in: no {', no '.join(refused)} (R31, R33)",
        )


def _check_shared_option(name: str, value: Any) -> None:
    """One of :data:`~engine.state.ITALIAN_SHARED_OPTIONS`: a bool, or ``max_raises`` a number of raises."""
    if name == "max_raises":
        if value is not None and (type(value) is not int or value < 1):
            raise EngineError(
                ErrorCode.INVALID_CONFIG,
                f"max_raises is a number of raises, at least 1 (R38.3), or None, not {value!r}",
            )
    elif type(value) is not bool:
        raise EngineError(ErrorCode.INVALID_CONFIG, f"{name} must be a bool")


def full_deck(deck: Sequence[Card], cards: Sequence[Card] = FULL_DECK) -> tuple[Card, ...]:
    """Return the order of the game's ``cards`` (52, or a short deck's, R30.1) that starts
    with ``deck``, the unused cards following in increasing order (so a replay may give only
    the cards it knows)."""
    head = tuple(deck)
    in_deck = frozenset(cards)
    for card in head:
        if type(card) is not int or not 0 <= card < len(FULL_DECK):
            raise EngineError(ErrorCode.INVALID_DECK, f"{card!r} is not a card (0..51)")
        if card not in in_deck:
            raise EngineError(
                ErrorCode.INVALID_DECK, f"card {card} is not in this game's deck (R30.1)"
            )
    if len(set(head)) != len(head):
        raise EngineError(ErrorCode.INVALID_DECK, "the deck holds a card twice")
    used = set(head)
    return head + tuple(card for card in cards if card not in used)


def _check_telesina(config: HandConfig) -> None:
    """R40: Telesina has the invito (the ante) and no blinds, no board, no bring-in; its
    option "parla per primo" (R40.4) is a bool, its vele (R41) 0, 1 or 2. Other games
    leave those options at their defaults (and Telesina poker all'italiana's fields at
    theirs: :func:`_check_italiana`)."""
    if config.game is not Game.TELESINA:
        for name, default in (("best_showing_first", True), ("vele", 0)):
            if getattr(config, name) != default:
                raise EngineError(
                    ErrorCode.INVALID_CONFIG,
                    f"{name} is Telesina's (R40.4, R41), not {rules(config.game).name}'s",
                )
        return
    if type(config.best_showing_first) is not bool:
        raise EngineError(ErrorCode.INVALID_CONFIG, "best_showing_first must be a bool")
    if type(config.vele) is not int or not 0 <= config.vele <= MOST_VELE:
        raise EngineError(
            ErrorCode.INVALID_CONFIG,
            f"vele is 0 (no vela), 1 or 2 (R41, R41.4), not {config.vele!r}",
        )
    if config.small_blind:
        raise EngineError(
            ErrorCode.INVALID_CONFIG,
            "Telesina has no blinds: small_blind is 0, big_blind the least bet (R40.2), not"
            f" {config.small_blind}",
        )
    refused = [option for option, name in _NO_BLINDS_OPTIONS if getattr(config, name)]
    if refused:
        raise EngineError(
            ErrorCode.INVALID_CONFIG,
            f"Telesina has the invito and no blinds, no board: no {', no '.join(refused)} (R40.2)",
        )

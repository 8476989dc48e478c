"""Why the engine refuses an input: :class:`ErrorCode` for programs, :class:`EngineError`
carrying it with a sentence for people (R6: an illegal input changes nothing)."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["EngineError", "ErrorCode"]


class ErrorCode(StrEnum):
    """Machine-readable reasons an input is refused (R6: an illegal action changes nothing)."""

    INVALID_CONFIG = "invalid_config"
    INVALID_DECK = "invalid_deck"
    INVALID_STATE = "invalid_state"
    HAND_OVER = "hand_over"
    UNKNOWN_SEAT = "unknown_seat"
    NOT_YOUR_TURN = "not_your_turn"
    UNKNOWN_ACTION = "unknown_action"
    WRONG_PHASE = "wrong_phase"
    BAD_AMOUNT = "bad_amount"
    AMOUNT_OUT_OF_RANGE = "amount_out_of_range"
    CANNOT_FOLD = "cannot_fold"
    CANNOT_CHECK = "cannot_check"
    CANNOT_CALL = "cannot_call"
    CANNOT_BET = "cannot_bet"
    CANNOT_RAISE = "cannot_raise"
    CANNOT_ALL_IN = "cannot_all_in"
    CANNOT_BRING_IN = "cannot_bring_in"
    CANNOT_OPEN = "cannot_open"
    """Poker all'italiana: the player's cards do not allow the opening (R34.2, R39.3)."""
    TOO_MANY_CARDS = "too_many_cards"
    """A draw of more cards than the game allows (R36.1: four in poker all'italiana)."""
    CANNOT_MUCK = "cannot_muck"
    ALREADY_SHOWN = "already_shown"


class EngineError(Exception):
    """An input the engine refuses. ``code`` is an :class:`ErrorCode` value (a ``str``) for
    programs, ``message`` a sentence for people. Nothing was changed."""

    def __init__(self, code: ErrorCode | str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code: str = str(code)
        self.message = message

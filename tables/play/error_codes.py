"""Error codes of live play: every refused request gets one, and nothing changes."""

from __future__ import annotations

from enum import StrEnum

from pokerclub.errors import Refused


class PlayErrorCode(StrEnum):
    BAD_JSON = "bad_json"
    TOO_BIG = "too_big"
    UNKNOWN_TYPE = "unknown_type"
    BAD_FIELD = "bad_field"
    BAD_TEXT = "bad_text"
    RATE_LIMITED = "rate_limited"
    NOT_A_MEMBER = "not_a_member"
    NOT_ALLOWED = "not_allowed"
    NOT_SEATED = "not_seated"
    NOT_YOUR_TURN = "not_your_turn"
    ILLEGAL_ACTION = "illegal_action"
    AMOUNT_OUT_OF_RANGE = "amount_out_of_range"
    STALE_VERSION = "stale_version"
    SEAT_TAKEN = "seat_taken"
    ALREADY_SEATED = "already_seated"
    NO_SUCH_SEAT = "no_such_seat"
    NO_SUCH_TABLE = "no_such_table"
    TABLE_CLOSED = "table_closed"
    IN_HAND = "in_hand"
    HAND_DEALT = "hand_dealt"
    HAND_OVER = "hand_over"
    NOT_COMMITTED = "not_committed"
    NONCE_SENT = "nonce_sent"
    BAD_NICKNAME = "bad_nickname"
    NICKNAME_TAKEN = "nickname_taken"
    NO_SUCH_LINK = "no_such_link"
    LINK_REVOKED = "link_revoked"
    LINK_FULL = "link_full"
    BANNED = "banned"


class PlayError(Refused):
    """A refused request of live play: ``code`` for programs, ``message`` for people."""

    code: PlayErrorCode

    def __init__(self, code: PlayErrorCode, message: str) -> None:
        super().__init__(code, message)

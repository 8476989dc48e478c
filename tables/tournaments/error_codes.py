"""Error codes of tournaments: every refused request gets one, and nothing changes."""

from __future__ import annotations

from enum import StrEnum

from pokerclub.errors import Refused


class TournamentErrorCode(StrEnum):
    BAD_FIELD = "bad_field"
    NOT_A_MEMBER = "not_a_member"
    NOT_ALLOWED = "not_allowed"
    NO_SUCH_TOURNAMENT = "no_such_tournament"
    ALREADY_ENTERED = "already_entered"
    NOT_ENTERED = "not_entered"
    STALE_VERSION = "stale_version"
    IN_HAND = "in_hand"


class TournamentError(Refused):
    """A refused tournament request: ``code`` for programs, ``message`` for people."""

    code: TournamentErrorCode

    def __init__(self, code: TournamentErrorCode, message: str) -> None:
        super().__init__(code, message)

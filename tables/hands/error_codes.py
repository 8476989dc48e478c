"""Error codes of hand records: every refused hand-log import gets one, and nothing changes
(a file that is not what it claims is refused by ``tables.uploads``, ``bad_file``); an
export a hand's game has not (``no_pokerstars_text``: PokerStars never dealt it, R31)."""

from __future__ import annotations

from enum import StrEnum

from pokerclub.errors import Refused


class HandsErrorCode(StrEnum):
    NOT_ALLOWED = "not_allowed"
    NOT_IMPORTED = "not_imported"
    NO_LEDGER = "no_ledger"
    NOT_A_PLAYER = "not_a_player"
    NOT_THE_DOWNLOADER = "not_the_downloader"
    NO_POKERSTARS_TEXT = "no_pokerstars_text"


class HandsError(Refused):
    """A refused request about hand records: ``code`` for programs, ``message`` for people."""

    code: HandsErrorCode

    def __init__(self, code: HandsErrorCode, message: str) -> None:
        super().__init__(code, message)

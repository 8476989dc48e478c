"""A refused request, the same shape in every domain: a code for programs (a member of the
domain's ``error_codes`` enum: ``ClubErrorCode``, ``PlayErrorCode``, ``TournamentErrorCode``,
``MoneyErrorCode``, ...) and a message for people. An action raises it before it changes
anything, or inside its transaction, which then rolls back: a refusal changes nothing."""

from __future__ import annotations

from enum import StrEnum


class Refused(Exception):
    """A refused request: ``code`` for programs, ``message`` for people."""

    def __init__(self, code: StrEnum, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def as_message(self) -> dict[str, str]:
        """The refusal as a socket's error frame (docs/protocol.md)."""
        return {"type": "error", "code": str(self.code), "message": self.message}

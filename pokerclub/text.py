"""Text that people or files supply (names, chat, descriptions, the cells of an imported file),
checked one way everywhere: forms, imports and sockets alike (issue #41, N1).

Refused: control characters (C0, DEL, C1: NUL cannot be stored in PostgreSQL, the others
garble a line; a multi-line text keeps its line breaks and tabs), lone surrogates (from JSON
escapes such as ``"\\ud800"``: no character at all, and not UTF-8), and in a name the
characters that reorder what follows them on screen (bidirectional overrides and isolates,
which can make "Bob" read as someone else on a settlement).

:func:`problem_in` finds the :class:`Problem`; :func:`refusal` says it to people, one whole
sentence for each place a text is refused and each kind of problem, so that a translator
never has to fit a phrase into another sentence:

>>> problem_in("Bob")
>>> problem = problem_in("Bob\\x00")
>>> problem.kind, problem.char
('control', 'U+0000')
>>> refusal(problem, "name")
'A name cannot hold a control character (U+0000).'
>>> refusal(problem_in("\\u202eboB", name=True), "cell", line=5, column="player_nickname")
'line 5, column player_nickname: a character that reorders the text (U+202E)'
"""

from __future__ import annotations

import re
import unicodedata
from typing import Literal

from django.core.exceptions import ValidationError
from django.utils.translation import gettext, gettext_noop

CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
"""Control characters but tab and line feed, which :data:`SINGLE_LINE` refuses too."""
SINGLE_LINE = re.compile("[\t\n]")
SURROGATE = re.compile("[\ud800-\udfff]")
REORDERING = re.compile("[\u202a-\u202e\u2066-\u2069]")
"""Bidirectional embeddings, overrides and isolates (LRE..RLO, LRI..PDI)."""

Kind = Literal["control", "broken", "reordering"]
Where = Literal["name", "text", "chat", "cell"]

_PHRASES: dict[str, str] = {
    "control": "a control character",
    "broken": "a broken character",
    "reordering": "a character that reorders the text",
}
"""Each kind of problem in English, for :class:`Problem`'s own text (logs and tests)."""

REFUSALS: dict[str, dict[str, str]] = {
    "name": {
        # Translators: %(char)s is the refused character's code point, such as U+0000.
        "control": gettext_noop("A name cannot hold a control character (%(char)s)."),
        "broken": gettext_noop("A name cannot hold a broken character (%(char)s)."),
        "reordering": gettext_noop(
            "A name cannot hold a character that reorders the text (%(char)s)."
        ),
    },
    "text": {
        "control": gettext_noop("This text cannot hold a control character (%(char)s)."),
        "broken": gettext_noop("This text cannot hold a broken character (%(char)s)."),
        "reordering": gettext_noop(
            "This text cannot hold a character that reorders the text (%(char)s)."
        ),
    },
    "chat": {
        "control": gettext_noop("A chat message cannot hold a control character (%(char)s)."),
        "broken": gettext_noop("A chat message cannot hold a broken character (%(char)s)."),
        "reordering": gettext_noop(
            "A chat message cannot hold a character that reorders the text (%(char)s)."
        ),
    },
    "cell": {
        # Translators: where an imported CSV file is refused: %(line)s is a line number,
        # %(column)s a column's name as the file has it, %(char)s a code point (U+0000).
        "control": gettext_noop("line %(line)s, column %(column)s: a control character (%(char)s)"),
        "broken": gettext_noop("line %(line)s, column %(column)s: a broken character (%(char)s)"),
        "reordering": gettext_noop(
            "line %(line)s, column %(column)s: a character that reorders the text (%(char)s)"
        ),
    },
}
"""The sentence that refuses each kind of problem, by where the text was refused (marked
for the catalog here, translated by :func:`refusal`)."""


class Problem(str):
    """What makes a text not acceptable: its ``kind`` and the character (``char``, its code
    point: ``"U+0000"``). As a string it is a phrase in English ("a control character
    (U+0000)"), for logs and tests; people read :func:`refusal`'s sentences."""

    kind: Kind
    char: str

    def __new__(cls, kind: Kind, char: str) -> Problem:
        problem = super().__new__(cls, f"{_PHRASES[kind]} ({char})")
        problem.kind = kind
        problem.char = char
        return problem


def problem_in(text: str, *, multiline: bool = False, name: bool = False) -> Problem | None:
    """What makes ``text`` not acceptable; ``None`` when it is fine."""
    checks: tuple[tuple[re.Pattern[str] | None, Kind], ...] = (
        (CONTROL, "control"),
        (None if multiline else SINGLE_LINE, "control"),
        (SURROGATE, "broken"),
        (REORDERING if name else None, "reordering"),
    )
    for pattern, kind in checks:
        found = pattern.search(text) if pattern is not None else None
        if found:
            return Problem(kind, f"U+{ord(found.group()):04X}")
    return None


def refusal(problem: Problem, where: Where, *, line: int = 0, column: str = "") -> str:
    """The sentence that refuses ``problem``, in the active language: in a ``name``, a
    longer ``text``, a ``chat`` message, or a ``cell`` of an imported file (at ``line``,
    ``column``)."""
    sentence = gettext(REFUSALS[where][problem.kind])
    return sentence % {"char": problem.char, "line": line, "column": column}


def validate_name(value: str) -> None:
    """A form validator for a name people see (a player's, a club's, a table's)."""
    problem = problem_in(value, name=True)
    if problem:
        raise ValidationError(refusal(problem, "name"), code="bad_text")


def validate_text(value: str) -> None:
    """A form validator for a longer text (a description, payment details)."""
    problem = problem_in(value, multiline=True)
    if problem:
        raise ValidationError(refusal(problem, "text"), code="bad_text")


NICKNAME_MAX = 24
"""The longest nickname a guest may go by (a table's link, the banker's list)."""


class NicknameError(ValueError):
    """Why a nickname is refused, in a sentence for people (``str(error)``)."""


def clean_nickname(raw: object) -> str:
    """A guest's nickname with its spaces trimmed and collapsed, or :class:`NicknameError`:
    1 to 24 characters that show: no control, broken or reordering character (:func:`problem_in`)
    and nothing invisible (a zero-width space would make "Bob" and "Bo\u200bb" two people).

    >>> clean_nickname("  Gigi   la  Rossa ")
    'Gigi la Rossa'
    >>> clean_nickname("B\u200bob")
    Traceback (most recent call last):
    ...
    pokerclub.text.NicknameError: A nickname can hold only characters that show (U+200B does not).
    """
    if not isinstance(raw, str) or not " ".join(raw.split()):
        raise NicknameError(gettext("Type a nickname."))
    nickname = " ".join(raw.split())
    problem = problem_in(nickname, name=True)
    if problem:
        raise NicknameError(refusal(problem, "name"))
    for char in nickname:
        if not char.isprintable():
            raise NicknameError(
                # Translators: %(char)s is a code point such as U+200B.
                gettext("A nickname can hold only characters that show (%(char)s does not).")
                % {"char": f"U+{ord(char):04X}"}
            )
    if len(nickname) > NICKNAME_MAX:
        raise NicknameError(
            gettext("A nickname can have at most %(count)d characters.") % {"count": NICKNAME_MAX}
        )
    return nickname


def same_name(name: str) -> str:
    """A name as two people could be told apart by: NFKC, case-folded, spaces collapsed
    ("Ｂｏｂ", "bob " and "BOB" are one).

    >>> same_name("Ｂｏｂ ") == same_name("BOB")
    True
    """
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())

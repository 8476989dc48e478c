"""Text that people or files supply (names, chat, descriptions, the cells of an imported file),
checked one way everywhere: forms, imports and sockets alike (issue #41, N1).

Refused: control characters (C0, DEL, C1: NUL cannot be stored in PostgreSQL, the others
garble a line; a multi-line text keeps its line breaks and tabs), lone surrogates (from JSON
escapes such as ``"\\ud800"``: no character at all, and not UTF-8), and in a name the
characters that reorder what follows them on screen (bidirectional overrides and isolates,
which can make "Bob" read as someone else on a settlement).

>>> problem_in("Bob")
>>> problem_in("Bob\\x00")
'a control character (U+0000)'
>>> problem_in("\\u202eboB", name=True)
'a character that reorders the text (U+202E)'
"""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError

CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
"""Control characters but tab and line feed, which :data:`SINGLE_LINE` refuses too."""
SINGLE_LINE = re.compile("[\t\n]")
SURROGATE = re.compile("[\ud800-\udfff]")
REORDERING = re.compile("[\u202a-\u202e\u2066-\u2069]")
"""Bidirectional embeddings, overrides and isolates (LRE..RLO, LRI..PDI)."""


def problem_in(text: str, *, multiline: bool = False, name: bool = False) -> str | None:
    """What makes ``text`` not acceptable, said for people; ``None`` when it is fine."""
    for pattern, what in (
        (CONTROL, "a control character"),
        (None if multiline else SINGLE_LINE, "a control character"),
        (SURROGATE, "a broken character"),
        (REORDERING if name else None, "a character that reorders the text"),
    ):
        found = pattern.search(text) if pattern is not None else None
        if found:
            return f"{what} (U+{ord(found.group()):04X})"
    return None


def validate_name(value: str) -> None:
    """A form validator for a name people see (a player's, a club's, a table's)."""
    problem = problem_in(value, name=True)
    if problem:
        raise ValidationError(f"A name cannot hold {problem}.", code="bad_text")


def validate_text(value: str) -> None:
    """A form validator for a longer text (a description, payment details)."""
    problem = problem_in(value, multiline=True)
    if problem:
        raise ValidationError(f"This text cannot hold {problem}.", code="bad_text")

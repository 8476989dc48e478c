"""Why a hand of an imported log was left out (:mod:`tables.hands.log_file`,
:mod:`tables.hands.actions.log_import`): a code and its values, kept with the import
(``HandLogImport.skipped``) and said in each reader's language when shown
(:func:`said`), as every message stored for later is.

>>> left = entry(4, 120, "players", count=1)
>>> left["reason"], said(left)
('1 player dealt in', '1 player dealt in')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils import translation
from django.utils.translation import gettext_lazy, ngettext_lazy

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise

REASONS: dict[str, StrPromise] = {
    "no_end": gettext_lazy("the log has no end for this hand"),
    "ends_early": gettext_lazy("the log ends before this hand does"),
    # Translators: %(game)s is the game's name as the other site's log has it.
    "not_a_game": gettext_lazy("%(game)s is not a game we deal"),
    "run_twice": gettext_lazy("run it twice is not brought in yet"),
    "bomb_pot": gettext_lazy("a bomb pot is not brought in yet"),
    "bounty": gettext_lazy("a 7-2 bounty moved chips outside the pot"),
    "no_stacks": gettext_lazy("the hand has no line of player stacks"),
    "players": ngettext_lazy("%(count)s player dealt in", "%(count)s players dealt in", "count"),
    "dead_small_blind": gettext_lazy("a missed small blind was posted dead: not one of our rules"),
    "no_big_blind": gettext_lazy("no big blind was posted"),
    "dealer_out": gettext_lazy("the dealer is not dealt in"),
    "dead_button": gettext_lazy("a dead button and no small blind"),
    "poster_out": gettext_lazy("a player posts who is not dealt in"),
    "no_small_blind": gettext_lazy("no small blind was posted"),
    "blinds_elsewhere": gettext_lazy("the blinds are not posted where our rules put them"),
    "straddle": gettext_lazy("only a straddle from the seat after the big blind is ours"),
    "missed_big_blind": gettext_lazy("a missed big blind posted for other than the big blind"),
    "antes": gettext_lazy("antes other than one for every player"),
    # Translators: %(player)s is a nickname of the log, %(line)s a line of its file.
    "actor_out": gettext_lazy("%(player)s acts and is not dealt in (line %(line)s)"),
    # Translators: %(text)s is the log's line, quoted, in the other site's English.
    "unknown_line": gettext_lazy("a line we do not know: %(text)s (line %(line)s)"),
    "no_chips": gettext_lazy("a player is dealt in with no chips"),
    "taken": gettext_lazy("the session has this hand already"),
    # Translators: %(error)s is the rules engine's own explanation, in English.
    "not_our_rules": gettext_lazy("it does not replay by our rules: %(error)s"),
    # Translators: %(ours)s and %(theirs)s are amounts of chips: "our rules pay Ann 690, the
    # log 700".
    "pays_otherwise": gettext_lazy("our rules pay %(player)s %(ours)s, the log %(theirs)s"),
    # Translators: %(reason)s is the replay's own explanation, in English.
    "record_replays": gettext_lazy("it does not replay from its record: %(reason)s"),
    "record_stacks": gettext_lazy("its record replays to other stacks"),
}
"""Each code's sentence, with its values as named placeholders."""

UNSAID = ""
"""The code of a reason that is not ours to say (the PHH reader's own words): kept as it
came, in English."""


def entry(number: int, line: int, why: str, **values: Any) -> dict[str, Any]:
    """A left-out hand as kept with its import: its number and line, ``why`` (a code of
    :data:`REASONS`, or :data:`UNSAID` with the reason as ``text``) and its values, and the
    reason in English (``reason``: for logs, and the rows kept before the codes were)."""
    if why not in REASONS:
        return {"number": number, "line": line, "why": UNSAID, "reason": str(values["text"])}
    with translation.override("en"):
        reason = REASONS[why] % values
    return {"number": number, "line": line, "why": why, "values": values, "reason": reason}


def said(kept: dict[str, Any]) -> str:
    """Why the hand was left out, in the active language."""
    why = kept.get("why", UNSAID)
    if why in REASONS:
        return REASONS[why] % kept.get("values", {})
    return str(kept.get("reason", ""))

"""The engine's refusals in the reader's language.

``engine`` is pure Python and speaks English (``EngineError.message``, the reasons of
``engine.tournament.may_rebuy`` and ``may_add_on``). The sentences of it that can reach a
person (an action refused at the table, a tournament's levels, payouts, rebuys and add-on)
are matched here and written again with ``gettext``, their numbers kept; any other text is
returned as it is. The English is the engine's own, word for word."""

from __future__ import annotations

import re
from collections.abc import Callable

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

Values = dict[str, str]

_TEXTS: list[tuple[str, Callable[[Values], str]]] = [
    # betting (engine.betting_round, R6, R7)
    (r"all-in is to (?P<to>\d+), not (?P<amount>-?\d+)",
     lambda v: _("all-in is to %(to)s, not %(amount)s") % v),
    (r"the most this player may bet now is to (?P<most>\d+) \(R7\)",
     lambda v: _("the most this player may bet now is to %(most)s") % v),
    (r"this player may not raise now, only call or fold \(R7\.4\)",
     lambda v: _("this player may not raise now, only call or fold")),
    (r"nothing to call: check instead of folding",
     lambda v: _("nothing to call: check instead of folding")),
    (r"fold takes no amount", lambda v: _("fold takes no amount")),
    (r"facing a bet: call (?P<call>\d+) or fold \(R6\)",
     lambda v: _("facing a bet: call %(call)s or fold") % v),
    (r"check takes no amount", lambda v: _("check takes no amount")),
    (r"nothing to call: check \(R6\)", lambda v: _("nothing to call: check")),
    (r"a call adds (?P<call>\d+) chips, not (?P<amount>-?\d+)",
     lambda v: _("a call adds %(call)s chips, not %(amount)s") % v),
    (r"there is already a bet: raise \(R6\)", lambda v: _("there is already a bet: raise")),
    (r"nobody has bet: bet \(R6\)", lambda v: _("nobody has bet: bet")),
    (r"this player may not bet or raise now \(R7\.3, R7\.4\)",
     lambda v: _("this player may not bet or raise now")),
    (r"bet needs an amount: the total to bet to",
     lambda v: _("bet needs an amount: the total to bet to")),
    (r"raise needs an amount: the total to bet to",
     lambda v: _("raise needs an amount: the total to bet to")),
    (r"bet to (?P<amount>-?\d+): allowed (?P<least>\d+) to (?P<most>\d+) \(R7\)",
     lambda v: _("bet to %(amount)s: allowed %(least)s to %(most)s") % v),
    (r"raise to (?P<amount>-?\d+): allowed (?P<least>\d+) to (?P<most>\d+) \(R7\)",
     lambda v: _("raise to %(amount)s: allowed %(least)s to %(most)s") % v),
    (r"(?P<action>\w+) is not a betting action",
     # Translators: %(action)s is an action's code, as the client sent it (e.g. "show")
     lambda v: _("%(action)s is not a betting action") % v),
    # a stud game's bring-in (engine.betting_round, R45.4)
    (r"nobody brings in now \(R45\.4\)", lambda v: _("nobody brings in now")),
    (r"bring in for (?P<chips>\d+) or complete to (?P<to>\d+) \(R45\.4\)",
     lambda v: _("bring in for %(chips)s or complete to %(to)s") % v),
    (r"the bring-in is (?P<chips>\d+), not (?P<amount>-?\d+) \(R45\.4\)",
     lambda v: _("the bring-in is %(chips)s, not %(amount)s") % v),
    (r"the bring-in player may bring in for (?P<chips>\d+) or complete to (?P<to>\d+) "
     r"\(R45\.4\)",
     lambda v: _("you bring in: for %(chips)s, or complete to %(to)s") % v),
    (r"the bring-in player may bring in for (?P<chips>\d+) \(R45\.4\)",
     lambda v: _("you bring in: for %(chips)s") % v),
    # poker all'italiana's opening and draw (engine.betting_round, engine.drawing; R34, R36)
    (r"pass takes no amount", lambda v: _("pass takes no amount")),
    (r"nobody has opened: a player passes or opens, not (?P<action>\w+) \(R34\.1\)",
     lambda v: _("nobody has opened yet: pass, or open")),
    (r"these cards do not open: a pair of jacks or better \(R34\.2\)",
     lambda v: _("these cards do not open: you need a pair of jacks or better")),
    (r"these cards do not open: a pair of queens or better \(R34\.2\)",
     lambda v: _("these cards do not open: you need a pair of queens or better")),
    (r"these cards do not open: a pair of kings or better \(R34\.2\)",
     lambda v: _("these cards do not open: you need a pair of kings or better")),
    (r"these cards do not open: a pair of jacks or better, or the draw the table allows "
     r"\(R34\.2\)",
     lambda v: _("these cards do not open: you need a pair of jacks or better, or the draw "
                 "the table allows")),
    (r"these cards do not open: a pair of queens or better, or the draw the table allows "
     r"\(R34\.2\)",
     lambda v: _("these cards do not open: you need a pair of queens or better, or the draw "
                 "the table allows")),
    (r"these cards do not open: a pair of kings or better, or the draw the table allows "
     r"\(R34\.2\)",
     lambda v: _("these cards do not open: you need a pair of kings or better, or the draw "
                 "the table allows")),
    (r"the most this player may open for is (?P<most>\d+) \(R34\.4\)",
     lambda v: _("the most you may open for is %(most)s") % v),
    (r"open needs an amount: the total to bet to",
     lambda v: _("open needs an amount: the total to bet to")),
    (r"open to (?P<amount>-?\d+): allowed (?P<least>\d+) to (?P<most>\d+) \(R34\.4, R38\)",
     lambda v: _("open to %(amount)s: allowed %(least)s to %(most)s") % v),
    (r"a player changes at most (?P<most>\d+) cards here \(R36\.1\)",
     lambda v: _("you may change at most %(most)s cards here") % v),
    (r"the pot stays for the next hand: nobody shows \(R35\.1, R37\.3\)",
     lambda v: _("the pot stays for the next hand: nobody shows the cards")),
    (r"no more raises this round: the table allows (?P<most>\d+) raises? after the first bet "
     r"\(R38\.3\); call or fold",
     lambda v: ngettext(
         "no more raises this round: the table allows %(most)s raise after the first bet; "
         "call or fold",
         "no more raises this round: the table allows %(most)s raises after the first bet; "
         "call or fold",
         int(v["most"]),
     ) % v),
    # the hand (engine.hand, engine.showdown)
    (r"the hand is over", lambda v: _("the hand is over")),
    (r"it is seat (?P<turn>\d+)'s turn, not seat (?P<seat>\d+)'s",
     lambda v: _("it is seat %(turn)s's turn, not seat %(seat)s's") % v),
    (r"seat (?P<seat>\d+) answers first", lambda v: _("seat %(seat)s answers first") % v),
    (r"answer run_twice with amount 1 \(yes\) or 0 \(no\)",
     lambda v: _("answer run_twice with amount 1 (yes) or 0 (no)")),
    (r"run_twice takes amount 1 \(agree\) or 0 \(decline\)",
     lambda v: _("run_twice takes amount 1 (agree) or 0 (decline)")),
    (r"the board is being run out: nobody acts \(see deal_next\)",
     lambda v: _("the board is being run out: nobody acts (see deal_next)")),
    (r"at showdown a player shows or mucks", lambda v: _("at showdown a player shows or mucks")),
    (r"show and muck take no amount", lambda v: _("show and muck take no amount")),
    (r"seat (?P<seat>\d+) has no showdown decision to make now",
     lambda v: _("seat %(seat)s has no showdown decision to make now") % v),
    (r"this hand must be shown \(R11\.3\)", lambda v: _("this hand must be shown")),
    (r"everyone has seen that card already", lambda v: _("everyone has seen that card already")),
    # a tournament's levels (engine.tournament.Schedule, preset; R24)
    (r"a schedule needs at least one level", lambda v: _("a schedule needs at least one level")),
    (r"level (?P<level>\d+): the small blind must be 1 or more",
     lambda v: _("level %(level)s: the small blind must be 1 or more") % v),
    (r"level (?P<level>\d+): the big blind \((?P<big>\d+)\) is smaller than the small blind "
     r"\((?P<small>\d+)\)",
     lambda v: _("level %(level)s: the big blind (%(big)s) is smaller than the small blind "
                 "(%(small)s)") % v),
    (r"level (?P<level>\d+): a negative ante", lambda v: _("level %(level)s: a negative ante") % v),
    (r"level (?P<level>\d+): minutes must be 1 to 240",
     lambda v: _("level %(level)s: minutes must be 1 to 240") % v),
    (r"a break comes every 1 or more levels, for 1 to 120 minutes",
     lambda v: _("a break comes every 1 or more levels, for 1 to 120 minutes")),
    (r"a regular tournament starts with at least (?P<chips>\d+) chips",
     lambda v: _("a regular tournament starts with at least %(chips)s chips") % v),
    (r"a turbo tournament starts with at least (?P<chips>\d+) chips",
     lambda v: _("a turbo tournament starts with at least %(chips)s chips") % v),
    (r"a deep tournament starts with at least (?P<chips>\d+) chips",
     lambda v: _("a deep tournament starts with at least %(chips)s chips") % v),
    # payouts (engine.tournament.check_payout, R26.2)
    (r"at least one place is paid", lambda v: _("at least one place is paid")),
    (r"the payouts sum to (?P<sum>\S+) %, not 100 %",
     lambda v: _("the payouts sum to %(sum)s %%, not 100 %%") % v),
    (r"every paid place gets more than 0 %", lambda v: _("every paid place gets more than 0 %")),
    (r"a place never pays more than the one above",
     lambda v: _("a place never pays more than the one above")),
    (r"(?P<places>\d+) places paid but only (?P<count>\d+) entr(?:y|ies)",
     lambda v: ngettext(
         "%(places)s places paid but only %(count)s entry",
         "%(places)s places paid but only %(count)s entries",
         int(v["count"]),
     ) % v),
    # rebuys and the add-on (engine.tournament.may_rebuy, may_add_on; R25)
    (r"Rebuys are closed\.", lambda v: _("Rebuys are closed.")),
    (r"A rebuy is for a player at or below the starting stack\.",
     lambda v: _("A rebuy is for a player at or below the starting stack.")),
    (r"No more rebuys: (?P<limit>\d+) per player\.",
     lambda v: _("No more rebuys: %(limit)s per player.") % v),
    (r"This tournament has no add-on\.", lambda v: _("This tournament has no add-on.")),
    (r"The add-on is once per player\.", lambda v: _("The add-on is once per player.")),
    (r"The add-on is taken during the break after level (?P<level>\d+)\.",
     lambda v: _("The add-on is taken during the break after level %(level)s.") % v),
]  # fmt: skip

_COMPILED = [(re.compile(pattern), render) for pattern, render in _TEXTS]


def engine_text(message: str) -> str:
    """The engine's ``message`` in the active language (unchanged when it is not one of
    the sentences above)."""
    for pattern, render in _COMPILED:
        found = pattern.fullmatch(message)
        if found is not None:
            return render(found.groupdict())
    return message

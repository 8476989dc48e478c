"""Reading PokerStars hand-history text as a tracker does, for the export tests.

The line grammar below is what PokerStars' own cash-game files hold (transcribed from public
sample files; ``tests/tables/data/pokerstars_structure.txt`` restates four of them with other
names). :func:`read_money` takes out what a tracker imports: the stakes, each player's
money in and out, the pot and the rake.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

SAMPLES = Path(__file__).parent / "data" / "pokerstars_structure.txt"

A = r"\D?[0-9]+(?:\.[0-9]+)?"  # an amount: "$0.25", "€5", "800"
C = r"[2-9TJQKA][cdhs]"
H = rf"{C}(?: {C}){{1,4}}"  # hole cards: Hold'em's two, Omaha's four, five-card Omaha's five
_R = "(?:Deuce|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Jack|Queen|King|Ace)"
_RS = "(?:Deuces|Threes|Fours|Fives|Sixes|Sevens|Eights|Nines|Tens|Jacks|Queens|Kings|Aces)"
HAND_NAME = (
    rf"(?:high card {_R}|a pair of {_RS}|two pair, {_RS} and {_RS}|three of a kind, {_RS}"
    rf"|a straight, {_R} to {_R}|a flush, {_R} high|a full house, {_RS} full of {_RS}"
    rf"|four of a kind, {_RS}|a straight flush, {_R} to {_R}|a Royal Flush)"
)
TIME = r"\d{4}/\d\d/\d\d \d{1,2}:\d\d:\d\d"
HEADER = re.compile(
    rf"^PokerStars Hand #\d+:  (?:Hold'em|Omaha|5 Card Omaha) (?P<game>No Limit|Pot Limit|Limit)"
    rf" \((?P<low>{A})/(?P<high>{A})(?: (?P<code>[A-Z]{{3}}))?\)"
    rf" - {TIME} [A-Z]+(?: \[{TIME} ET\])?$"
)
_RESULT = rf"(?:won \({A}\) with {HAND_NAME}|lost with {HAND_NAME})"
LINES = {
    "table": r"^Table '.+' \d+-max Seat #\d+ is the button$",
    "seat": rf"^Seat \d+: (?P<name>.+) \((?P<amount>{A}) in chips\)$",
    "ante": rf"^(?P<name>.+): posts the ante (?P<amount>{A})(?: and is all-in)?$",
    "blind": rf"^(?P<name>.+): posts (?:small blind|big blind|straddle) (?P<amount>{A})(?: and is all-in)?$",
    "hole cards": r"^\*\*\* HOLE CARDS \*\*\*$",
    "dealt": rf"^Dealt to .+ \[{H}\]$",
    "fold": r"^(?P<name>.+): folds$",
    "check": r"^(?P<name>.+): checks$",
    "call": rf"^(?P<name>.+): calls (?P<amount>{A})(?: and is all-in)?$",
    "bet": rf"^(?P<name>.+): bets (?P<amount>{A})(?: and is all-in)?$",
    "raise": rf"^(?P<name>.+): raises {A} to (?P<amount>{A})(?: and is all-in)?$",
    "uncalled": rf"^Uncalled bet \((?P<amount>{A})\) returned to (?P<name>.+)$",
    "street": rf"^\*\*\* (?:FIRST |SECOND )?(?:FLOP \*\*\* \[{C} {C} {C}\]"
    rf"|(?:TURN|RIVER) \*\*\* \[{C}(?: {C})+\] \[{C}\])$",
    "show down": r"^\*\*\* (?:FIRST |SECOND )?SHOW DOWN \*\*\*$",
    "shows": rf"^.+: shows \[{H}\] \({HAND_NAME}\)$",
    "mucks": r"^.+: (?:mucks hand|doesn't show hand)$",
    "collected": rf"^(?P<name>.+) collected (?P<amount>{A}) from (?:pot|main pot|side pot|side pot-\d+)$",
    "summary": r"^\*\*\* SUMMARY \*\*\*$",
    "total": rf"^Total pot (?P<total>{A})(?: Main pot {A}\.(?: Side pot(?:-\d+)? {A}\.)+)?"
    rf" \| Rake (?P<rake>{A})$",
    "run twice": r"^Hand was run twice$",
    "board": rf"^(?:FIRST |SECOND )?Board \[{C}(?: {C})*\]$",
    "seat result": rf"^Seat \d+: .+?(?: \(button\))?(?: \(small blind\))?(?: \(big blind\))?"
    rf" (?:folded (?:before Flop|on the Flop|on the Turn|on the River)(?: \(didn't bet\))?"
    rf"|collected \({A}\)|mucked(?: \[{H}\])?"
    rf"|showed \[{H}\] and {_RESULT}(?:, and {_RESULT})?)$",
}
PATTERNS = {kind: re.compile(pattern) for kind, pattern in LINES.items()}
SECTIONS = ("header", "table", "seat", "forced", "hole cards", "play", "show down", "summary")
"""The order of a hand's parts; each kind of line belongs to one part."""
PART = {
    "table": "table",
    "seat": "seat",
    "ante": "forced",
    "blind": "forced",
    "hole cards": "hole cards",
    "dealt": "hole cards",
    "fold": "play",
    "check": "play",
    "call": "play",
    "bet": "play",
    "raise": "play",
    "uncalled": "play",
    "street": "play",
    "collected": "play",
    "mucks": "play",
    "show down": "show down",
    "shows": "show down",
    "summary": "summary",
    "total": "summary",
    "run twice": "summary",
    "board": "summary",
    "seat result": "summary",
}


def hands(text: str) -> list[str]:
    """The hands of a file: PokerStars separates them by blank lines."""
    return [h for h in re.split(r"\n\s*\n", text.strip()) if h.strip()]


def classify(line: str, in_summary: bool) -> str:
    """The kind of ``line``; raises ``AssertionError`` for a line PokerStars does not write."""
    for kind, pattern in PATTERNS.items():
        if kind == "seat" and in_summary:
            continue
        if pattern.match(line):
            return kind
    raise AssertionError(f"not a PokerStars line: {line!r}")


def check_structure(hand: str) -> list[str]:
    """Check every line and the order of the parts; return the kinds of the lines."""
    lines = hand.splitlines()
    assert HEADER.match(lines[0]), f"not a PokerStars cash-game header: {lines[0]!r}"
    kinds, part, in_summary = [], 0, False
    for line in lines[1:]:
        kind = classify(line, in_summary)
        in_summary |= kind == "summary"
        where = SECTIONS.index(PART[kind])
        # after the show down, its collected lines stay in it
        if kind in ("collected", "mucks") and part == SECTIONS.index("show down"):
            where = part
        assert where >= part, f"{line!r} comes after the {SECTIONS[part]} part"
        part = where
        kinds.append(kind)
    assert kinds.count("summary") == 1 and kinds.count("total") == 1
    return kinds


@dataclass
class Money:
    """What a tracker imports from one hand, in the club's smallest unit."""

    game: str
    stakes: tuple[int, int]
    code: str | None
    total: int
    rake: int
    stacks: dict[str, int] = field(default_factory=dict)
    invested: dict[str, int] = field(default_factory=dict)
    collected: dict[str, int] = field(default_factory=dict)

    @property
    def net(self) -> dict[str, int]:
        return {
            name: self.collected.get(name, 0) - self.invested.get(name, 0) for name in self.stacks
        }


def units(text: str, places: int) -> int:
    number = Decimal(re.sub(r"^\D", "", text))
    value = number * 10**places
    assert value == int(value), f"{text} has more than {places} decimals"
    return int(value)


def read_money(hand: str, places: int = 0) -> Money:
    """The money of one hand as a tracker reads it: stakes from the header, each player's
    chips in (antes, blinds, calls, bets, raises, less uncalled bets) and out (collected)."""
    lines = hand.splitlines()
    head = HEADER.match(lines[0])
    assert head
    money = Money(
        head["game"], (units(head["low"], places), units(head["high"], places)), head["code"], 0, 0
    )
    street: dict[str, int] = {}

    def close_street() -> None:
        for name, amount in street.items():
            money.invested[name] = money.invested.get(name, 0) + amount
        street.clear()

    in_summary = False
    for line in lines[1:]:
        kind = classify(line, in_summary)
        m = PATTERNS[kind].match(line)
        assert m
        if kind == "summary":
            close_street()
            in_summary = True
        elif kind == "seat":
            money.stacks[m["name"]] = units(m["amount"], places)
        elif kind == "ante":
            money.invested[m["name"]] = money.invested.get(m["name"], 0) + units(
                m["amount"], places
            )
        elif kind in ("blind", "call"):
            street[m["name"]] = street.get(m["name"], 0) + units(m["amount"], places)
        elif kind in ("bet", "raise"):
            street[m["name"]] = units(m["amount"], places)
        elif kind == "uncalled":
            street[m["name"]] = street.get(m["name"], 0) - units(m["amount"], places)
        elif kind == "street":
            close_street()
        elif kind == "collected":
            money.collected[m["name"]] = money.collected.get(m["name"], 0) + units(
                m["amount"], places
            )
        elif kind == "total":
            money.total, money.rake = units(m["total"], places), units(m["rake"], places)
    close_street()
    return money

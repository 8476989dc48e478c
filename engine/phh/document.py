"""PHH documents: reading and writing the TOML, and the action notation (no engine here).

A ``.phh`` file is one TOML document describing one hand; a ``.phhs`` file holds several, each
under a numbered table (``[1]``, ``[2]``, ...). See :mod:`engine.phh` for what we read and
write.
"""

from __future__ import annotations

import datetime
import functools
import json
import math
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, NamedTuple

from engine.cards import FULL_DECK, Card, card_str, parse_card
from engine.phh import toml_subset

VARIANT_STRUCTURES: Final = {
    "NT": "no_limit",
    "FT": "fixed_limit",
    "PT": "pot_limit",
    "PO": "pot_limit",
    "NO": "no_limit",
    "FO": "fixed_limit",
    "PO5": "pot_limit",
    "NO5": "no_limit",
    "FO5": "fixed_limit",
    "FO/8": "fixed_limit",
    "PO/8": "pot_limit",
    "NO/8": "no_limit",
    "NS": "no_limit",
    "PS": "pot_limit",
    "FS": "fixed_limit",
    "N2L1D": "no_limit",
    "P2L1D": "pot_limit",
    "F2L1D": "fixed_limit",
    "N2L3D": "no_limit",
    "P2L3D": "pot_limit",
    "F2L3D": "fixed_limit",
    "N5CD": "no_limit",
    "P5CD": "pot_limit",
    "F5CD": "fixed_limit",
    "F7S": "fixed_limit",
    "F7S/8": "fixed_limit",
    "FR": "fixed_limit",
    "PITA": "pot_limit",
    "NITA": "no_limit",
    "FITA": "fixed_limit",
    "PTEL": "pot_limit",
    "NTEL": "no_limit",
    "FTEL": "fixed_limit",
}
"""The variant codes we read and write, and the engine structure (a Structure value) of each."""

VARIANT_GAMES: Final = {"NT": "holdem", "FT": "holdem", "PT": "holdem", "PO": "omaha",
                        "NO": "omaha", "FO": "omaha", "PO5": "omaha5", "NO5": "omaha5",
                        "FO5": "omaha5", "FO/8": "omaha8", "PO/8": "omaha8",
                        "NO/8": "omaha8", "NS": "shortdeck", "PS": "shortdeck",
                        "FS": "shortdeck", "N2L1D": "27single", "P2L1D": "27single",
                        "F2L1D": "27single", "N2L3D": "27triple", "P2L3D": "27triple",
                        "F2L3D": "27triple", "N5CD": "draw5", "P5CD": "draw5",
                        "F5CD": "draw5", "F7S": "stud", "F7S/8": "stud8",
                        "FR": "razz", "PITA": "italiana", "NITA": "italiana",
                        "FITA": "italiana", "PTEL": "telesina", "NTEL": "telesina",
                        "FTEL": "telesina"}  # fmt: skip
"""The engine game (an engine.games.Game value) of each variant code (R17: Omaha; R18:
five-card Omaha; R19: Omaha Hi-Lo, whose fixed-limit game is the standard's FO/8; R30:
short deck hold'em, whose no-limit game is the standard's NS; R44: deuce-to-seven single
draw, the standard's N2L1D, and triple draw, its F2L3D; R43: five-card draw, which the
standard lacks; R45-R47: the standard's F7S, F7S/8 and FR, fixed-limit seven-card stud,
stud hi-lo and razz; R31-R39: poker all'italiana, which the standard lacks, this club's
PITA, NITA and FITA; R40: Telesina, which it lacks too, this club's PTEL, NTEL and FTEL)."""

STUD_VARIANTS: Final = frozenset(("F7S", "F7S/8", "FR"))
"""The stud games' codes (R45-R47): a ``bring_in`` and no ``blinds_or_straddles``."""

ITALIANA_VARIANTS: Final = frozenset(("PITA", "NITA", "FITA"))
"""Poker all'italiana's codes (R31-R39, this club's): antes (the invito, the mazziere's on
top of it in the last player's entry) and no blinds; ``pN cc`` before an opening is
"passo", ``pN cbr`` the opening ("apro"); the hand's own facts in user-defined fields
(:mod:`engine.phh`)."""

TELESINA_VARIANTS: Final = frozenset(("PTEL", "NTEL", "FTEL"))
"""Telesina's codes (R40, this club's): a stud game's cards (each street's a ``d dh``, the
first round's two in one) with no bring-in: the invito as antes, ``blinds_or_straddles``
all 0, ``min_bet`` the least bet; con la vela (R41) each vela a ``d db`` of one card;
the deck and the options (the vele's number among them) in user-defined fields
(:mod:`engine.phh`)."""

GAME_STRUCTURE_VARIANTS: Final = {
    (VARIANT_GAMES[code], structure): code for code, structure in VARIANT_STRUCTURES.items()
}
"""(game, structure) -> the variant code we write."""

STRUCTURE_VARIANTS: Final = {
    structure: code
    for (game, structure), code in GAME_STRUCTURE_VARIANTS.items()
    if game == "holdem"
}
"""Hold'em's structure -> its variant code."""

FIXED_LIMIT_VARIANTS: Final = frozenset(
    code for code, structure in VARIANT_STRUCTURES.items() if structure == "fixed_limit"
)

EXTENSION_VARIANTS: Final = {
    "PT": "PT (pot-limit Texas hold'em) is not a variant of the PHH standard, which has no code"
    " for it: it is this club's extension; see docs/rules.md, Exports, for reading it with PokerKit",
    "NO": "NO (no-limit Omaha hold'em) is not a variant of the PHH standard, which has no code"
    " for it: it is this club's extension (the standard's PO with no-limit betting)",
    "FO": "FO (fixed-limit Omaha hold'em, high only) is not a variant of the PHH standard: it is"
    " this club's extension (the standard has FO/8, the high-low split game)",
    **{
        code: f"{code} (five-card Omaha hold'em, {structure.replace('_', '-')}) is not a variant"
        " of the PHH standard, which has no code for it: it is this club's extension"
        for code, structure in (("PO5", "pot_limit"), ("NO5", "no_limit"), ("FO5", "fixed_limit"))
    },
    **{
        code: f"{code} ({structure} Omaha hold'em high/low-split eight or better) is not a"
        " variant of the PHH standard, which has only FO/8, the fixed-limit game: it is this"
        " club's extension"
        for code, structure in (("PO/8", "pot-limit"), ("NO/8", "no-limit"))
    },
    **{
        code: f"{code} ({structure} deuce-to-seven {draws}) is not a variant of the PHH"
        f" standard, which has only {standard}: it is this club's extension"
        for code, structure, draws, standard in (
            ("P2L1D", "pot-limit", "single draw", "N2L1D, the no-limit game"),
            ("F2L1D", "fixed-limit", "single draw", "N2L1D, the no-limit game"),
            ("N2L3D", "no-limit", "triple draw", "F2L3D, the fixed-limit game"),
            ("P2L3D", "pot-limit", "triple draw", "F2L3D, the fixed-limit game"),
        )
    },
    **{
        code: f"{code} ({structure} five-card draw) is not a variant of the PHH standard, which"
        " has no code for the game: it is this club's extension"
        for code, structure in (
            ("N5CD", "no-limit"),
            ("P5CD", "pot-limit"),
            ("F5CD", "fixed-limit"),
        )
    },
    **{
        code: f"{code} ({structure} short-deck hold'em) is not a variant of the PHH standard,"
        " which has only NS, the no-limit game: it is this club's extension"
        for code, structure in (("PS", "pot-limit"), ("FS", "fixed-limit"))
    },
    **{
        code: f"{code} ({structure} poker all'italiana: five-card draw on a deck of the players"
        " dealt in, an opening, the pot carried when nobody wins it) is not a variant of the"
        " PHH standard, which has no code for the game: it is this club's extension; `cc`"
        " before the opening is a pass (passo), the first `cbr` the opening (apro); see"
        " docs/rules.md, Exports"
        for code, structure in (
            ("PITA", "pot-limit"),
            ("NITA", "no-limit"),
            ("FITA", "fixed-limit"),
        )
    },
    **{
        code: f"{code} ({structure} Telesina: five-card stud on a deck of the players dealt"
        " in, one card down and four up, the invito and no bring-in) is not a variant of the"
        " PHH standard, which has no code for the game: it is this club's extension; see"
        " docs/rules.md, Exports"
        for code, structure in (
            ("PTEL", "pot-limit"),
            ("NTEL", "no-limit"),
            ("FTEL", "fixed-limit"),
        )
    },
}
"""Variant codes we write that the standard does not define, with the note written above them."""

OPTIONAL_FIELDS: Final = (
    "author",
    "event",
    "url",
    "venue",
    "address",
    "city",
    "region",
    "postal_code",
    "country",
    "time",
    "time_zone",
    "time_zone_abbreviation",
    "day",
    "month",
    "year",
    "hand",
    "level",
    "seats",
    "seat_count",
    "table",
    "players",
    "finishing_stacks",
    "winnings",
    "currency",
    "currency_symbol",
    "time_limit",
    "time_banks",
)
"""The optional fields of the standard, in the order we write them."""


class PhhError(ValueError):
    """A PHH document we cannot read, or a hand we cannot replay (the message says why)."""


# --------------------------------------------------------------------------- the document


@dataclass(frozen=True)
class PhhHand:
    """One PHH hand: the required fields, then the optional and user-defined ones as read.

    Every per-player list is in PHH order (``p1`` first, the button last).
    """

    variant: str
    antes: tuple[int, ...]
    blinds_or_straddles: tuple[int, ...]
    starting_stacks: tuple[int, ...]
    actions: tuple[str, ...]
    min_bet: int | None = None
    small_bet: int | None = None
    big_bet: int | None = None
    bring_in: int | None = None
    """A stud game's bring-in (R45.4); its ``blinds_or_straddles`` are all 0."""
    ante_trimming_status: bool = False
    optional: Mapping[str, Any] = field(default_factory=dict)
    user_defined: Mapping[str, Any] = field(default_factory=dict)

    @property
    def player_count(self) -> int:
        return len(self.starting_stacks)

    @classmethod
    def from_toml(cls, data: Mapping[str, Any]) -> PhhHand:
        """Build from a parsed TOML table; raise :class:`PhhError` naming a bad field."""
        variant = data.get("variant")
        if variant not in VARIANT_STRUCTURES:
            raise PhhError(
                f"variant {variant!r} is not supported (we replay"
                f" {', '.join(sorted(VARIANT_STRUCTURES))})"
            )
        stacks = _chips_list(data, "starting_stacks")
        n = len(stacks)
        if not 2 <= n <= 10:
            raise PhhError(f"a hand has 2 to 10 players (R1.1), this one has {n}")
        if any(stack <= 0 for stack in stacks):
            raise PhhError("starting_stacks must all be positive")
        antes = _chips_list(data, "antes", n)
        stud = variant in STUD_VARIANTS  # a bring-in, and no blinds (the standard's fields)
        if stud and "blinds_or_straddles" not in data:
            blinds: tuple[int, ...] = (0,) * n
        else:
            blinds = _chips_list(data, "blinds_or_straddles", n)
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise PhhError("actions must be an array of strings")
        if variant in FIXED_LIMIT_VARIANTS:
            small_bet, big_bet, min_bet = _chips(data, "small_bet"), _chips(data, "big_bet"), None
        else:
            small_bet, big_bet, min_bet = None, None, _chips(data, "min_bet")
        trimming = data.get("ante_trimming_status", False)
        if not isinstance(trimming, bool):
            raise PhhError("ante_trimming_status must be true or false")
        known = {
            "variant",
            "antes",
            "blinds_or_straddles",
            "starting_stacks",
            "actions",
            "min_bet",
            "small_bet",
            "big_bet",
            "ante_trimming_status",
            "bring_in",
        }
        optional = {key: value for key, value in data.items() if key in OPTIONAL_FIELDS}
        user_defined = {
            key: value
            for key, value in data.items()
            if key not in known and key not in OPTIONAL_FIELDS
        }
        return cls(
            variant=variant,
            antes=antes,
            blinds_or_straddles=blinds,
            starting_stacks=stacks,
            actions=tuple(actions),
            min_bet=min_bet,
            small_bet=small_bet,
            big_bet=big_bet,
            bring_in=_chips(data, "bring_in") if stud else None,
            ante_trimming_status=trimming,
            optional=optional,
            user_defined=user_defined,
        )

    def to_toml(self) -> str:
        """The hand as a PHH (TOML) document; fields in the standard's order. A variant
        the standard does not define (``PT``) is preceded by a TOML comment saying so."""
        lines = []
        if self.variant in EXTENSION_VARIANTS:
            lines.append(f"# {EXTENSION_VARIANTS[self.variant]}")
        lines.append(f"variant = {_toml_value(self.variant)}")
        if self.ante_trimming_status:
            lines.append("ante_trimming_status = true")
        lines.append(f"antes = {_toml_value(list(self.antes))}")
        if self.variant in STUD_VARIANTS:
            lines.append(f"bring_in = {self.bring_in}")
        else:
            lines.append(f"blinds_or_straddles = {_toml_value(list(self.blinds_or_straddles))}")
        if self.variant in FIXED_LIMIT_VARIANTS:
            lines.append(f"small_bet = {self.small_bet}")
            lines.append(f"big_bet = {self.big_bet}")
        else:
            lines.append(f"min_bet = {self.min_bet}")
        lines.append(f"starting_stacks = {_toml_value(list(self.starting_stacks))}")
        lines.append("actions = [")
        lines.extend(f"  {_toml_value(action)}," for action in self.actions)
        lines.append("]")
        for key in OPTIONAL_FIELDS:
            if self.optional.get(key) is not None:
                lines.append(f"{key} = {_toml_value(self.optional[key])}")
        for key, value in self.user_defined.items():
            if value is not None:
                lines.append(f"{_toml_key(key)} = {_toml_value(value)}")
        return "\n".join(lines) + "\n"


def loads(text: str) -> PhhHand:
    """Parse one ``.phh`` document."""
    return PhhHand.from_toml(_parse_toml(text))


def loads_all(text: str) -> list[PhhHand]:
    """Parse a ``.phhs`` document: every top-level table is one hand, in file order."""
    return [PhhHand.from_toml(table) for table in _hand_tables(_parse_toml(text))]


def read_hands(text: str, *, many: bool) -> list[PhhHand | PhhError]:
    """Every hand of a ``.phhs`` (``many``) or ``.phh`` document, in order, each hand or the
    reason it cannot be read; a document that is not TOML at all is one error."""
    try:
        data = _parse_toml(text)
        tables = _hand_tables(data) if many else [data]
    except PhhError as error:
        return [error]
    hands: list[PhhHand | PhhError] = []
    for table in tables:
        try:
            hands.append(PhhHand.from_toml(table))
        except PhhError as error:
            hands.append(error)
    return hands


def dumps(hand: PhhHand) -> str:
    return hand.to_toml()


def dumps_all(hands: Iterable[PhhHand]) -> str:
    """Several hands as one ``.phhs`` document (tables ``[1]``, ``[2]``, ...)."""
    return "\n".join(f"[{i}]\n{hand.to_toml()}" for i, hand in enumerate(hands, start=1))


def _parse_toml(text: str) -> dict[str, Any]:
    try:
        return toml_subset.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise PhhError(f"not valid TOML: {error}") from error


def _hand_tables(data: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    tables: list[Mapping[str, Any]] = [value for value in data.values() if isinstance(value, dict)]
    if not tables or len(tables) != len(data):
        raise PhhError("a .phhs file holds only tables ([1], [2], ...), one per hand")
    return tables


def _chips(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key)
    if isinstance(value, float) and value.is_integer() and math.isfinite(value):
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise PhhError(f"{key} must be a non-negative whole number of chips, not {value!r}")
    return value


def _chips_list(data: Mapping[str, Any], key: str, length: int | None = None) -> tuple[int, ...]:
    values = data.get(key)
    if not isinstance(values, list):
        raise PhhError(f"{key} must be an array")
    chips = tuple(_chips({key: value}, key) for value in values)
    if length is not None and len(chips) != length:
        raise PhhError(f"{key} has {len(chips)} entries for {length} players")
    return chips


def _toml_key(key: str) -> str:
    if key and all(c.isalnum() or c in "_-" for c in key):
        return key
    return json.dumps(key, ensure_ascii=False)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(item) for item in value) + "]"
    if isinstance(value, Mapping):
        pairs = (f"{_toml_key(k)} = {_toml_value(v)}" for k, v in value.items())
        return "{" + ", ".join(pairs) + "}"
    if isinstance(value, float) and math.isfinite(value):
        return repr(value)
    if isinstance(value, datetime.time) and value.tzinfo is None:  # a TOML local time
        return value.isoformat()
    raise PhhError(f"cannot write {value!r} to PHH")


# --------------------------------------------------------------------------- action notation


class PhhAction(NamedTuple):
    """One parsed action line. ``player`` is the 0-based PHH index (``p1`` is 0).

    (A named tuple rather than a frozen dataclass: replays parse every line, and building a
    tuple is several times cheaper.)
    """

    verb: str  # "dh", "db", "pb", "f", "cc", "cbr", "sd", "sm"
    player: int | None = None
    cards: tuple[Card | None, ...] = ()  # None for an unknown card "??"
    amount: int | None = None
    show: bool = False  # for "sm": True shows the cards, False mucks
    text: str = ""


@functools.lru_cache(maxsize=1 << 16)
def parse_action(text: str, player_count: int) -> PhhAction | None:
    """Parse one PHH action; ``None`` for a no-op (empty, or only a commentary).

    Remembered (a PhhAction is immutable, and hand histories repeat the same lines: the
    10,000 Pluribus hands have 166,698 actions and 24,823 different ones); an error is not.
    """
    words = text.split("#", 1)[0].split()
    if not words:
        return None
    n = player_count
    match words:
        case ["d", "dh", who, cards]:
            return PhhAction("dh", _player(who, n, text), parse_phh_cards(cards), text=text)
        case ["d", "db", cards]:
            return PhhAction("db", None, parse_phh_cards(cards), text=text)
        case [who, "pb"]:  # a stud game's bring-in (R45.4)
            return PhhAction("pb", _player(who, n, text), text=text)
        case [who, "f"]:
            return PhhAction("f", _player(who, n, text), text=text)
        case [who, "cc"]:
            return PhhAction("cc", _player(who, n, text), text=text)
        case [who, "cbr", amount]:
            try:
                value = int(amount)
            except ValueError:
                value = -1
            if value <= 0:
                raise PhhError(f"{text!r}: the amount must be a positive whole number of chips")
            return PhhAction("cbr", _player(who, n, text), amount=value, text=text)
        case [who, "sd"]:  # a draw game's stand pat (R42)
            return PhhAction("sd", _player(who, n, text), text=text)
        case [who, "sd", cards]:  # a draw: the cards thrown
            return PhhAction("sd", _player(who, n, text), parse_phh_cards(cards), text=text)
        case [who, "sm"]:
            return PhhAction("sm", _player(who, n, text), show=False, text=text)
        case [who, "sm", "-"]:
            return PhhAction("sm", _player(who, n, text), show=True, text=text)
        case [who, "sm", cards]:
            cards_shown = parse_phh_cards(cards)
            return PhhAction("sm", _player(who, n, text), cards_shown, show=True, text=text)
        case _:
            raise PhhError(f"{text!r} is not a hold'em action we replay")


_PLAYER_LABELS: Final = {f"p{i + 1}": i for i in range(10)}  # 2 to 10 players (R1.1)


def _player(word: str, player_count: int, text: str) -> int:
    index = _PLAYER_LABELS.get(word)
    if index is None or index >= player_count:
        raise PhhError(f"{word!r} in {text!r} is not a player p1..p{player_count}")
    return index


def parse_phh_cards(text: str) -> tuple[Card | None, ...]:
    """``"AcKd"`` -> two cards; ``"??"`` is an unknown card (None)."""
    if len(text) % 2:
        raise PhhError(f"{text!r} is not a sequence of two-character cards")
    cards: list[Card | None] = []
    for i in range(0, len(text), 2):
        chunk = text[i : i + 2]
        card = _CARD_NAMES.get(chunk)
        if card is not None or chunk == "??":
            cards.append(card)
            continue
        try:
            cards.append(parse_card(chunk))
        except ValueError as error:
            raise PhhError(str(error)) from error
    return tuple(cards)


_CARD_NAMES: Final[dict[str, Card]] = {card_str(card): card for card in FULL_DECK}


def phh_cards(cards: Iterable[Card]) -> str:
    """Cards in PHH notation, written together: ``"AcKd"``."""
    return "".join(card_str(card) for card in cards)


def parse_actions(phh: PhhHand) -> list[PhhAction]:
    """Every action of the hand, parsed; no-ops (comments, blank lines) left out."""
    n = phh.player_count
    return [action for text in phh.actions if (action := parse_action(text, n)) is not None]

"""A game's hand log from the home-game site most groups use today, read (its "log"
CSV, columns ``entry, at, order``: one line of the game's log per row, newest first), joined
to the session that game's ledger became (:mod:`tables.money.actions.ledger_import`).

What a log gives, and what we keep of it:

* Each hand between ``-- starting hand #N ... --`` and ``-- ending hand #N --``: the game
  (``No Limit Texas Hold'em``, ``Pot Limit Omaha Hi``...), the dealer, ``Player stacks``
  (seat, ``"nickname @ player id"``, stack), the blinds, straddle and antes posted, every
  decision (``folds``, ``checks``, ``calls X``, ``bets X``, ``raises to X``; amounts are what
  the player's bet comes to on the street), the boards, the hands shown and what each player
  collected. Other lines (seat requests, admin notes, chat) are not hands and are passed over.
* Each hand becomes a PHH hand (:mod:`engine.phh`) and is replayed through the engine, the
  same rules as our own tables; it is kept only if the engine pays every player what the log
  says they collected. A hand the engine cannot play the same way (a dead small blind posted
  by a returning player, run it twice, a bomb pot, a 7-2 bounty, a game we do not deal) is
  left out and listed with its line and the reason; the file's structure being wrong (not a
  log, a number that is not one, a player the game's ledger does not know) imports nothing.
* **Cards.** The log shows the board, the hands shown at a showdown, and the hole cards of
  one player only, whoever downloaded it (``Your hand is ...``, nameless). Those are kept for
  that player alone, as their own cards at a live table are: the owner names them on the
  form, or they are found as the player who showed exactly those cards, or who was dealt in
  every hand that has such a line; if nobody fits, those cards are dropped. Every other hole
  card is unknown: the engine needs a full deck, so the places are filled with stand-ins
  (cards the hand does not show, :func:`engine.phh.deck_order`), kept server-side in
  ``Hand.imported_deck`` and never shown to anyone, the player included
  (``ReplayedHand.user_seats`` leaves them out; ``hole_cards_known`` in ``Hand.players``).
* Shows after the hand is over and the undealt cards some sites reveal are not kept.
* The hands join the session's history: hand lists, the replayer, exports (with ``????``
  for unknown cards) and stats (``HandPlayer``), marked imported, with no deck to check.
  The same file is brought in once per club; a hand whose number the session already has
  is left out.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from engine.cards import card_str, parse_card
from engine.phh import PhhHand
from tables.hands import skips
from tables.hands.error_codes import HandsError, HandsErrorCode
from tables.uploads import FileKind, UploadError, file_amount, file_time, open_csv, records

MAX_BYTES = 20 * 1024 * 1024
"""A long night's log is a few MB; anything near this is not one game's log."""
MAX_ROWS = 400_000
COLUMNS = ("entry", "at", "order")
KIND = FileKind(
    choose=gettext_noop("Choose the hand log's CSV file."),
    too_big_upload=gettext_noop(
        "Nothing was imported: the file is %(size)s MB; a game's hand log is a few MB"
        " (at most %(limit)s MB)."
    ),
    too_big=gettext_noop(
        "The file is %(size)s MB: a game's hand log is a few MB (at most %(limit)s MB)."
    ),
    # Translators: %(byte)s is the position in the file of the first byte that is not UTF-8.
    not_utf8=gettext_noop(
        "The file is not UTF-8 text (byte %(byte)s): export the hand log as CSV again."
    ),
    # Translators: %(columns)s and %(missing)s are lists of CSV column names, as the file has them.
    columns=gettext_noop("line 1: the hand log's columns are %(columns)s; missing: %(missing)s"),
    too_many_rows=gettext_noop("line %(line)s: more than %(rows)s rows: not one game's log"),
)
"""What is said about a hand log file (:class:`~tables.uploads.FileKind`)."""

_WHO = r'"(?P<nick>.+?) @ (?P<pid>[^"\s]+)"'
START = re.compile(
    r"^-- starting hand #(?P<number>\d+)\s*(?:\(id: (?P<id>[^)]*)\))?\s*\((?P<game>[^)]+)\)\s*"
    r'(?:\(dealer: "(?P<dnick>.+?) @ (?P<dpid>[^"\s]+)"\)|\(dead button\))\s*--$'
)
END = re.compile(r"^-- ending hand #(?P<number>\d+) --$")
STACKS = re.compile(r"^Player stacks: (?P<rest>.+)$")
STACK = re.compile(r'#(?P<seat>\d+) "(?P<nick>.+?) @ (?P<pid>[^"\s]+)" \((?P<stack>[\d.,]+)\)')
YOUR_HAND = re.compile(r"^Your hand is (?P<cards>.+?)\.?$")
PLAYER = re.compile(rf"^{_WHO} (?P<rest>.+)$")
POST = re.compile(
    r"^posts an? (?P<kind>small blind|big blind|straddle|ante|missing small blind|missed big"
    r" blind) of (?P<amount>[\d.,]+)(?: and go all in)?$"
)
BET = re.compile(r"^(?P<verb>calls|bets|raises to) (?P<amount>[\d.,]+)(?: and go all in)?$")
SHOWS = re.compile(r"^shows a (?P<cards>.+?)\.?$")
COLLECTED = re.compile(r"^collected (?P<amount>[\d.,]+) from pot(?: with .*)?$")
UNCALLED = re.compile(rf"^Uncalled bet of [\d.,]+ returned to {_WHO}$")
BOARD = re.compile(
    r"^(?P<street>Flop|Turn|River)(?P<run> \(second run\))?:\s*.*\[(?P<cards>[^\]]+)\]$"
)
NOT_OURS = (
    ("run it twice", "run_twice"),
    ("second run", "run_twice"),
    ("bomb pot", "bomb_pot"),
    ("bounty", "bounty"),
)
"""Log lines that mean the hand was played by rules we do not replay from a log, and why
(:data:`tables.hands.skips.REASONS`)."""

GAME = re.compile(
    r"(?P<structure>no limit|pot limit|limit) (?P<game>texas hold'?em|omaha hi/lo|omaha hi|omaha)",
    re.I,
)
VARIANTS = {
    ("no limit", "holdem"): "NT", ("pot limit", "holdem"): "PT", ("limit", "holdem"): "FT",
    ("no limit", "omaha"): "NO", ("pot limit", "omaha"): "PO", ("limit", "omaha"): "FO",
    ("no limit", "omaha8"): "NO/8", ("pot limit", "omaha8"): "PO/8", ("limit", "omaha8"): "FO/8",
}  # fmt: skip
"""The log's game names we replay (the whole name: five-card Omaha is not four-card), as
(structure, engine game) -> the PHH variant code."""
_SUITS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c", "s": "s", "h": "h", "d": "d", "c": "c"}


class Skip(Exception):
    """This hand is left out; the rest of the file goes on. ``why`` is a code of
    :data:`tables.hands.skips.REASONS` (or :data:`~tables.hands.skips.UNSAID`, with the
    reason as ``text``), ``values`` its values; the message is the reason in English."""

    def __init__(self, why: str, **values: Any) -> None:
        self.why = why
        self.values = values
        super().__init__(skips.entry(0, 0, why, **values)["reason"])


@dataclass
class LogHand:
    """One hand's lines of the log, in order."""

    number: int
    line: int
    game: str
    dealer: str | None  # the dealer's player id; None for a dead button
    started_at: datetime
    ended_at: datetime | None = None
    entries: list[tuple[int, str]] = field(default_factory=list)  # (file line, text)


@dataclass(frozen=True)
class Player:
    seat: int
    pid: str
    nickname: str
    stack: int


@dataclass
class Converted:
    """A hand of the log as PHH, with what the log says it paid and who it was dealt to."""

    phh: PhhHand
    players: list[Player]  # in PHH order: first after the button, the button last
    collected: dict[str, int]
    own: tuple[str, ...] | None  # the log owner's cards ("Ah", ...), when dealt in


@dataclass
class ParsedLog:
    hands: list[LogHand]
    players: dict[str, str]  # player id -> a nickname, of the players dealt in
    first_line: dict[str, int]  # player id -> the line they are first dealt in
    skipped: list[dict[str, Any]]


def _card(text: str, line: int) -> str:
    text = text.strip()
    rank, suit = text[:-1], _SUITS.get(text[-1:])
    rank = "T" if rank == "10" else rank.upper()
    # Translators: %(line)s is a line of the log's file, %(text)s what it holds, quoted.
    not_a_card = _("line %(line)s, column entry: %(text)s is not a card")
    where = {"line": line, "text": repr(text[:10])}
    if suit is None or len(rank) != 1:
        raise UploadError(not_a_card % where)
    try:
        return card_str(parse_card(rank + suit))
    except ValueError:
        raise UploadError(not_a_card % where) from None


def _cards(text: str, line: int) -> tuple[str, ...]:
    return tuple(_card(part, line) for part in text.split(",") if part.strip())


def parse_log(data: bytes) -> ParsedLog:
    """The hands of a log file, in the order they were played; :class:`~tables.uploads.UploadError`
    names the line and the column of what is not a log."""
    reader, header, at = open_csv(data, MAX_BYTES, COLUMNS, KIND)
    rows: list[tuple[int, int, datetime, str]] = []  # (order, line, at, entry)
    for line, cells in records(reader, header, MAX_ROWS, KIND):
        order = cells[at["order"]].strip()
        if not order.isdigit():
            raise UploadError(
                _("line %(line)s, column order: %(text)s is not a whole number")
                % {"line": line, "text": repr(order[:20])}
            )
        rows.append(
            (int(order), line, file_time(cells[at["at"]], line, "at"), cells[at["entry"]].strip())
        )
    if not rows:
        raise UploadError(_("The file has a header and no lines of a log."))
    rows.sort()
    hands: list[LogHand] = []
    players: dict[str, str] = {}
    first_line: dict[str, int] = {}
    skipped: list[dict[str, Any]] = []
    current: LogHand | None = None
    for _order, line, when, entry in rows:
        start = START.match(entry)
        if start:
            if current is not None:
                skipped.append(_skip(current, "no_end"))
            current = LogHand(
                number=int(start["number"]),
                line=line,
                game=start["game"],
                dealer=start["dpid"],
                started_at=when,
            )
            continue
        if current is None:
            continue  # between hands: seats, admin notes, shows after a hand
        end = END.match(entry)
        if end:
            if int(end["number"]) != current.number:
                raise UploadError(
                    # Translators: %(ended)s and %(number)s are numbers of hands of the log,
                    # %(line)s and %(started)s lines of its file.
                    _(
                        "line %(line)s, column entry: hand #%(ended)s ends inside hand"
                        " #%(number)s (line %(started)s)"
                    )
                    % {
                        "line": line,
                        "ended": end["number"],
                        "number": current.number,
                        "started": current.line,
                    }
                )
            current.ended_at = when
            hands.append(current)
            current = None
            continue
        current.entries.append((line, entry))
        if (dealt := STACKS.match(entry)) is not None:
            for seat in STACK.finditer(dealt["rest"]):
                players.setdefault(seat["pid"], seat["nick"])
                first_line.setdefault(seat["pid"], line)
    if current is not None:
        skipped.append(_skip(current, "ends_early"))
    if not hands and not skipped:
        raise UploadError(_("The file has no hands: is it the game's hand log?"))
    return ParsedLog(hands, players, first_line, skipped)


def _skip(hand: LogHand, why: str, **values: Any) -> dict[str, Any]:
    """The hand, left out for ``why`` (:func:`tables.hands.skips.entry`)."""
    return skips.entry(hand.number, hand.line, why, **values)


def _variant(game: str) -> str:
    match = GAME.fullmatch(game.strip())
    if match is None:
        raise Skip("not_a_game", game=game)
    name = match["game"].lower()
    engine_game = "holdem" if "hold" in name else "omaha8" if "lo" in name else "omaha"
    return VARIANTS[(match["structure"].lower(), engine_game)]


def convert(hand: LogHand, places: int, whole: bool, owner: str | None) -> Converted:
    """The hand as a PHH hand (:class:`Skip` if it is played by rules we do not replay);
    ``owner`` is the player id whose ``Your hand is`` cards these are."""
    variant = _variant(hand.game)

    def amount(text: str, line: int) -> int:
        return file_amount(text.replace(",", ""), line, "entry", places, whole)

    entries = hand.entries
    lowered = [text.lower() for _, text in entries]
    for needle, why in NOT_OURS:
        if any(needle in text for text in lowered):
            raise Skip(why)
    stacks = next(((ln, STACKS.match(t)) for ln, t in entries if STACKS.match(t)), None)
    if stacks is None:
        raise Skip("no_stacks")
    stack_line, found = stacks
    assert found is not None
    seated = [
        Player(int(m["seat"]), m["pid"], m["nick"], amount(m["stack"], stack_line))
        for m in STACK.finditer(found["rest"])
    ]
    by_pid = {p.pid: p for p in seated}
    if len(by_pid) != len(seated) or len({p.seat for p in seated}) != len(seated):
        raise UploadError(
            _("line %(line)s, column entry: a player or a seat twice") % {"line": stack_line}
        )
    if not 2 <= len(seated) <= 10:
        raise Skip("players", count=len(seated))
    ordered = sorted(seated, key=lambda p: p.seat)
    posts: list[tuple[int, str, str, int]] = []  # (line, pid, kind, amount)
    own: tuple[str, ...] | None = None
    for line, text in entries:
        mine = YOUR_HAND.match(text)
        if mine:
            own = _cards(mine["cards"], line)
            continue
        who = PLAYER.match(text)
        if who and (post := POST.match(who["rest"])):
            posts.append((line, who["pid"], post["kind"], amount(post["amount"], line)))
    blinds = {kind: (pid, value) for _, pid, kind, value in posts}
    if any(kind == "missing small blind" for _, _, kind, _ in posts):
        raise Skip("dead_small_blind")
    small = blinds.get("small blind")
    big = blinds.get("big blind")
    if big is None:
        raise Skip("no_big_blind")
    # position order: clockwise from the button's left, the button last (engine.phh)
    if hand.dealer is not None:
        if hand.dealer not in by_pid:
            raise Skip("dealer_out")
        button_seat = by_pid[hand.dealer].seat
        dead_button = None
    else:  # the button's seat is empty: it sits just before the small blind
        if small is None:
            raise Skip("dead_button")
        dead_button = by_pid[small[0]].seat - 1 or max(10, ordered[-1].seat)
        button_seat = dead_button
    order = [p for p in ordered if p.seat > button_seat] + [
        p for p in ordered if p.seat <= button_seat
    ]
    index = {p.pid: i for i, p in enumerate(order)}
    n = len(order)
    for _line, pid, _kind, _value in posts:
        if pid not in index:
            raise Skip("poster_out")
    small_index, big_index = (1, 0) if n == 2 else (0, 1)
    if dead_button is not None:
        small_index, big_index = 0, 1
    user: dict[str, Any] = {}
    straddle = blinds.get("straddle")
    posting = [pid for _, pid, kind, _ in posts if kind == "missed big blind"]
    if small is None:
        raise Skip("no_small_blind")
    if index[small[0]] != small_index or index[big[0]] != big_index:
        raise Skip("blinds_elsewhere")
    blind_list = [0] * n
    blind_list[0], blind_list[1] = small[1], big[1]
    if straddle is not None:
        if n < 3 or index[straddle[0]] != 2:
            raise Skip("straddle")
        blind_list[2] = straddle[1]
    if posting:
        if any(value != big[1] for _, _, kind, value in posts if kind == "missed big blind"):
            raise Skip("missed_big_blind")
        user["_live_big_blinds"] = [f"p{index[pid] + 1}" for pid in posting]
    if dead_button is not None:
        user["_dead_button"] = dead_button
    antes_by = {pid: value for _, pid, kind, value in posts if kind == "ante"}
    antes = [antes_by.get(p.pid, 0) for p in order]
    if antes_by and len(set(antes)) != 1:
        raise Skip("antes")

    actions: list[str] = []
    if own is not None and owner in index:
        actions.append(f"d dh p{index[owner] + 1} {''.join(own)}")
    folded: set[str] = set()
    showed: set[str] = set()
    collected: Counter[str] = Counter()
    for line, text in entries:
        if (board := BOARD.match(text)) is not None:
            actions.append(f"d db {''.join(_cards(board['cards'], line))}")
            continue
        if UNCALLED.match(text) or YOUR_HAND.match(text) or STACKS.match(text):
            continue
        who = PLAYER.match(text)
        if who is None:
            continue  # the table's own notes (an admin's change, a player's seat)
        pid, rest = who["pid"], who["rest"]
        if pid not in index:
            raise Skip("actor_out", player=who["nick"], line=line)
        label = f"p{index[pid] + 1}"
        if POST.match(rest):
            continue
        if rest == "folds":
            actions.append(f"{label} f")
            folded.add(pid)
        elif rest == "checks":
            actions.append(f"{label} cc")
        elif (bet := BET.match(rest)) is not None:
            if bet["verb"] == "calls":
                actions.append(f"{label} cc")
            else:
                actions.append(f"{label} cbr {amount(bet['amount'], line)}")
        elif (shows := SHOWS.match(rest)) is not None:
            live = [p.pid for p in order if p.pid not in folded]
            if pid in folded or len(live) < 2 or pid in showed:
                continue  # shown once the hand is over: not kept
            actions.append(f"{label} sm {''.join(_cards(shows['cards'], line))}")
            showed.add(pid)
        elif (won := COLLECTED.match(rest)) is not None:
            collected[pid] += amount(won["amount"], line)
        else:
            raise Skip("unknown_line", text=repr(rest[:60]), line=line)
    live = [p.pid for p in order if p.pid not in folded]
    if len(live) >= 2:  # the rest of a showdown: the hands not shown went to the muck
        actions.extend(f"p{index[pid] + 1} sm" for pid in live if pid not in showed)
    fixed = variant.startswith("F")
    try:
        phh = PhhHand(
            variant=variant,
            antes=tuple(antes),
            blinds_or_straddles=tuple(blind_list),
            starting_stacks=tuple(p.stack for p in order),
            actions=tuple(actions),
            min_bet=None if fixed else big[1],
            small_bet=big[1] if fixed else None,
            big_bet=2 * big[1] if fixed else None,
            ante_trimming_status=True,
            optional={"seats": [p.seat for p in order], "hand": hand.number},
            user_defined=user,
        )
    except (TypeError, ValueError) as error:
        raise Skip(skips.UNSAID, text=str(error)) from error
    if any(p.stack <= 0 for p in order):
        raise Skip("no_chips")
    dealt_own = own if own is not None and owner in index else None
    return Converted(phh, order, dict(collected), dealt_own)


@dataclass(frozen=True)
class _Own:
    """A hand with a ``Your hand is`` line: its cards, who was dealt in, who showed what."""

    hand: LogHand
    cards: frozenset[str]
    dealt: frozenset[str]
    shows: dict[str, frozenset[str]]


def _evidence(parsed: ParsedLog) -> list[_Own]:
    out = []
    for hand in parsed.hands:
        own: frozenset[str] | None = None
        dealt: frozenset[str] = frozenset()
        shows: dict[str, frozenset[str]] = {}
        for line, text in hand.entries:
            if (mine := YOUR_HAND.match(text)) is not None:
                own = frozenset(_cards(mine["cards"], line))
            elif (m := STACKS.match(text)) is not None:
                dealt = frozenset(s["pid"] for s in STACK.finditer(m["rest"]))
            elif (who := PLAYER.match(text)) and (shown := SHOWS.match(who["rest"])):
                shows.setdefault(who["pid"], frozenset(_cards(shown["cards"], line)))
        if own is not None:
            out.append(_Own(hand, own, dealt, shows))
    return out


def _contradiction(evidence: list[_Own], pid: str, nickname: str) -> str | None:
    """Why ``pid`` cannot be whoever downloaded the log, or ``None``: the downloader is
    dealt in every hand with their cards, shows no other cards there, and nobody else shows
    theirs."""
    for own in evidence:
        where = {"player": nickname, "number": own.hand.number, "line": own.hand.line}
        if pid not in own.dealt:
            return (
                # Translators: %(player)s is a nickname of the log, %(number)s a hand's
                # number, %(line)s a line of the log's file.
                _(
                    "%(player)s did not download this log: hand #%(number)s (line %(line)s) has"
                    " the downloader's cards and not %(player)s"
                )
                % where
            )
        holder = next((p for p, cards in own.shows.items() if cards == own.cards), pid)
        if holder != pid or (pid in own.shows and own.shows[pid] != own.cards):
            return (
                _(
                    "%(player)s did not download this log: in hand #%(number)s (line %(line)s)"
                    " they and the downloader hold other cards"
                )
                % where
            )
    return None


def log_owner(parsed: ParsedLog, chosen: str = "") -> str | None:
    """Whose cards a log's ``Your hand is`` lines are: ``chosen`` (:class:`~tables.uploads.UploadError`
    if the log says otherwise), else the one player who showed exactly those cards, else the
    one player dealt in every hand that has such a line, else nobody."""
    evidence = _evidence(parsed)
    if chosen:
        reason = _contradiction(evidence, chosen, parsed.players.get(chosen, chosen))
        if reason:
            raise HandsError(HandsErrorCode.NOT_THE_DOWNLOADER, reason)
        return chosen
    if not evidence:
        return None
    matched = {pid for own in evidence for pid, cards in own.shows.items() if cards == own.cards}
    dealt = frozenset.intersection(*(own.dealt for own in evidence))
    candidates = matched or dealt
    fits = [p for p in candidates if _contradiction(evidence, p, p) is None]
    return fits[0] if len(fits) == 1 else None


__all__ = ["convert", "log_owner", "parse_log"]

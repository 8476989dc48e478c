"""The table's WebSocket consumer: a router, not a brain.

It knows who is connected, parses and checks the shape of each message, rate-limits, and
hands the request to ``tables.play.actions`` in a worker thread. It keeps no play state: on every
``table.state`` group message it adds the viewer's own part (their hole cards, fetched once per
hand and server process) to the public state and sends it. See docs/protocol.md.

A broadcast the channel layer lost (Redis restarting: what was published meanwhile reaches
nobody) would leave sockets behind until their table's next change, which may be the clock's
timeout of a player who never learnt it was their turn. So each server process compares,
every ``RESYNC_SECONDS``, the versions its sockets were sent with the tables' in the
database, and broadcasts again the state of a table whose sockets missed a change
(:func:`resync_forever`): they are back in sync a few seconds after Redis is.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
import weakref
from collections import OrderedDict, deque
from dataclasses import dataclass
from typing import Any

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async as _db_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from pokerclub.language import language_of_scope
from pokerclub.text import problem_in
from pokerclub.throttle import Limit, address_of_scope
from tables.play import actions as services
from tables.play import heartbeat as presence
from tables.play.actions.chat import recent_chat
from tables.play.actions.common import Outbox, group_name, run_collecting, send_collected
from tables.play.actions.guests import CLOSE_GUEST_OUT
from tables.play.error_codes import PlayError, PlayErrorCode
from tables.play.guests import guest_pass, table_access, watching_link
from tables.play.models import Seat, Table
from tables.play.notices import notice_text
from tables.play.projection import (
    frame_json,
    load_public_state,
    own_cards_by_user,
    public_message,
    viewer_frame,
    you_part,
)


def database_sync_to_async(func: Any) -> Any:
    """Run ``func`` in a worker thread of its own (not channels' single shared thread), so
    requests for different tables wait on the database side by side. Each worker thread has
    its own connection from the pool; a table's requests still serialise on its row lock."""
    return _db_sync_to_async(func, thread_sensitive=False)


MAX_FRAME = 4096
RATE_CAPACITY = 30  # burst
RATE_PER_SECOND = 10.0  # sustained: far above any person, below a flood
FLOOD_LIMIT = 30  # refused messages in a row before the socket is closed

CLOSE_NOT_MEMBER = 4403
CLOSE_FLOOD = 4429

GUEST_SEAT_REQUESTS = (Limit("seat-by-address", 30, 60), Limit("seat-by-link", 60, 60))
"""A guest's seat requests, per address and per link they came by (members are not
limited beyond the socket's own rate)."""


class HoleCards:
    """The hole cards of each table's current hand, fetched once per server process for all
    of its sockets at that table, not once per socket (at every deal that was six thread
    hand-offs and queries at once, enough to fill the worker pool in front of other tables'
    actions), and again after each draw of a draw game (R42: the cards change within the
    hand). They stay in this process's memory, keyed by the user who was dealt them; each
    socket takes its own user's cards alone. Futures belong to one event loop, so the cache
    is kept per loop."""

    LIMIT = 1000  # tables remembered per process and loop

    def __init__(self) -> None:
        self._loops: weakref.WeakKeyDictionary[
            Any, OrderedDict[int, tuple[tuple[int, int], Any]]
        ] = weakref.WeakKeyDictionary()

    async def of_user(
        self, table_id: int, hand_number: int, user_id: int, dealt: int = 0
    ) -> dict[str, Any] | None:
        """The user's entry of :func:`~tables.play.projection.own_cards_by_user` (their hole
        cards and openings), or None if they were not dealt into that hand. ``dealt``: grows
        with each draw or stud street of the hand (``public_message``), after which the
        cards may be new."""
        tables = self._loops.setdefault(asyncio.get_running_loop(), OrderedDict())
        entry = tables.get(table_id)
        if entry is not None and hand_number < entry[0][0]:
            return None  # a later hand began: this one is over (as own_cards_by_user would say)
        if entry is None or (hand_number, dealt) > entry[0]:
            fetch = asyncio.ensure_future(
                database_sync_to_async(own_cards_by_user)(table_id, hand_number)
            )
            entry = tables[table_id] = ((hand_number, dealt), fetch)
            while len(tables) > self.LIMIT:
                tables.popitem(last=False)
        else:
            tables.move_to_end(table_id)
        fetch = entry[1]
        try:
            if not fetch.done():
                await asyncio.shield(fetch)  # one socket leaving must not cancel the others'
            holes = fetch.result()
        except Exception:
            if tables.get(table_id) is entry:
                del tables[table_id]  # the next message asks again
            raise
        return holes.get(user_id)


hole_cards = HoleCards()


@dataclass(frozen=True)
class _Sent:
    """A nonce waiting in a batch: who sent it in which language, and their socket's wait."""

    user: Any
    hand: Any
    nonce: Any
    language: str
    done: asyncio.Future[None]


class NonceBatches:
    """The nonces this server process's sockets send for one table within a moment
    (``settings.NONCE_BATCH_MS``), taken in one transaction (``services.send_nonces``)
    instead of one each: every seated player's browser sends its nonce as soon as the next
    hand's deck is committed (R15.2), so they come together, and each alone took the table's
    lock, read its seats and committed (issue #44). Each socket is still answered for its
    own nonce, taken or refused with its code. Batches are kept per event loop."""

    def __init__(self) -> None:
        self._loops: weakref.WeakKeyDictionary[Any, dict[int, list[_Sent]]] = (
            weakref.WeakKeyDictionary()
        )

    async def send(self, table_id: int, user: Any, hand: Any, nonce: Any) -> None:
        """Take ``user``'s nonce with the others that come within the moment; raises its
        refusal (a :class:`PlayError`, in the language active here), as
        ``services.send_nonce`` would."""
        loop = asyncio.get_running_loop()
        batches = self._loops.setdefault(loop, {})
        batch = batches.get(table_id)
        if batch is None:
            batch = batches[table_id] = []
            loop.call_later(
                settings.NONCE_BATCH_MS / 1000,
                lambda: asyncio.ensure_future(self._write(batches, table_id)),
            )
        done: asyncio.Future[None] = loop.create_future()
        batch.append(_Sent(user, hand, nonce, translation.get_language(), done))
        await asyncio.shield(done)  # a socket that leaves does not take the others' answers

    async def _write(self, batches: dict[int, list[_Sent]], table_id: int) -> None:
        batch = batches.pop(table_id)  # nonces from now on start the next batch
        try:
            outbox = Outbox()
            try:
                results = await database_sync_to_async(run_collecting)(
                    outbox,
                    services.send_nonces,
                    table_id,
                    [(entry.user, entry.hand, entry.nonce) for entry in batch],
                    [entry.language for entry in batch],
                )
            finally:
                await send_collected(outbox)
        except Exception as error:  # (the database away: each socket says so, as before)
            for entry in batch:
                if not entry.done.done():
                    entry.done.set_exception(error)
            return
        except BaseException:  # cancelled (the loop is closing): so are the sockets' waits
            for entry in batch:
                entry.done.cancel()
            raise
        for entry, refused in zip(batch, results, strict=True):
            if entry.done.done():
                continue
            if refused is None:
                entry.done.set_result(None)
            else:
                entry.done.set_exception(refused)


nonce_batches = NonceBatches()


RESYNC_SECONDS = 1.0
"""How often a server process reads the versions of the tables its sockets are at (module
doc): a socket still behind a version read two rounds before (committed that long ago, so
its broadcast was lost) is sent its table's state again."""

_open: dict[int, weakref.WeakSet[TableConsumer]] = {}
"""This process's open table sockets, by table."""
_resync: asyncio.Task[None] | None = None


def _table_versions(table_ids: list[int]) -> dict[int, int]:
    return dict(Table.objects.filter(pk__in=table_ids).values_list("pk", "version"))


async def resync_forever(interval: float) -> None:
    """Every ``interval`` seconds: broadcast again, as it is now, the state of each table
    where a socket of this process is behind the version read two rounds before; then read
    the versions for the next round. In a healthy process no socket is ever that far behind,
    and a round is one small query."""
    rounds: deque[dict[int, int]] = deque(maxlen=2)  # the versions read, the older first
    while True:
        await asyncio.sleep(interval)
        for table_id in [t for t, sockets in _open.items() if not sockets]:
            del _open[table_id]  # (sockets gone without a disconnect)
        behind = [
            table_id
            for table_id, version in (rounds[0].items() if len(rounds) == 2 else ())
            if any(c.last_version < version and not c.closing for c in _open.get(table_id, ()))
        ]
        for table_id in behind:
            try:
                public = await database_sync_to_async(load_public_state)(table_id)
                layer = get_channel_layer()
                if layer is not None:
                    await layer.group_send(group_name(table_id), public_message(public))
            except Exception as error:  # Redis still down: the next round tries again
                logger.warning("sending table %s's state again failed: %r", table_id, error)
        try:
            rounds.append(await database_sync_to_async(_table_versions)(list(_open)))
        except Exception as error:  # the database is away: the next rounds read again
            logger.warning("reading the tables' versions failed: %r", error)
            rounds.clear()


def ensure_resync() -> None:
    """Start this process's :func:`resync_forever` on the running event loop, once."""
    global _resync
    if _resync is None or _resync.done():
        _resync = asyncio.get_running_loop().create_task(resync_forever(RESYNC_SECONDS))


MAX_INT = 2**53 - 1  # JavaScript's safe integers; well inside PostgreSQL's bigint


def _field(
    data: dict[str, Any], name: str, kind: type | tuple[type, ...], required: bool = True
) -> Any:
    """``data[name]`` if it is of ``kind`` (a bool is never an int; an int is within
    ±``MAX_INT``), ``None`` if it is absent and not ``required``; else ``bad_field``."""
    value = data.get(name)
    if value is None:
        if required:
            raise PlayError(PlayErrorCode.BAD_FIELD, _("'%(name)s' is required.") % {"name": name})
        return None
    if isinstance(value, bool) and kind is not bool:
        raise PlayError(
            PlayErrorCode.BAD_FIELD, _("'%(name)s' has the wrong type.") % {"name": name}
        )
    if not isinstance(value, kind):
        raise PlayError(
            PlayErrorCode.BAD_FIELD, _("'%(name)s' has the wrong type.") % {"name": name}
        )
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_INT:
        raise PlayError(PlayErrorCode.BAD_FIELD, _("'%(name)s' is out of range.") % {"name": name})
    return value


def parse_frame(text_data: str | None) -> dict[str, Any]:
    """The JSON object in one text frame of at most ``MAX_FRAME`` bytes, or a refusal:
    ``too_big``, or ``bad_json`` for a binary frame, invalid or too deeply nested JSON (the
    parser's recursion limit), or a JSON value that is not an object."""
    if text_data is None:
        raise PlayError(PlayErrorCode.BAD_JSON, _("Messages must be JSON text frames."))
    if len(text_data) > MAX_FRAME or len(text_data.encode("utf-8", "surrogatepass")) > MAX_FRAME:
        raise PlayError(
            PlayErrorCode.TOO_BIG,
            _("Messages are limited to %(bytes)s bytes of text.") % {"bytes": MAX_FRAME},
        )
    try:
        data = json.loads(text_data)
    except (ValueError, RecursionError):
        raise PlayError(PlayErrorCode.BAD_JSON, _("The message is not valid JSON.")) from None
    if not isinstance(data, dict):
        raise PlayError(PlayErrorCode.BAD_JSON, _("The message must be a JSON object."))
    return data


logger = logging.getLogger(__name__)


ACT_ACTIONS = (
    "fold",
    "check",
    "call",
    "bet",
    "raise",
    "all_in",
    "bring_in",
    "open",
    "pass",
    "buio",
    "controbuio",
    "look",
)
"""What ``act`` may name: the betting actions, the stud bring-in (R45.4), and poker
all'italiana's "apro" (to an amount, as a bet) and "passo" (R34.1), the buio, the
controbuio and looking instead (R33.5)."""


class TableConsumer(AsyncWebsocketConsumer):
    table_id: int
    user: Any
    is_host: bool
    closing = False  # set by close(): nothing more is sent or handled
    language: str | None = None
    guest_link: int | None = None  # a guest's: the link they came by
    watch_link: int | None = None  # a watcher's without an account: the link they opened

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Hand ``message`` to its handler, without channels' ``aclose_old_connections``.

        Channels hops to its single shared sync thread before every message to close stale
        database connections: one thread switch per frame received and per group message
        (six per action at a six-seat table), all queued on one thread. This consumer never
        touches the database on the event loop: every query runs through
        ``database_sync_to_async`` above, which closes old connections around each call.
        """
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        if self.language is None:  # the viewer's, for every word sent (pokerclub/language.py)
            self.language = language_of_scope(self.scope)
        with translation.override(self.language):
            await handler(message)

    async def connect(self) -> None:
        self.user = self.scope.get("user")
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        access = await self._access()
        if access is None:
            # Accept, then close: a browser sees the close code (4403), never the HTTP status
            # of a refused handshake, so the page can say why and stop reconnecting.
            await self.accept()
            await self.close(code=CLOSE_NOT_MEMBER)
            return
        self.is_host = access["is_host"]
        self.guest_link = access["guest_link"]
        self.watch_link = access["watch_link"]
        self.tokens = float(RATE_CAPACITY)
        self.last_refill = time.monotonic()
        self.refused_in_row = 0
        self.last_version = -1
        self.present_at: int | None = None
        await self.channel_layer.group_add(group_name(self.table_id), self.channel_name)
        presence.ensure_heartbeat()
        await self.accept()
        await self._send_snapshot()
        _open.setdefault(self.table_id, weakref.WeakSet()).add(self)
        ensure_resync()
        await self.send_json({"type": "chat_history", "messages": await self._chat_history()})
        moved = await self._moved_elsewhere()
        if moved is not None:  # moved while away (a phone asleep): the page follows now
            await self.send_json({"type": "moved", **moved})

    async def disconnect(self, code: int) -> None:
        sockets = _open.get(getattr(self, "table_id", 0))
        if sockets is not None:
            sockets.discard(self)
            if not sockets:
                del _open[self.table_id]
        if getattr(self, "is_host", None) is not None:
            if self.present_at is not None:
                self.present_at = None
                await presence.count(self.user, self.table_id, -1)
            try:
                await self.channel_layer.group_discard(group_name(self.table_id), self.channel_name)
            except Exception as error:  # Redis is down: this process forgot the socket anyway
                logger.warning("leaving table %s's group failed: %r", self.table_id, error)

    # --- incoming ------------------------------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if self.closing:
            return  # frames that were on their way when the socket was closed
        ref = None
        try:
            try:
                data = parse_frame(text_data)  # at most MAX_FRAME bytes: cheap to read first
            except PlayError:
                self._take_token()  # a bad frame costs a token like any other
                raise
            ref = data.get("ref") if isinstance(data.get("ref"), str) else None
            if ref is not None:
                # echoed only as text: a lone surrogate (a JSON escape such as "\ud800") cannot
                # be sent back as UTF-8, and a control character has no place in a reply
                ref = ref[:40] if problem_in(ref[:40]) is None else None
            # after reading the frame, so that a refusal for sending too fast names the
            # message it refused (its ref) and the client can send it again (a nonce)
            self._take_token()
            await self._dispatch(data)
            self.refused_in_row = 0
        except PlayError as error:
            await self._refuse(error, ref)

    async def _refuse(self, error: PlayError, ref: str | None) -> None:
        message = error.as_message()
        if ref is not None:
            message["ref"] = ref
        await self.send_json(message)
        if error.code == PlayErrorCode.RATE_LIMITED:
            self.refused_in_row += 1
            if self.refused_in_row >= FLOOD_LIMIT:
                await self.close(code=CLOSE_FLOOD)

    def _take_token(self) -> None:
        now = time.monotonic()
        self.tokens = min(RATE_CAPACITY, self.tokens + (now - self.last_refill) * RATE_PER_SECOND)
        self.last_refill = now
        if self.tokens < 1:
            raise PlayError(PlayErrorCode.RATE_LIMITED, _("Too many messages: slow down."))
        self.tokens -= 1

    async def _dispatch(self, data: dict[str, Any]) -> None:
        kind = data.get("type")
        handler = self.HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            shown = (
                repr(kind[:30])
                if isinstance(kind, str)
                else "missing"
                if kind is None
                else "not a string"
            )
            raise PlayError(
                PlayErrorCode.UNKNOWN_TYPE, _("Unknown message type: %(type)s.") % {"type": shown}
            )
        await handler(self, data)

    async def on_sync(self, data: dict[str, Any]) -> None:
        await self._send_snapshot()

    async def on_act(self, data: dict[str, Any]) -> None:
        action = _field(data, "action", str)
        if action not in ACT_ACTIONS:
            raise PlayError(
                PlayErrorCode.BAD_FIELD, _("Unknown action %(action)r.") % {"action": action[:20]}
            )
        amount = _field(data, "amount", int, required=action in ("bet", "raise", "open"))
        version = _field(data, "version", int, required=False)
        await self._call(services.act, self.user, self.table_id, action, amount, version)

    async def on_draw(self, data: dict[str, Any]) -> None:
        cards = _field(data, "cards", list)
        version = _field(data, "version", int, required=False)
        await self._call(services.draw, self.user, self.table_id, cards, version)

    async def on_run_twice(self, data: dict[str, Any]) -> None:
        agree = _field(data, "agree", bool)
        await self._call(services.act, self.user, self.table_id, "run_twice", int(agree), None)

    async def on_show(self, data: dict[str, Any]) -> None:
        await self._call(services.act, self.user, self.table_id, "show", None, None)

    async def on_muck(self, data: dict[str, Any]) -> None:
        await self._call(services.act, self.user, self.table_id, "muck", None, None)

    async def on_show_cards(self, data: dict[str, Any]) -> None:
        """R11.5: show hole cards nobody saw, after the hand and until the next is dealt."""
        hand = _field(data, "hand", int)
        cards = _field(data, "cards", list)
        await self._call(services.show_after_hand, self.user, self.table_id, hand, cards)

    async def on_sit(self, data: dict[str, Any]) -> None:
        seat = _field(data, "seat", int)
        amount = _field(data, "amount", int)
        if self.guest_link is not None:
            by_address, by_link = GUEST_SEAT_REQUESTS
            allowed = await database_sync_to_async(
                lambda: (
                    by_address.allow(address_of_scope(self.scope))
                    and by_link.allow(str(self.guest_link))
                )
            )()
            if not allowed:
                raise PlayError(
                    PlayErrorCode.RATE_LIMITED,
                    _("Too many seat requests from here: wait a minute and ask again."),
                )
        await self._call(services.sit, self.user, self.table_id, seat, amount)

    async def on_top_up(self, data: dict[str, Any]) -> None:
        await self._call(services.top_up, self.user, self.table_id, _field(data, "amount", int))

    async def on_sit_out(self, data: dict[str, Any]) -> None:
        await self._call(services.sit_out, self.user, self.table_id)

    async def on_sit_in(self, data: dict[str, Any]) -> None:
        await self._call(services.sit_in, self.user, self.table_id)

    async def on_leave(self, data: dict[str, Any]) -> None:
        await self._call(services.leave, self.user, self.table_id)

    async def on_wait_for_bb(self, data: dict[str, Any]) -> None:
        wait = _field(data, "wait", bool)
        await self._call(services.set_blind_choice, self.user, self.table_id, wait)

    async def on_straddle(self, data: dict[str, Any]) -> None:
        on = _field(data, "on", bool)
        await self._call(services.set_straddle, self.user, self.table_id, on)

    async def on_bomb_vote(self, data: dict[str, Any]) -> None:
        """R21.4: vote for the next hand to be a bomb pot, or take the vote back."""
        vote = _field(data, "vote", bool)
        await self._call(services.vote_bomb_pot, self.user, self.table_id, vote)

    async def on_pick_game(self, data: dict[str, Any]) -> None:
        """R20.5, dealer's choice: the game this player picks for the orbit they choose."""
        game = _field(data, "game", str, required=False)  # null: take the pick back
        await self._call(services.pick_game, self.user, self.table_id, game)

    async def on_chat(self, data: dict[str, Any]) -> None:
        await self._call(services.post_chat, self.user, self.table_id, _field(data, "text", str))

    async def on_nonce(self, data: dict[str, Any]) -> None:
        """A seated player's nonce for the next hand (R15.2); ``nonce_ok`` when it is taken."""
        hand = _field(data, "hand", int)
        await nonce_batches.send(self.table_id, self.user, hand, _field(data, "nonce", str))
        await self.send_json({"type": "nonce_ok", "hand": hand})

    async def on_host(self, data: dict[str, Any]) -> None:
        op = _field(data, "op", str)
        simple = {"pause": services.pause, "resume": services.resume, "close": services.close_table}
        by_seat = {
            "approve": services.approve_seat,
            "reject": services.reject_seat,
            "remove": services.remove_player,
        }
        if op in simple:
            await self._call(simple[op], self.user, self.table_id)
        elif op in by_seat:
            await self._call(by_seat[op], self.user, self.table_id, _field(data, "seat", int))
        elif op == "adjust":  # a stack corrected between hands, with a reason
            await self._call(
                services.adjust_stack,
                self.user,
                self.table_id,
                _field(data, "seat", int),
                _field(data, "stack", int),
                _field(data, "reason", str),
            )
        elif op in ("remove_guest", "ban_guest"):
            user_id = _field(data, "user", int)
            await self._call(
                services.remove_guest, self.user, self.table_id, user_id, op == "ban_guest"
            )
        else:
            raise PlayError(
                PlayErrorCode.BAD_FIELD, _("Unknown host operation %(op)r.") % {"op": op[:20]}
            )

    HANDLERS = {
        "sync": on_sync,
        "act": on_act,
        "draw": on_draw,
        "run_twice": on_run_twice,
        "show": on_show,
        "muck": on_muck,
        "show_cards": on_show_cards,
        "sit": on_sit,
        "top_up": on_top_up,
        "sit_out": on_sit_out,
        "sit_in": on_sit_in,
        "leave": on_leave,
        "wait_for_bb": on_wait_for_bb,
        "straddle": on_straddle,
        "bomb_vote": on_bomb_vote,
        "pick_game": on_pick_game,
        "chat": on_chat,
        "host": on_host,
        "nonce": on_nonce,
    }

    async def _call(self, func: Any, *args: Any) -> None:
        """Run a service in a worker thread; what its commit broadcasts is sent from here,
        on the event loop, once the thread is done (``run_collecting``)."""
        outbox = Outbox()
        try:
            await database_sync_to_async(run_collecting)(outbox, func, *args)
        finally:
            await send_collected(outbox)  # also when cancelled: the rest sends itself

    # --- outgoing ------------------------------------------------------------------------------

    async def table_state(self, event: dict[str, Any]) -> None:
        """A change committed: send this viewer's projection of the new public state."""
        if event["version"] <= self.last_version:
            return
        await self._send_state(event)

    async def table_kick(self, event: dict[str, Any]) -> None:
        """The viewer is no longer a member of the club (services.release_member), or a
        host removed or banned them as a guest (``code``: 4410)."""
        if event["user_id"] == self.user.pk:
            await self.close(code=event.get("code", CLOSE_NOT_MEMBER))

    async def table_link_revoked(self, event: dict[str, Any]) -> None:
        """A host revoked a link of the table: the watchers who came by it, and its guests
        who hold no seat, are let out (``services.revoke_link``)."""
        if self.watch_link == event["link_id"] or (
            self.guest_link is not None and self.user.pk in event["user_ids"]
        ):
            await self.close(code=CLOSE_GUEST_OUT)

    async def table_guests(self, event: dict[str, Any]) -> None:
        """The table's guests changed (one came by the link): a host's page reloads its list."""
        if self.is_host:
            await self.send_json({"type": "guests_changed"})

    async def table_moved(self, event: dict[str, Any]) -> None:
        """A tournament moved the viewer to another of its tables (R28): their page follows."""
        if event["user_id"] == self.user.pk:
            await self.send_json(
                {"type": "moved", "table_id": event["table_id"], "url": event["url"]}
            )

    async def table_notice(self, event: dict[str, Any]) -> None:
        """A word from the table's tournament to everyone watching (a deal, R29.3)."""
        try:
            text = notice_text(event["notice"], event["args"])
        except (KeyError, ValueError):  # not one this process knows (a deploy under way)
            logger.warning("a table notice this server cannot word: %r", event)
            return
        await self.send_json({"type": "notice", "text": text})

    async def table_chat(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "chat", **event["chat"]})

    async def _send_state(self, message: dict[str, Any]) -> None:
        """``message`` is a :func:`~tables.play.projection.public_message`; the viewer's own hole
        cards (:class:`HoleCards`) are spliced in."""
        hand_number = message["hand"]
        you_seat = message["seats"].get(str(self.user.pk))
        own = None
        if hand_number is not None:
            own = await hole_cards.of_user(
                self.table_id, hand_number, self.user.pk, message.get("dealt", 0)
            )
        self.last_version = message["version"]
        if you_seat != self.present_at:
            await self._presence(you_seat)
        you = you_part(self.user.pk, you_seat, self.is_host, own)
        await self.send(text_data=viewer_frame(message, you))

    async def _presence(self, seat: int | None) -> None:
        """Count this socket for the viewer's seat (others see "disconnected" at 0)."""
        if self.present_at is not None:
            await presence.count(self.user, self.table_id, -1)
        self.present_at = seat
        if seat is not None:
            await presence.count(self.user, self.table_id, 1)

    async def _send_snapshot(self) -> None:
        public = await database_sync_to_async(load_public_state)(self.table_id)
        self.last_version = -1
        await self._send_state(public_message(public))

    async def send_json(self, content: dict[str, Any]) -> None:
        await self.send(text_data=frame_json(content))

    async def send(
        self, text_data: str | None = None, bytes_data: bytes | None = None, close: bool = False
    ) -> None:
        """Nothing is sent once the socket is closing (the server would refuse it and log)."""
        if not self.closing:
            await super().send(text_data, bytes_data, close)

    async def close(self, code: int | bool | None = None, reason: str | None = None) -> None:
        """Close once; frames and group messages still on their way are then dropped."""
        if not self.closing:
            self.closing = True
            await super().close(code, reason)

    # --- access --------------------------------------------------------------------------------

    @database_sync_to_async
    def _access(self) -> dict[str, Any] | None:
        """None when the viewer may not watch; else whether they are a host of the club, the
        link a guest came by, or the link a watcher without an account opened."""
        table = Table.objects.filter(pk=self.table_id).first()
        if table is None:
            return None
        if self.user is None or not self.user.is_authenticated:
            return self._watching(table)
        m = table_access(self.user, table)
        if m is None:
            return self._watching(table)
        held = guest_pass(self.user, table) if m.is_guest else None
        return {
            "is_host": m.is_host,
            "guest_link": held.link_id if held is not None else None,
            "watch_link": None,
        }

    def _watching(self, table: Table) -> dict[str, Any] | None:
        """A watcher by the table's live watching link (``tables.play.guests.watching_link``)."""
        link_id = watching_link(self.scope.get("session"), table)
        if link_id is None:
            return None
        return {"is_host": False, "guest_link": None, "watch_link": link_id}

    @database_sync_to_async
    def _moved_elsewhere(self) -> dict[str, Any] | None:
        """On a tournament's table the viewer no longer sits at, the table of the same
        tournament they sit at now, if any (R28)."""
        table = Table.objects.filter(pk=self.table_id).values("tournament_id").first()
        if table is None or table["tournament_id"] is None:
            return None
        seats = Seat.objects.filter(
            table__tournament_id=table["tournament_id"], user_id=self.user.pk
        ).exclude(table__status=Table.Status.CLOSED)
        found = seats.select_related("table__club").first()
        if found is None or found.table_id == self.table_id:
            return None
        return {"table_id": found.table_id, "url": found.table.get_absolute_url()}

    @database_sync_to_async
    def _chat_history(self) -> list[dict[str, Any]]:
        return recent_chat(self.table_id)

"""Bots that play over real WebSockets: the load generator's players and the multi-process
tests' players. A bot sees exactly what a browser sees (docs/protocol.md) and acts on its own
``state`` messages, so it exercises the whole path: socket, services, database, channel layer.
"""

from __future__ import annotations

import asyncio
import json
import math
import random
import secrets
import time
from collections import defaultdict, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from ssl import SSLContext
from typing import Any
from urllib.parse import urlparse

import websockets


@dataclass
class TableStats:
    """Latency of one table: from an action being sent to every seat having its result."""

    seats: int
    pending: dict[int, tuple[float, set[int]]] = field(default_factory=dict)
    latencies_ms: list[float] = field(default_factory=list)
    actions: int = 0

    def sent(self, version: int) -> None:
        self.actions += 1
        self.pending[version] = (time.perf_counter(), set())

    def received(self, bot_id: int, version: int) -> None:
        done = []
        for v, (t0, seen) in self.pending.items():
            if version > v:
                seen.add(bot_id)
                if len(seen) >= self.seats:
                    self.latencies_ms.append((time.perf_counter() - t0) * 1000)
                    done.append(v)
        for v in done:
            del self.pending[v]


@dataclass(frozen=True)
class ThinkTime:
    """How long a bot waits before each decision.

    ``uniform``: between half and one and a half times ``median``. ``lognormal``: log-normal
    with that median and shape ``sigma``, like people's decision times (most are quick, a
    few take long: with sigma 0.75 one in ten takes 2.6 times the median or more). A share
    ``timeouts`` of the decisions is never made: the table's clock acts for the bot (R14)."""

    median: float = 0.0
    kind: str = "uniform"
    sigma: float = 0.75
    timeouts: float = 0.0

    KINDS = ("uniform", "lognormal")

    def __post_init__(self) -> None:
        if self.kind not in self.KINDS:
            raise ValueError(f"think time is one of {self.KINDS}, not {self.kind!r}")
        if self.median < 0 or self.sigma < 0 or not 0 <= self.timeouts < 1:
            raise ValueError("median and sigma are >= 0, timeouts a share in [0, 1)")

    def sample(self, rng: random.Random) -> float | None:
        """Seconds to wait before acting, or None: let the clock time this decision out."""
        if self.timeouts and rng.random() < self.timeouts:
            return None
        if self.median == 0:
            return 0.0
        if self.kind == "lognormal":
            return rng.lognormvariate(math.log(self.median), self.sigma)
        return rng.uniform(0.5 * self.median, 1.5 * self.median)


class Bot:
    """One player on one socket, waiting ``think`` (a :class:`ThinkTime`, or seconds: 0.5x
    to 1.5x that, random) before each decision."""

    def __init__(
        self,
        url: str,
        cookie: str,
        origin: str,
        *,
        seat: int | None = None,
        buy_in: int | None = None,
        think: float | ThinkTime = 0.0,
        rng: random.Random | None = None,
        stats: TableStats | None = None,
        bot_id: int = 0,
        show_after: float = 0.0,
        ssl: SSLContext | None = None,
    ) -> None:
        self.url = url
        self.ssl = ssl  # for a wss:// URL whose certificate the default context does not trust
        self.headers = {"Cookie": cookie, "Origin": origin}
        self.seat = seat
        self.buy_in = buy_in
        self.think = think if isinstance(think, ThinkTime) else ThinkTime(think)
        self.timed_out = 0  # decisions left to the table's clock (ThinkTime.timeouts)
        self.rng = rng or random.Random()
        self.stats = stats
        self.bot_id = bot_id
        self.show_after = show_after  # how often it shows cards nobody saw after a hand (R11.5)
        self._showed_after: set[int] = set()
        self._last_show = 0.0
        self._sent: deque[float] = deque()
        self.state: dict[str, Any] | None = None
        self.versions: list[int] = []
        self.errors: list[dict[str, Any]] = []
        self.messages: list[dict[str, Any]] = []
        self.keep_messages = False
        # called with every message received (a long session's test takes what it checks
        # as the messages come, instead of keeping them all)
        self.watch: Callable[[dict[str, Any]], None] | None = None
        self.ws: Any = None
        self._acting_on: tuple[int | None, int] | None = None
        self.hands_seen: set[int] = set()
        self._rebuying = False
        self.nonces_sent: set[int] = set()  # hands this bot sent its nonce for (R15.2)

    async def connect(self) -> None:
        """Open the socket as a browser does: it answers the server's pings and sends none of
        its own (``websockets`` would ping every 20 s: at 6,000 sockets, 300 pings a second
        no browser sends)."""
        options: dict[str, Any] = {} if self.ssl is None else {"ssl": self.ssl}
        self.ws = await websockets.connect(
            self.url,
            additional_headers=self.headers,
            open_timeout=20,
            max_size=2**22,
            ping_interval=None,
            **options,
        )

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()

    async def send(self, message: dict[str, Any]) -> None:
        self._sent.append(time.monotonic())
        await self.ws.send(json.dumps(message))

    def _sent_lately(self, seconds: float = 3.0) -> int:
        """How many messages this bot sent in the last ``seconds``."""
        since = time.monotonic() - seconds
        while self._sent and self._sent[0] < since:
            self._sent.popleft()
        return len(self._sent)

    async def sit_down(self) -> None:
        if self.seat is not None and self.buy_in is not None:
            await self.send({"type": "sit", "seat": self.seat, "amount": self.buy_in})

    async def run(self, stop: asyncio.Event) -> None:
        """Read messages and act on this bot's turns until ``stop`` is set or the socket
        closes. One reader per socket, no timer per message: with hundreds of bots in one
        process the generator's own event loop must stay light, or its lag is measured as
        the server's latency."""
        reader = asyncio.create_task(self._read())
        stopper = asyncio.create_task(stop.wait())
        try:
            await asyncio.wait({reader, stopper}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            reader.cancel()
            stopper.cancel()
        error = reader.exception() if reader.done() and not reader.cancelled() else None
        if error is not None:
            raise error

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                await self._on_message(json.loads(raw))
        except websockets.ConnectionClosed:
            return

    async def _on_message(self, message: dict[str, Any]) -> None:
        if self.keep_messages:
            self.messages.append(message)
        if self.watch is not None:
            self.watch(message)
        kind = message.get("type")
        if kind == "error":
            self.errors.append(message)
            if message["code"] in ("stale_version", "not_your_turn"):
                await self.send({"type": "sync"})
            ref = str(message.get("ref") or "")
            if message["code"] == "rate_limited" and ref.startswith("nonce:"):
                # a nonce refused for sending too fast: again in a moment (the deal waits)
                self.nonces_sent.discard(int(ref.split(":")[1]))
                asyncio.get_running_loop().call_later(
                    0.3, lambda: asyncio.ensure_future(self._maybe_send_nonce(self.state or {}))
                )
            return
        if kind != "state":
            return
        self.versions.append(message["version"])
        self.state = message
        if self.stats is not None:
            self.stats.received(self.bot_id, message["version"])
        hand = message.get("hand")
        if hand:
            self.hands_seen.add(hand["number"])
        await self._maybe_send_nonce(message)
        await self._maybe_rebuy(message)
        await self._maybe_show_after(message)
        mine = message["you"]["seat"]
        if hand and not hand["finished"] and mine is not None and hand["to_act"] == mine:
            asyncio.ensure_future(self._act(message))  # a task only on this bot's turn

    async def _maybe_send_nonce(self, state: dict[str, Any]) -> None:
        """As a browser does (static/js/table/deckcheck.js): once the next hand's deck is
        committed, a seated player sends its nonce for it, once (R15.2)."""
        planned = state.get("next_deck")
        you = state.get("you") or {}
        if not planned or you.get("seat") is None or planned["hand"] in self.nonces_sent:
            return
        self.nonces_sent.add(planned["hand"])
        hand = planned["hand"]
        await self.send(
            {"type": "nonce", "hand": hand, "nonce": secrets.token_hex(32), "ref": f"nonce:{hand}"}
        )

    async def _maybe_rebuy(self, state: dict[str, Any]) -> None:
        mine = state["you"]["seat"]
        if mine is None:
            return
        seat = next(s for s in state["seats"] if s["number"] == mine)
        hand = state.get("hand")
        in_hand = hand is not None and not hand["finished"] and seat["in_hand"]
        if seat["stack"] or seat["pending_chips"]:
            self._rebuying = False
        elif not in_hand and not self._rebuying:
            self._rebuying = True  # once: several states may arrive before it lands
            await self.send({"type": "top_up", "amount": state["table"]["max_buy_in"]})

    async def _maybe_show_after(self, state: dict[str, Any]) -> None:
        """Now and then, once a hand is over, show some of its cards nobody saw (R11.5)."""
        hand, mine = state.get("hand"), state["you"]
        if not (self.show_after and hand and hand["finished"] and mine["cards"] and mine["seat"]):
            return
        if hand["number"] in self._showed_after:
            return
        if hand.get("italiana") and (state["table"].get("italiana") or {}).get("carried"):
            return  # poker all'italiana's pot stays for the next hand: nobody shows (R35.1)
        self._showed_after.add(hand["number"])
        seat = next(s for s in state["seats"] if s["number"] == mine["seat"])
        public = seat["cards"] if seat["in_hand"] and not seat["shown"] else None
        if public is None or self.rng.random() >= self.show_after:
            return
        now = time.monotonic()
        # an extra message, so only when this bot is well inside the socket's rate limit
        # (10 a second): at most one show a second, and none while it is playing fast
        if now - self._last_show < 1.0 or self._sent_lately() > 12:
            return
        self._last_show = now
        hidden = [k for k in range(len(mine["cards"])) if not public or public[k] == "??"]
        cards = sorted(self.rng.sample(hidden, self.rng.randint(1, len(hidden))))
        await self.send({"type": "show_cards", "hand": hand["number"], "cards": cards})

    async def _act(self, state: dict[str, Any]) -> None:
        """Decide on ``state``, where it is this bot's turn (once per state)."""
        hand = state["hand"]
        pending = hand.get("pending")
        key = (hand["number"], state["version"])
        if self._acting_on == key:
            return
        self._acting_on = key
        delay = self.think.sample(self.rng)
        if delay is None:
            self.timed_out += 1
            return  # the clock acts for this bot (R14)
        if delay:
            await asyncio.sleep(delay)
            if self.state is not None and self.state["version"] != state["version"]:
                return  # something happened meanwhile (a timeout); act on the new state
        message = self.decide(hand, pending, state["version"])
        if self.stats is not None:
            self.stats.sent(state["version"])
        try:
            await self.send(message)
        except websockets.ConnectionClosed:
            return  # the run is over and the socket closed while this bot was thinking

    def decide(self, hand: dict[str, Any], pending: Any, version: int) -> dict[str, Any]:
        """A loose, random but legal player."""
        rng = self.rng
        if pending:
            if pending["kind"] == "run_twice":
                return {"type": "run_twice", "agree": rng.random() < 0.5}
            return {"type": "muck" if pending.get("may_muck") and rng.random() < 0.5 else "show"}
        legal = hand["legal"]
        if legal.get("draw"):  # R42.2: throw up to three of its cards, at random
            mine = ((self.state or {}).get("you") or {}).get("cards") or []
            # up to three, or in poker all'italiana up to its four (R36.1, R36.2's fourth card)
            most = min(len(mine), 4 if legal.get("max_draw") == 4 else 3)
            thrown = rng.sample(mine, rng.randint(0, most))
            return {"type": "draw", "cards": thrown, "version": version}
        roll = rng.random()
        if legal.get("blind"):  # R33.5: now and then the buio or the controbuio, else look
            action = legal["blind"] if roll < 0.3 else "look"
            return {"type": "act", "action": action, "version": version}
        if legal.get("opening"):  # R34.1: open when its own cards allow it, mostly
            you = (self.state or {}).get("you") or {}
            if you.get("opening_cards") and roll < 0.8:
                high = min(legal["max_to"], legal["min_to"] * 3)
                amount = rng.randint(legal["min_to"], max(legal["min_to"], high))
                return {"type": "act", "action": "open", "amount": amount, "version": version}
            return {"type": "act", "action": "pass", "version": version}
        if legal.get("bring_in") is not None:  # R45.4: bring in, or now and then complete
            if legal["bet_or_raise"] and roll < 0.2:
                amount = legal["min_to"]
                return {"type": "act", "action": "bet", "amount": amount, "version": version}
            return {"type": "act", "action": "bring_in", "version": version}
        if legal["bet_or_raise"] and roll < 0.15:
            high = (
                legal["max_to"] if rng.random() < 0.2 else min(legal["max_to"], legal["min_to"] * 3)
            )
            amount = rng.randint(legal["min_to"], max(legal["min_to"], high))
            return {
                "type": "act",
                "action": legal["bet_or_raise"],
                "amount": amount,
                "version": version,
            }
        if legal["fold"] and roll > 0.85:
            return {"type": "act", "action": "fold", "version": version}
        return {"type": "act", "action": "check" if legal["check"] else "call", "version": version}


class TournamentStats:
    """Latency at a tournament's tables, whose players come and go: an action's result has
    reached every seat when every bot connected to that table when it was sent has it;
    and how long a moved player's page takes to show the new table."""

    def __init__(self) -> None:
        self.connected: defaultdict[int, set[int]] = defaultdict(set)
        self.pending: dict[tuple[int, int], tuple[float, set[int], set[int]]] = {}
        self.latencies_ms: list[float] = []
        self.at: list[float] = []  # when each latency was measured (perf_counter)
        self.actions = 0

    def view(self, table_id: int) -> _TableView:
        return _TableView(self, table_id)


@dataclass
class _TableView:
    """What a :class:`Bot` calls (``sent``, ``received``) for the table it is on."""

    stats: TournamentStats
    table_id: int

    def sent(self, version: int) -> None:
        self.stats.actions += 1
        expected = set(self.stats.connected[self.table_id])
        self.stats.pending[(self.table_id, version)] = (time.perf_counter(), expected, set())

    def received(self, bot_id: int, version: int) -> None:
        done = []
        for key, (t0, expected, seen) in self.stats.pending.items():
            if key[0] == self.table_id and version > key[1]:
                seen.add(bot_id)
                if expected <= seen:
                    now = time.perf_counter()
                    self.stats.latencies_ms.append((now - t0) * 1000)
                    self.stats.at.append(now)
                    done.append(key)
        for key in done:
            del self.stats.pending[key]


class TournamentBot(Bot):
    """A bot in a tournament: it never tops up (the tournament's chips are not bought at
    the table), and :meth:`follow` keeps it on its player's table: when the tournament
    moves the player (a ``moved`` message) it goes to the new table, and when its server
    goes away, to whichever server answers."""

    def __init__(
        self,
        user_id: int,
        cookie: str,
        *,
        think: float | ThinkTime = 0.0,
        rng: random.Random | None = None,
    ) -> None:
        super().__init__("", cookie, "", think=think, rng=rng, bot_id=user_id)
        self.user_id = user_id
        self.moves = 0
        self.move_ms: list[float] = []
        self.move_at: list[float] = []
        self._moved_at: float | None = None
        self._moved_to: int | None = None

    async def _maybe_rebuy(self, state: dict[str, Any]) -> None:
        return

    async def _on_message(self, message: dict[str, Any]) -> None:
        if message.get("type") == "moved":
            self.moves += 1
            self._moved_at = time.perf_counter()
            self._moved_to = int(message["table_id"])
            await self.ws.close()  # follow() goes to the new table
            return
        if message.get("type") == "state" and self._moved_at is not None:
            now = time.perf_counter()
            self.move_ms.append((now - self._moved_at) * 1000)
            self.move_at.append(now)
            self._moved_at = None
        await super()._on_message(message)

    async def follow(
        self,
        servers: list[str],
        table_of: Callable[[], Awaitable[int | None]],
        stop: asyncio.Event,
        stats: TournamentStats | None = None,
    ) -> None:
        """Play until ``stop`` or until ``table_of()`` (where the player sits now) is None."""
        attempt = 0
        while not stop.is_set():
            table_id = self._moved_to or await table_of()
            self._moved_to = None
            if table_id is None:
                return
            base = urlparse(servers[(self.user_id + attempt) % len(servers)])
            scheme = "wss" if base.scheme == "https" else "ws"
            self.url = f"{scheme}://{base.netloc}/ws/tables/{table_id}/"
            self.headers["Origin"] = f"{base.scheme}://{base.netloc}"
            attempt += 1
            try:
                await self.connect()
            except OSError:
                await asyncio.sleep(0.2)  # that server is down: the next one
                continue
            if stats is not None:
                self.stats = stats.view(table_id)  # type: ignore[assignment]
                stats.connected[table_id].add(self.bot_id)
            try:
                await self.run(stop)
            finally:
                if stats is not None:
                    stats.connected[table_id].discard(self.bot_id)

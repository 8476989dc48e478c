"""What the fault tests share: tables of bots on two Daphne processes, bots that can be told
to stop deciding and that keep every decision they sent, and the checks every fault must
pass (each decision applied once or refused, versions in order, chips conserved)."""

from __future__ import annotations

import asyncio
import itertools
import random
import shutil
import socket
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pokerclub.models import Membership
from tables.bots import Bot
from tables.hands.models import Hand, HandAction
from tables.management.commands.loadtest import session_cookie
from tables.money.models import LedgerEntry
from tables.play import actions as services
from tables.play.models import Seat, Table
from tests.conftest import eventually, eventually_async, require_service
from tests.tables.conftest import table_settings
from tests.tables.live_servers import Daphne, free_port

DECISIONS = ("act", "run_twice", "show", "muck")
"""The frames that are a player's decision in a hand (each one a ``HandAction`` row)."""
DECISION_KINDS = ("fold", "check", "call", "bet", "raise", "all_in", "run_twice", "show", "muck")
"""Those rows' kinds."""


@dataclass(frozen=True)
class Decision:
    """One decision a bot sent: what its ``HandAction`` row would say."""

    ref: str
    hand: int
    version: int  # of the state it was decided on
    kind: str
    amount: int | None


class FaultBot(Bot):
    """A :class:`~tables.bots.Bot` that can be paused (it keeps reading and topping up, but
    takes no decision and sends no nonce: a player who does not act) and that keeps every
    decision it sent, each with a ``ref`` so that a refusal names it. Unpaused, it comes
    back if the clock sat it out (R14), as a player would."""

    def __init__(self, *args: Any, user: Any, table_id: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user
        self.table_id = table_id
        self.paused = False
        self.sent: list[Decision] = []
        self._refs = itertools.count(1)
        self.reconnect = False  # open the socket again when the server closes it (a page does)
        self.closes: list[tuple[int | None, float]] = []  # (code, when) of each closed by it
        self.cut: set[str] = set()  # decisions unanswered when the server closed the socket
        self._coming_back = False
        self.before_decision: Callable[[], None] | None = None  # called as it sends one

    async def run(self, stop: asyncio.Event) -> None:
        while True:
            await super().run(stop)
            if stop.is_set() or not self.reconnect:
                return
            self.closes.append((self.ws.close_code, time.monotonic()))
            # what it sent on the state it has last is unanswered: the database says
            last = self.state["version"] if self.state else -1
            refused = self.refused()
            self.cut |= {d.ref for d in self.sent if d.ref not in refused and d.version >= last}
            while not stop.is_set():
                await asyncio.sleep(0.5)
                try:
                    await self.connect()
                    break
                except Exception:  # refused: the server cannot take it yet
                    continue
            # the page shows the table afresh: whatever it asks of the player, it asks again
            self._acting_on = None
            self._coming_back = False

    async def _act(self, state: dict[str, Any]) -> None:
        if not self.paused:
            await super()._act(state)

    async def _maybe_send_nonce(self, state: dict[str, Any]) -> None:
        if not self.paused:  # (a deal waits a moment for it, then deals without)
            await super()._maybe_send_nonce(state)

    async def _on_message(self, message: dict[str, Any]) -> None:
        await super()._on_message(message)
        mine = message["you"]["seat"] if message.get("type") == "state" else None
        if mine is None or self.paused:
            return
        seat = next(s for s in message["seats"] if s["number"] == mine)
        if not seat["sitting_out"]:
            self._coming_back = False
        elif not self._coming_back:  # timed out twice in a row while paused: back now
            self._coming_back = True
            await self.send({"type": "sit_in"})

    def decide(self, hand: dict[str, Any], pending: Any, version: int) -> dict[str, Any]:
        message = super().decide(hand, pending, version)
        message["ref"] = f"{hand['number']}:{version}:{next(self._refs)}"
        return message

    async def send(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind in DECISIONS and self.paused:
            return  # paused while it was thinking
        if kind in DECISIONS and self.before_decision is not None:
            self.before_decision()
        await super().send(message)
        if kind not in DECISIONS:
            return
        ref = message["ref"]
        hand, version = (int(n) for n in ref.split(":")[:2])
        if kind == "act":
            decision = Decision(ref, hand, version, message["action"], message.get("amount"))
        elif kind == "run_twice":
            decision = Decision(ref, hand, version, kind, int(message["agree"]))
        else:
            decision = Decision(ref, hand, version, kind, None)
        self.sent.append(decision)

    def refused(self) -> dict[str, str]:
        """The refs of this bot's refused frames, and each refusal's code. (A frame refused
        for coming too fast has its refusal without its ref: the bots think for a moment
        before each decision, so that none is.)"""
        return {e["ref"]: e["code"] for e in self.errors if "ref" in e}

    def expected(self) -> list[tuple[int, str, int | None]]:
        """The decisions it sent that were not refused: each must be applied, once (those
        the server's closing of the socket cut may be missing)."""
        refused = self.refused()
        return [(d.hand, d.kind, d.amount) for d in self.sent if d.ref not in refused]

    def applied(self) -> list[tuple[int, str, int | None]]:
        """Its player's decisions in the database (the clock's timeouts left out)."""
        rows = HandAction.objects.filter(
            hand__table_id=self.table_id,
            user=self.user,
            timeout=False,
            kind__in=DECISION_KINDS,
        ).order_by("hand__number", "sequence")
        return [(n, k, a) for n, k, a in rows.values_list("hand__number", "kind", "amount")]

    def settled(self) -> bool:
        """Every decision it sent is applied once or was refused (none still on its way); a
        decision cut by the server closing the socket is applied once or not at all."""
        refused = self.refused()
        applied = self.applied()
        reach = {0}  # how many applied rows the decisions so far may account for
        for d in self.sent:
            if d.ref in refused:
                continue
            key = (d.hand, d.kind, d.amount)
            reach = {j + 1 for j in reach if j < len(applied) and applied[j] == key} | (
                reach if d.ref in self.cut else set()
            )
        return len(applied) in reach


def open_tables(
    club_with_roles: dict[str, Any],
    make_user: Callable[..., Any],
    players: list[int],
    **settings: Any,
) -> list[tuple[Table, list[Any]]]:
    """One table of the club per entry of ``players``, with that many new members to seat,
    all with the table ``settings``."""
    club = club_with_roles["club"]
    opened = []
    for t, count in enumerate(players):
        table = services.create_table(
            club_with_roles["host"], club, table_settings(name=f"Fault {t + 1}", **settings)
        )
        users = [make_user(f"P{t + 1}.{i + 1}") for i in range(count)]
        for user in users:
            Membership.objects.create(club=club, user=user)
        opened.append((table, users))
    return opened


THINK_SECONDS = 0.15
"""How long a bot thinks (0.5 to 1.5 times this): fast, but never so fast that its socket's
rate limit refuses a decision (whose refusal would not name it)."""


def seat_bots(table: Table, users: list[Any], daphnes: list[Daphne]) -> list[FaultBot]:
    """A bot for each user, in seats 1, 2, ..., on the Daphnes in turn."""
    bots = []
    for i, user in enumerate(users):
        server = daphnes[i % len(daphnes)]
        bots.append(
            FaultBot(
                f"ws://127.0.0.1:{server.port}/ws/tables/{table.pk}/",
                session_cookie(user),
                server.url,
                seat=i + 1,
                buy_in=table.max_buy_in,
                rng=random.Random(table.pk * 100 + i),
                think=THINK_SECONDS,
                bot_id=user.pk,
                user=user,
                table_id=table.pk,
            )
        )
    return bots


def finished_hands(table_id: int) -> int:
    return Hand.objects.filter(table_id=table_id).exclude(ended_at=None).count()


def unsettled(bots: list[FaultBot]) -> list[str]:
    """For each bot whose decisions sent (and not refused) and applied differ: from where."""
    out = []
    for bot in bots:
        if bot.settled():
            continue
        sent, applied = bot.expected(), bot.applied()
        same = next(
            (i for i, (a, b) in enumerate(zip(sent, applied, strict=False)) if a != b), None
        )
        same = min(len(sent), len(applied)) if same is None else same
        late = [e for e in bot.errors if e["code"] == "rate_limited"]
        out.append(
            f"bot {bot.user} from its decision {same}: sent {sent[same : same + 5]}, "
            f"applied {applied[same : same + 5]} ({len(late)} refused as rate_limited, "
            f"{len(bot.cut)} cut by a close)"
        )
    return out


async def decisions_settled(bots: list[FaultBot], timeout: float = 60.0) -> None:
    """Wait until every decision each bot sent is applied once or was refused."""
    from channels.db import database_sync_to_async

    seen: list[str] = []

    async def settled() -> bool:
        seen[:] = await database_sync_to_async(unsettled)(bots)
        return not seen

    await eventually_async(
        settled,
        timeout=timeout,
        what=lambda: "every decision applied once or refused: " + "; ".join(seen),
    )


def assert_actions_in_order(table_id: int) -> None:
    """The hands are numbered 1, 2, ...; each action of a hand has its own version, higher
    than the one before (an action applied twice would show as two rows)."""
    hands = list(Hand.objects.filter(table_id=table_id).order_by("number"))
    assert [h.number for h in hands] == list(range(1, len(hands) + 1))
    versions = list(
        HandAction.objects.filter(hand__table_id=table_id)
        .order_by("hand__number", "sequence")
        .values_list("version", flat=True)
    )
    assert versions == sorted(set(versions)), "an action version repeats or goes back"


def assert_chips_conserved(table_id: int) -> None:
    """Buy-ins and top-ups = stacks + chips in the hand being played + cash-outs + rake."""
    from engine.state import HandState

    table = Table.objects.get(pk=table_id)
    ledger = LedgerEntry.objects.filter(table=table)
    bought = sum(e.amount for e in ledger if e.kind in ("buy_in", "top_up", "adjust_add"))
    out = sum(e.amount for e in ledger if e.kind in ("cash_out", "rake", "adjust_remove"))
    on_table = sum(Seat.objects.filter(table=table).values_list("stack", flat=True))
    in_play = 0
    if table.in_hand and table.hand_state is not None:
        state = HandState.from_json(table.hand_state)
        in_play = state.total_chips - sum(
            Seat.objects.filter(table=table, number__in=state.seats).values_list("stack", flat=True)
        )
    assert bought == on_table + in_play + out, f"table {table_id}: chips not conserved"


def tracebacks(*logs: Path) -> str:
    """The end of the first log that holds a traceback, or ``""``."""
    for log in logs:
        text = log.read_text() if log.exists() else ""
        if "Traceback" in text:
            return f"{log.name}: {text[-3000:]}"
    return ""


class PrivateRedis:
    """A redis-server of the test's own, on a free port, that keeps nothing on disk: so a
    test can kill it and start it again without touching the Redis other tests use."""

    def __init__(self, log: Path) -> None:
        self.port = free_port()
        self.log = log
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        """Start it (on the same port every time) and wait until it answers."""
        binary = shutil.which("redis-server") or "/usr/bin/redis-server"
        if not Path(binary).exists():
            require_service("redis-server", "the test restarts a Redis of its own")
        args = [binary, "--port", str(self.port), "--bind", "127.0.0.1"]
        args += ["--save", "", "--appendonly", "no"]
        out = open(self.log, "ab")  # noqa: SIM115 - closed with the process
        self.proc = subprocess.Popen(args, stdout=out, stderr=out)
        eventually(self._answers, timeout=30, what=f"redis-server on port {self.port}")

    def _answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            if self.proc is not None and self.proc.poll() is not None:
                raise RuntimeError(f"redis-server exited: {self.log.read_text()[-2000:]}") from None
            return False

    def kill(self) -> None:
        """Gone at once, and with it everything it held (subscriptions, the cache)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

"""How long a hand waits for players who are gone (issue #40), measured from outside.

    bash bench/gone_players.sh        # starts Daphne and the clock on PostgreSQL and Redis

Six players at a table with a 20 s action clock and a 20 s time bank (and the 5 s clock of
a player who is gone) play over real WebSockets, checking and calling. Scenario "two":
on the flop two of them close their browsers (their sockets), the others play on; scenario
"all": on the flop all six close theirs, and a seventh socket (a spectator) watches. Each
prints the wall seconds from the closing to the hand's end as the spectator sees it. Before
issue #40 the same hands took 175 s and 331 s.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerclub.settings")

import django

django.setup()

import websockets  # noqa: E402

from pokerclub import actions as club_actions  # noqa: E402
from pokerclub.models import Membership, User  # noqa: E402
from tables.management.commands.loadtest import session_cookie  # noqa: E402
from tables.play import actions as services  # noqa: E402

URL = os.environ.get("BENCH_URL", "ws://127.0.0.1:8301")


def world(tag: str) -> tuple[int, list[str], str]:
    owner = User.objects.create_user(f"owner-{tag}@bench.test", display_name="Host")
    club = club_actions.create_club(owner, name=f"Gone {tag}")
    table = services.create_table(
        owner,
        club,
        {"name": "Gone", "small_blind": 1, "big_blind": 2, "min_buy_in": 40, "max_buy_in": 200,
         "max_seats": 6, "action_seconds": 20, "time_bank_seconds": 20, "away_seconds": 5},
    )  # fmt: skip
    cookies = []
    for n in range(6):
        user = User.objects.create_user(f"p{n}-{tag}@bench.test", display_name=f"P{n}")
        Membership.objects.create(club=club, user=user)
        services.sit(user, table.pk, n + 1, 100)
        cookies.append(session_cookie(user))
    return table.pk, cookies, session_cookie(owner)


async def player(table_id: int, cookie: str, leave: asyncio.Event, stop: asyncio.Event) -> None:
    """Checks or calls on its turn, shows when asked at the showdown (as a person at the
    table would click); closes its socket at the flop when ``leave`` is set."""
    async with websockets.connect(
        f"{URL}/ws/tables/{table_id}/",
        additional_headers={"Cookie": cookie, "Origin": URL.replace("ws", "http", 1)},
    ) as ws:
        while not stop.is_set():
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 1))
            except TimeoutError:
                continue
            if msg.get("type") != "state" or not msg.get("hand"):
                continue
            hand = msg["hand"]
            if leave.is_set() and hand.get("street") == "flop":
                return  # the browser closes
            you = msg["you"]
            legal = hand.get("legal")
            pending = hand.get("pending") or {}
            asked = pending.get("seat") == you.get("seat") or you.get("seat") in (
                pending.get("seats") or []
            )
            if asked and not hand.get("finished") and pending.get("kind") == "show_or_muck":
                await ws.send(json.dumps({"type": "show"}))  # at the showdown: shows
                continue
            if hand.get("to_act") == you.get("seat") and legal and not hand.get("finished"):
                kind = "check" if legal.get("check") else "call"
                await ws.send(
                    json.dumps({"type": "act", "action": kind, "version": msg["version"]})
                )


async def scenario(table_id: int, cookies: list[str], owner: str, leaving: int) -> float:
    stop = asyncio.Event()
    events = [asyncio.Event() for _ in cookies]
    for e in events[:leaving]:
        e.set()
    tasks = [
        asyncio.create_task(player(table_id, c, e, stop))
        for c, e in zip(cookies, events, strict=True)
    ]
    closed_at = None
    async with websockets.connect(
        f"{URL}/ws/tables/{table_id}/",
        additional_headers={"Cookie": owner, "Origin": URL.replace("ws", "http", 1)},
    ) as spectator:
        number = None
        while True:
            msg = json.loads(await spectator.recv())
            if msg.get("type") != "state" or not msg.get("hand"):
                continue
            hand = msg["hand"]
            if number is None and not hand.get("finished") and hand.get("street") == "preflop":
                number = hand["number"]
            if number is not None and hand["number"] == number:
                if closed_at is None and hand.get("street") == "flop":
                    closed_at = time.monotonic()
                if hand.get("finished") and closed_at is not None:
                    took = time.monotonic() - closed_at
                    break
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return took


def main() -> None:
    tag = os.urandom(3).hex()
    table_id, cookies, owner = world(tag)
    two = asyncio.run(scenario(table_id, cookies, owner, leaving=2))
    print(f"two of six leave on the flop: the hand ends {two:.1f} s later (target 30 s; was 175 s)")
    table_id, cookies, owner = world(tag + "b")
    every = asyncio.run(scenario(table_id, cookies, owner, leaving=6))
    print(f"all six leave on the flop: the hand ends {every:.1f} s later (target 30 s; was 331 s)")


if __name__ == "__main__":
    main()

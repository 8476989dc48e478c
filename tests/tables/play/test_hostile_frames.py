"""Hostile input never crashes a socket: whatever a frame holds, its sender gets an `error`
with a documented code (or a documented close), nothing changes, and the server fails on
nothing (no 1011, nothing logged) — over channels' WebsocketCommunicator and a real Daphne."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest
import websockets
from channels.db import database_sync_to_async as sync_to_async
from django.conf import settings
from django.db import connection
from hypothesis import HealthCheck, Phase, example, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from tables.management.commands.loadtest import session_cookie
from tables.play import actions as services
from tables.play.error_codes import PlayErrorCode
from tables.play.models import ChatMessage, Seat, Table
from tests.conftest import BUSY_BOX_SECONDS, require_service
from tests.tables.conftest import table_settings
from tests.tables.live_servers import Daphne, server_env
from tests.tables.socket_helpers import connect, receive

PROTOCOL = (Path(settings.BASE_DIR) / "docs" / "protocol.md").read_text()


def documented(section: str) -> set[str]:
    """The codes in the first column of a table under ``## section`` in docs/protocol.md."""
    body = PROTOCOL.split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
    return {
        code
        for row in re.findall(r"^\| (.+?) \|", body, re.M)
        for code in re.findall(r"`?(\w+)`?", row)
    }


ERROR_CODES = documented("Error codes")
CLOSE_CODES = {int(c) for c in documented("Close codes") if c.isdigit()}


def test_every_error_code_the_server_can_send_is_documented():
    assert {code.value for code in PlayErrorCode} <= ERROR_CODES
    assert {4403, 4410, 4429} <= CLOSE_CODES


# --- arbitrary frames ------------------------------------------------------------------------

NOT_INTEGERS = (
    st.booleans()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.integers(min_value=2**53).flatmap(lambda n: st.sampled_from([n, -n]))
    | st.sampled_from([2**63, 2**64, -(2**63) - 1, 10**400])
    | st.text(max_size=20)
    | st.lists(st.integers(), max_size=3)
    | st.dictionaries(st.text(max_size=5), st.integers(), max_size=2)
)
ODD_TEXT = st.text(
    alphabet=st.characters(codec=None, categories=["Cc", "Cs", "Zs", "Cf", "Mn", "So", "Lo"]),
    max_size=40,
)
STRINGS_OF_NO_USE = st.text(max_size=30) | ODD_TEXT  # never a valid action or host op
NOT_TEXT = (  # chat text that must be refused: wrong type, empty, too long or unstorable
    NOT_INTEGERS.filter(lambda v: not isinstance(v, str))
    | st.sampled_from(["", "   ", "\n\t", "x" * 301])
    | st.tuples(
        st.text(max_size=20),
        st.sampled_from(["\x00", "\ud800", "\udfff", "\x1b", "\x7f", "\x9f"]),
        st.text(max_size=20),
    ).map("".join)
)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | ODD_TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(ODD_TEXT, inner, max_size=3),
    max_leaves=12,
)
NO_FIELD_TYPES = ["show", "muck", "sit_out", "sit_in", "leave"]  # all refused for a spectator


def message(kind: str, **fields: st.SearchStrategy) -> st.SearchStrategy:
    """A message of ``kind`` whose fields are each hostile or absent, with hostile extras."""
    return st.fixed_dictionaries(
        {"type": st.just(kind)},
        optional={"ref": JSON_VALUES, "junk": JSON_VALUES, **fields},
    )


def well_formed_but_wrong() -> st.SearchStrategy:
    """Known types whose fields are wrong in some way: each gets an error from the spectator."""
    return st.one_of(
        message(
            "act",
            action=st.sampled_from(["fold", "call", "bet", "raise"]) | STRINGS_OF_NO_USE,
            amount=NOT_INTEGERS,
            version=NOT_INTEGERS,
        ),
        message("sit", seat=NOT_INTEGERS, amount=NOT_INTEGERS),
        st.fixed_dictionaries(
            {"type": st.just("sit"), "seat": st.integers(1, 6), "amount": NOT_INTEGERS}
        ),
        st.fixed_dictionaries(
            {"type": st.just("sit"), "amount": st.integers(40, 200), "seat": NOT_INTEGERS}
        ),
        message("top_up", amount=NOT_INTEGERS),
        message("run_twice", agree=NOT_INTEGERS.filter(lambda v: not isinstance(v, bool))),
        message("wait_for_bb", wait=NOT_INTEGERS.filter(lambda v: not isinstance(v, bool))),
        message("straddle", on=NOT_INTEGERS.filter(lambda v: not isinstance(v, bool))),
        message("bomb_vote", vote=NOT_INTEGERS.filter(lambda v: not isinstance(v, bool))),
        message("pick_game", game=STRINGS_OF_NO_USE | JSON_VALUES),  # R20.5
        st.fixed_dictionaries(
            {"type": st.just("chat"), "text": NOT_TEXT}, optional={"ref": JSON_VALUES}
        ),
        message("host", op=STRINGS_OF_NO_USE | JSON_VALUES, seat=NOT_INTEGERS),
        st.sampled_from(NO_FIELD_TYPES).flatmap(message),
    )


def nested(field: str, depth: int) -> str:
    return '{"type": "chat", "' + field + '": ' + "[" * depth + "]" * depth + "}"


FRAMES = st.one_of(
    st.text(max_size=200).map(lambda t: ("text", t)),  # mostly not JSON at all
    st.binary(max_size=200).map(lambda b: ("bytes", b)),
    JSON_VALUES.filter(lambda v: not isinstance(v, dict)).map(lambda v: ("text", json.dumps(v))),
    st.dictionaries(ODD_TEXT, JSON_VALUES, max_size=4).map(lambda d: ("text", json.dumps(d))),
    well_formed_but_wrong().map(lambda d: ("text", json.dumps(d))),  # lone surrogates escaped
    st.integers(1, 2100).map(lambda n: ("text", nested("text", n))),  # beyond the parser's limit
    st.integers(1, 2100).map(lambda n: ("text", nested("type", n))),
    st.integers(4097, 6000).map(lambda n: ("text", '{"type": "chat", "text": "' + "x" * n + '"}')),
)


def table_snapshot(table_id: int):
    t = Table.objects.get(pk=table_id)
    seats = list(Seat.objects.filter(table_id=table_id).order_by("number").values())
    return (
        t.version,
        t.hand_state,
        t.hand_tail,
        seats,
        ChatMessage.objects.filter(table_id=table_id).count(),
    )


pytestmark_db = pytest.mark.django_db(transaction=True)


@pytestmark_db
@pytest.mark.asyncio
async def test_arbitrary_frames_get_a_documented_error_and_change_nothing(setup, caplog):
    """Hypothesis throws up to 8 arbitrary frames per socket at a spectator's socket while a
    hand is being played: every frame gets exactly one `error` with a documented code (or,
    after a flood, the documented close), the table, its seats and its chat stay as they
    were, and nothing fails (no close 1011, no exception logged)."""
    table = setup["table"]
    for i, user in enumerate(setup["players"][:3]):
        await sync_to_async(services.sit)(user, table.pk, i + 1, 100)
    t = await sync_to_async(Table.objects.get)(pk=table.pk)
    await sync_to_async(services.handle_due)(t.pk, t.version, now=t.next_hand_at)
    before = await sync_to_async(table_snapshot)(table.pk)
    assert before[1] is not None  # a hand is being played
    spectator = setup["member"]
    loop = asyncio.get_running_loop()

    async def throw(frames):
        comm, connected, _ = await connect(spectator, table.pk)
        assert connected
        await receive(comm, "chat_history")
        for kind, payload in frames:
            await comm.send_input({"type": "websocket.receive", kind: payload})  # "" and b"" too
            output = await comm.receive_output(timeout=BUSY_BOX_SECONDS)
            assert output["type"] == "websocket.send", output  # never a close (1011) here
            reply = json.loads(output["text"])
            assert reply["type"] == "error" and reply["code"] in ERROR_CODES, reply
            assert reply["message"]
        # one frame more, with a ref: its answer is the next message, so no frame had two
        await comm.send_to(text_data=json.dumps({"type": "no_such_type", "ref": "the-last"}))
        last = json.loads(await comm.receive_from(timeout=BUSY_BOX_SECONDS))
        assert last["type"] == "error" and last["ref"] == "the-last", last
        await comm.disconnect()

    @hypothesis_settings(
        max_examples=120,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        # No shrinking: a frame that leaves the socket silent costs a whole busy-box wait
        # (BUSY_BOX_SECONDS) for its reply, and shrinking it tried it again and again, which
        # hung CI for hours; the failing list of at most 8 frames is reported as found.
        phases=[Phase.explicit, Phase.reuse, Phase.generate],
    )
    @given(st.lists(FRAMES, min_size=1, max_size=8))
    # a ref that is no text (a lone surrogate) once crashed the refusal that echoed it
    @example([("text", json.dumps({"ref": "\udeff\u035f", "junk": True, "type": "bomb_vote"}))])
    def check(frames):
        asyncio.run_coroutine_threadsafe(throw(frames), loop).result(timeout=BUSY_BOX_SECONDS)

    with caplog.at_level("WARNING"):
        await asyncio.to_thread(check)
    assert await sync_to_async(table_snapshot)(table.pk) == before
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]


# --- a real Daphne ---------------------------------------------------------------------------


@pytest.fixture
def daphne(tmp_path):
    if connection.vendor != "postgresql":
        require_service("PostgreSQL", "the server process shares the test database")
    server = Daphne(server_env(LOG_LEVEL="INFO"), tmp_path / "daphne.log")
    server.start()
    yield server
    server.stop()


def socket_url(server: Daphne, table_id: int) -> str:
    return f"ws://127.0.0.1:{server.port}/ws/tables/{table_id}/"


@pytestmark_db
def test_a_refused_socket_is_accepted_then_closed_with_4403_over_a_real_socket(
    daphne, club_with_roles
):
    table = services.create_table(
        club_with_roles["host"], club_with_roles["club"], table_settings()
    )
    cookie = session_cookie(club_with_roles["outsider"])

    async def scenario():
        codes = []
        for headers in ({"Cookie": cookie}, {}):  # not a member; not signed in
            headers["Origin"] = daphne.url
            async with websockets.connect(
                socket_url(daphne, table.pk), additional_headers=headers
            ) as ws:
                with pytest.raises(websockets.ConnectionClosed) as closed:
                    await asyncio.wait_for(ws.recv(), 20)
                codes.append(closed.value.rcvd.code)
        return codes

    assert asyncio.run(scenario()) == [4403, 4403]


@pytestmark_db
def test_a_members_socket_from_another_site_or_without_origin_is_closed_with_4403(
    daphne, club_with_roles
):
    """Issue #41, D4: such a socket was refused with HTTP 403 at the handshake, which a
    browser cannot tell from a network error (it retried forever); now it gets the close
    code every refused socket gets. A page of the site still gets its socket."""
    table = services.create_table(
        club_with_roles["host"], club_with_roles["club"], table_settings()
    )
    cookie = session_cookie(club_with_roles["member"])

    async def scenario():
        codes = []
        for origin in ("https://evil.example", None):
            headers = {"Cookie": cookie} | ({"Origin": origin} if origin else {})
            async with websockets.connect(
                socket_url(daphne, table.pk), additional_headers=headers
            ) as ws:
                with pytest.raises(websockets.ConnectionClosed) as closed:
                    await asyncio.wait_for(ws.recv(), 20)
                codes.append(closed.value.rcvd.code)
        headers = {"Cookie": cookie, "Origin": daphne.url}
        async with websockets.connect(
            socket_url(daphne, table.pk), additional_headers=headers
        ) as ws:
            first = json.loads(await asyncio.wait_for(ws.recv(), 20))
        return codes, first["type"]

    assert asyncio.run(scenario()) == ([4403, 4403], "state")


@pytestmark_db
def test_a_flood_closes_the_socket_with_4429_and_the_server_logs_no_error(daphne, club_with_roles):
    table = services.create_table(
        club_with_roles["host"], club_with_roles["club"], table_settings()
    )
    cookie = session_cookie(club_with_roles["member"])

    async def scenario():
        async with websockets.connect(
            socket_url(daphne, table.pk),
            additional_headers={"Cookie": cookie, "Origin": daphne.url},
        ) as ws:
            # The first frames each take a trip to the database, so the flood behind them waits
            # in the server's queue: when the socket is closed, frames are still to be handled.
            for _ in range(30):
                await ws.send('{"type": "chat", "text": ""}')
            for _ in range(300):
                await ws.send('{"type": "explode"}')
            codes = []
            try:
                while True:
                    codes.append(json.loads(await asyncio.wait_for(ws.recv(), 20)).get("code"))
            except websockets.ConnectionClosed as closed:
                # The server closes with 4429 while the flood's last frames are still unread
                # in its socket; on a busy machine the kernel then resets the connection and
                # the close frame can be lost on the way (rcvd is None). The code itself is
                # checked over channels' communicator in test_consumer.
                return codes, closed.rcvd.code if closed.rcvd is not None else None

    codes, close_code = asyncio.run(scenario())
    assert close_code in (4429, None) and "rate_limited" in codes
    # the server's log after the close: the frames still arriving were dropped quietly
    daphne.stop()
    text = daphne.log.read_text()
    assert "Attempt to send on a closed protocol" not in text
    assert "Traceback" not in text and "ERROR" not in text, text[-3000:]

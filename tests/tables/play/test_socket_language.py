"""A table socket speaks its reader's language (issue #38, pokerclub/language.py): its refusals
and notices are worded when sent, for that socket; the codes are the same in every one."""

from __future__ import annotations

import json

import pytest
from channels.testing import WebsocketCommunicator

from tests.tables.socket_helpers import app


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_sockets_refusals_are_in_its_readers_language(setup):
    """The socket speaks the language its page does (the Accept-Language of its handshake
    here; the profile's first, as for pages): a refusal's code is the same in every one."""
    replies = {}
    for language in ("it", "en"):
        comm = WebsocketCommunicator(
            app,
            f"/ws/tables/{setup['table'].pk}/",
            headers=[(b"accept-language", language.encode())],
        )
        comm.scope["user"] = setup["member"]
        connected, _ = await comm.connect()
        assert connected
        await comm.send_to(text_data="{not json")
        while True:
            reply = json.loads(await comm.receive_from(timeout=10))
            if reply["type"] == "error":
                break
        replies[language] = reply
        await comm.disconnect()
    assert replies["it"]["code"] == replies["en"]["code"] == "bad_json"
    assert replies["en"]["message"] == "The message is not valid JSON."
    assert replies["it"]["message"] != replies["en"]["message"]
    assert "JSON" in replies["it"]["message"]

"""The sockets' door: only pages of this site (``ALLOWED_HOSTS``) may open one (a page
elsewhere would ride on a member's session cookie). A socket from anywhere else, or with no
``Origin`` at all, is accepted and at once closed with 4403, as every refused socket is
(docs/protocol.md): a browser sees that close code, which its retry loop stops on, never an
HTTP 403 at the handshake, which it cannot tell from a network error (issue #41, D4)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

from channels.security.websocket import OriginValidator
from django.conf import settings

CLOSE_REFUSED = 4403


async def refuse(scope: Any, receive: Any, send: Any) -> None:
    """Accept the socket, then close it with 4403; nothing it sends is read."""
    while True:
        message = await receive()
        if message["type"] == "websocket.connect":
            await send({"type": "websocket.accept"})
            await send({"type": "websocket.close", "code": CLOSE_REFUSED})
        elif message["type"] == "websocket.disconnect":
            return


class SiteOriginOnly(OriginValidator):
    """channels' ``AllowedHostsOriginValidator``, refusing with 4403 (:func:`refuse`)."""

    def __init__(self, application: Any) -> None:
        hosts = list(settings.ALLOWED_HOSTS)
        if settings.DEBUG and not hosts:
            hosts = ["localhost", "127.0.0.1", "[::1]"]
        super().__init__(application, hosts)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        origin = None
        for name, value in scope.get("headers", []):
            if name == b"origin":
                try:
                    origin = urlparse(value.decode("latin1"))
                except UnicodeDecodeError:
                    origin = None
        if self.valid_origin(origin):
            await self.application(scope, receive, send)
        else:
            await refuse(scope, receive, send)

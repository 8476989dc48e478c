"""How often one address, or one link, may do something that costs the site a row or a seat
(a guest's nickname, a seat request, a new link): a count per window in the shared cache, so
that every server process agrees (Redis when there is one, ``settings.CACHES``).

>>> limit = Limit("example", 2, 60)
>>> [limit.allow("10.0.0.1") for _ in range(3)]
[True, True, False]
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest

NAMESPACE = ""
"""Set apart each test's counts (tests/conftest.py): a count kept in Redis outlives a test."""


@dataclass(frozen=True)
class Limit:
    """At most ``times`` in each window of ``seconds``, per key (an address, a link's id)."""

    name: str
    times: int
    seconds: int

    def _key(self, who: str) -> str:
        window = int(time.time() // self.seconds)
        digest = hashlib.sha256(who.encode("utf-8", "surrogatepass")).hexdigest()[:24]
        return f"throttle:{NAMESPACE}{self.name}:{window}:{digest}"

    def allow(self, who: str) -> bool:
        """Count one more for ``who``; whether it is still within the limit."""
        key = self._key(who)
        cache.add(key, 0, self.seconds + 1)
        try:
            count = cache.incr(key)
        except ValueError:  # expired between add and incr: this is the first of a new window
            cache.add(key, 1, self.seconds + 1)
            count = 1
        return count <= self.times


def address_of(request: HttpRequest) -> str:
    """The client's address as allauth reads it (its trusted proxies' header, else the
    socket's), so its login limits and these agree."""
    from allauth.account.adapter import get_adapter

    try:
        return str(get_adapter(request).get_client_ip(request))
    except Exception:  # no address at all (a test client without REMOTE_ADDR)
        return "unknown"


def address_of_scope(scope: dict[str, Any]) -> str:
    """A socket's client address (Daphne fills it from the proxy's header when told to)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"

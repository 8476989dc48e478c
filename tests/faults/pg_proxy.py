"""A TCP proxy between server processes and PostgreSQL whose :meth:`PostgresProxy.go_down`
looks to them exactly like a PostgreSQL restart: every connection is reset at once (what
was in flight is rolled back by PostgreSQL, as its backends go), and new connections are
refused until :meth:`PostgresProxy.come_back`. Before that, :meth:`PostgresProxy.freeze`
holds every byte on its way (PostgreSQL shutting down answers nothing more), so that the
queries sent meanwhile are in flight when the connections go. The PostgreSQL every other
test uses is left alone. The proxy runs on an event loop in a thread of its own."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any

from tests.tables.live_servers import free_port


class PostgresProxy:
    def __init__(self, host: str, port: int) -> None:
        self.upstream = (host, port)
        self.port = free_port()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.server: asyncio.AbstractServer | None = None
        self.links: set[asyncio.StreamWriter] = set()  # both ends of every proxied connection
        self.resets = 0  # connections reset by go_down
        self.flowing = asyncio.Event()
        self.held = 0  # messages held by freeze

    def _run(self, coroutine: Coroutine[Any, Any, Any]) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout=30)

    def start(self) -> None:
        self.thread.start()
        self._run(self._listen())

    def freeze(self) -> None:
        """Hold whatever either side sends from now on, until the connections go."""
        self.loop.call_soon_threadsafe(self.flowing.clear)

    def thaw(self) -> None:
        """Let what was held go on (nothing was lost: a pause, not a fault)."""
        self.loop.call_soon_threadsafe(self.flowing.set)

    def go_down(self) -> None:
        """Refuse new connections and reset every open one, at once."""
        self._run(self._down())

    def come_back(self) -> None:
        """Accept connections again (on the same port)."""
        self._run(self._listen())

    def stop(self) -> None:
        if self.thread.is_alive():
            self._run(self._down())
            self._run(self._end_tasks())
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(10)
            self.loop.close()

    async def _end_tasks(self) -> None:
        tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _listen(self) -> None:
        self.flowing.set()
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", self.port)

    async def _down(self) -> None:
        if self.server is not None:
            self.server.close()
            self.server = None
        links, self.links = self.links, set()
        self.resets += len(links) // 2
        for writer in links:
            writer.transport.abort()  # a reset, not a goodbye

    async def _serve(
        self, client_reader: asyncio.StreamReader, client: asyncio.StreamWriter
    ) -> None:
        try:
            upstream_reader, upstream = await asyncio.open_connection(*self.upstream)
        except OSError:
            client.transport.abort()
            return
        if self.server is None:  # went down meanwhile
            client.transport.abort()
            upstream.transport.abort()
            return
        self.links |= {client, upstream}
        await asyncio.gather(
            self._pipe(client_reader, upstream),
            self._pipe(upstream_reader, client),
            return_exceptions=True,
        )
        for writer in (client, upstream):
            self.links.discard(writer)
            if not writer.is_closing():
                writer.transport.abort()

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Copy until either side goes; then the other goes too (the way the first did)."""
        try:
            while data := await reader.read(65536):
                if not self.flowing.is_set():
                    self.held += 1
                    await self.flowing.wait()  # frozen: held until the connection goes
                writer.write(data)
                await writer.drain()
        except OSError:
            writer.transport.abort()
        else:
            writer.close()

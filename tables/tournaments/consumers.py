"""A tournament lobby's socket (docs/protocol.md, "The tournament lobby")."""

from __future__ import annotations

from typing import Any

from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils import translation
from django.utils.translation import gettext as _

from pokerclub.access import membership_of
from pokerclub.language import language_of_scope
from tables.play.consumers import CLOSE_NOT_MEMBER, database_sync_to_async
from tables.play.error_codes import PlayError, PlayErrorCode
from tables.play.projection import frame_json
from tables.tournaments.models import Tournament


class TournamentConsumer(AsyncWebsocketConsumer):
    """A tournament's lobby, live (docs/protocol.md, "The tournament lobby"): members of the
    club hear ``changed`` (with the tournament's version) whenever it changes, and reload
    the lobby's part of the page. Nothing is read from the socket: a frame is refused."""

    tournament_id: int

    async def connect(self) -> None:
        self.user = self.scope.get("user")
        self.tournament_id = int(self.scope["url_route"]["kwargs"]["tournament_id"])
        await self.accept()
        if not await self._may_watch():
            await self.close(code=CLOSE_NOT_MEMBER)
            return
        self.group = f"tournament-{self.tournament_id}"
        await self.channel_layer.group_add(self.group, self.channel_name)

    async def disconnect(self, code: int) -> None:
        if getattr(self, "group", None):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        with translation.override(language_of_scope(self.scope)):
            error = PlayError(PlayErrorCode.UNKNOWN_TYPE, _("The lobby takes no messages."))
        await self.send(text_data=frame_json(error.as_message()))

    async def tournament_changed(self, event: dict[str, Any]) -> None:
        await self.send(text_data=frame_json({"type": "changed", "version": event["version"]}))

    @database_sync_to_async
    def _may_watch(self) -> bool:
        if self.user is None or not self.user.is_authenticated:
            return False
        club_id = (
            Tournament.objects.filter(pk=self.tournament_id)
            .values_list("club_id", flat=True)
            .first()
        )
        return club_id is not None and membership_of(self.user, club_id) is not None

from typing import Any

from django.apps import AppConfig


class TablesConfig(AppConfig):
    """Everything played and what follows from it, one package per domain: live play
    (``tables.play``), tournaments, hand records (``tables.hands``) and money."""

    name = "tables"

    def ready(self) -> None:
        from pokerclub import signals
        from tables.play.actions import release_member

        def release(sender: Any, *, club_id: int, user_id: int, **kwargs: Any) -> None:
            release_member(club_id, user_id)

        signals.member_left.connect(release, dispatch_uid="tables.release_member")

"""Table chat: stored, length-limited; escaped by every page and client that shows it."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import OuterRef, Subquery
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from pokerclub.models import Membership, Role
from pokerclub.text import problem_in, refusal
from tables.play.actions.common import broadcast_on_commit, membership
from tables.play.error_codes import PlayError, PlayErrorCode
from tables.play.models import ChatMessage, Table


def chat_payload(message: ChatMessage, name: str, guest: bool = False) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "id": message.pk,
        "name": name,
        "text": message.text,
        "at": message.created_at.isoformat(),
    }
    if guest:
        payload["guest"] = True  # shown with a "guest" mark, as at the seat
    return payload


@transaction.atomic
def post_chat(user: Any, table_id: int, text: Any) -> ChatMessage:
    if not isinstance(text, str):
        raise PlayError(
            PlayErrorCode.BAD_FIELD, _("'%(field)s' must be a string.") % {"field": "text"}
        )
    text = " ".join(text.split())
    if not text:
        raise PlayError(PlayErrorCode.BAD_FIELD, _("A chat message cannot be empty."))
    if len(text) > ChatMessage.MAX_LENGTH:
        raise PlayError(
            PlayErrorCode.BAD_FIELD,
            ngettext(
                "A chat message can have at most %(count)d character.",
                "A chat message can have at most %(count)d characters.",
                ChatMessage.MAX_LENGTH,
            )
            % {"count": ChatMessage.MAX_LENGTH},
        )
    problem = problem_in(text)  # whitespace is collapsed above: one line
    if problem:
        raise PlayError(PlayErrorCode.BAD_TEXT, refusal(problem, "chat"))
    table = Table.objects.select_related("club").filter(pk=table_id).first()
    if table is None:
        raise PlayError(PlayErrorCode.NO_SUCH_TABLE, _("There is no such table."))
    poster = membership(user, table)
    message = ChatMessage.objects.create(table=table, user=user, text=text)
    chat = chat_payload(message, str(user), poster.is_guest)
    broadcast_on_commit(table.pk, {"type": "table.chat", "chat": chat})
    return message


def recent_chat(table_id: int, limit: int = 50) -> list[dict[str, Any]]:
    club_id = Table.objects.filter(pk=table_id).values_list("club_id", flat=True).first()
    role = Membership.objects.filter(club_id=club_id or 0, user_id=OuterRef("user_id"))
    rows = list(
        ChatMessage.objects.filter(table_id=table_id)
        .select_related("user")
        .annotate(role=Subquery(role.values("role")[:1]))
        .order_by("-pk")[:limit]
    )
    return [chat_payload(m, str(m.user), m.role == Role.GUEST) for m in reversed(rows)]

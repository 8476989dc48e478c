"""Table chat: stored, length-limited; escaped by every page and client that shows it."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from pokerclub.text import problem_in
from tables.play.actions.common import broadcast_on_commit, membership
from tables.play.error_codes import PlayError, PlayErrorCode
from tables.play.models import ChatMessage, Table


def chat_payload(message: ChatMessage, name: str) -> dict[str, Any]:
    return {
        "id": message.pk,
        "name": name,
        "text": message.text,
        "at": message.created_at.isoformat(),
    }


@transaction.atomic
def post_chat(user: Any, table_id: int, text: Any) -> ChatMessage:
    if not isinstance(text, str):
        raise PlayError(PlayErrorCode.BAD_FIELD, "'text' must be a string.")
    text = " ".join(text.split())
    if not text:
        raise PlayError(PlayErrorCode.BAD_FIELD, "A chat message cannot be empty.")
    if len(text) > ChatMessage.MAX_LENGTH:
        raise PlayError(
            PlayErrorCode.BAD_FIELD,
            f"A chat message can have at most {ChatMessage.MAX_LENGTH} characters.",
        )
    problem = problem_in(text)  # whitespace is collapsed above: one line
    if problem:
        raise PlayError(PlayErrorCode.BAD_TEXT, f"A chat message cannot hold {problem}.")
    table = Table.objects.select_related("club").filter(pk=table_id).first()
    if table is None:
        raise PlayError(PlayErrorCode.NO_SUCH_TABLE, "There is no such table.")
    membership(user, table)
    message = ChatMessage.objects.create(table=table, user=user, text=text)
    broadcast_on_commit(table.pk, {"type": "table.chat", "chat": chat_payload(message, str(user))})
    return message


def recent_chat(table_id: int, limit: int = 50) -> list[dict[str, Any]]:
    rows = list(
        ChatMessage.objects.filter(table_id=table_id).select_related("user").order_by("-pk")[:limit]
    )
    return [chat_payload(m, str(m.user)) for m in reversed(rows)]

"""What the views of every domain share about HTTP: the signed-in request, CSV downloads.

The request a view behind ``login_required`` receives: its user is signed in. Django types ``HttpRequest.user`` as ``User | AnonymousUser``; ``login_required`` redirects
anonymous visitors before the view runs, so these views annotate their request with this
class (the django-stubs pattern) instead of checking the user again.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Iterator
from typing import Any

from django.http import HttpRequest, StreamingHttpResponse

from pokerclub.models import User


class AuthenticatedHttpRequest(HttpRequest):
    user: User


def csv_cell(value: Any) -> Any:
    """A cell that a spreadsheet shows as text: a value starting with ``= + - @``, a tab or
    a carriage return would be read as a formula (CSV injection), so it gets a leading
    apostrophe. Numbers are written as numbers."""
    if isinstance(value, int):
        return value
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def csv_response(rows: Iterable[list[Any]], filename: str) -> StreamingHttpResponse:
    """A CSV download, streamed, every cell through :func:`csv_cell`."""

    class Echo:
        def write(self, value: str) -> str:
            return value

    writer = csv.writer(Echo())

    def lines() -> Iterator[str]:
        for row in rows:
            yield writer.writerow([csv_cell(v) for v in row])

    response = StreamingHttpResponse(lines(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response

"""Files uploaded from other home-game sites: opening a CSV (its size, UTF-8, its header),
its records, and its cells read exactly (an amount in the club's smallest unit, an ISO 8601
time). The checks the ledger import (``tables.money.actions.ledger_import``) and the hand-log import
(``tables.hands.actions.log_import``) share: a file that is not what it claims is refused with a
message naming the line and the column (:class:`UploadError`), before anything is stored."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from typing import Any

from django.contrib import messages
from django.http import HttpRequest

from pokerclub.errors import Refused
from pokerclub.text import problem_in


class UploadErrorCode(StrEnum):
    BAD_FILE = "bad_file"


class UploadError(Refused):
    """A file that is not what it claims; nothing was imported."""

    code: UploadErrorCode

    def __init__(self, message: str) -> None:
        super().__init__(UploadErrorCode.BAD_FILE, message)


def file_amount(text: str, line: int, column: str, places: int, whole: bool) -> int:
    """An amount of the file in the club's smallest unit: with ``whole`` the file counts
    whole units (``20.50``), otherwise the smallest unit itself (``2050``)."""
    try:
        value = Decimal(text.strip())
    except InvalidOperation:
        raise UploadError(f"line {line}, column {column}: {text[:20]!r} is not a number") from None
    if not value.is_finite():
        raise UploadError(f"line {line}, column {column}: {text[:20]!r} is not a number")
    scaled = value * (10**places if whole else 1)
    if scaled != scaled.to_integral_value():
        raise UploadError(
            f"line {line}, column {column}: {text[:20]!r} has more decimals than the club's amounts"
        )
    if abs(scaled) > 10**15:
        raise UploadError(f"line {line}, column {column}: {text[:20]!r} is out of range")
    return int(scaled)


def file_time(text: str, line: int, column: str) -> datetime:
    """A time of the file (ISO 8601; ``Z`` or an offset, else UTC), aware."""
    try:
        when = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        raise UploadError(
            f"line {line}, column {column}: {text.strip()[:30]!r} is not a time like"
            " 2026-11-27T20:15:00Z"
        ) from None
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def open_csv(
    data: bytes, limit: int, columns: tuple[str, ...], what: str, size_note: str
) -> tuple[Any, list[str], dict[str, int]]:
    """A CSV file from elsewhere, opened: its reader past the header, the header, and each
    of ``columns``' index (any order, other columns ignored). :class:`UploadError` for a
    file over ``limit`` bytes, not UTF-8, empty, or without one of ``columns``."""
    if len(data) > limit:
        raise UploadError(
            f"The file is {len(data) / 2**20:.1f} MB: {size_note} (at most {limit // 2**20} MB)."
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise UploadError(
            f"The file is not UTF-8 text (byte {error.start + 1}): export {what} as CSV again."
        ) from None
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = [h.strip().lower() for h in next(reader)]
    except StopIteration:
        raise UploadError("The file is empty.") from None
    except csv.Error as error:
        raise UploadError(f"line 1: {error}") from None
    missing = [c for c in columns if c not in header]
    if missing:
        raise UploadError(
            f"line 1: {what}'s columns are {', '.join(columns)}; missing: {', '.join(missing)}"
        )
    return reader, header, {c: header.index(c) for c in columns}


def records(
    reader: Any, header: list[str], max_rows: int, what: str
) -> Iterator[tuple[int, list[str]]]:
    """The file's rows after the header, each with its line; blank rows passed over.
    :class:`UploadError` for a row short of columns, too many rows, broken CSV, or a cell
    that is not text (a NUL, a control character, a broken or reordering character:
    ``pokerclub.text``; its names are shown to the club)."""
    count = 0
    try:
        for cells in reader:
            line = reader.line_num
            if not any(cell.strip() for cell in cells):
                continue
            if len(cells) < len(header):
                raise UploadError(
                    f"line {line}: {len(cells)} columns, the header has {len(header)}"
                )
            if count >= max_rows:
                raise UploadError(f"line {line}: more than {max_rows} rows: not one game's {what}")
            for index, cell in enumerate(cells):
                problem = problem_in(cell, name=True)
                if problem:
                    column = header[index] if index < len(header) else str(index + 1)
                    raise UploadError(f"line {line}, column {column[:30]}: {problem}")
            count += 1
            yield line, cells
    except csv.Error as error:
        raise UploadError(f"line {reader.line_num}: {error}") from None


def uploaded_file(
    request: HttpRequest, what: str, limit: int, typical: str
) -> tuple[bytes, str] | None:
    """The uploaded file's first ``limit + 1`` bytes (the importer refuses more) and its
    name; ``None`` once the user has been told why there is nothing to import."""
    upload = request.FILES.get("file")
    if upload is None:
        messages.error(request, f"Choose the {what}'s CSV file.")
        return None
    if upload.size is not None and upload.size > limit:
        messages.error(
            request,
            f"Nothing was imported: the file is {upload.size / 2**20:.1f} MB; {typical}"
            f" (at most {limit // 2**20} MB).",
        )
        return None
    return upload.read(limit + 1), upload.name or ""

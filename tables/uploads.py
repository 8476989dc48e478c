"""Files uploaded from other home-game sites: opening a CSV (its size, UTF-8, its header),
its records, and its cells read exactly (an amount in the club's smallest unit, an ISO 8601
time). The checks the ledger import (``tables.money.actions.ledger_import``) and the hand-log import
(``tables.hands.actions.log_import``) share: a file that is not what it claims is refused with a
message naming the line and the column (:class:`UploadError`), before anything is stored."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from typing import Any

from django.contrib import messages
from django.http import HttpRequest
from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from pokerclub.errors import Refused
from pokerclub.text import problem_in, refusal


class UploadErrorCode(StrEnum):
    BAD_FILE = "bad_file"


class UploadError(Refused):
    """A file that is not what it claims; nothing was imported."""

    code: UploadErrorCode

    def __init__(self, message: str) -> None:
        super().__init__(UploadErrorCode.BAD_FILE, message)


@dataclass(frozen=True)
class FileKind:
    """What is said about one kind of file (a ledger, a hand log), each a whole sentence
    marked for the catalog where the kind is defined (``gettext_noop``) and translated
    here: ``choose`` (nothing uploaded), ``too_big_upload`` (``%(size)s`` and ``%(limit)s``
    MB, refused before it is read), ``too_big`` (the same, of the file read),
    ``not_utf8`` (``%(byte)s``), ``columns`` (``%(columns)s`` it needs, ``%(missing)s``),
    ``too_many_rows`` (``%(line)s``, ``%(rows)s``)."""

    choose: str
    too_big_upload: str
    too_big: str
    not_utf8: str
    columns: str
    too_many_rows: str


def _megabytes(size: int) -> str:
    """``size`` bytes in MB with one decimal, written as the reader writes numbers."""
    return formats.number_format(round(size / 2**20, 1), 1)


def file_amount(text: str, line: int, column: str, places: int, whole: bool) -> int:
    """An amount of the file in the club's smallest unit: with ``whole`` the file counts
    whole units (``20.50``), otherwise the smallest unit itself (``2050``)."""
    where = {"line": line, "column": column, "text": repr(text[:20])}
    # Translators: %(line)s is a line of an imported CSV file, %(column)s a column's name as
    # the file has it, %(text)s what the cell holds, quoted ('20.5x').
    not_a_number = _("line %(line)s, column %(column)s: %(text)s is not a number")
    try:
        value = Decimal(text.strip())
    except InvalidOperation:
        raise UploadError(not_a_number % where) from None
    if not value.is_finite():
        raise UploadError(not_a_number % where)
    scaled = value * (10**places if whole else 1)
    if scaled != scaled.to_integral_value():
        raise UploadError(
            _(
                "line %(line)s, column %(column)s: %(text)s has more decimals than the"
                " club's amounts"
            )
            % where
        )
    if abs(scaled) > 10**15:
        raise UploadError(_("line %(line)s, column %(column)s: %(text)s is out of range") % where)
    return int(scaled)


def file_time(text: str, line: int, column: str) -> datetime:
    """A time of the file (ISO 8601; ``Z`` or an offset, else UTC), aware."""
    try:
        when = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        raise UploadError(
            # Translators: keep the example time 2026-11-27T20:15:00Z as it is (ISO 8601).
            _("line %(line)s, column %(column)s: %(text)s is not a time like 2026-11-27T20:15:00Z")
            % {"line": line, "column": column, "text": repr(text.strip()[:30])}
        ) from None
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def open_csv(
    data: bytes, limit: int, columns: tuple[str, ...], kind: FileKind
) -> tuple[Any, list[str], dict[str, int]]:
    """A CSV file from elsewhere, opened: its reader past the header, the header, and each
    of ``columns``' index (any order, other columns ignored). :class:`UploadError` for a
    file over ``limit`` bytes, not UTF-8, empty, or without one of ``columns``."""
    if len(data) > limit:
        raise UploadError(
            _(kind.too_big) % {"size": _megabytes(len(data)), "limit": limit // 2**20}
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise UploadError(_(kind.not_utf8) % {"byte": error.start + 1}) from None
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = [h.strip().lower() for h in next(reader)]
    except StopIteration:
        raise UploadError(_("The file is empty.")) from None
    except csv.Error as error:
        raise UploadError(_csv_error(1, error)) from None
    missing = [c for c in columns if c not in header]
    if missing:
        raise UploadError(
            _(kind.columns) % {"columns": ", ".join(columns), "missing": ", ".join(missing)}
        )
    return reader, header, {c: header.index(c) for c in columns}


def _csv_error(line: int, error: csv.Error) -> str:
    # Translators: %(error)s is Python's own description of broken CSV, in English.
    return _("line %(line)s: %(error)s") % {"line": line, "error": error}


def records(
    reader: Any, header: list[str], max_rows: int, kind: FileKind
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
                    ngettext(
                        "line %(line)s: %(cells)s column, the header has %(header)s",
                        "line %(line)s: %(cells)s columns, the header has %(header)s",
                        len(cells),
                    )
                    % {"line": line, "cells": len(cells), "header": len(header)}
                )
            if count >= max_rows:
                raise UploadError(_(kind.too_many_rows) % {"line": line, "rows": max_rows})
            for index, cell in enumerate(cells):
                problem = problem_in(cell, name=True)
                if problem:
                    column = header[index] if index < len(header) else str(index + 1)
                    raise UploadError(refusal(problem, "cell", line=line, column=column[:30]))
            count += 1
            yield line, cells
    except csv.Error as error:
        raise UploadError(_csv_error(reader.line_num, error)) from None


def uploaded_file(request: HttpRequest, kind: FileKind, limit: int) -> tuple[bytes, str] | None:
    """The uploaded file's first ``limit + 1`` bytes (the importer refuses more) and its
    name; ``None`` once the user has been told why there is nothing to import."""
    upload = request.FILES.get("file")
    if upload is None:
        messages.error(request, _(kind.choose))
        return None
    if upload.size is not None and upload.size > limit:
        messages.error(
            request,
            _(kind.too_big_upload) % {"size": _megabytes(upload.size), "limit": limit // 2**20},
        )
        return None
    return upload.read(limit + 1), upload.name or ""

"""A fast reader for the TOML that PHH files are made of, with ``tomllib`` behind it.

PHH documents (ours, PokerKit's, the public datasets') use a small part of TOML: ``key =
value`` lines whose values are strings, integers, booleans or flat arrays of them (an array
may run over several lines, as our ``actions`` do), ``#`` comment lines, and in a ``.phhs``
file ``[1]``, ``[2]``... table headers. :func:`loads` reads exactly that part with a few
regular expressions, several times faster than ``tomllib`` (a third of a whole replay's
time went to it), and hands anything else to ``tomllib`` untouched: an escape in a string,
a float, a date, an inline table, a comment after a value, a dotted key, a repeated key.
Whatever this reader accepts, it reads as ``tomllib`` does (the tests compare the two on
generated documents); whatever it does not accept gets ``tomllib``'s answer, errors
included.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any, Final

_KEY: Final = r"[A-Za-z0-9_-]+"
# the scalars read here: a string with no escape and no control character but tab (basic or
# literal), a decimal integer without underscores or leading zeros, a boolean
_SCALAR: Final = (
    r"\"[^\"\\\x00-\x08\x0a-\x1f\x7f]*\"|'[^'\x00-\x08\x0a-\x1f\x7f]*'"
    r"|[+-]?(?:0|[1-9][0-9]*)(?![0-9A-Za-z_.:+-])|true(?![A-Za-z0-9_-])|false(?![A-Za-z0-9_-])"
)
_WS: Final = r"[ \t]*"
_WSNL: Final = r"[ \t\n]*"
_LINE: Final = re.compile(rf"{_WS}({_KEY}){_WS}={_WS}(?:({_SCALAR})|(\[.*)){_WS}")
_ARRAY: Final = re.compile(
    rf"\[{_WSNL}(?:(?:{_SCALAR}){_WSNL},{_WSNL})*(?:(?:{_SCALAR}){_WSNL})?\]{_WS}"
)
_ITEM: Final = re.compile(_SCALAR)
_HEADER: Final = re.compile(rf"{_WS}\[{_WS}({_KEY}){_WS}\]{_WS}")
_SKIP: Final = re.compile(rf"{_WS}(?:#[^\x00-\x08\x0a-\x1f\x7f]*)?")


class _NotSubset(Exception):
    """The document uses TOML beyond the subset: ``tomllib`` reads it."""


def loads(text: str) -> dict[str, Any]:
    """The document as ``tomllib.loads`` returns it (and its ``TOMLDecodeError`` if any)."""
    try:
        return _loads_subset(text)
    except _NotSubset:
        return tomllib.loads(text)


def _scalar(token: str) -> str | int | bool:
    first = token[0]
    if first == '"' or first == "'":
        return token[1:-1]
    if token == "true":
        return True
    if token == "false":
        return False
    return int(token)


def _loads_subset(text: str) -> dict[str, Any]:
    document: dict[str, Any] = {}
    table = document
    if "\r" in text:  # a CR is only allowed before a LF
        if text.count("\r") != text.count("\r\n"):
            raise _NotSubset
        text = text.replace("\r\n", "\n")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    count = len(lines)
    index = 0
    line_match = _LINE.fullmatch
    while index < count:
        line = lines[index]
        index += 1
        match = line_match(line)
        if match is None:
            if _SKIP.fullmatch(line):
                continue
            header = _HEADER.fullmatch(line)
            if header is None or header[1] in document or table is not document and not table:
                raise _NotSubset
            table = document[header[1]] = {}
            continue
        key, scalar, array = match.groups()
        if key in table:
            raise _NotSubset
        if scalar is not None:
            table[key] = _scalar(scalar)
            continue
        if not array.rstrip(" \t").endswith("]"):  # a multi-line array: up to its "]" line
            parts = [array]
            while True:
                if index >= count:
                    raise _NotSubset
                part = lines[index]
                index += 1
                parts.append(part)
                if part.rstrip(" \t").endswith("]"):
                    break
            array = "\n".join(parts)
        if _ARRAY.fullmatch(array) is None:
            raise _NotSubset
        table[key] = [_scalar(token) for token in _ITEM.findall(array)]
    if table is not document and not table:
        raise _NotSubset  # an empty last table: let tomllib decide
    return document

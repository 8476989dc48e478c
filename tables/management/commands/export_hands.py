"""Export finished hands: ``manage.py export_hands --format pokerstars|phh|json
[--club SLUG] [--table ID] [--player EMAIL] --output FILE``.

Hands are streamed (a bounded chunk at a time), so any number of hands can be exported.
By default the export is the public view: only hands that were shown (R11). ``--player``
adds that player's own hole cards and keeps only the hands they played.

The file appears whole or not at all: the export is written to a temporary file beside it,
flushed to disk and renamed over ``FILE`` at the end. A hand that cannot be exported stops
the command with a message naming it (table, hand number, id) and a non-zero exit status;
the temporary file is removed and an existing ``FILE`` is left as it was.
"""

from __future__ import annotations

import os
import secrets
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from pokerclub.models import Club, User
from tables.hands.exports import FORMATS, ExportError, stream
from tables.hands.exports.common import Viewer
from tables.hands.models import Hand


class Command(BaseCommand):
    help = "Export finished hands as PokerStars-style text, PHH or JSON (streamed)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--format", choices=FORMATS, required=True)
        parser.add_argument("--club", help="only this club's hands (its slug)")
        parser.add_argument("--table", type=int, help="only this table's hands (its id)")
        parser.add_argument("--player", help="a player's email: their hands, with their cards")
        parser.add_argument("--output", required=True, help="file to write, or - for stdout")

    def handle(self, *args: Any, **options: Any) -> None:
        hands = Hand.objects.all()
        if options["club"]:
            club = Club.objects.filter(slug=options["club"]).first()
            if club is None:
                raise CommandError(f"There is no club {options['club']!r}.")
            hands = hands.filter(table__club=club)
        if options["table"] is not None:
            hands = hands.filter(table_id=options["table"])
        viewer = Viewer.public()
        if options["player"]:
            user = User.objects.filter(email__iexact=options["player"]).first()
            if user is None:
                raise CommandError(f"There is no player {options['player']!r}.")
            viewer = Viewer(user.pk)
            hands = hands.filter(participants__user=user)
        pieces = stream(hands, options["format"], viewer)
        try:
            if options["output"] == "-":
                for piece in pieces:
                    sys.stdout.write(piece)
                return
            path = Path(options["output"])
            write_whole(path, pieces)
        except ExportError as error:
            where = "" if options["output"] == "-" else f" {options['output']} was not written."
            raise CommandError(f"Export failed: {error}.{where}") from error
        except OSError as error:
            raise CommandError(f"Cannot write {options['output']}: {error}") from error
        self.stderr.write(f"Wrote {path}.")


def write_whole(path: Path, pieces: Iterator[str]) -> None:
    """Write ``pieces`` to ``path`` so that it is whole or not there: a temporary file in
    the same directory (same file system, so the rename is atomic), fsync, ``os.replace``.
    On any failure the temporary file is removed and the error raised."""
    temp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    # the mode a plain open() gives (0666 less the umask); O_EXCL: never someone else's file
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with open(fd, "w", encoding="utf-8") as out:
            for piece in pieces:
                out.write(piece)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    directory = os.open(path.parent, os.O_RDONLY)
    try:  # the rename itself reaches the disk
        os.fsync(directory)
    finally:
        os.close(directory)

"""Export finished hands: ``manage.py export_hands --format pokerstars|phh|json
[--club SLUG] [--table ID] [--player EMAIL] --output FILE``.

Hands are streamed (a bounded chunk at a time), so any number of hands can be exported.
By default the export is the public view: only hands that were shown (R11). ``--player``
adds that player's own hole cards and keeps only the hands they played.
"""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from pokerclub.models import Club, User
from tables.history.exports import FORMATS, Viewer, stream
from tables.models import Hand


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
        out = sys.stdout if options["output"] == "-" else open(  # noqa: SIM115
            options["output"], "w", encoding="utf-8"
        )
        try:
            for piece in stream(hands, options["format"], viewer):
                out.write(piece)
        finally:
            if out is not sys.stdout:
                out.close()
        if options["output"] != "-":
            self.stderr.write(f"Wrote {options['output']}.")

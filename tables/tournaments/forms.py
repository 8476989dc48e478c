"""The host's tournament form: what a person types, turned into the service's
:class:`~tables.tournaments.actions.lifecycle.Settings` (which checks it again: the form is for
people, the service for everyone)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from engine import tournament as rules
from engine.errors import EngineError
from pokerclub.forms import AmountField, read_amounts_for
from pokerclub.models import Club
from pokerclub.text import validate_name
from tables.play.engine_text import engine_text
from tables.play.models import GameChoice, Structure
from tables.tournaments.actions.lifecycle import Settings
from tables.tournaments.models import Tournament

PRESET_CHOICES = [
    ("regular", _("Regular: 100 big blinds, 12-minute levels")),
    ("turbo", _("Turbo: 50 big blinds, 6-minute levels")),
    ("deep", _("Deep: 200 big blinds, 20-minute levels")),
    ("custom", _("Custom levels (below)")),
]


def parse_levels(text: str) -> list[rules.Level]:
    """Custom levels, one a line: ``SB/BB minutes`` with an optional ``ante N`` or ``bba N``
    (a big-blind ante), e.g. ``100/200 ante 25 15`` or ``100/200 bba 200 15``."""
    levels = []
    for number, line in enumerate((x for x in text.splitlines() if x.strip()), 1):
        words = line.replace(",", " ").split()
        try:
            small, big = (int(x) for x in words[0].split("/"))
            ante, bba = 0, False
            rest = words[1:]
            if rest and rest[0].lower() in ("ante", "bba"):
                bba = rest[0].lower() == "bba"
                ante = int(rest[1])
                rest = rest[2:]
            (minutes,) = (int(x) for x in rest)
        except (ValueError, IndexError):
            raise forms.ValidationError(
                gettext(
                    "Level %(number)s: write it as 100/200 15, or 100/200 ante 25 15, "
                    "or 100/200 bba 200 15 (blinds, ante, minutes)."
                )
                % {"number": number}
            ) from None
        levels.append(rules.Level(small, big, ante=ante, ante_by_big_blind=bba, minutes=minutes))
    if not levels:
        raise forms.ValidationError(gettext("Write at least one level."))
    return levels


def parse_payout(text: str) -> tuple[int, ...]:
    """Percentages from first place down, ``50, 30, 20`` (two decimals at most), in basis
    points; empty: the default table (R26.1)."""
    shares = []
    for word in text.replace(";", ",").replace("%", "").split(","):
        if not word.strip():
            continue
        whole, _dot, frac = word.strip().partition(".")
        if not whole.isdigit() or (frac and (not frac.isdigit() or len(frac) > 2)):
            raise forms.ValidationError(gettext("Write the percentages like 50, 30, 20."))
        shares.append(int(whole) * 100 + int(frac.ljust(2, "0") or 0))
    return tuple(shares)


class TournamentForm(forms.Form):
    name = forms.CharField(max_length=60, validators=[validate_name], label=_("Name"))
    # poker all'italiana carries pots nobody won from hand to hand (R35): a tournament needs
    # every hand to have a winner to end, so it is a cash game only; Telesina's invito and
    # least bet have no place in the blind levels yet
    game = forms.ChoiceField(choices=[c for c in GameChoice.choices
                                      if c[0] not in ("italiana", "telesina")],
                             initial=GameChoice.HOLDEM, label=_("Game"))  # fmt: skip
    structure = forms.ChoiceField(choices=Structure.choices, initial=Structure.NO_LIMIT,
                                  label=_("Structure"))  # fmt: skip
    buy_in = AmountField(label=_("Buy-in"),
                         help_text=_("Into the prize pool, per entry and rebuy."))  # fmt: skip
    fee = AmountField(label=_("Entry fee"), required=False, zero=True,
                      help_text=_("The club's; optional."))  # fmt: skip
    starting_stack = forms.IntegerField(min_value=2, initial=10_000, label=_("Starting chips"))
    seats_per_table = forms.IntegerField(min_value=2, max_value=10, initial=9,
                                         label=_("Seats per table"))  # fmt: skip
    preset = forms.ChoiceField(choices=PRESET_CHOICES, initial="regular", label=_("Blinds"))
    levels = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4}),
        required=False,
        label=_("Custom levels"),
        help_text=_(
            "One a line: 100/200 15 (blinds, minutes), 100/200 ante 25 15, "
            "100/200 bba 200 15 (big-blind ante)."
        ),
    )
    break_every = forms.IntegerField(min_value=0, initial=0, required=False,
                                     label=_("A break after every … levels (0: none)"))  # fmt: skip
    break_minutes = forms.IntegerField(min_value=1, initial=5, required=False,
                                       label=_("Break minutes"))  # fmt: skip
    late_until_level = forms.IntegerField(min_value=0, initial=0, required=False,
                                          label=_("Late registration until the end of level"))  # fmt: skip
    entries_per_player = forms.IntegerField(min_value=1, initial=1, label=_("Entries per player"),
                                            help_text=_("More than 1: re-entry during late registration."))  # fmt: skip
    rebuy_until_level = forms.IntegerField(min_value=0, initial=0, required=False,
                                           label=_("Rebuys until the end of level (0: none)"))  # fmt: skip
    rebuy_limit = forms.IntegerField(min_value=0, initial=0, required=False,
                                     label=_("Rebuys per player (0: no limit)"))  # fmt: skip
    add_on_after_level = forms.IntegerField(min_value=0, initial=0, required=False,
                                            label=_("Add-on in the break after level (0: none)"))  # fmt: skip
    add_on_price = AmountField(required=False, zero=True, label=_("Add-on price"))
    add_on_chips = forms.IntegerField(min_value=0, initial=0, required=False,
                                      label=_("Add-on chips"))  # fmt: skip
    payout = forms.CharField(required=False, label=_("Payouts (%)"),
                             help_text=_("From first place down, e.g. 50, 30, 20; empty: by the number of entries."))  # fmt: skip
    start_mode = forms.ChoiceField(choices=Tournament.StartMode.choices,
                                   initial=Tournament.StartMode.SIT_AND_GO,
                                   label=_("Start mode"))  # fmt: skip
    start_players = forms.IntegerField(min_value=2, initial=9, required=False,
                                       label=_("Sit & go: start when this many have entered"))  # fmt: skip
    starts_at = forms.DateTimeField(required=False, label=_("Scheduled: starts at"),
                                    widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))  # fmt: skip
    action_seconds = forms.IntegerField(min_value=5, max_value=600, initial=30,
                                        label=_("Seconds to act"))  # fmt: skip
    deals_allowed = forms.BooleanField(required=False, initial=True,
                                       label=_("The players left may agree a deal (ICM or chip chop)"))  # fmt: skip

    in_person = forms.BooleanField(
        required=False, initial=False,
        label=_("At a real table: the clock and the results here, no online tables"),
    )  # fmt: skip
    COMMON_FIELDS = ("name", "in_person", "game", "structure", "buy_in", "fee", "starting_stack",
                     "preset", "levels", "start_mode", "start_players", "starts_at")  # fmt: skip
    """What every host sets; the rest folds under "More options" (as the table form's)."""

    def common_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.COMMON_FIELDS]

    def more_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name not in self.COMMON_FIELDS]

    def more_has_errors(self) -> bool:
        return any(self[name].errors for name in self.fields if name not in self.COMMON_FIELDS)

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        read_amounts_for(self, club)
        # the start is set in the club's time zone (each member reads it in their own)
        self.fields["starts_at"].label = gettext("Scheduled: starts at (%(zone)s time)") % {
            "zone": club.time_zone
        }

    def full_clean(self) -> None:
        """A start typed as "21:00" is 21:00 where the club plays, whatever the host's zone."""
        with timezone.override(self.club.zone):
            super().full_clean()

    def settings(self) -> Settings | None:
        """The service's settings, or ``None`` with the errors on the form."""
        data = self.cleaned_data
        buy_in = data.get("buy_in") or 0
        fee = data.get("fee") or 0
        add_on_price = data.get("add_on_price") or 0
        stack = data.get("starting_stack") or 0
        levels: list[rules.Level] = []
        break_every = data.get("break_every") or 0
        if data.get("preset") == "custom":
            try:
                levels = parse_levels(data.get("levels") or "")
            except forms.ValidationError as error:
                self.add_error("levels", error)
        elif stack:
            try:
                schedule = rules.preset(data["preset"], stack)
            except EngineError as error:
                self.add_error("starting_stack", engine_text(error.message))
            else:
                levels = list(schedule.levels)
                if not data.get("break_every"):
                    break_every = schedule.break_every
        try:
            payout = parse_payout(data.get("payout") or "")
        except forms.ValidationError as error:
            self.add_error("payout", error)
            payout = ()
        starts_at: datetime | None = data.get("starts_at")  # aware: the club's zone (full_clean)
        if self.errors:
            return None
        return Settings(
            name=data["name"],
            game=data["game"],
            structure=data["structure"],
            buy_in=buy_in,
            fee=fee,
            starting_stack=stack,
            seats_per_table=data["seats_per_table"],
            levels=tuple(levels),
            break_every=break_every,
            break_minutes=data.get("break_minutes") or 5,
            late_until_level=data.get("late_until_level") or 0,
            rebuy_until_level=data.get("rebuy_until_level") or 0,
            rebuy_limit=data.get("rebuy_limit") or 0,
            add_on_after_level=data.get("add_on_after_level") or 0,
            add_on_price=add_on_price,
            add_on_chips=data.get("add_on_chips") or 0,
            entries_per_player=data.get("entries_per_player") or 1,
            payout=payout,
            start_mode=data["start_mode"],
            start_players=(data.get("start_players") or 0)
            if data["start_mode"] == Tournament.StartMode.SIT_AND_GO
            else 0,
            starts_at=starts_at if data["start_mode"] == Tournament.StartMode.SCHEDULED else None,
            action_seconds=data["action_seconds"],
            deals_allowed=bool(data.get("deals_allowed")),
            in_person=bool(data.get("in_person")),
        )

"""The form a host plans a night with: times typed in the club's zone."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from pokerclub.forms import AmountField, read_amounts_for
from pokerclub.models import Club
from tables.nights.actions import NightPlan, SeasonPlan
from tables.nights.models import GameNight, Season


class NightForm(forms.Form):
    title = forms.CharField(label=_("Name"), max_length=80, initial=_("Poker night"))
    kind = forms.ChoiceField(label=_("What is played"), choices=GameNight.Kind.choices)
    starts_at = forms.DateTimeField(
        label=_("Starts at"), widget=forms.DateTimeInput(attrs={"type": "datetime-local"})
    )
    answer_by = forms.DateTimeField(
        label=_("Answers by"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
        help_text=_("The quorum is counted then, and the night is on or called off."),
    )
    seat_cap = forms.IntegerField(
        label=_("Seats"), min_value=2, max_value=GameNight.MAX_SEATS, initial=9
    )
    quorum = forms.IntegerField(
        label=_("On if at least this many say yes"),
        min_value=0,
        max_value=GameNight.MAX_SEATS,
        initial=4,
        help_text=_("0: the night is on whoever answers."),
    )
    plus_ones = forms.BooleanField(label=_("Members may bring a friend (+1)"), required=False)
    place = forms.CharField(label=_("Where (for a real table)"), max_length=120, required=False)
    note = forms.CharField(
        label=_("Note (buy-in, food…)"),
        max_length=500,
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    repeat = forms.ChoiceField(
        label=_("Repeat"),
        required=False,
        choices=[
            ("", _("Only this night")),
            ("weekly", _("Every week")),
            ("fortnightly", _("Every other week")),
            ("monthly", _("Every month")),
        ],
    )
    times = forms.IntegerField(label=_("How many nights"), min_value=1, initial=1)

    def __init__(self, *args: Any, club: Club, editing: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        if editing:  # one night of its own: what it is and its repeat stay as planned
            for name in ("kind", "repeat", "times"):
                del self.fields[name]
        self.fields["starts_at"].label = gettext("Starts at (%(zone)s time)") % {
            "zone": club.time_zone
        }
        if "times" in self.fields:
            self.fields["times"].help_text = gettext("With a repeat: at most %(most)s at once.") % {
                "most": GameNight.MAX_REPEATS
            }

    def full_clean(self) -> None:
        """ "21:00" is 21:00 where the club plays, whatever the host's own zone."""
        with timezone.override(self.club.zone):
            super().full_clean()

    def plan(self) -> NightPlan:
        data = self.cleaned_data
        return NightPlan(
            title=data["title"],
            kind=data.get("kind", ""),
            starts_at=data["starts_at"],
            answer_by=data["answer_by"],
            seat_cap=data["seat_cap"],
            quorum=data["quorum"],
            plus_ones=data["plus_ones"],
            place=data["place"],
            note=data["note"],
            repeat=data.get("repeat") or "",
            times=data.get("times") or 1,
        )


class SeasonForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=60, initial=_("Season"))
    starts_on = forms.DateField(label=_("From"), widget=forms.DateInput(attrs={"type": "date"}))
    ends_on = forms.DateField(label=_("To"), widget=forms.DateInput(attrs={"type": "date"}))
    tournament_points = forms.ChoiceField(
        label=_("Tournaments score"), choices=Season.Tournaments.choices
    )
    place_points = forms.CharField(
        label=_("Points by place (with a table)"),
        required=False,
        max_length=400,
        help_text=_("For 1st, 2nd, 3rd… place, e.g. 10, 7, 5, 3, 1."),
    )
    cash_points = forms.ChoiceField(label=_("Cash games score"), choices=Season.Cash.choices)
    cash_unit = AmountField(label=_("With net results: one point per"), initial=100)
    session_points = forms.IntegerField(
        label=_("With sessions: points for each"), min_value=0, max_value=1000, initial=1
    )
    attendance_points = forms.IntegerField(
        label=_("Points for each event played"), min_value=0, max_value=1000, initial=0
    )
    best_events = forms.IntegerField(
        label=_("Only the best events count"),
        min_value=0,
        max_value=500,
        initial=0,
        help_text=_("0: every event counts."),
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        read_amounts_for(self, club)
        self.fields["cash_unit"].initial = 10**club.places if club.places else 100

    def clean_place_points(self) -> list[int]:
        raw = self.cleaned_data["place_points"]
        parts = [p for p in re.split(r"[\s,;]+", raw) if p]
        if not all(p.isdigit() for p in parts):
            raise forms.ValidationError(_("Whole numbers, separated by commas."))
        return [int(p) for p in parts]

    def plan(self) -> SeasonPlan:
        data = self.cleaned_data
        return SeasonPlan(
            name=data["name"],
            starts_on=data["starts_on"],
            ends_on=data["ends_on"],
            tournament_points=data["tournament_points"],
            place_points=tuple(data["place_points"]),
            cash_points=data["cash_points"],
            cash_unit=data["cash_unit"],
            session_points=data["session_points"],
            attendance_points=data["attendance_points"],
            best_events=data["best_events"],
        )

"""The form a host plans a night with: times typed in the club's zone."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from pokerclub.models import Club
from tables.nights.actions import NightPlan
from tables.nights.models import GameNight


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

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        self.fields["starts_at"].label = gettext("Starts at (%(zone)s time)") % {
            "zone": club.time_zone
        }
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
            kind=data["kind"],
            starts_at=data["starts_at"],
            answer_by=data["answer_by"],
            seat_cap=data["seat_cap"],
            quorum=data["quorum"],
            plus_ones=data["plus_ones"],
            place=data["place"],
            note=data["note"],
            repeat=data["repeat"] or "",
            times=data["times"],
        )

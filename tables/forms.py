"""The host's table settings form. Every field is checked on the server."""

from __future__ import annotations

from typing import Any

from django import forms

from .models import Table

SETTING_FIELDS = [
    "name", "structure", "small_blind", "big_blind", "ante", "big_blind_ante",
    "straddle_allowed", "min_buy_in", "max_buy_in", "max_seats", "action_seconds",
    "time_bank_seconds", "run_it_twice_allowed", "show_all_called", "new_player_policy",
    "rake_percent", "rake_cap", "approve_seats",
]


class TableForm(forms.ModelForm):
    class Meta:
        model = Table
        fields = SETTING_FIELDS
        labels = {
            "max_seats": "Seats",
            "action_seconds": "Action clock (seconds)",
            "time_bank_seconds": "Time bank (seconds)",
            "show_all_called": "Show all called hands",
            "new_player_policy": "New players",
            "rake_percent": "Rake (%)",
            "rake_cap": "Rake cap per hand",
            "approve_seats": "Host approves who sits down",
            "big_blind_ante": "Big-blind ante (the big blind pays the ante for everyone)",
        }

    def __init__(self, *args: Any, in_hand_or_seated: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seated_numbers: set[int] = set()
        if self.instance and self.instance.pk:
            self.seated_numbers = set(
                self.instance.seats.exclude(user=None).values_list("number", flat=True)
            )

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError("A table needs a name.")
        return name

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        sb, bb = data.get("small_blind"), data.get("big_blind")
        if sb is not None and bb is not None and sb > bb:
            self.add_error("small_blind", "The small blind cannot be bigger than the big blind.")
        lo, hi = data.get("min_buy_in"), data.get("max_buy_in")
        if lo is not None and hi is not None and lo > hi:
            self.add_error("min_buy_in", "The minimum buy-in cannot be above the maximum.")
        if bb is not None and lo is not None and lo < bb:
            self.add_error("min_buy_in", "The minimum buy-in must cover at least one big blind.")
        if data.get("ante") and data.get("big_blind_ante") is None:
            data["big_blind_ante"] = False
        seats = data.get("max_seats")
        if seats is not None and self.seated_numbers and max(self.seated_numbers) > seats:
            self.add_error("max_seats", "Players sit in seats beyond that number.")
        return data

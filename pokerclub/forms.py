"""Forms for accounts and clubs. Every field is validated on the server."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django import forms
from django.utils import timezone

from .models import Club, User

DISPLAY_NAME_HELP = "2–32 characters; the name other players see at the table."


def clean_display_name(value: str) -> str:
    value = " ".join(value.split())
    if len(value) < 2:
        raise forms.ValidationError("A display name needs at least 2 characters.")
    if not any(ch.isalnum() for ch in value):
        raise forms.ValidationError("A display name needs at least one letter or digit.")
    return value


class SignupExtraForm(forms.Form):
    """Asked at sign-up besides email and password (allauth's ACCOUNT_SIGNUP_FORM_CLASS)."""

    display_name = forms.CharField(max_length=32, help_text=DISPLAY_NAME_HELP)

    def clean_display_name(self) -> str:
        return clean_display_name(self.cleaned_data["display_name"])

    def signup(self, request: Any, user: User) -> None:
        user.display_name = self.cleaned_data["display_name"]
        user.save(update_fields=["display_name"])


class ProfileForm(forms.ModelForm):
    class Meta:
        model = User
        fields = ["display_name"]
        help_texts = {"display_name": DISPLAY_NAME_HELP}

    def clean_display_name(self) -> str:
        return clean_display_name(self.cleaned_data["display_name"])


class ClubForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = [
            "name",
            "description",
            "amount_format",
            "currency_symbol",
            "currency_code",
            "decimal_places",
        ]
        widgets = {
            "description": forms.Textarea(attrs={"rows": 3}),
            "amount_format": forms.RadioSelect,
        }
        labels = {"amount_format": "Show amounts as"}

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError("A club needs a name.")
        return name

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("amount_format") == Club.AmountFormat.CURRENCY:
            if not data.get("currency_symbol", "").strip():
                self.add_error("currency_symbol", "Give the currency's symbol, for example € or $.")
            code = data.get("currency_code", "").strip().upper()
            if code and not (len(code) == 3 and code.isascii() and code.isalpha()):
                self.add_error(
                    "currency_code", "Give the three-letter ISO code, for example EUR or USD."
                )
            data["currency_code"] = code
        else:
            data["currency_symbol"] = ""
            data["currency_code"] = ""
        return data


class QuickStartForm(forms.Form):
    name = forms.CharField(
        max_length=80,
        label="Name of your group",
        error_messages={"required": "A club needs a name."},
    )

    def clean_name(self) -> str:
        return " ".join(self.cleaned_data["name"].split())


class InvitationForm(forms.Form):
    EXPIRY_CHOICES = [
        ("", "Never"),
        ("1", "In 1 day"),
        ("7", "In 7 days"),
        ("30", "In 30 days"),
    ]
    expires_in_days = forms.TypedChoiceField(
        choices=EXPIRY_CHOICES, coerce=int, empty_value=None, required=False, label="Expires"
    )
    max_uses = forms.IntegerField(
        min_value=1,
        max_value=1000,
        required=False,
        label="Maximum uses",
        help_text="Leave empty for no limit.",
    )

    def expires_at(self) -> Any:
        days = self.cleaned_data.get("expires_in_days")
        return timezone.now() + timedelta(days=days) if days else None

"""Forms for accounts and clubs. Every field is validated on the server."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from pokerclub.models import DEFAULT_CLUB_TIME_ZONE, Club, User, time_zones
from pokerclub.text import validate_name, validate_text

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


def zone_choices(blank: StrOrPromise | None = None) -> list[tuple[str, StrOrPromise]]:
    """Every time zone, by name ("Europe/Rome"), with ``blank`` first when given."""
    zones: list[tuple[str, StrOrPromise]] = [
        (zone, zone.replace("_", " ")) for zone in sorted(time_zones())
    ]
    return [("", blank), *zones] if blank is not None else zones


DISPLAY_NAME_HELP = gettext_lazy("2–32 characters; the name other players see at the table.")


class AmountField(forms.CharField):
    """Money or chips as people write them, read by the club's one parser
    (:meth:`Club.parse_amount`: the reader's language, the club's decimals; never guessed)
    and shown back the club's way (:meth:`Club.format_amount`): "0,50 €" in an Italian
    euro club, "50" in a chips club. The cleaned value is an integer of the club's smallest
    unit. ``zero``: "0" means none (an ante, a rake cap: off); else 0 is refused.

    The form says whose club it is: :func:`read_amounts_for` (before it cleans)."""

    widget = forms.TextInput

    MAX_LENGTH = 32
    """Longer than any amount written with its symbol and separators."""

    def __init__(self, *, zero: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.widget.attrs["maxlength"] = str(self.MAX_LENGTH)
        self.zero = zero
        self.club: Club | None = None
        self.widget.attrs.update({"inputmode": "decimal", "autocomplete": "off"})

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, int) and self.club is not None:
            return self.club.format_amount(value) if value or not self.zero else "0"
        return value

    def to_python(self, value: Any) -> int | None:  # type: ignore[override]
        text = str(super().to_python(value)).strip()
        if not text:
            return None
        assert self.club is not None, "read_amounts_for(form, club) first"
        if len(text) > self.MAX_LENGTH:
            raise forms.ValidationError(_("That is not an amount."), code="amount")
        if self.zero and "0" in text and not text.replace(self.club.symbol, "").strip(" \u00a0.,0"):
            return 0
        try:
            return self.club.parse_amount(text)
        except ValueError as error:
            raise forms.ValidationError(str(error), code="amount") from error


def read_amounts_for(form: forms.BaseForm, club: Club) -> None:
    """Every :class:`AmountField` of ``form`` reads and writes ``club``'s amounts."""
    for field in form.fields.values():
        if isinstance(field, AmountField):
            field.club = club


def clean_display_name(value: str) -> str:
    value = " ".join(value.split())
    if len(value) < 2:
        raise forms.ValidationError(_("A display name needs at least 2 characters."))
    if not any(ch.isalnum() for ch in value):
        raise forms.ValidationError(_("A display name needs at least one letter or digit."))
    validate_name(value)
    return value


class SignupExtraForm(forms.Form):
    """Asked at sign-up besides email and password (allauth's ACCOUNT_SIGNUP_FORM_CLASS)."""

    display_name = forms.CharField(
        max_length=32, label=gettext_lazy("Display name"), help_text=DISPLAY_NAME_HELP
    )

    def clean_display_name(self) -> str:
        return clean_display_name(self.cleaned_data["display_name"])

    def signup(self, request: Any, user: User) -> None:
        user.display_name = self.cleaned_data["display_name"]
        user.save(update_fields=["display_name"])


PAYMENT_METHODS = 3
"""How many ways to be paid a profile holds."""


def _no_control_characters(value: str) -> str:
    value = " ".join(value.split())
    if any(not ch.isprintable() for ch in value):
        raise forms.ValidationError(_("Use letters, digits and punctuation only."))
    return value


class ProfileForm(forms.ModelForm):
    """The display name, and up to three ways to be paid (never required): each a label
    ("Bank transfer", "Venmo") and free-text details, shown only to members of the
    player's clubs on a settlement where they are owed money."""

    class Meta:
        model = User
        fields = ["display_name", "language", "payment_reminders", "time_zone"]
        help_texts = {
            "display_name": DISPLAY_NAME_HELP,
            "time_zone": gettext_lazy("Every time on the site is shown in it."),
        }
        labels = {
            "display_name": gettext_lazy("Display name"),
            "language": gettext_lazy("Language"),
            "payment_reminders": gettext_lazy("Mail me when a payment I owe is overdue"),
        }

    time_zone = forms.ChoiceField(
        choices=zone_choices(blank=gettext_lazy("As my browser says")),
        required=False,
        label=gettext_lazy("Time zone"),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        saved = list(self.instance.payment_methods or []) if self.instance.pk else []
        for n in range(1, PAYMENT_METHODS + 1):
            entry = saved[n - 1] if n <= len(saved) else {}
            self.fields[f"pay_label_{n}"] = forms.CharField(
                # Translators: the label of one of three ways to be paid: 1, 2, 3.
                label=_("Way to pay you %(number)s") % {"number": n},
                max_length=40,
                validators=[validate_name],
                required=False,
                initial=entry.get("label", ""),
                help_text=_("For example: Bank transfer, PayPal, Venmo, Revolut.")
                if n == 1
                else "",
            )
            self.fields[f"pay_details_{n}"] = forms.CharField(
                # Translators: the details (an account, a handle) of way to be paid 1, 2, 3.
                label=_("Details %(number)s") % {"number": n},
                max_length=200,
                validators=[validate_text],
                required=False,
                initial=entry.get("details", ""),
                help_text=_("Members of your clubs see this when they owe you money.")
                if n == 1
                else "",
            )

    def clean_display_name(self) -> str:
        return clean_display_name(self.cleaned_data["display_name"])

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        methods = []
        for n in range(1, PAYMENT_METHODS + 1):
            try:
                label = _no_control_characters(data.get(f"pay_label_{n}", ""))
                details = _no_control_characters(data.get(f"pay_details_{n}", ""))
            except forms.ValidationError as error:
                self.add_error(f"pay_details_{n}", error)
                continue
            if details and not label:
                self.add_error(f"pay_label_{n}", _("Say what these details are for."))
            elif label and not details:
                self.add_error(f"pay_details_{n}", _("Add the details (an account, a handle)."))
            elif label:
                methods.append({"label": label, "details": details})
        data["payment_methods"] = methods
        return data

    def save(self, commit: bool = True) -> User:
        user = super().save(commit=False)
        user.payment_methods = self.cleaned_data["payment_methods"]
        if commit:
            user.save()
        return user


class ClubForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = Club.SETTINGS
        widgets = {
            "description": forms.Textarea(attrs={"rows": 3}),
            "amount_format": forms.RadioSelect,
        }
        labels = {
            "name": gettext_lazy("Name"),
            "description": gettext_lazy("Description"),
            "amount_format": gettext_lazy("Show amounts as"),
            "currency_symbol": gettext_lazy("Currency symbol"),
            "currency_code": gettext_lazy("Currency code"),
            "decimal_places": gettext_lazy("Decimal places"),
            "payment_grace_days": gettext_lazy("Days to pay before a payment is overdue"),
            "require_second_factor": gettext_lazy(
                "The owner and hosts need two-factor authentication"
            ),
            "guests_need_approval": gettext_lazy(
                "Guests from a table's link sit down only when a host says yes"
            ),
            "members_share_links": gettext_lazy("Every member can share a table's link"),
            "spectator_links": gettext_lazy("Tables can have a link to watch them"),
        }

    time_zone = forms.ChoiceField(
        choices=zone_choices(),
        initial=DEFAULT_CLUB_TIME_ZONE,
        required=False,
        label=gettext_lazy("Time zone"),
        help_text=gettext_lazy(
            "Where the club's times are set (a tournament's start); members read them in their own."
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["payment_grace_days"].required = False  # left out: the default
        if not self.instance.pk:  # asked of a club that exists (its owner's factor first)
            del self.fields["require_second_factor"]
        for name in ("name", "currency_symbol", "currency_code"):
            self.fields[name].validators.append(validate_name)
        self.fields["description"].validators.append(validate_text)

    def clean_time_zone(self) -> str:
        return self.cleaned_data.get("time_zone") or DEFAULT_CLUB_TIME_ZONE

    def clean_payment_grace_days(self) -> int:
        value = self.cleaned_data.get("payment_grace_days")
        return 3 if value is None else value

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(_("A club needs a name."))
        return name

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("amount_format") == Club.AmountFormat.CURRENCY:
            if not data.get("currency_symbol", "").strip():
                self.add_error(
                    "currency_symbol", _("Give the currency's symbol, for example € or $.")
                )
            code = data.get("currency_code", "").strip().upper()
            if code and not (len(code) == 3 and code.isascii() and code.isalpha()):
                self.add_error(
                    "currency_code", _("Give the three-letter ISO code, for example EUR or USD.")
                )
            data["currency_code"] = code
        else:
            data["currency_symbol"] = ""
            data["currency_code"] = ""
        return data


class QuickStartForm(forms.Form):
    name = forms.CharField(
        max_length=80,
        label=gettext_lazy("Name of your group"),
        error_messages={"required": gettext_lazy("A club needs a name.")},
        validators=[validate_name],
    )

    def clean_name(self) -> str:
        return " ".join(self.cleaned_data["name"].split())


class InvitationForm(forms.Form):
    EXPIRY_CHOICES = [
        # Translators: when an invitation link expires.
        ("", gettext_lazy("Never")),
        ("1", gettext_lazy("In 1 day")),
        ("7", gettext_lazy("In 7 days")),
        ("30", gettext_lazy("In 30 days")),
    ]
    expires_in_days = forms.TypedChoiceField(
        choices=EXPIRY_CHOICES,
        coerce=int,
        empty_value=None,
        required=False,
        label=gettext_lazy("Expires"),
    )
    max_uses = forms.IntegerField(
        min_value=1,
        max_value=1000,
        required=False,
        label=gettext_lazy("Maximum uses"),
        help_text=gettext_lazy("Leave empty for no limit."),
    )

    def expires_at(self) -> Any:
        days = self.cleaned_data.get("expires_in_days")
        return timezone.now() + timedelta(days=days) if days else None


class SaveAccountForm(forms.Form):
    """A guest keeps their hands and nets with an account: an e-mail address nobody uses
    and a password that passes the site's validators (allauth's, as at sign-up)."""

    email = forms.EmailField(label=gettext_lazy("E-mail address"), max_length=254)
    password1 = forms.CharField(
        label=gettext_lazy("Password"),
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    password2 = forms.CharField(
        label=gettext_lazy("Password (again)"),
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )

    def __init__(self, *args: Any, user: User, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_email(self) -> str:
        from allauth.account.adapter import get_adapter
        from allauth.account.models import EmailAddress

        email = get_adapter().clean_email(self.cleaned_data["email"]).lower()
        taken = (
            User.objects.filter(email__iexact=email).exists()
            or EmailAddress.objects.filter(email__iexact=email).exists()
        )
        if taken:
            raise forms.ValidationError(
                _("An account with this e-mail address exists: log in with it instead.")
            )
        return email

    def clean(self) -> dict[str, Any]:
        from allauth.account.adapter import get_adapter

        data = super().clean() or {}
        one, two = data.get("password1"), data.get("password2")
        if one and two and one != two:
            self.add_error("password2", _("The two passwords differ."))
        elif one:
            try:
                get_adapter().clean_password(one, user=self.user)
            except forms.ValidationError as error:
                self.add_error("password1", error)
        return data


class NicknameForm(forms.Form):
    """What a friend types on a table's link: the name the table will know them by."""

    nickname = forms.CharField(
        label=gettext_lazy("Your nickname"),
        required=False,  # the action says what a nickname may be (tables.play.guests)
        strip=False,
        widget=forms.TextInput(attrs={"autocomplete": "nickname", "autofocus": True}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["nickname"].validators = []  # one refusal for each problem: the action's

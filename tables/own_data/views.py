"""A member's own data: the page, the archive's download, and erasing the account. Thin:
the work is in :mod:`.archive` and :mod:`.erase`."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.core.mail import send_mail
from django.http import FileResponse, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from pokerclub.http import AuthenticatedHttpRequest
from pokerclub.models import User
from pokerclub.throttle import Limit
from tables.own_data import archive
from tables.own_data.erase import erase_account
from tables.own_data.error_codes import OwnDataError

DOWNLOADS = Limit("own-data-archive", 6, 3600)
"""Each archive replays every hand the person played: a few an hour is plenty."""


class EraseForm(forms.Form):
    password = forms.CharField(
        label=gettext_lazy("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )
    understood = forms.BooleanField(
        label=gettext_lazy(
            "I understand: my account is gone for good, and my hands and money lines stay "
            "in my clubs under a pseudonym."
        )
    )

    def __init__(self, user: User, data: Any = None) -> None:
        super().__init__(data)
        self.user = user

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(_("That is not your password."), code="wrong_password")
        return str(password)


def _page(request: AuthenticatedHttpRequest, form: EraseForm, status: int = 200) -> HttpResponse:
    context = {
        "form": form,
        "files": archive.FILES,
        "pseudonym": request.user.pseudonym(),
        "privacy_url": reverse("privacy"),
    }
    return render(request, "own_data/data.html", context, status=status)


@login_required
@require_GET
def data_page(request: AuthenticatedHttpRequest) -> HttpResponse:
    if request.user.is_guest:
        return redirect("guest_save")
    return _page(request, EraseForm(request.user))


@login_required
@require_GET
def download(request: AuthenticatedHttpRequest) -> HttpResponseBase:
    if request.user.is_guest:
        return redirect("guest_save")
    if not DOWNLOADS.allow(f"user:{request.user.pk}"):
        messages.error(request, _("You asked for your data many times this hour: try again later."))
        return _page(request, EraseForm(request.user), status=429)
    stamp = timezone.now().strftime("%Y-%m-%d")
    return FileResponse(
        archive.build(request.user),
        as_attachment=True,
        filename=f"pokerclub-my-data-{stamp}.zip",
        content_type="application/zip",
    )


@login_required
@require_http_methods(["POST"])
def erase(request: AuthenticatedHttpRequest) -> HttpResponse:
    user = request.user
    if user.is_guest:
        return redirect("guest_save")
    form = EraseForm(user, request.POST)
    if not form.is_valid():
        return _page(request, form, status=400)
    address, language = user.email, user.language
    try:
        pseudonym = erase_account(user.pk)
    except OwnDataError as error:
        form.add_error(None, f"{error.message} ({error.code})")
        return _page(request, form, status=409)
    logout(request)
    if address:
        with translation.override(language or translation.get_language()):
            send_mail(
                _("Your Pokerclub account is erased"),
                _(
                    "Your account and its personal data are erased. Your clubs keep your "
                    "hands and money lines under the name %(pseudonym)s. This is the last "
                    "mail you get from us at this address."
                )
                % {"pseudonym": pseudonym},
                None,
                [address],
                fail_silently=True,
            )
    messages.success(
        request,
        _("Your account is erased. Your clubs see your hands and money lines as %(name)s.")
        % {"name": pseudonym},
    )
    return redirect("home")

"""The request a view behind ``login_required`` receives: its user is signed in.

Django types ``HttpRequest.user`` as ``User | AnonymousUser``; ``login_required`` redirects
anonymous visitors before the view runs, so these views annotate their request with this
class (the django-stubs pattern) instead of checking the user again.
"""

from __future__ import annotations

from django.http import HttpRequest

from .models import User


class AuthenticatedHttpRequest(HttpRequest):
    user: User

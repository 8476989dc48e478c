"""A club's history section: its hands (``tables.hands.urls``) and its money
(``tables.money.urls``) under one ``/history/`` prefix and one ``history`` URL namespace;
mounted by pokerclub/urls.py as ``path("clubs/<slug:slug>/history/", include("tables.urls"))``."""

from tables.hands.urls import urlpatterns as hand_pages
from tables.money.urls import urlpatterns as money_pages

app_name = "history"

urlpatterns = [*hand_pages, *money_pages]

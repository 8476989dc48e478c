"""A member's own data: ``/accounts/data/`` (mounted by pokerclub.urls)."""

from django.urls import path

from tables.own_data import views

app_name = "own_data"

urlpatterns = [
    path("", views.data_page, name="page"),
    path("download/", views.download, name="download"),
    path("erase/", views.erase, name="erase"),
]

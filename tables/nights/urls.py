"""A club's game nights, mounted at ``clubs/<slug>/nights/`` (pokerclub.urls)."""

from django.urls import path

from tables.nights import views

app_name = "nights"

urlpatterns = [
    path("", views.night_list, name="list"),
    path("new/", views.night_create, name="create"),
    path("calendar/new/", views.feed_renew, name="feed_renew"),
    path("mails/", views.mail_choice, name="mail_choice"),
    path("<int:pk>/", views.night_detail, name="detail"),
    path("<int:pk>/answer/", views.night_answer, name="answer"),
    path("<int:pk>/cancel/", views.night_cancel, name="cancel"),
    path("<int:pk>/edit/", views.night_edit, name="edit"),
    path("<int:pk>/open/", views.night_open, name="open"),
    path("<int:pk>/night.ics", views.night_ics, name="ics"),
    path("seasons/", views.season_list, name="seasons"),
    path("seasons/<int:pk>/", views.season_detail, name="season"),
    path("seasons/<int:pk>/standings.csv", views.season_csv, name="season_csv"),
]

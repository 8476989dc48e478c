from django.urls import path

from tables.tournaments import views

app_name = "tournaments"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("new/", views.tournament_create, name="create"),
    path("<int:pk>/", views.tournament_detail, name="detail"),
    path("<int:pk>/do/", views.tournament_action, name="action"),
    path("<int:pk>/summary.json", views.tournament_summary, name="summary"),
    path("<int:pk>/clock/", views.tournament_clock, name="clock"),
]

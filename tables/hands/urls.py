"""The hand pages of a club's history section (``tables.urls`` mounts them under the
``history`` namespace, beside money's pages)."""

from django.urls import path

from tables.hands import views

urlpatterns = [
    path("", views.hand_list, name="list"),
    path("export.<str:fmt>", views.list_export, name="export"),
    path("hands/<int:pk>/", views.hand_detail, name="hand"),
    path("hands/<int:pk>/export.<str:fmt>", views.hand_export, name="hand_export"),
    path("sessions/<int:table_id>/hand-log/", views.import_hand_log, name="import_hand_log"),
    path("stats/", views.leaderboard, name="leaderboard"),
    path("stats/<int:user_id>/", views.player_stats, name="player"),
    path("stats/<int:user_id>/net.svg", views.player_chart, name="chart"),
]

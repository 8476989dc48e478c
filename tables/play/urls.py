from django.urls import path

from tables.play import views

app_name = "tables"

urlpatterns = [
    path("new/", views.table_create, name="create"),
    path("live.json", views.club_tables, name="live"),
    path("<int:pk>/", views.table_detail, name="detail"),
    path("<int:pk>/edit/", views.table_edit, name="edit"),
    path("<int:pk>/state/", views.table_state, name="state"),
    path("<int:pk>/link/", views.link_change, name="link"),
    path("<int:pk>/guests.json", views.table_guests, name="guests"),
]

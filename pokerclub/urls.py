"""URL configuration: accounts (allauth), clubs, invitations, and (later) tables."""

from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog

from pokerclub import language, views
from tables.hands import views as hand_views  # a guest's own hands and nets
from tables.nights import views as night_views  # a member's calendar feed (its token is the key)
from tables.play import views as table_views  # the club's page lists its tables

club_patterns = (
    [
        path("", views.club_list, name="list"),
        path("new/", views.club_create, name="create"),
        path("start/", table_views.quick_start, name="quick_start"),
        path("<slug:slug>/", table_views.club_detail, name="detail"),
        path("<slug:slug>/edit/", views.club_edit, name="edit"),
        path("<slug:slug>/amount/", views.amount_preview, name="amount_preview"),
        path("<slug:slug>/leave/", views.club_leave, name="leave"),
        path("<slug:slug>/invitations/", views.invitation_create, name="invitation_create"),
        path(
            "<slug:slug>/invitations/<int:pk>/revoke/",
            views.invitation_revoke,
            name="invitation_revoke",
        ),
        path("<slug:slug>/members/<int:pk>/role/", views.member_role, name="member_role"),
        path(
            "<slug:slug>/members/<int:pk>/transfer/", views.member_transfer, name="member_transfer"
        ),
        path("<slug:slug>/members/<int:pk>/remove/", views.member_remove, name="member_remove"),
        path("<slug:slug>/members/<int:pk>/make/", views.member_make, name="member_make"),
        path("<slug:slug>/members/<int:pk>/unban/", views.member_unban, name="member_unban"),
        path("<slug:slug>/members/<int:pk>/reclaim/", views.member_reclaim, name="member_reclaim"),
    ],
    "clubs",
)

urlpatterns = [
    path("", views.home, name="home"),
    path("help/", views.help_page, name="help"),
    path("language/", language.choose_language, name="set_language"),
    # the interface's words for static/js, in the page's language (a classic script: globals)
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("accounts/profile/", views.profile, name="profile"),
    path("accounts/data/", include("tables.own_data.urls")),
    path("privacy/", views.privacy_page, name="privacy"),
    path("accounts/", include("allauth.urls")),
    path("clubs/", include(club_patterns)),
    path("clubs/<slug:slug>/tables/", include("tables.play.urls")),
    path("clubs/<slug:slug>/tournaments/", include("tables.tournaments.urls")),
    path("clubs/<slug:slug>/nights/", include("tables.nights.urls")),
    path("clubs/<slug:slug>/history/", include("tables.urls")),
    path("invite/<str:token>/", views.invitation, name="invitation"),
    # a table's link for friends: a nickname, then the table (tables.play.views)
    path("t/<str:token>/", table_views.link_open, name="table_link"),
    path("w/<str:token>/", table_views.watch, name="table_watch"),
    path("nights/feed/<str:token>.ics", night_views.feed, name="night_feed"),
    path("guest/", hand_views.guest_home, name="guest_home"),
    path("guest/save/", views.save_account, name="guest_save"),
    path("guest/reclaim/<str:token>/", views.guest_reclaim, name="guest_reclaim"),
    path("admin/", admin.site.urls),
]

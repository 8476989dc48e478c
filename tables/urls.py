"""A club's history section: its hands (``tables.hands.views``) and its money
(``tables.money.views``) under one ``/history/`` prefix and one ``history`` URL namespace;
mounted by pokerclub/urls.py as ``path("clubs/<slug:slug>/history/", include("tables.urls"))``."""

from django.urls import path

from tables.hands import views as hands
from tables.money import views as money

app_name = "history"

urlpatterns = [
    path("", hands.hand_list, name="list"),
    path("export.<str:fmt>", hands.list_export, name="export"),
    path("hands/<int:pk>/", hands.hand_detail, name="hand"),
    path("hands/<int:pk>/export.<str:fmt>", hands.hand_export, name="hand_export"),
    path("sessions/", money.session_list, name="sessions"),
    path("sessions/<int:table_id>/", money.session_detail, name="session"),
    path("sessions/<int:table_id>/paid/", money.mark_paid, name="mark_paid"),
    path("sessions/<int:table_id>/ledger.csv", money.ledger_csv, name="ledger_csv"),
    path("sessions/in-person/", money.in_person_new, name="in_person_new"),
    path("sessions/<int:table_id>/bank/", money.bank, name="bank"),
    path("sessions/<int:table_id>/hand-log/", hands.import_hand_log, name="import_hand_log"),
    path("money/", money.money_book, name="money"),
    path("money/import/", money.import_ledger, name="import"),
    path("money/import/<int:batch_id>/", money.import_match, name="import_match"),
    path("money/pay/", money.pay, name="money_pay"),
    path("money/payments/<int:payment_id>/", money.payment, name="money_payment"),
    path("money/groups/", money.make_group, name="money_group"),
    path("money/groups/<int:group_id>/end/", money.end_group, name="money_group_end"),
    path("money/balances.csv", money.balances_csv, name="money_balances_csv"),
    path("money/payments.csv", money.payments_csv, name="money_payments_csv"),
    path("stats/", hands.leaderboard, name="leaderboard"),
    path("stats/<int:user_id>/", hands.player_stats, name="player"),
    path("stats/<int:user_id>/net.svg", hands.player_chart, name="chart"),
]
